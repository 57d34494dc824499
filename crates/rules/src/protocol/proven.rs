//! The line that says a root's value is proven: `info string proven
//! <win|loss|draw> (<table|proof>)`, written by the engine just before
//! `bestmove` and read by the board.

use std::fmt;

use crate::KnownValue;

/// Where a proven value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProvenSource {
    /// A solved table of the game.
    Table,
    /// A proof file the engine loaded.
    Proof,
}

/// A proven value for the side to move and its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProvenLine {
    /// The value (plies as the table or proof gives them).
    pub value: KnownValue,
    /// Where it comes from.
    pub source: ProvenSource,
}

const PREFIX: &str = "info string proven ";

impl ProvenLine {
    /// `win`, `loss` or `draw`.
    pub fn word(&self) -> &'static str {
        match self.value {
            KnownValue::Win(_) => "win",
            KnownValue::Loss(_) => "loss",
            KnownValue::Draw => "draw",
        }
    }

    /// Reads an engine's line; `None` if it is no `proven` line. The plies
    /// are not on the line: a value read back holds 0.
    pub fn parse(line: &str) -> Option<ProvenLine> {
        let rest = line.trim().strip_prefix(PREFIX)?;
        let (word, source) = rest.split_once(' ')?;
        let value = match word {
            "win" => KnownValue::Win(0),
            "loss" => KnownValue::Loss(0),
            "draw" => KnownValue::Draw,
            _ => return None,
        };
        let source = match source.trim() {
            "(table)" => ProvenSource::Table,
            "(proof)" => ProvenSource::Proof,
            _ => return None,
        };
        Some(ProvenLine { value, source })
    }
}

impl fmt::Display for ProvenLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let source = match self.source {
            ProvenSource::Table => "table",
            ProvenSource::Proof => "proof",
        };
        write!(f, "{PREFIX}{} ({source})", self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proven_line_reads_back_as_written() {
        let line = ProvenLine {
            value: KnownValue::Loss(0),
            source: ProvenSource::Proof,
        };
        assert_eq!(line.to_string(), "info string proven loss (proof)");
        assert_eq!(ProvenLine::parse(&line.to_string()), Some(line));
        assert_eq!(ProvenLine::parse("info string proven maybe (table)"), None);
        assert_eq!(ProvenLine::parse("info string proven win (guess)"), None);
        assert_eq!(ProvenLine::parse("info depth 1 score cp 0"), None);
    }
}
