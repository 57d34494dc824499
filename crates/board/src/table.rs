//! The game on the board: its start, the moves played and every position
//! along them, the rules judging each move (repetition through `GameLog`).
//! Hidden behind [`Table`] so the server holds any game the same way; and
//! what the engine said of a move ([`MoveNote`]).

use std::time::Duration;

use ludus_arena::analyse::verdict::SearchVerdict;
use ludus_rules::{GameLog, GameResult, Player, Status};

use crate::games::{visit_board, Board, BoardVisitor, Follow, Look};
use ludus_rules::protocol::Score;

/// What is known of a move beyond its notation, for the PGN: who made it,
/// what the engine said of it, the clock.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// Whether the engine made it.
    pub by_engine: bool,
    /// The engine's score (mover's side) and depth.
    pub score: Option<(Score, Option<u32>)>,
    /// The time the engine spent (a person's moves are not timed).
    pub time: Option<Duration>,
    /// The mover's clock after the move, in a game on a clock.
    pub clock: Option<Duration>,
}

/// A game in progress on the board, whatever the game.
pub trait Table: Send {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// How the page shows the game.
    fn look(&self) -> Look;
    /// The start position in the game's notation.
    fn start_fen(&self) -> String;
    /// Whether the start is the game's standard start position.
    fn standard_start(&self) -> bool;
    /// The moves played, in canonical notation.
    fn moves(&self) -> &[String];
    /// The position after `ply` moves (clamped to the moves played).
    fn fen(&self, ply: usize) -> String;
    /// The side to move after `ply` moves.
    fn side(&self, ply: usize) -> Player;
    /// How the game stands after `ply` moves, repetition included.
    fn status(&self, ply: usize) -> Status;
    /// Plays `text` in the position after `ply` moves, dropping the moves
    /// that followed it; returns the move in canonical notation. On error
    /// nothing changes.
    fn play(&mut self, ply: usize, text: &str) -> Result<String, String>;
    /// Keeps only the first `plies` moves.
    fn truncate(&mut self, plies: usize);
    /// What the clicks `selection` lead to after `ply` moves.
    fn follow(&self, ply: usize, selection: &[String]) -> Follow;
    /// Each player's count after `ply` moves (first player's first), for
    /// a game whose rules score pairs by counts
    /// ([`ludus_rules::Game::PAIR_SCORING`], Wyx's tokens left) and that
    /// the rules (repetition included) have finished there.
    fn counts(&self, ply: usize) -> Option<[u32; 2]>;
    /// Whether the game has ended after all its moves.
    fn is_over(&self) -> bool {
        self.status(self.moves().len()).result != GameResult::Ongoing
    }
    /// A new game from the same start (a pair's second game).
    fn fresh(&self) -> Box<dyn Table>;
    /// Why no legal move starts with the clicks `selection` after `ply`
    /// moves, in the rules' one line; `None` when one does.
    fn refusal(&self, ply: usize, selection: &[String]) -> Option<String>;
    /// `text` played after `ply` moves, the game left as it is: the move
    /// in canonical notation and how the game stands after it.
    fn trial(&self, ply: usize, text: &str) -> Result<(String, Status), String>;
    /// The side to move after `text` is played after `ply` moves (the
    /// side to move there when it cannot be).
    fn trial_side(&self, ply: usize, text: &str) -> Player;
    /// The verdict of a search of the position after `ply` moves and then
    /// the moves `then`, which answered `best` after the output `lines`.
    fn verdict(
        &self,
        ply: usize,
        then: &[String],
        best: &str,
        lines: &[String],
    ) -> Result<SearchVerdict, String>;
    /// The game's logistic scale: how scores become expected scores.
    fn logistic_scale(&self) -> f64;
}

/// A [`Table`] for game `G`.
struct GameTable<G: Board> {
    /// The game's standard start, in notation.
    standard: String,
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<G>,
    statuses: Vec<Status>,
    moves: Vec<String>,
    /// The game with its repetition history, at the last move.
    log: GameLog<G>,
}

impl<G: Board> GameTable<G> {
    fn new(start: G) -> Self {
        let log = GameLog::new(start.clone());
        GameTable {
            standard: G::startpos().to_fen(),
            statuses: vec![log.status()],
            positions: vec![start],
            moves: Vec::new(),
            log,
        }
    }

    fn at(&self, ply: usize) -> usize {
        ply.min(self.moves.len())
    }
}

