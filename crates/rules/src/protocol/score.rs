//! A search score as the protocol states it: centipawns or a mate count,
//! from the side to move's point of view, and the bound it may be.

use std::cmp::Ordering;
use std::fmt;

/// A score, from the side to move's point of view.
///
/// Scores are ordered by what they promise the side to move: any win
/// beats any evaluation, a shorter win beats a longer one, and a longer
/// loss beats a shorter one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawn-like units.
    Cp(i32),
    /// A forced result: the moves the side to move makes until the game
    /// ends, its last one included; positive when it wins, negative when
    /// it loses (never 0).
    Mate(i32),
}

impl Score {
    /// The score seen from the other side.
    pub fn negated(self) -> Score {
        match self {
            Score::Cp(cp) => Score::Cp(-cp),
            Score::Mate(moves) => Score::Mate(-moves),
        }
    }

    /// As a person reads it: `+0.35`, `-1.20`, `+M3`, `-M2`.
    pub fn text(self) -> String {
        match self {
            Score::Cp(cp) => format!(
                "{}{:.2}",
                if cp >= 0 { "+" } else { "-" },
                f64::from(cp.unsigned_abs()) / 100.0
            ),
            Score::Mate(moves) if moves > 0 => format!("+M{moves}"),
            Score::Mate(moves) => format!("-M{}", moves.unsigned_abs()),
        }
    }

    /// Reads the words after `score`: `cp <n>` or `mate <n>` (mate 0 is
    /// not a score: a side with a move has a move to go).
    pub fn parse(kind: &str, amount: &str) -> Option<Score> {
        let amount: i32 = amount.parse().ok()?;
        match kind {
            "cp" => Some(Score::Cp(amount)),
            "mate" if amount != 0 => Some(Score::Mate(amount)),
            _ => None,
        }
    }

    /// Where the score stands among all scores: wins above evaluations
    /// above losses, a sooner win higher and a sooner loss lower.
    fn rank(self) -> (i8, i64) {
        match self {
            Score::Mate(moves) if moves > 0 => (1, -i64::from(moves)),
            Score::Mate(moves) => (-1, -i64::from(moves)),
            Score::Cp(cp) => (0, i64::from(cp)),
        }
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The protocol's form: `cp 35`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(moves) => write!(f, "mate {moves}"),
        }
    }
}

/// What a score reported by an unfinished search iteration promises: the
/// true value is at least it (`lowerbound`) or at most it (`upperbound`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The true score is at least the one given.
    Lower,
    /// The true score is at most the one given.
    Upper,
}

impl Bound {
    /// The protocol's word: `lowerbound` or `upperbound`.
    pub fn word(self) -> &'static str {
        match self {
            Bound::Lower => "lowerbound",
            Bound::Upper => "upperbound",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_and_protocol_forms() {
        assert_eq!(Score::Cp(35).text(), "+0.35");
        assert_eq!(Score::Cp(-120).text(), "-1.20");
        assert_eq!(Score::Cp(0).text(), "+0.00");
        assert_eq!(Score::Mate(3).text(), "+M3");
        assert_eq!(Score::Mate(-2).text(), "-M2");
        assert_eq!(Score::Mate(-2).negated(), Score::Mate(2));
        assert_eq!(Score::Cp(-35).to_string(), "cp -35");
        assert_eq!(Score::Mate(4).to_string(), "mate 4");
        assert_eq!(Score::parse("cp", "-35"), Some(Score::Cp(-35)));
        assert_eq!(Score::parse("mate", "-1"), Some(Score::Mate(-1)));
        assert_eq!(Score::parse("mate", "0"), None);
        assert_eq!(Score::parse("cp", "x"), None);
        assert_eq!(Score::parse("wdl", "1"), None);
        assert_eq!(Bound::Lower.word(), "lowerbound");
    }

    #[test]
    fn wins_beat_evaluations_beat_losses() {
        let ordered = [
            Score::Mate(-1),
            Score::Mate(-5),
            Score::Cp(-30_000),
            Score::Cp(0),
            Score::Cp(30_000),
            Score::Mate(7),
            Score::Mate(1),
        ];
        for pair in ordered.windows(2) {
            assert!(pair[0] < pair[1], "{:?} < {:?}", pair[0], pair[1]);
        }
    }
}
