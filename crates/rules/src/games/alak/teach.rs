//! Alak for newcomers: its lesson (lesson.md) and why a move cannot be
//! played. A move is entered as the piece's slot, then the slot it goes to.

use std::fmt;

use super::{parse_slot, player_char, Alak, SLOTS};
use crate::Teaching;

/// Why an Alak move being entered cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AlakRefusal {
    /// Not a slot number.
    NoSlot(String),
    /// The slot chosen as the piece is empty.
    Empty(u32),
    /// The slot holds the opponent's piece (`.1` the owner, `.2` the mover).
    NotYours(u32, char, char),
    /// The piece chosen again as its own destination.
    Stays(u32),
    /// The destination holds a piece.
    Taken(u32),
    /// The destination is empty but not the nearest on its side; the
    /// nearest empty slots from the piece.
    NotNearest(u32, Vec<u32>),
    /// More than a piece and a destination.
    TooMany,
}

impl fmt::Display for AlakRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlakRefusal::NoSlot(text) => {
                write!(f, "'{text}' is not a slot: the slots are 1 to {SLOTS}")
            }
            AlakRefusal::Empty(slot) => {
                write!(f, "slot {slot} is empty: pick one of your pieces to move")
            }
            AlakRefusal::NotYours(slot, owner, mover) => write!(
                f,
                "slot {slot} holds {owner}'s piece: {mover} moves its own pieces"
            ),
            AlakRefusal::Stays(slot) => {
                write!(f, "the piece on {slot} must move to an empty slot")
            }
            AlakRefusal::Taken(slot) => {
                write!(f, "slot {slot} is taken: a piece lands on an empty slot")
            }
            AlakRefusal::NotNearest(from, nearest) => {
                let slots: Vec<String> = nearest.iter().map(u32::to_string).collect();
                write!(
                    f,
                    "a piece jumps to the nearest empty slot on either side: from {from} that is {}",
                    slots.join(" or ")
                )
            }
            AlakRefusal::TooMany => write!(f, "a move is a piece and the slot it goes to"),
        }
    }
}

impl Teaching for Alak {
    const LESSON: &'static str = include_str!("lesson.md");
    type Refusal = AlakRefusal;

    fn move_refusal(&self, parts: &[&str]) -> Option<AlakRefusal> {
        let mut slots = Vec::new();
        for part in parts {
            let slot = parse_slot(part.trim()).ok_or_else(|| AlakRefusal::NoSlot(part.to_string()));
            match slot {
                Ok(slot) => slots.push(u32::from(slot)),
                Err(refusal) => return Some(refusal),
            }
        }
        let (from, to) = match slots[..] {
            [] => return None,
            [from] => (from, None),
            [from, to] => (from, Some(to)),
            _ => return Some(AlakRefusal::TooMany),
        };
        let mover = self.side;
        if self.pieces[mover.index()] & 1 << from == 0 {
            let theirs = self.pieces[mover.opponent().index()] & 1 << from != 0;
            return Some(if theirs {
                AlakRefusal::NotYours(from + 1, player_char(mover.opponent()), player_char(mover))
            } else {
                AlakRefusal::Empty(from + 1)
            });
        }
        let to = to?;
        let nearest: Vec<u32> = self.targets(from).into_iter().flatten().collect();
        if nearest.contains(&to) {
            None
        } else if to == from {
            Some(AlakRefusal::Stays(to + 1))
        } else if self.empty() & 1 << to == 0 {
            Some(AlakRefusal::Taken(to + 1))
        } else {
            Some(AlakRefusal::NotNearest(
                from + 1,
                nearest.iter().map(|slot| slot + 1).collect(),
            ))
        }
    }
}

/// Whose piece a slot's letter is, for the tests.
#[cfg(test)]
fn owner(letter: char) -> Option<crate::Player> {
    use crate::Player;
    match letter {
        'x' => Some(Player::First),
        'o' => Some(Player::Second),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teaching::refused;
    use crate::Game;

    #[test]
    fn every_refusal_says_its_reason() {
        let start = "xxxx___oooo x";
        for (parts, words) in [
            (&["12"][..], "'12' is not a slot: the slots are 1 to 11"),
            (&["6"], "slot 6 is empty: pick one of your pieces"),
            (&["9"], "slot 9 holds o's piece: x moves its own pieces"),
            (&["4", "4"], "the piece on 4 must move"),
            (&["4", "3"], "slot 3 is taken"),
            (
                &["3", "6"],
                "a piece jumps to the nearest empty slot on either side: from 3 that is 5",
            ),
            (&["4", "5", "6"], "a move is a piece and the slot"),
        ] {
            let refusal = refused::<Alak>(start, parts).unwrap_or_default();
            assert!(refusal.starts_with(words), "{parts:?}: {refusal}");
        }
        assert_eq!(
            refused::<Alak>("x_x_x____oo x", &["3", "9"]).as_deref(),
            Some("a piece jumps to the nearest empty slot on either side: from 3 that is 2 or 4")
        );
        assert_eq!(
            refused::<Alak>("_o_______xx o", &["2"]).as_deref(),
            Some("the game is over")
        );
    }

    #[test]
    fn a_start_of_a_legal_move_is_not_refused() {
        let start = Alak::startpos();
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        for mv in moves {
            let text = start.format_move(mv);
            let parts: Vec<&str> = text.split('-').collect();
            assert_eq!(start.refusal(&parts[..1]), None, "{text}");
            assert_eq!(start.refusal(&parts), None, "{text}");
        }
        assert_eq!(start.refusal(&[]), None);
        for (slot, letter) in start.to_fen().chars().take(11).enumerate() {
            let mine = owner(letter) == Some(start.side_to_move());
            let part = (slot + 1).to_string();
            assert_eq!(start.refusal(&[&part]).is_none(), mine, "{part}");
        }
    }
}
