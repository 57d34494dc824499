//! Pairs scored as the game's rules score them, for games that say how
//! ([`PairScoring`]): each engine's count (tokens left in hand, say) added
//! over the pair's two games, the smaller total winning the pair.

use ludus_rules::games::{visit_game, GameVisitor};
use ludus_rules::Tooling;
use ludus_rules::{Game, PairScoring};

/// What a game calls its pair score, for the report and the PGN tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairLabels {
    /// The pair's name, e.g. `Double <game>`.
    pub name: &'static str,
    /// What is counted, e.g. `tokens left`.
    pub counted: &'static str,
    /// The PGN tag of a game's counts, e.g. `TokensLeft`.
    pub tag: &'static str,
}

impl PairLabels {
    /// The labels of `G`'s pair scoring, if it has one.
    pub fn of<G: Game>() -> Option<PairLabels> {
        G::PAIR_SCORING.map(|scoring: PairScoring<G>| PairLabels {
            name: scoring.name,
            counted: scoring.counted,
            tag: scoring.tag,
        })
    }

    /// The labels of the game called `game`, if it has a pair scoring.
    pub fn of_game(game: &str) -> Option<PairLabels> {
        struct Labels;
        impl GameVisitor for Labels {
            type Output = Option<PairLabels>;
            fn visit<G: Tooling>(self) -> Self::Output {
                PairLabels::of::<G>()
            }
        }
        visit_game(game, Labels).flatten()
    }

    /// The PGN tag of the pair's totals, e.g. `PairTokensLeft`.
    pub fn pair_tag(&self) -> String {
        format!("Pair{}", self.tag)
    }

    /// The PGN tags of a game's counts (White's first) and of its pair's
    /// totals (White's player first), for those it has.
    pub fn tags(
        &self,
        counts: Option<[u32; 2]>,
        pair_totals: Option<[u32; 2]>,
    ) -> Vec<(String, String)> {
        let game = counts.map(|counts| (self.tag.to_string(), counts_text(counts)));
        let pair = pair_totals.map(|totals| (self.pair_tag(), counts_text(totals)));
        game.into_iter().chain(pair).collect()
    }
}

/// How one pair ends for its first player (`Greater`: the pair is won),
/// from its games' counts (each in player order, `None` for a game the
/// rules did not finish) and that player's points in halves per game: by
/// the totals of the counts when both games have them, fewer winning;
/// otherwise by points. Returns the totals with it, when there are some.
pub fn score_pair(
    counts: [Option<[u32; 2]>; 2],
    halves: [u32; 2],
) -> (std::cmp::Ordering, Option<[u32; 2]>) {
    let totals = match counts {
        [Some([a1, b1]), Some([a2, b2])] => Some([a1 + a2, b1 + b2]),
        _ => None,
    };
    // Fewer tokens left is better; more points is better.
    let (first, second) = match totals {
        Some([a, b]) => (b, a),
        None => (halves[0] + halves[1], 4 - halves[0] - halves[1]),
    };
    (first.cmp(&second), totals)
}

/// Two counts as a PGN tag or report writes them: `3,7`.
pub fn counts_text(counts: [impl std::fmt::Display; 2]) -> String {
    let [a, b] = counts;
    format!("{a},{b}")
}

/// Pairs scored by count, from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountedPairs {
    /// Pairs the first engine won.
    pub wins: u32,
    /// Pairs it lost.
    pub losses: u32,
    /// Pairs drawn.
    pub draws: u32,
    /// Each engine's count over the pairs scored by count (first engine's
    /// first).
    pub totals: [u64; 2],
    /// Pairs with a game the rules did not finish (a forfeit, an
    /// adjudication), which have no counts: scored by their points instead.
    pub by_points: u32,
}