impl<G: Board> Table for GameTable<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn look(&self) -> Look {
        G::LOOK
    }

    fn start_fen(&self) -> String {
        self.positions[0].to_fen()
    }

    fn standard_start(&self) -> bool {
        self.positions[0].to_fen() == self.standard
    }

    fn moves(&self) -> &[String] {
        &self.moves
    }

    fn fen(&self, ply: usize) -> String {
        self.positions[self.at(ply)].to_fen()
    }

    fn side(&self, ply: usize) -> Player {
        self.positions[self.at(ply)].side_to_move()
    }

    fn status(&self, ply: usize) -> Status {
        self.statuses[self.at(ply)].clone()
    }

    fn play(&mut self, ply: usize, text: &str) -> Result<String, String> {
        let at = self.at(ply);
        let status = &self.statuses[at];
        if status.result != GameResult::Ongoing {
            return Err(format!("the game is already over ({})", status.reason));
        }
        let mv = self.positions[at].parse_move(text.trim())?;
        self.truncate(at);
        let canonical = self.log.position().format_move(mv);
        self.log.play(mv);
        self.positions.push(self.log.position().clone());
        self.statuses.push(self.log.status());
        self.moves.push(canonical.clone());
        Ok(canonical)
    }

    fn truncate(&mut self, plies: usize) {
        if plies >= self.moves.len() {
            return;
        }
        let moves: Vec<String> = self.moves[..plies].to_vec();
        *self = GameTable::new(self.positions[0].clone());
        for (ply, text) in moves.iter().enumerate() {
            // Replaying moves that were legal before cannot fail.
            let _ = self.play(ply, text);
        }
    }

    fn follow(&self, ply: usize, selection: &[String]) -> Follow {
        let at = self.at(ply);
        if self.statuses[at].result != GameResult::Ongoing {
            return Follow::default();
        }
        let position = &self.positions[at];
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        position.follow(&moves, selection)
    }

    fn counts(&self, ply: usize) -> Option<[u32; 2]> {
        let at = self.at(ply);
        let scoring = G::PAIR_SCORING?;
        // Over by the rules, repetition included, as the match referee
        // counts a game.
        (self.statuses[at].result != GameResult::Ongoing)
            .then(|| (scoring.counts)(&self.positions[at]))
    }

    fn fresh(&self) -> Box<dyn Table> {
        Box::new(GameTable::new(self.positions[0].clone()))
    }

    fn refusal(&self, ply: usize, selection: &[String]) -> Option<String> {
        let at = self.at(ply);
        let status = &self.statuses[at];
        if status.result != GameResult::Ongoing {
            return Some(format!("the game is over ({})", status.reason));
        }
        let parts: Vec<&str> = selection.iter().map(|token| G::part(token)).collect();
        let position = &self.positions[at];
        position.refusal(&parts).map(|refusal| refusal.to_string())
    }

    fn trial(&self, ply: usize, text: &str) -> Result<(String, Status), String> {
        let at = self.at(ply);
        let status = &self.statuses[at];
        if status.result != GameResult::Ongoing {
            return Err(format!("the game is over there ({})", status.reason));
        }
        let mut log = GameLog::new(self.positions[0].clone());
        for played in &self.moves[..at] {
            // The game's own moves: legal when they were played.
            let _ = log.play_text(played);
        }
        let mv = log.position().parse_move(text.trim())?;
        let canonical = log.position().format_move(mv);
        log.play(mv);
        Ok((canonical, log.status()))
    }

    fn trial_side(&self, ply: usize, text: &str) -> Player {
        let mut position = self.positions[self.at(ply)].clone();
        if let Ok(mv) = position.parse_move(text.trim()) {
            position.make_move(mv);
        }
        position.side_to_move()
    }

    fn verdict(
        &self,
        ply: usize,
        then: &[String],
        best: &str,
        lines: &[String],
    ) -> Result<SearchVerdict, String> {
        let mut position = self.positions[self.at(ply)].clone();
        for text in then {
            let mv = position.parse_move(text)?;
            position.make_move(mv);
        }
        SearchVerdict::read(best, lines, &position)
    }

    fn logistic_scale(&self) -> f64 {
        G::LOGISTIC_SCALE
    }
}

/// How a new table starts.
pub enum Start<'a> {
    /// The game's standard start.
    Standard,
    /// A random start drawn from a seed (Wyx's shuffled rack); the standard
    /// start for games with one start position.
    Seed(u64),
    /// A position in the game's notation.
    Fen(&'a str),
}

struct NewTable<'a>(Start<'a>);

impl BoardVisitor for NewTable<'_> {
    type Output = Result<Box<dyn Table>, String>;

    fn visit<G: Board>(self) -> Self::Output {
        let start = match self.0 {
            Start::Standard => G::startpos(),
            Start::Seed(seed) => G::random_start(seed).unwrap_or_else(G::startpos),
            Start::Fen(fen) => G::from_fen(fen.trim())
                .map_err(|e| format!("bad position '{}': {e}", fen.trim()))?,
        };
        Ok(Box::new(GameTable::new(start)))
    }
}

