//! Pylyx for newcomers: its lessons (lesson.md, and lesson10.md for the
//! 10×10 board) and why a move cannot be played. A move is entered as the
//! cell to place on, or as the piece, its destination and, where several
//! lifts reach it, how many checkers to lift (`1` to `3`); or `pass`.

use std::fmt;

use super::notation::{cell_name, parse_cell, player_name};
use super::{PylyxGame, PylyxMove};
use crate::{Game, Teaching};

/// Why a Pylyx move being entered cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PylyxRefusal {
    /// A pass while the side has a move.
    CannotPass,
    /// Not a cell of the board (the notation's reason).
    NoCell(String),
    /// A piece chosen to move while a checker can be placed.
    MustPlace,
    /// A placement on the outer ring (the cell, the area's size).
    OuterRing(String, usize),
    /// A placement on a taken cell.
    Taken(String),
    /// A placement on a rank or file holding an own checker (the cell,
    /// the own piece, and whether they share the rank).
    SameLine(String, String, bool),
    /// An empty cell chosen to move from (`.1`: checkers in hand but no
    /// cell to place them).
    Empty(String, bool),
    /// The opponent's piece chosen (its colour).
    NotYours(String, &'static str),
    /// A piece with nowhere to go.
    Stuck(String),
    /// The piece chosen as its own destination.
    Stays(String),
    /// A destination holding the opponent's piece.
    OpponentThere(String, &'static str),
    /// A destination on no straight line from the piece.
    NotALine(String, String),
    /// A single checker sent straight.
    SingleGoesDiagonally(String),
    /// The way is blocked (from, to, the cell in the way).
    Blocked(String, String, String),
    /// A lift the stack cannot make (the count as written, the most it
    /// can lift).
    BadLift(String, u8),
    /// A lift that does not travel that way (count, diagonal?).
    LiftDirection(u8, bool),
    /// More parts than a move has.
    TooMany,
}

impl fmt::Display for PylyxRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PylyxRefusal::*;
        match self {
            CannotPass => write!(f, "a side passes only when it has no move"),
            NoCell(reason) => write!(f, "{reason}"),
            MustPlace => write!(
                f,
                "you have checkers in hand and a cell to place one: placing comes first"
            ),
            OuterRing(cell, area) => write!(
                f,
                "{cell} is on the outer ring: checkers are placed in the central {area}×{area}"
            ),
            Taken(cell) => write!(f, "{cell} is taken: a checker is placed on an empty cell"),
            SameLine(cell, other, rank) => write!(
                f,
                "your piece on {other} is on {cell}'s {}: a checker is never placed on a rank or file holding one of its colour",
                if *rank { "rank" } else { "file" }
            ),
            Empty(cell, true) => write!(
                f,
                "{cell} is empty, and no cell is left to place a checker: move a piece to open one"
            ),
            Empty(cell, false) => write!(f, "{cell} is empty: pick one of your pieces to move"),
            NotYours(cell, colour) => {
                write!(f, "{cell} holds a {colour} piece: move one of your own")
            }
            Stuck(cell) => write!(
                f,
                "the piece on {cell} has nowhere to go: singles move diagonally, doubles also straight, over empty cells only"
            ),
            Stays(cell) => write!(f, "the piece on {cell} must go somewhere else"),
            OpponentThere(cell, colour) => write!(
                f,
                "{cell} holds a {colour} piece: a piece lands on an empty cell or on its own colour"
            ),
            NotALine(from, to) => write!(
                f,
                "{from} to {to} is not a straight line: pieces move along ranks, files and diagonals"
            ),
            SingleGoesDiagonally(cell) => write!(
                f,
                "the single checker on {cell} moves diagonally only"
            ),
            Blocked(from, to, at) => write!(
                f,
                "{at} is in the way from {from} to {to}: pieces never jump"
            ),
            BadLift(count, most) => write!(
                f,
                "'{count}' is no lift here: this piece lifts 1 to {most} checkers"
            ),
            LiftDirection(count, diagonal) => write!(
                f,
                "{count} {} {}",
                if *count == 1 { "checker moves" } else { "checkers move" },
                if *diagonal { "diagonally only" } else { "straight only" }
            ),
            TooMany => write!(f, "a move is a piece, its destination and how many to lift"),
        }
    }
}

