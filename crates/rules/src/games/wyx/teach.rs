//! Wyx for newcomers: its lesson (lesson.md) and why a move cannot be
//! played. A move is entered as the horseman's destination square, or as
//! the rack's domino that jumps there (`+2-3`), or `pass`.

use std::fmt;

use super::notation::parse_square;
use super::rack::{format_domino, parse_domino, COLUMNS};
use super::{player_name, square_name, Wyx, DESTINATIONS, OFF_BOARD};
use crate::Teaching;

/// Why a Wyx move being entered cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WyxRefusal {
    /// A pass while a domino can be taken.
    CannotPass,
    /// Neither a square nor a domino (the notation's reason for a domino).
    NoSquare(String),
    /// A domino that is not in the rack any more.
    Played(String),
    /// A domino above the bottom of its column.
    NotAtBottom(String),
    /// A domino whose jump leaves the board.
    OffBoard(String),
    /// The other horseman's square (its colour).
    OtherHorseman(String, &'static str),
    /// A stronghold holding tokens.
    Barred(String),
    /// No available domino jumps there (from, to).
    NoJump(String, String),
    /// More than one part.
    TooMany,
}

impl fmt::Display for WyxRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use WyxRefusal::*;
        match self {
            CannotPass => write!(f, "a side passes only when no domino can be taken"),
            NoSquare(reason) => write!(f, "{reason}"),
            Played(domino) => write!(f, "{domino} has been played: it is not in the rack"),
            NotAtBottom(domino) => write!(
                f,
                "{domino} is not at the bottom of its column: only the bottom domino of a column can be taken"
            ),
            OffBoard(domino) => write!(f, "{domino} would jump your horseman off the board"),
            OtherHorseman(square, colour) => write!(
                f,
                "the {colour} horseman stands on {square}: a horseman never lands on the other"
            ),
            Barred(square) => write!(
                f,
                "{square} is a stronghold with tokens: it is barred to both horsemen"
            ),
            NoJump(from, to) => write!(
                f,
                "no domino at the bottom of the rack jumps your horseman from {from} to {to}"
            ),
            TooMany => write!(f, "a move is one square (or one domino)"),
        }
    }
}

impl Wyx {
    /// Why the horseman of the side to move may not land on `to`, if it
    /// may not whatever the domino.
    fn landing_refusal(&self, to: u8) -> Option<WyxRefusal> {
        let other = self.side.opponent();
        if self.horsemen[other.index()] == to {
            return Some(WyxRefusal::OtherHorseman(
                square_name(to),
                player_name(other),
            ));
        }
        (self.barred() & 1 << to != 0).then(|| WyxRefusal::Barred(square_name(to)))
    }

    /// Why the domino written `text` cannot be taken, if it cannot.
    fn domino_refusal(&self, text: &str) -> Option<WyxRefusal> {
        let domino = match parse_domino(text) {
            Ok(domino) => domino,
            Err(reason) => return Some(WyxRefusal::NoSquare(reason)),
        };
        let name = format_domino(domino);
        let bottom = (0..COLUMNS).any(|c| self.rack.bottom(c) == Some(domino));
        if !bottom {
            let in_rack = (0..COLUMNS).any(|c| self.rack.column_top_first(c).contains(&domino));
            return Some(if in_rack {
                WyxRefusal::NotAtBottom(name)
            } else {
                WyxRefusal::Played(name)
            });
        }
        let from = self.horsemen[self.side.index()];
        let to = DESTINATIONS[usize::from(domino)][usize::from(from)];
        if to == OFF_BOARD {
            return Some(WyxRefusal::OffBoard(name));
        }
        self.landing_refusal(to)
    }
}

impl Teaching for Wyx {
    const LESSON: &'static str = include_str!("lesson.md");
    type Refusal = WyxRefusal;

    fn move_refusal(&self, parts: &[&str]) -> Option<WyxRefusal> {
        let part = match parts {
            [] => return None,
            [part] => part.trim(),
            _ => return Some(WyxRefusal::TooMany),
        };
        if part.eq_ignore_ascii_case("pass") {
            return self.can_play(self.side).then_some(WyxRefusal::CannotPass);
        }
        if part.starts_with(['+', '-']) {
            return self.domino_refusal(part);
        }
        let Some(to) = parse_square(part) else {
            return Some(WyxRefusal::NoSquare(format!(
                "'{part}' is not a square: the squares are a1 to h8"
            )));
        };
        if let Some(refusal) = self.landing_refusal(to) {
            return Some(refusal);
        }
        let from = self.horsemen[self.side.index()];
        let reaches = (0..COLUMNS)
            .filter_map(|c| self.rack.bottom(c))
            .any(|d| DESTINATIONS[usize::from(d)][usize::from(from)] == to);
        (!reaches).then(|| WyxRefusal::NoJump(square_name(from), square_name(to)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wyx::rack::jump;
    use crate::Game;

    #[test]
    fn every_refusal_says_its_reason() {
        let start = Wyx::startpos();
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        for mv in &moves {
            let text = start.format_move(*mv);
            assert_eq!(start.refusal(&[&text]), None, "{text}");
        }
        let refused = |parts: &[&str]| start.refusal(parts).map(|r| r.to_string());
        assert_eq!(
            refused(&["e5"]).as_deref(),
            Some("the black horseman stands on e5: a horseman never lands on the other")
        );
        assert_eq!(
            refused(&["pass"]).as_deref(),
            Some("a side passes only when no domino can be taken")
        );
        assert!(refused(&["z9"])
            .unwrap()
            .starts_with("'z9' is not a square"));
        assert!(refused(&["+9+9"]).unwrap().contains("+9+9"));
        assert_eq!(
            refused(&["d4", "e5"]).as_deref(),
            Some("a move is one square (or one domino)")
        );
        // Some square no available domino reaches, and every domino above
        // the bottom row.
        let unreached = (0..64u8)
            .map(square_name)
            .find(|sq| refused(&[sq]).is_some_and(|r| r.starts_with("no domino")));
        assert!(unreached.is_some());
        let column = start.rack.column_top_first(0);
        let above = format_domino(column[0]);
        assert!(refused(&[&above])
            .unwrap()
            .contains("is not at the bottom of its column"));
        // The start's rack, from its notation: White's horseman on d4.
        let bottoms: Vec<u8> = (0..COLUMNS).filter_map(|c| start.rack.bottom(c)).collect();
        for domino in bottoms {
            let text = format_domino(domino);
            let (dx, dy) = jump(domino);
            let off = !(0..8).contains(&(3 + dx)) || !(0..8).contains(&(3 + dy));
            let refusal = refused(&[&text]);
            assert_eq!(
                refusal
                    .as_deref()
                    .is_some_and(|r| r.contains("off the board")),
                off,
                "{text}"
            );
        }
    }
}