impl CountedPairs {
    /// Scores a complete pair from its games' counts (each in engine order,
    /// `None` for a game the rules did not finish) and the first engine's
    /// points in halves; returns the engines' totals when both games have
    /// counts.
    pub fn add(&mut self, counts: [Option<[u32; 2]>; 2], halves: [u32; 2]) -> Option<[u32; 2]> {
        let (standing, totals) = score_pair(counts, halves);
        match standing {
            std::cmp::Ordering::Greater => self.wins += 1,
            std::cmp::Ordering::Less => self.losses += 1,
            std::cmp::Ordering::Equal => self.draws += 1,
        }
        match totals {
            Some([a, b]) => {
                self.totals[0] += u64::from(a);
                self.totals[1] += u64::from(b);
            }
            None => self.by_points += 1,
        }
        totals
    }

    /// The report line, `<name>: 3 - 1 - 0 (pairs), <counted> 40 vs 61`,
    /// and how many pairs were scored by points, if any.
    pub fn line(&self, labels: &PairLabels) -> String {
        let mut line = format!(
            "{}: {} - {} - {} (pairs), {} {} vs {}",
            labels.name,
            self.wins,
            self.losses,
            self.draws,
            labels.counted,
            self.totals[0],
            self.totals[1]
        );
        if self.by_points > 0 {
            let (count, verb) = match self.by_points {
                1 => ("1 pair".to_string(), "was"),
                n => (format!("{n} pairs"), "were"),
            };
            line.push_str(&format!(
                " ({count} with a game not finished by the rules {verb} scored by points)"
            ));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LABELS: PairLabels = PairLabels {
        name: "Double Game",
        counted: "tokens left",
        tag: "TokensLeft",
    };

    #[test]
    fn tokens_decide_a_pair_the_games_split() {
        let mut pairs = CountedPairs::default();
        // Each engine wins one game (2 + 0 halves), but the first engine
        // wins by 1 token and loses by 5: 3 + 9 tokens left against 4 + 4.
        let totals = pairs.add([Some([3, 4]), Some([9, 4])], [2, 0]);
        assert_eq!(totals, Some([12, 8]));
        assert_eq!((pairs.wins, pairs.losses, pairs.draws), (0, 1, 0));
        // The other way round, it wins the pair.
        pairs.add([Some([0, 6]), Some([7, 2])], [2, 0]);
        assert_eq!((pairs.wins, pairs.losses, pairs.draws), (1, 1, 0));
        // Equal totals draw the pair.
        pairs.add([Some([1, 2]), Some([5, 4])], [2, 0]);
        assert_eq!(pairs.totals, [12 + 7 + 6, 8 + 8 + 6]);
        assert_eq!(
            pairs.line(&LABELS),
            "Double Game: 1 - 1 - 1 (pairs), tokens left 25 vs 22"
        );
        assert_eq!(LABELS.pair_tag(), "PairTokensLeft");
        assert_eq!(
            LABELS.tags(Some([3, 7]), Some([12, 5])),
            [
                ("TokensLeft".to_string(), "3,7".to_string()),
                ("PairTokensLeft".to_string(), "12,5".to_string())
            ]
        );
        assert!(LABELS.tags(None, None).is_empty());
    }

    #[test]
    fn a_pair_with_a_forfeit_is_scored_by_points() {
        let mut pairs = CountedPairs::default();
        assert_eq!(pairs.add([Some([0, 9]), None], [2, 1]), None);
        assert_eq!(pairs.add([None, None], [0, 1]), None);
        assert_eq!((pairs.wins, pairs.losses, pairs.by_points), (1, 1, 2));
        assert_eq!(pairs.totals, [0, 0]);
        assert!(pairs.line(&LABELS).ends_with(
            "tokens left 0 vs 0 (2 pairs with a game not finished by the rules were scored by points)"
        ));
    }

    #[test]
    fn labels_come_from_the_game() {
        #[derive(Clone)]
        struct Both;
        impl GameVisitor for Both {
            type Output = (Option<PairLabels>, Option<PairLabels>);
            fn visit<G: Tooling>(self) -> Self::Output {
                (PairLabels::of::<G>(), PairLabels::of_game(G::NAME))
            }
        }
        let labels = ludus_rules::games::visit_every_game(Both);
        assert!(labels.iter().all(|(of, by_name)| of == by_name));
        assert!(labels.iter().any(|(of, _)| of.is_some()));
        assert_eq!(PairLabels::of_game("chess"), None);
    }
}