impl<const N: usize> PylyxGame<N> {
    /// Why no placement may go on `sq`, if none may.
    fn placement_refusal(&self, sq: usize) -> Option<PylyxRefusal> {
        let name = cell_name::<N>(sq);
        if !Self::in_placement_area(sq) {
            return Some(PylyxRefusal::OuterRing(name, N - 2));
        }
        if self.cells[sq] != 0 {
            return Some(PylyxRefusal::Taken(name));
        }
        let (file, rank) = Self::coords(sq);
        let other = self.pieces(self.side).find(|&own| {
            let (f, r) = Self::coords(own);
            f == file || r == rank
        })?;
        let same_rank = Self::coords(other).1 == rank;
        Some(PylyxRefusal::SameLine(
            name,
            cell_name::<N>(other),
            same_rank,
        ))
    }

    /// Why the piece on `sq` cannot be moved, if it cannot.
    fn piece_refusal(&self, sq: usize, moves: &[PylyxMove]) -> Option<PylyxRefusal> {
        let name = cell_name::<N>(sq);
        let mover = self.side;
        if self.can_place() {
            let own = self.height_of(sq, mover) > 0;
            let placed = moves.contains(&PylyxMove::Place(sq as u8));
            return match (placed, own) {
                (true, _) => None,
                (false, true) => Some(PylyxRefusal::MustPlace),
                (false, false) => self.placement_refusal(sq),
            };
        }
        if self.height_of(sq, mover.opponent()) > 0 {
            return Some(PylyxRefusal::NotYours(name, player_name(mover.opponent())));
        }
        if self.height_of(sq, mover) == 0 {
            return Some(PylyxRefusal::Empty(name, self.hands[mover.index()] > 0));
        }
        let moves_from =
            |mv: &PylyxMove| matches!(*mv, PylyxMove::Move { from, .. } if usize::from(from) == sq);
        (!moves.iter().any(moves_from)).then_some(PylyxRefusal::Stuck(name))
    }

    /// Why the piece on `from` cannot go to `to`, if it cannot.
    fn destination_refusal(&self, from: usize, to: usize) -> Option<PylyxRefusal> {
        let names = (cell_name::<N>(from), cell_name::<N>(to));
        let opponent = self.side.opponent();
        if to == from {
            return Some(PylyxRefusal::Stays(names.0));
        }
        if self.height_of(to, opponent) > 0 {
            return Some(PylyxRefusal::OpponentThere(names.1, player_name(opponent)));
        }
        let ((f0, r0), (f1, r1)) = (Self::coords(from), Self::coords(to));
        let (df, dr) = (f1 as isize - f0 as isize, r1 as isize - r0 as isize);
        let diagonal = df.abs() == dr.abs();
        if !diagonal && df != 0 && dr != 0 {
            return Some(PylyxRefusal::NotALine(names.0, names.1));
        }
        if !diagonal && self.height_of(from, self.side) == 1 {
            return Some(PylyxRefusal::SingleGoesDiagonally(names.0));
        }
        let step = df.signum() + dr.signum() * Self::WIDTH as isize;
        let mut at = from.wrapping_add_signed(step);
        while at != to {
            if self.cells[at] != 0 {
                return Some(PylyxRefusal::Blocked(names.0, names.1, cell_name::<N>(at)));
            }
            at = at.wrapping_add_signed(step);
        }
        None
    }
}

