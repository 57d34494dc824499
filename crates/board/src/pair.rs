//! Pair mode: a game played twice from one start with the sides swapped,
//! scored as the game's rules score pairs ([`ludus_rules::Game::PAIR_SCORING`],
//! Wyx's "Double Wyx"): each player's count added up over both games, the
//! smaller total winning. The scoring and its labels are the match runner's
//! ([`ludus_arena::pair_count`]). The pair's players are named by the first
//! game: player 0 moves first in it and second in the second game.

use std::cmp::Ordering;

use ludus_arena::pair_count::{score_pair, PairLabels};
use ludus_rules::games::GAME_NAMES;
use ludus_rules::{GameResult, Player};

use crate::action::Plays;
use crate::games::{visit_board, Board, BoardVisitor};
use crate::table::{MoveNote, Table};

/// What a game's rules say about pairs, as the board needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRules {
    /// The pair's name, what is counted, the PGN tags.
    pub labels: PairLabels,
    /// The engine option and value that make an engine play for the count
    /// (`WyxScoring`, `margin`).
    pub option: Option<(&'static str, &'static str)>,
}

/// The pair rules of the game called `game`, if its rules score pairs.
pub fn pair_rules(game: &str) -> Option<PairRules> {
    struct Rules;
    impl BoardVisitor for Rules {
        type Output = Option<PairRules>;
        fn visit<G: Board>(self) -> Self::Output {
            Some(PairRules {
                labels: PairLabels::of::<G>()?,
                option: G::PAIR_SCORING.and_then(|scoring| scoring.option),
            })
        }
    }
    visit_board(game, Rules).ok().flatten()
}

/// Why the game called `game` has no pair mode, naming the games that do.
pub fn no_pair_mode(game: &str) -> String {
    let paired: Vec<&str> = GAME_NAMES
        .iter()
        .copied()
        .filter(|name| pair_rules(name).is_some())
        .collect();
    format!(
        "{game}'s rules score each game alone: pair mode is for games whose rules score pairs ({})",
        paired.join(", ")
    )
}

/// The pair's first game, kept once the second has started.
pub struct FirstGame {
    /// The game, over.
    pub table: Box<dyn Table>,
    /// What the engine said of its moves.
    pub notes: Vec<MoveNote>,
    /// Who the engine played in it.
    pub plays: Plays,
}

/// A pair on the board: the game on the table is its first game until that
/// is over, then its second.
pub struct Pair {
    /// How the game's rules score the pair.
    pub rules: PairRules,
    /// The first game, once the second is on the table.
    pub first: Option<FirstGame>,
}

/// Where a pair stands, in player order (player 0 moved first in the first
/// game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The game on the board, 1 or 2.
    pub game: u8,
    /// Each game's counts in player order, once the rules have finished it.
    pub counts: [Option<[u32; 2]>; 2],
    /// The counts added up over the games finished so far.
    pub totals: [u32; 2],
    /// Once both games are over, how the pair ends for player 0 (`Greater`:
    /// it wins the pair).
    pub outcome: Option<Ordering>,
}

impl Pair {
    /// A pair whose first game is the one on the table.
    pub fn new(rules: PairRules) -> Pair {
        Pair { rules, first: None }
    }

    /// The game on the board: 1 or 2.
    pub fn game(&self) -> u8 {
        if self.first.is_some() {
            2
        } else {
            1
        }
    }

    /// Who the engine played in the first game (`plays`: who it plays in
    /// the game on the board).
    pub fn first_plays(&self, plays: Plays) -> Plays {
        self.first.as_ref().map_or(plays, |first| first.plays)
    }

    /// Where the pair stands with `table` the game on the board.
    pub fn standing(&self, table: &dyn Table) -> Standing {
        let games: [Option<&dyn Table>; 2] = match &self.first {
            Some(first) => [Some(&*first.table), Some(table)],
            None => [Some(table), None],
        };
        // Player 0 is the first game's first player, the second's second.
        let sides = [Player::First, Player::Second];
        let counts = [0, 1].map(|i| games[i].and_then(|t| counts_of(t, sides[i])));
        let halves = [0, 1].map(|i| games[i].map_or(0, |t| halves_of(t, sides[i])));
        let over = games.map(|game| game.is_some_and(|t| t.is_over()));
        let totals = counts
            .iter()
            .flatten()
            .fold([0, 0], |[a, b], [c, d]| [a + c, b + d]);
        Standing {
            game: self.game(),
            counts,
            totals,
            outcome: (over[0] && over[1]).then(|| score_pair(counts, halves).0),
        }
    }
}

/// A finished game's counts in player order, player 0 having had `side`.
fn counts_of(table: &dyn Table, side: Player) -> Option<[u32; 2]> {
    let [first, second] = table.counts(table.moves().len())?;
    Some(match side {
        Player::First => [first, second],
        Player::Second => [second, first],
    })
}

/// Player 0's points in halves in a finished game where it had `side`.
fn halves_of(table: &dyn Table, side: Player) -> u32 {
    match table.status().result {
        GameResult::Win(winner) if winner == side => 2,
        GameResult::Draw => 1,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_games_whose_rules_score_pairs_have_pair_rules() {
        let wyx = pair_rules("wyx").expect("Double Wyx");
        assert_eq!(wyx.labels.name, "Double Wyx");
        assert_eq!(wyx.option, Some(("WyxScoring", "margin")));
        assert_eq!(pair_rules("alak"), None);
        assert_eq!(pair_rules("chess"), None);
        let why = no_pair_mode("alak");
        assert!(
            why.starts_with("alak's rules") && why.ends_with("(wyx)"),
            "{why}"
        );
    }
}
