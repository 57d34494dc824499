//! The game on the board: the rules crate's one game of any kind
//! ([`AnyGame`], its start, the moves played and every position along
//! them, the rules judging each move, repetition included), with what the
//! board asks of each ply (clicks, counts, a move tried) behind [`Table`],
//! so the server holds any game the same way; and what the engine said of
//! a move ([`MoveNote`]).

use std::time::Duration;

use ludus_arena::analyse::verdict::SearchVerdict;
use ludus_rules::protocol::{PositionBase, PositionCommand, Score};
use ludus_rules::{AnyGame, GameResult, Player, TypedGame};

use crate::games::{visit_board, Board, BoardVisitor, Follow, Look};

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

/// A game in progress on the board, whatever the game: the rules crate's
/// [`AnyGame`] (the moves by text, every position along them, a move
/// played after any ply), and what the board adds for each ply.
pub trait Table: AnyGame {
    /// How the page shows the game.
    fn look(&self) -> Look;
    /// The side to move after `ply` moves (clamped to the moves played).
    fn side(&self, ply: usize) -> Player;
    /// What the clicks `selection` lead to after `ply` moves.
    fn follow(&self, ply: usize, selection: &[String]) -> Follow;
    /// Each player's count after `ply` moves (first player's first), for
    /// a game whose rules score pairs by counts
    /// ([`ludus_rules::Game::PAIR_SCORING`], Wyx's tokens left) and that
    /// the rules (repetition included) have finished there.
    fn counts(&self, ply: usize) -> Option<[u32; 2]>;
    /// Whether the game has ended after all its moves.
    fn is_over(&self) -> bool {
        self.status().result != GameResult::Ongoing
    }
    /// A new game from the same start (a pair's second game).
    fn fresh(&self) -> Box<dyn Table>;
    /// Why no legal move starts with the clicks `selection` after `ply`
    /// moves, in the rules' one line; `None` when one does.
    fn refusal(&self, ply: usize, selection: &[String]) -> Option<String>;
    /// `text` played after `ply` moves, this game left as it is (a move
    /// tried in a review): the move in canonical notation and the game
    /// after it.
    fn trial(&self, ply: usize, text: &str) -> Result<(String, Box<dyn Table>), String>;
    /// The verdict of a search of the position after `ply` moves, which
    /// answered `best` after the output `lines`.
    fn verdict(&self, ply: usize, best: &str, lines: &[String]) -> Result<SearchVerdict, String>;
    /// The game's logistic scale: how scores become expected scores.
    fn logistic_scale(&self) -> f64;
}

impl<G: Board> Table for TypedGame<G> {
    fn look(&self) -> Look {
        G::LOOK
    }

    fn side(&self, ply: usize) -> Player {
        self.log_at(ply).position().side_to_move()
    }

    fn follow(&self, ply: usize, selection: &[String]) -> Follow {
        let log = self.log_at(ply);
        // No legal moves once the game is over: nothing to click.
        log.position().follow(&log.legal_moves(), selection)
    }

    fn counts(&self, ply: usize) -> Option<[u32; 2]> {
        let scoring = G::PAIR_SCORING?;
        let log = self.log_at(ply);
        // Over by the rules, repetition included, as the match referee
        // counts a game.
        (log.status().result != GameResult::Ongoing).then(|| (scoring.counts)(log.position()))
    }

    fn fresh(&self) -> Box<dyn Table> {
        Box::new(TypedGame::new(self.start().clone()))
    }

    fn refusal(&self, ply: usize, selection: &[String]) -> Option<String> {
        let log = self.log_at(ply);
        let status = log.status();
        if status.result != GameResult::Ongoing {
            return Some(format!("the game is over ({})", status.reason));
        }
        let parts: Vec<&str> = selection.iter().map(|token| G::part(token)).collect();
        log.position()
            .refusal(&parts)
            .map(|refusal| refusal.to_string())
    }

    fn trial(&self, ply: usize, text: &str) -> Result<(String, Box<dyn Table>), String> {
        let mut game = self.clone();
        let canonical = AnyGame::play_at(&mut game, ply, text)?;
        Ok((canonical, Box::new(game)))
    }

    fn verdict(&self, ply: usize, best: &str, lines: &[String]) -> Result<SearchVerdict, String> {
        SearchVerdict::read(best, lines, self.log_at(ply).position())
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
        let base = match self.0 {
            Start::Seed(seed) if G::random_start(seed).is_some() => PositionBase::Random(seed),
            Start::Standard | Start::Seed(_) => PositionBase::StartPos,
            Start::Fen(fen) => PositionBase::Fen(fen.trim().to_string()),
        };
        let command = PositionCommand::new(base, Vec::new());
        Ok(Box::new(TypedGame::<G>::from_command(&command)?))
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
        assert_eq!(table.play_at(0, " 4-5 ").unwrap(), "4-5");
        assert!(table.play_at(1, "1-2").is_err(), "o is to move");
        assert_eq!(table.moves(), ["4-5"]);
        assert_eq!(table.side(1), Player::Second);
        table.play_at(1, "8-7").unwrap();
        table.truncate(1);
        assert_eq!(table.moves(), ["4-5"]);
        table.play_at(1, "8-7").unwrap();
        assert!(table.play_at(0, "9-9").is_err());
        assert_eq!(table.moves().len(), 2, "a bad move keeps the moves");
        table.play_at(0, "3-5").unwrap();
        assert_eq!(table.moves(), ["3-5"], "a move earlier drops what followed");
        assert_eq!(table.fen_at(5), table.fen_at(1));
        assert_eq!(table.status_at(0).result, GameResult::Ongoing);
    }

    #[test]
    fn a_trial_leaves_the_game_as_it_is() {
        let mut table = new_table("alak", Start::Standard).unwrap();
        table.play("4-5").unwrap();
        table.play("8-7").unwrap();
        let (canonical, tried) = table.trial(1, " 9-7 ").unwrap();
        assert_eq!(
            (canonical.as_str(), tried.moves()),
            ("9-7", &["4-5".to_string(), "9-7".to_string()][..])
        );
        assert_eq!(tried.side_to_move(), Player::First);
        assert_eq!(table.moves(), ["4-5", "8-7"]);
        assert!(table.trial(1, "4-5").is_err());
        let verdict = tried.verdict(2, "3-4", &["info depth 2 score cp 5 pv 3-4".into()]);
        assert_eq!(verdict.unwrap().pv, ["3-4"]);
        assert!(table.verdict(2, "9-9", &[]).is_err());
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
                table.play_at(ply, &text).unwrap();
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
            table.play_at(ply, mv).unwrap();
        }
        let status = table.status_at(8);
        assert_eq!(status.result, GameResult::Draw, "{status:?}");
        assert!(table.play_at(8, "3-2").is_err());
        assert!(table.follow(8, &[]).next.is_empty());
    }
}
