//! Move generation and legality: placements under the rank/file
//! restriction, movements by ray walks on the mailbox, and the pass.

use super::{PylyxGame, PylyxMove};
use crate::game::{Game, GameResult, Player};

/// Which legal moves to generate.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Filter {
    All,
    /// Only moves that stack up to a threatening or winning height.
    Noisy,
    /// Everything else (placements, plain moves, the pass).
    Quiet,
}

impl<const N: usize> PylyxGame<N> {
    /// Ranks and files (as bit masks over mailbox rows/columns) holding a
    /// piece of `player`: placements there are forbidden.
    #[inline]
    fn blocked_lines(&self, player: Player) -> (u32, u32) {
        let p = player.index();
        let mut ranks = 0u32;
        let mut files = 0u32;
        for line in 1..=N {
            if self.rank_pieces[p][line] != 0 {
                ranks |= 1 << line;
            }
            if self.file_pieces[p][line] != 0 {
                files |= 1 << line;
            }
        }
        (ranks, files)
    }

    /// Whether the side to move places (it holds checkers and one may go
    /// somewhere); otherwise it moves.
    pub(super) fn can_place(&self) -> bool {
        if self.hands[self.side.index()] == 0 {
            return false;
        }
        let (ranks, files) = self.blocked_lines(self.side);
        (2..N).filter(|&rank| ranks & 1 << rank == 0).any(|rank| {
            (2..N).any(|file| files & 1 << file == 0 && self.cells[Self::square(file, rank)] == 0)
        })
    }

    fn push_placements(&self, moves: &mut Vec<PylyxMove>) {
        let (ranks, files) = self.blocked_lines(self.side);
        for rank in (2..N).filter(|&rank| ranks & 1 << rank == 0) {
            for file in (2..N).filter(|&file| files & 1 << file == 0) {
                let sq = Self::square(file, rank);
                if self.cells[sq] == 0 {
                    moves.push(PylyxMove::Place(sq as u8));
                }
            }
        }
    }

    /// Pushes the movements of `player` that pass `filter` (noisy means the
    /// landing stack reaches [`Self::THREAT_HEIGHT`]).
    fn push_movements(&self, player: Player, filter: Filter, moves: &mut Vec<PylyxMove>) {
        for from in self.pieces(player) {
            let height = self.height_of(from, player);
            // (directions, the counts that may travel them)
            let diagonal: &[u8] = if height >= 3 { &[1, 3] } else { &[1] };
            let orthogonal: &[u8] = match height {
                1 => &[],
                2 => &[2],
                _ => &[2, 3],
            };
            for (directions, counts) in [
                (&Self::DIAGONALS, diagonal),
                (&Self::ORTHOGONALS, orthogonal),
            ] {
                if counts.is_empty() {
                    continue;
                }
                for &step in directions {
                    let mut to = from.wrapping_add_signed(step);
                    loop {
                        let value = self.cells[to];
                        let target = if value == 0 {
                            0
                        } else {
                            match self.height_of(to, player) {
                                0 => break,
                                own => own,
                            }
                        };
                        for &count in counts {
                            let noisy = target > 0 && target + count >= Self::THREAT_HEIGHT;
                            let wanted = match filter {
                                Filter::All => true,
                                Filter::Noisy => noisy,
                                Filter::Quiet => !noisy,
                            };
                            if wanted {
                                moves.push(PylyxMove::Move {
                                    from: from as u8,
                                    to: to as u8,
                                    count,
                                });
                            }
                        }
                        if target > 0 {
                            break;
                        }
                        to = to.wrapping_add_signed(step);
                    }
                }
            }
        }
    }

    /// Whether `player` has any movement at all.
    pub(super) fn has_movement(&self, player: Player) -> bool {
        self.pieces(player).any(|from| {
            let height = self.height_of(from, player);
            let directions: &[isize] = if height >= 2 { &Self::ORTHOGONALS } else { &[] };
            height > 0
                && Self::DIAGONALS
                    .iter()
                    .chain(directions)
                    .any(|&step| self.open_step(from.wrapping_add_signed(step), player))
        })
    }

    /// Whether a piece of `player` may stop on the neighbouring cell `sq`.
    #[inline]
    fn open_step(&self, sq: usize, player: Player) -> bool {
        self.cells[sq] == 0 || self.height_of(sq, player) > 0
    }

    /// Whether the side to move has any legal move at all besides a pass,
    /// judged as if it were `player`'s turn with `player`'s hand.
    pub(super) fn has_any_move(&self, player: Player) -> bool {
        let mut turn = self.clone();
        turn.side = player;
        turn.can_place() || turn.has_movement(player)
    }

    /// Appends the legal moves that pass `filter`.
    pub(super) fn generate(&self, filter: Filter, moves: &mut Vec<PylyxMove>) {
        if self.result() != GameResult::Ongoing {
            return;
        }
        if self.can_place() {
            if filter != Filter::Noisy {
                self.push_placements(moves);
            }
            return;
        }
        let before = moves.len();
        self.push_movements(self.side, filter, moves);
        if filter != Filter::Noisy && moves.len() == before && !self.has_movement(self.side) {
            moves.push(PylyxMove::Pass);
        }
    }

    /// The legality test behind `Game::is_legal` (the game is ongoing).
    pub(super) fn is_legal_move(&self, mv: PylyxMove) -> bool {
        match mv {
            PylyxMove::Pass => !self.can_place() && !self.has_movement(self.side),
            PylyxMove::Place(to) => {
                let to = usize::from(to);
                if !Self::in_placement_area(to) || self.cells[to] != 0 {
                    return false;
                }
                let (file, rank) = Self::coords(to);
                let p = self.side.index();
                self.hands[p] > 0
                    && self.rank_pieces[p][rank] == 0
                    && self.file_pieces[p][file] == 0
            }
            PylyxMove::Move { from, to, count } => {
                let (from, to) = (usize::from(from), usize::from(to));
                if !Self::on_board(from) || !Self::on_board(to) || from == to {
                    return false;
                }
                let height = self.height_of(from, self.side);
                if !(1..=3).contains(&count) || count > height {
                    return false;
                }
                if self.cells[to] != 0 && self.height_of(to, self.side) == 0 {
                    return false;
                }
                let Some(step) = self.direction(from, to, count) else {
                    return false;
                };
                let mut sq = from.wrapping_add_signed(step);
                while sq != to {
                    if self.cells[sq] != 0 {
                        return false;
                    }
                    sq = sq.wrapping_add_signed(step);
                }
                !self.can_place()
            }
        }
    }

    /// The mailbox step from `from` towards `to` if they share a line that
    /// a piece of `count` checkers may travel.
    fn direction(&self, from: usize, to: usize, count: u8) -> Option<isize> {
        let (from_file, from_rank) = Self::coords(from);
        let (to_file, to_rank) = Self::coords(to);
        let files = to_file as isize - from_file as isize;
        let ranks = to_rank as isize - from_rank as isize;
        let diagonal = files.abs() == ranks.abs();
        let orthogonal = files == 0 || ranks == 0;
        let allowed = match count {
            1 => diagonal,
            2 => orthogonal,
            _ => diagonal || orthogonal,
        };
        allowed.then(|| ranks.signum() * Self::WIDTH as isize + files.signum())
    }
}