/// A new table of the game called `game`.
pub fn new_table(game: &str, start: Start) -> Result<Box<dyn Table>, String> {
    visit_board(game, NewTable(start))?
}

/// Whether the game called `game` has random starts.
pub fn has_random_start(game: &str) -> bool {
    struct Random;
    impl BoardVisitor for Random {
        type Output = bool;
        fn visit<G: Board>(self) -> bool {
            G::random_start(0).is_some()
        }
    }
    visit_board(game, Random).unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_judges_and_takes_back() {
        let mut table = new_table("alak", Start::Standard).unwrap();
        assert!(table.standard_start());
        assert_eq!(table.play(0, " 4-5 ").unwrap(), "4-5");
        assert!(table.play(1, "1-2").is_err(), "o is to move");
        assert_eq!(table.moves(), ["4-5"]);
        assert_eq!(table.side(1), Player::Second);
        table.play(1, "8-7").unwrap();
        table.truncate(1);
        assert_eq!(table.moves(), ["4-5"]);
        table.play(1, "8-7").unwrap();
        assert!(table.play(0, "9-9").is_err());
        assert_eq!(table.moves().len(), 2, "a bad move keeps the moves");
        table.play(0, "3-5").unwrap();
        assert_eq!(table.moves(), ["3-5"], "a move earlier drops what followed");
        assert_eq!(table.fen(5), table.fen(1));
        assert_eq!(table.status(0).result, GameResult::Ongoing);
    }

    #[test]
    fn starts() {
        assert!(new_table("chess", Start::Standard).is_err());
        let error = new_table("alak", Start::Fen("xx x")).err().unwrap();
        assert!(error.starts_with("bad position 'xx x'"), "{error}");
        let table = new_table("alak", Start::Fen("xx_______oo o")).unwrap();
        assert!(!table.standard_start());
        let a = new_table("wyx", Start::Seed(7)).unwrap();
        let b = new_table("wyx", Start::Seed(8)).unwrap();
        assert_ne!(a.start_fen(), b.start_fen());
        assert!(has_random_start("wyx") && !has_random_start("alak"));
    }

    /// Every name a click can carry in any game: slots, cells, squares,
    /// plots, Wyke's move types, `pass`, and names of nothing.
    fn tokens() -> Vec<String> {
        let mut tokens: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
        for file in "abcdefghijklm".chars() {
            tokens.extend((0..=13).map(|rank| format!("{file}{rank}")));
        }
        let kinds = ludus_rules::games::wyke::moves::KIND_NAMES;
        tokens.extend(kinds.iter().map(|k| k.to_string()));
        tokens.extend(["pass", "lift 2", "+2-3", "x"].map(str::to_string));
        tokens
    }

    #[test]
    fn the_rules_refuse_exactly_the_clicks_no_legal_move_starts_with() {
        use ludus_rules::games::GAME_NAMES;
        let tokens = tokens();
        for game in GAME_NAMES {
            let mut table = new_table(game, Start::Seed(3)).unwrap();
            let mut rng = ludus_rules::random::Rng::new(11);
            for ply in 0..3 {
                // One click, and a second after the first legal one.
                let first = table.follow(ply, &[]);
                let mut selections: Vec<Vec<String>> =
                    tokens.iter().map(|t| vec![t.clone()]).collect();
                if let Some(start) = first.next.first() {
                    let some = tokens.iter().step_by(4);
                    selections.extend(some.map(|t| vec![start.clone(), t.clone()]));
                }
                for selection in selections {
                    let follow = table.follow(ply, &selection);
                    let legal = !follow.next.is_empty() || follow.complete.is_some();
                    let refusal = table.refusal(ply, &selection);
                    assert_eq!(
                        refusal.is_none(),
                        legal,
                        "{game} ply {ply} {selection:?}: {refusal:?}"
                    );
                }
                if table.is_over() {
                    break;
                }
                let moves = table.follow(ply, &[]);
                let mut path = Vec::new();
                let mut next = moves;
                while next.complete.is_none() {
                    let pick = next.next[rng.next_u64() as usize % next.next.len()].clone();
                    path.push(pick);
                    next = table.follow(ply, &path);
                }
                let text = next.complete.unwrap();
                table.play(ply, &text).unwrap();
            }
        }
    }

    #[test]
    fn repetition_ends_the_game() {
        let mut table = new_table("alak", Start::Fen("x_x______oo x")).unwrap();
        for (ply, mv) in ["3-2", "10-9", "2-3", "9-10", "3-2", "10-9", "2-3", "9-10"]
            .iter()
            .enumerate()
        {
            table.play(ply, mv).unwrap();
        }
        let status = table.status(8);
        assert_eq!(status.result, GameResult::Draw, "{status:?}");
        assert!(table.play(8, "3-2").is_err());
        assert!(table.follow(8, &[]).next.is_empty());
    }
}
