//! A finished game's result as PGN and match runners write it: `1-0`,
//! `0-1` or `1/2-1/2`, nothing else.

use std::fmt;
use std::str::FromStr;

use crate::{GameResult, Player};

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won.
    Win(Player),
    /// The game was drawn.
    Draw,
}

impl Outcome {
    /// The outcome of a game the rules judge over; `None` while it goes on.
    pub fn of(result: GameResult) -> Option<Outcome> {
        match result {
            GameResult::Ongoing => None,
            GameResult::Win(player) => Some(Outcome::Win(player)),
            GameResult::Draw => Some(Outcome::Draw),
        }
    }

    /// The same outcome as the rules' result type.
    pub fn result(self) -> GameResult {
        match self {
            Outcome::Win(player) => GameResult::Win(player),
            Outcome::Draw => GameResult::Draw,
        }
    }

    /// The points `player` scores: 1, ½ or 0.
    pub fn points(self, player: Player) -> f64 {
        match self {
            Outcome::Win(winner) if winner == player => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// The PGN token, first player's result first.
    pub fn token(self) -> &'static str {
        match self {
            Outcome::Win(Player::First) => "1-0",
            Outcome::Win(Player::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// Reads `1-0`, `0-1` or `1/2-1/2`; anything else (`*` included) is an
/// error, never a draw.
impl FromStr for Outcome {
    type Err = String;

    fn from_str(text: &str) -> Result<Outcome, String> {
        match text {
            "1-0" => Ok(Outcome::Win(Player::First)),
            "0-1" => Ok(Outcome::Win(Player::Second)),
            "1/2-1/2" => Ok(Outcome::Draw),
            _ => Err(format!("'{text}' is not a result (1-0, 0-1 or 1/2-1/2)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_nothing_else_parses() {
        for outcome in [
            Outcome::Win(Player::First),
            Outcome::Win(Player::Second),
            Outcome::Draw,
        ] {
            assert_eq!(outcome.token().parse(), Ok(outcome));
            assert_eq!(Outcome::of(outcome.result()), Some(outcome));
        }
        for bad in ["*", "", "1/2", "draw", "1-0 ", "0-0"] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad:?}");
        }
        assert_eq!(Outcome::of(GameResult::Ongoing), None);
        assert_eq!(Outcome::Draw.points(Player::First), 0.5);
        assert_eq!(Outcome::Win(Player::Second).points(Player::First), 0.0);
    }
}
