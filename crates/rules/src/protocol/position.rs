//! The `position` command: where a game starts and the moves played
//! since, written and read in one place.

use std::fmt;

use super::words::number;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PositionBase {
    /// The game's start position.
    StartPos,
    /// A position in the game's notation (its fields joined by single spaces).
    Fen(String),
    /// The game's random start drawn from this seed (games whose start is
    /// random, see [`crate::Game::random_start`]).
    Random(u64),
}

/// A whole `position` command.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionCommand {
    /// The position the moves start from.
    pub base: PositionBase,
    /// The moves played since, in the game's notation.
    pub moves: Vec<String>,
}

impl PositionCommand {
    /// The command for `moves` played from `base`.
    pub fn new(base: PositionBase, moves: Vec<String>) -> Self {
        PositionCommand { base, moves }
    }

    /// The command for a game begun at `start_fen`, written as `startpos`
    /// when that is the game's own start (`standard`), so that engines
    /// which know only the start position can play it.
    pub fn from_start(start_fen: &str, standard: bool, moves: Vec<String>) -> Self {
        let base = if standard {
            PositionBase::StartPos
        } else {
            PositionBase::Fen(start_fen.to_string())
        };
        PositionCommand { base, moves }
    }

    /// Reads the words after `position`:
    /// `startpos|fen <position>|random <seed> [moves <move> ...]`.
    pub fn parse(words: &[&str]) -> Result<PositionCommand, String> {
        let (base_words, moves) = match words.iter().position(|&w| w == "moves") {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (words, &[][..]),
        };
        let base = match base_words {
            ["startpos"] => PositionBase::StartPos,
            ["random", seed] => PositionBase::Random(
                number(seed, 0, u64::MAX.into()).map_err(|e| format!("position random: {e}"))?
                    as u64,
            ),
            ["fen", fields @ ..] if !fields.is_empty() => PositionBase::Fen(fields.join(" ")),
            ["fen"] => return Err("position fen: the position is missing".to_string()),
            _ => {
                return Err(
                    "usage: position startpos|fen <position>|random <seed> [moves <move> ...]"
                        .to_string(),
                )
            }
        };
        Ok(PositionCommand {
            base,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        })
    }
}

/// `position startpos`, `position fen <fen>` or `position random <seed>`,
/// then ` moves …` when there are moves.
impl fmt::Display for PositionCommand {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match &self.base {
            PositionBase::StartPos => f.write_str("position startpos")?,
            PositionBase::Fen(fen) => write!(f, "position fen {fen}")?,
            PositionBase::Random(seed) => write!(f, "position random {seed}")?,
        }
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<PositionCommand, String> {
        PositionCommand::parse(&text.split_whitespace().collect::<Vec<_>>())
    }

    #[test]
    fn commands_round_trip() {
        for text in [
            "position startpos",
            "position startpos moves 4-5 8-7",
            "position fen xxxx___oooo x moves 4-5",
            "position random 7 moves c3",
        ] {
            let command = parse(text.strip_prefix("position ").unwrap()).unwrap();
            assert_eq!(command.to_string(), text);
        }
        let start = PositionCommand::from_start("s x", true, vec!["a".into()]);
        assert_eq!(start.to_string(), "position startpos moves a");
        let other = PositionCommand::from_start("t x", false, vec![]);
        assert_eq!(other.to_string(), "position fen t x");
    }

    #[test]
    fn bad_commands_are_refused() {
        for text in ["", "fen moves 1-2", "startpos extra", "random"] {
            assert!(parse(text).is_err(), "{text}");
        }
        for (text, error) in [
            (
                "random -1",
                "position random: -1 is out of range 0..18446744073709551615",
            ),
            ("random x", "position random: 'x' is not a whole number"),
        ] {
            assert_eq!(parse(text).unwrap_err(), error);
        }
    }
}
