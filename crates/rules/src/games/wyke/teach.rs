//! Alfred's Wyke for newcomers: its lessons (lesson.md, and lesson6.md for
//! the 6×6 variant) and why a move cannot be played. A move is entered as
//! its type, then its plots in the order of the type's amounts (plots of
//! equal amounts in any order).

use std::fmt;

use super::moves::{kind_from_name, parse_plot, plot_name, WykeMove, AMOUNTS, KIND_NAMES, PASS};
use super::notation::side_name;
use super::{Wyke, FULL};
use crate::{Game, Player, Teaching};

/// Why a Wyke move being entered cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WykeRefusal {
    /// Not a move type.
    NoType(String),
    /// A plot given before the move's type.
    TypeFirst(String),
    /// A pass while the side has a move.
    CannotPass,
    /// The type is under a marker (whose).
    UnderMarker(&'static str, &'static str),
    /// No move of the type fits the plots (the type, the mover).
    TypeDoesNotFit(&'static str, Player),
    /// Not a plot of the board.
    NoPlot(String),
    /// The plot is claimed (by whom).
    Claimed(String, &'static str),
    /// The plot chosen twice.
    Twice(String),
    /// More plots than the type has amounts.
    Complete(&'static str),
    /// The Builder's amount would take the plot above 8 (plot, tiles,
    /// amount).
    Above(String, u8, u8),
    /// The Destroyer's amount would take the plot below 0.
    Below(String, u8, u8),
    /// The plots so far leave no plot for the rest of the type.
    NoRest(&'static str),
}

impl fmt::Display for WykeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WykeRefusal::NoType(text) => write!(
                f,
                "'{text}' is not a move type: the types are {}",
                KIND_NAMES.join(", ")
            ),
            WykeRefusal::TypeFirst(plot) => write!(
                f,
                "{plot} is a plot: a move starts with its type, chosen on the chart, then its plots"
            ),
            WykeRefusal::CannotPass => write!(f, "a side passes only when it has no move"),
            WykeRefusal::UnderMarker(kind, whose) => write!(
                f,
                "{kind} is under the {whose}'s marker: a type under a marker may not be played"
            ),
            WykeRefusal::TypeDoesNotFit(kind, Player::First) => write!(
                f,
                "{kind} fits nowhere now: a plot may not go above {FULL}, and each amount needs an unclaimed plot of its own"
            ),
            WykeRefusal::TypeDoesNotFit(kind, Player::Second) => write!(
                f,
                "{kind} fits nowhere now: a plot may not go below 0, and each amount needs an unclaimed plot of its own"
            ),
            WykeRefusal::NoPlot(text) => write!(f, "'{text}' is not a plot of this board"),
            WykeRefusal::Claimed(plot, by) => write!(
                f,
                "{plot} is the {by}'s: a claimed plot takes no further play"
            ),
            WykeRefusal::Twice(plot) => write!(
                f,
                "{plot} is chosen already: each amount goes to a different plot"
            ),
            WykeRefusal::Complete(kind) => write!(f, "{kind} has no more amounts to place"),
            WykeRefusal::Above(plot, tiles, amount) => write!(
                f,
                "a plot may not go above {FULL}: {plot} has {tiles}, and {amount} more would make {}",
                tiles + amount
            ),
            WykeRefusal::Below(plot, tiles, amount) => write!(
                f,
                "a plot may not go below 0: {plot} has {tiles}, fewer than the {amount} to take"
            ),
            WykeRefusal::NoRest(kind) => write!(
                f,
                "with these plots the rest of {kind} fits nowhere: choose others"
            ),
        }
    }
}

/// Whether the plots `chosen` fit the first slots of `mv`: each is one of
/// its plots with the amount of its slot, none twice.
pub fn fits_slots(mv: &WykeMove, chosen: &[u8]) -> bool {
    let used = mv.used();
    chosen.len() <= used.len()
        && chosen.iter().enumerate().all(|(slot, plot)| {
            !chosen[..slot].contains(plot)
                && used
                    .iter()
                    .enumerate()
                    .any(|(i, p)| p == plot && mv.amount(i) == mv.amount(slot))
        })
}

impl<const N: usize> Wyke<N> {
    /// Why the plot `part`, given for slot `slot` of a move of `kind` after
    /// the plots `chosen`, cannot be played, if it cannot by itself.
    fn plot_refusal(&self, kind: u8, chosen: &[u8], part: &str) -> Result<u8, WykeRefusal> {
        let plot = parse_plot(part.trim(), N).ok_or_else(|| WykeRefusal::NoPlot(part.into()))?;
        let name = plot_name(plot, N);
        let tiles = self.tiles(usize::from(plot));
        if tiles == FULL || tiles == 0 {
            let by = if tiles == FULL {
                Player::First
            } else {
                Player::Second
            };
            return Err(WykeRefusal::Claimed(name, side_name(by)));
        }
        if chosen.contains(&plot) {
            return Err(WykeRefusal::Twice(name));
        }
        let amounts = AMOUNTS[usize::from(kind)];
        let count = if self.is_six_six() { 4 } else { amounts.len() };
        let Some(&amount) = amounts.get(chosen.len()).filter(|_| chosen.len() < count) else {
            return Err(WykeRefusal::Complete(KIND_NAMES[usize::from(kind)]));
        };
        match self.side_to_move() {
            Player::First if tiles + amount > FULL => Err(WykeRefusal::Above(name, tiles, amount)),
            Player::Second if tiles < amount => Err(WykeRefusal::Below(name, tiles, amount)),
            _ => Ok(plot),
        }
    }
}