impl<const N: usize> Teaching for PylyxGame<N> {
    const LESSON: &'static str = if N == 12 {
        include_str!("lesson.md")
    } else {
        include_str!("lesson10.md")
    };
    type Refusal = PylyxRefusal;

    fn move_refusal(&self, parts: &[&str]) -> Option<PylyxRefusal> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        if parts
            .first()
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("pass"))
        {
            let can = parts.len() == 1 && moves.contains(&PylyxMove::Pass);
            return (!can).then_some(PylyxRefusal::CannotPass);
        }
        if parts.len() > 3 {
            return Some(PylyxRefusal::TooMany);
        }
        let mut cells = Vec::new();
        for part in parts.iter().take(2) {
            match parse_cell::<N>(part.trim()) {
                Ok(sq) => cells.push(sq),
                Err(reason) => return Some(PylyxRefusal::NoCell(reason)),
            }
        }
        let (&from, rest) = cells.split_first()?;
        if let Some(refusal) = self.piece_refusal(from, &moves) {
            return Some(refusal);
        }
        let &to = rest.first()?;
        if let Some(refusal) = self.destination_refusal(from, to) {
            return Some(refusal);
        }
        let height = self.height_of(from, self.side);
        let lifts: Vec<u8> = moves
            .iter()
            .filter_map(|mv| match *mv {
                PylyxMove::Move {
                    from: f,
                    to: t,
                    count,
                } if usize::from(f) == from && usize::from(t) == to => Some(count),
                _ => None,
            })
            .collect();
        let Some(count) = parts.get(2) else {
            // Every straight, open way has a lift (a single's diagonal, a
            // taller piece's either way): a safety net only.
            return lifts
                .is_empty()
                .then(|| PylyxRefusal::Stuck(cell_name::<N>(from)));
        };
        let most = height.min(3);
        match count.trim().parse::<u8>() {
            Ok(k) if lifts.contains(&k) => None,
            Ok(k) if (1..=most).contains(&k) => Some(PylyxRefusal::LiftDirection(k, k == 1)),
            _ => Some(PylyxRefusal::BadLift(count.to_string(), most)),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::games::pylyx::Pylyx;
    use crate::teaching::refused;

    #[test]
    fn placements_are_explained() {
        // White: a checker on e5; Black: one on g7. White to place.
        let fen = "12/12/12/12/12/6a5/12/4A7/12/12/12/12 w 9 9";
        for (parts, words) in [
            (&["a1"][..], "a1 is a missing corner of the board"),
            (
                &["e1"],
                "e1 is on the outer ring: checkers are placed in the central 10×10",
            ),
            (&["g7"], "g7 is taken"),
            (&["e9"], "your piece on e5 is on e9's file"),
            (&["h5"], "your piece on e5 is on h5's rank"),
            (
                &["e5", "f6"],
                "you have checkers in hand and a cell to place one: placing comes first",
            ),
            (&["pass"], "a side passes only when it has no move"),
        ] {
            let refusal = refused::<Pylyx>(fen, parts).unwrap_or_default();
            assert!(refusal.starts_with(words), "{parts:?}: {refusal}");
        }
        assert_eq!(refused::<Pylyx>(fen, &["f6"]), None);
    }

    #[test]
    fn movements_are_explained() {
        // No checkers in hand. White: singles on e5 and a2, a double on c3,
        // six on k11. Black: singles on e7, h8, b1 and b3 (a2's way out),
        // six on b11.
        let fen = "12/1f8F1/12/12/7a4/4a7/12/4A7/12/1aB9/A11/1a10 w 0 0";
        for (parts, words) in [
            (&["e7"][..], "e7 holds a Black piece: move one of your own"),
            (&["f6"], "f6 is empty: pick one of your pieces to move"),
            (&["a2"], "the piece on a2 has nowhere to go"),
            (&["e5", "e5"], "the piece on e5 must go somewhere else"),
            (&["e5", "e7"], "e7 holds a Black piece"),
            (&["e5", "f7"], "e5 to f7 is not a straight line"),
            (
                &["e5", "e6"],
                "the single checker on e5 moves diagonally only",
            ),
            (&["e5", "h8"], "h8 holds a Black piece"),
            (
                &["e5", "i9"],
                "h8 is in the way from e5 to i9: pieces never jump",
            ),
            (&["c3", "c5", "1"], "1 checker moves diagonally only"),
            (
                &["c3", "c5", "4"],
                "'4' is no lift here: this piece lifts 1 to 2 checkers",
            ),
            (&["c3", "c5", "2", "x"], "a move is a piece"),
        ] {
            let refusal = refused::<Pylyx>(fen, parts).unwrap_or_default();
            assert!(refusal.starts_with(words), "{parts:?}: {refusal}");
        }
        assert_eq!(refused::<Pylyx>(fen, &["c3", "c5"]), None);
        assert_eq!(refused::<Pylyx>(fen, &["c3", "c5", "2"]), None);
        assert_eq!(refused::<Pylyx>(fen, &["e5", "d4"]), None);
    }
}