impl<const N: usize> Teaching for Wyke<N> {
    const LESSON: &'static str = if N == 4 {
        include_str!("lesson.md")
    } else {
        include_str!("lesson6.md")
    };
    type Refusal = WykeRefusal;

    fn move_refusal(&self, parts: &[&str]) -> Option<WykeRefusal> {
        let (first, plots) = parts.split_first()?;
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        if first.trim() == "pass" {
            let can = moves.iter().any(|mv| mv.kind == PASS) && plots.is_empty();
            return (!can).then_some(WykeRefusal::CannotPass);
        }
        let Some(kind) = kind_from_name(first.trim()) else {
            return Some(match parse_plot(first.trim(), N) {
                Some(plot) => WykeRefusal::TypeFirst(plot_name(plot, N)),
                None => WykeRefusal::NoType(first.to_string()),
            });
        };
        let name = KIND_NAMES[usize::from(kind)];
        for player in [Player::First, Player::Second] {
            if self.marker(player) == Some(kind) {
                return Some(WykeRefusal::UnderMarker(name, side_name(player)));
            }
        }
        moves.retain(|mv| mv.kind == kind);
        if moves.is_empty() {
            return Some(WykeRefusal::TypeDoesNotFit(name, self.side_to_move()));
        }
        let mut chosen = Vec::new();
        for part in plots {
            match self.plot_refusal(kind, &chosen, part) {
                Ok(plot) => chosen.push(plot),
                Err(refusal) => return Some(refusal),
            }
        }
        let fits = moves.iter().any(|mv| fits_slots(mv, &chosen));
        (!fits).then_some(WykeRefusal::NoRest(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wyke::{Wyke4, Wyke6};
    use crate::teaching::refused;

    #[test]
    fn every_refusal_says_its_reason() {
        // c3 at 7 and b2 at 1; the Builder's marker on 4, the Destroyer's on 2-2.
        let fen = "3444/4474/4144/4443 b 4 2-2";
        for (parts, words) in [
            (&["2-3"][..], "'2-3' is not a move type"),
            (&["c3"], "c3 is a plot: a move starts with its type"),
            (&["pass"], "a side passes only when it has no move"),
            (
                &["4"],
                "4 is under the Builder's marker: a type under a marker may not be played",
            ),
            (&["2-2"], "2-2 is under the Destroyer's marker"),
            (&["3-1", "z9"], "'z9' is not a plot"),
            (
                &["3-1", "c3"],
                "a plot may not go above 8: c3 has 7, and 3 more would make 10",
            ),
            (&["2-1-1", "a1", "a1"], "a1 is chosen already"),
            (
                &["3-1", "a1", "a2", "a3"],
                "3-1 has no more amounts to place",
            ),
        ] {
            let refusal = refused::<Wyke4>(fen, parts).unwrap_or_default();
            assert!(refusal.starts_with(words), "{parts:?}: {refusal}");
        }
        // The Destroyer to move: b2 has 1.
        let destroyer = "3444/4474/4144/4443 d 4 2-2";
        assert_eq!(
            refused::<Wyke4>(destroyer, &["3-1", "b2"]).as_deref(),
            Some("a plot may not go below 0: b2 has 1, fewer than the 3 to take")
        );
        let claimed = "3444/4484/4044/4443 d 3-1 -";
        assert_eq!(
            refused::<Wyke4>(claimed, &["2-2", "c3"]).as_deref(),
            Some("c3 is the Builder's: a claimed plot takes no further play")
        );
        assert_eq!(
            refused::<Wyke4>(claimed, &["4", "b2"]).as_deref(),
            Some("b2 is the Destroyer's: a claimed plot takes no further play")
        );
        // Every open plot at 7: nothing takes 2 more.
        let full = "7777/7777/7777/7777 b - -";
        assert_eq!(
            refused::<Wyke4>(full, &["2-2"]).as_deref(),
            Some("2-2 fits nowhere now: a plot may not go above 8, and each amount needs an unclaimed plot of its own")
        );
        assert_eq!(refused::<Wyke4>(full, &["1-1-1-1-1"]), None);
        assert_eq!(
            refused::<Wyke6>(
                "444444/444444/444444/444444/444444/444444 b - -",
                &["4", "f6"]
            ),
            None
        );
    }

    #[test]
    fn starts_of_legal_moves_are_not_refused() {
        let start = Wyke4::startpos();
        let mut moves = Vec::new();
        start.generate_moves(&mut moves);
        for mv in moves.iter().step_by(37) {
            let mut parts = vec![KIND_NAMES[usize::from(mv.kind)].to_string()];
            parts.extend(mv.used().iter().map(|&p| plot_name(p, 4)));
            let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
            for len in 0..=parts.len() {
                assert_eq!(start.refusal(&parts[..len]), None, "{parts:?}");
            }
        }
    }
}
