//! `ludus openings`: distinct start positions, checked for balance by a
//! short search, for match opening files.

use std::collections::HashSet;

use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::random::Rng;
use ludus_rules::text::counted;
use ludus_rules::{Game, GameResult, Searchable};

use crate::search::{self, Limits, SearchRequest, Signals, TranspositionTable};
use ludus_rules::Tooling;

/// Random plies from the start when `--plies` is not given.
pub const DEFAULT_PLIES: u32 = 4;
/// Depth of the balance check when `--depth` is not given.
pub const DEFAULT_DEPTH: u32 = 5;
/// Node budget of the balance check when `--nodes` is not given: it bounds
/// the check's cost in every game (a depth-5 search of a Wyke position can
/// take seconds, and one ply of 6×6 Wyke has some 400 000 moves).
pub const DEFAULT_NODES: u64 = 20_000;
/// The balance bound in centipawns when `--max-score` is not given.
pub const DEFAULT_MAX_SCORE: i32 = 150;

/// How a position is walked to from the start and checked for balance;
/// `None` means the default. A game with a random start has no walk (its
/// openings are its own random starts), and its starts are checked for
/// balance only when one of the check's settings is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// Random plies from the start.
    pub plies: Option<u32>,
    /// Maximum depth of the balance check.
    pub depth: Option<u32>,
    /// Node budget of the balance check.
    pub nodes: Option<u64>,
    /// Positions scoring beyond ± this many centipawns are rejected.
    pub max_score: Option<i32>,
}

impl Walk {
    /// Whether any setting of the balance check was given.
    fn checks_balance(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.max_score.is_some()
    }
}

/// What `ludus openings` makes.
#[derive(Clone, Debug)]
pub struct OpeningsConfig {
    /// The game.
    pub game: String,
    /// How many positions.
    pub count: usize,
    /// The seed: the same seed gives the same positions.
    pub seed: u64,
    /// The walk to each position and its balance check.
    pub walk: Walk,
}

/// What `ludus openings` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Openings {
    /// The positions, in the game's notation.
    pub positions: Vec<String>,
    /// Why there are fewer than asked for, if there are.
    pub shortfall: Option<String>,
}

/// Makes up to `config.count` distinct start positions, in the game's
/// notation; when the game has fewer (Alak has 168 of 4 plies), those found
/// and a [`Openings::shortfall`] saying so.
pub fn generate_openings(config: &OpeningsConfig) -> Result<Openings, String> {
    visit_game_named(&config.game, config)?
}

/// The openings of the config's game, made for its type.
impl GameVisitor for &OpeningsConfig {
    type Output = Result<Openings, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let random_start = G::random_start(0).is_some();
        let walk = &self.walk;
        if random_start && walk.plies.is_some() {
            return Err(format!(
                "--plies does not apply to {}: its openings are the game's own random starts",
                G::NAME
            ));
        }
        // Random starts are the rules' own, so they are checked only when
        // asked: the lists of earlier seeds stay as they were.
        let checked = !random_start || walk.checks_balance();
        let plies = walk.plies.unwrap_or(DEFAULT_PLIES);
        let check = BalanceCheck::new(walk)?;
        let mut rng = Rng::new(self.seed);
        let attempts = self.count.saturating_mul(200).saturating_add(1000);
        let mut seen = HashSet::new();
        let mut found = Vec::new();
        for _ in 0..attempts {
            if found.len() == self.count {
                break;
            }
            let candidate = if random_start {
                G::random_start(rng.next_u64())
            } else {
                random_walk::<G>(&mut rng, plies)
            };
            let Some(position) = candidate else { continue };
            let fen = position.to_fen();
            if position.result() != GameResult::Ongoing || seen.contains(&fen) {
                continue;
            }
            seen.insert(fen.clone());
            if checked && !check.is_balanced(&position) {
                continue;
            }
            found.push(fen);
        }
        let shortfall = (found.len() < self.count).then(|| {
            let (kind, hint) = if random_start {
                let (balanced, hint) = if checked {
                    ("balanced ", "; try a larger --max-score")
                } else {
                    ("", "")
                };
                (format!("{balanced}{} random starts", G::NAME), hint)
            } else {
                (
                    format!(
                        "balanced {} positions of {}",
                        G::NAME,
                        counted(plies, "ply", "plies")
                    ),
                    "; try more plies or a larger --max-score",
                )
            };
            format!(
                "found only {} distinct {kind} (asked for {}){hint}",
                found.len(),
                self.count
            )
        });
        Ok(Openings {
            positions: found,
            shortfall,
        })
    }
}

/// The shallow search that keeps lopsided positions out.
struct BalanceCheck {
    limits: Limits,
    max_score: i32,
    tt: TranspositionTable,
}

impl BalanceCheck {
    /// The check `walk` asks for, defaults filled in.
    fn new(walk: &Walk) -> Result<Self, String> {
        Ok(BalanceCheck {
            limits: Limits {
                depth: Some(walk.depth.unwrap_or(DEFAULT_DEPTH)),
                nodes: Some(walk.nodes.unwrap_or(DEFAULT_NODES)),
                ..Limits::default()
            },
            max_score: walk.max_score.unwrap_or(DEFAULT_MAX_SCORE),
            tt: TranspositionTable::new(1)?,
        })
    }

    fn is_balanced<G: Searchable>(&self, position: &G) -> bool {
        self.score(position).abs() <= self.max_score
    }

    /// A single-thread search score under a depth and a node limit, so
    /// deterministic: the table starts empty and nothing depends on time.
    /// When even the first iteration does not fit in the node budget (a
    /// root with more moves than that, or a search cut short in its first
    /// ply), the static evaluation stands in for it.
    fn score<G: Searchable>(&self, position: &G) -> i32 {
        // Every root move costs a node: with this many the first iteration
        // cannot finish, so the search would be wasted.
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let settings = G::Settings::default();
        if self.limits.nodes.is_some_and(|n| moves.len() as u64 >= n) {
            return position.evaluate(&settings);
        }
        self.tt.clear();
        let request = SearchRequest::new(position, &settings, &self.limits);
        let signals = Signals::new(false);
        let outcome = search::search(&request, &self.tt, &signals, &mut |_| {});
        if outcome.depth == 0 {
            position.evaluate(&settings)
        } else {
            outcome.score
        }
    }
}

/// `plies` random legal moves from the start; `None` if the game ends on
/// the way.
fn random_walk<G: Game>(rng: &mut Rng, plies: u32) -> Option<G> {
    let mut position = G::startpos();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if position.result() != GameResult::Ongoing {
            return None;
        }
        moves.clear();
        position.generate_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let mv = moves[rng.below(moves.len())];
        position.make_move(mv);
    }
    Some(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_rules::games::wyx::Wyx;

    fn config(count: usize, seed: u64) -> OpeningsConfig {
        OpeningsConfig {
            game: "alak".to_string(),
            count,
            seed,
            walk: Walk {
                plies: Some(4),
                depth: Some(3),
                ..Walk::default()
            },
        }
    }

    #[test]
    fn openings_are_distinct_legal_and_reproducible() {
        let first = generate_openings(&config(10, 42)).unwrap().positions;
        assert_eq!(first.len(), 10);
        let distinct: HashSet<_> = first.iter().collect();
        assert_eq!(distinct.len(), 10);
        for fen in &first {
            let position = ludus_rules::games::alak::Alak::from_fen(fen).unwrap();
            assert_eq!(position.result(), GameResult::Ongoing);
        }
        assert_eq!(generate_openings(&config(10, 42)).unwrap().positions, first);
        assert_ne!(generate_openings(&config(10, 43)).unwrap().positions, first);
    }

    /// Wyx's racks are checked only when asked, and then every rack kept
    /// scores within the bound while some of the unchecked ones do not.
    #[test]
    fn random_starts_are_checked_for_balance_when_asked() {
        let wyx = |walk: Walk| {
            let config = OpeningsConfig {
                game: "wyx".to_string(),
                count: 6,
                seed: 11,
                walk,
            };
            generate_openings(&config).unwrap().positions
        };
        let walk = Walk {
            depth: Some(3),
            max_score: Some(60),
            ..Walk::default()
        };
        let check = BalanceCheck::new(&walk).unwrap();
        let score = |fen: &String| check.score(&Wyx::from_fen(fen).unwrap());
        let balanced = wyx(walk);
        assert_eq!(balanced.len(), 6);
        assert!(balanced.iter().all(|fen| score(fen).abs() <= 60));
        let drawn = wyx(Walk::default());
        assert!(drawn.iter().any(|fen| score(fen).abs() > 60), "{drawn:?}");
        assert_ne!(balanced, drawn);
        let plies = OpeningsConfig {
            game: "wyx".to_string(),
            count: 2,
            seed: 1,
            walk: Walk {
                plies: Some(2),
                ..Walk::default()
            },
        };
        let error = generate_openings(&plies).unwrap_err();
        assert!(error.contains("--plies does not apply to wyx"), "{error}");
    }

    #[test]
    fn impossible_requests_fail_clearly() {
        let mut c = config(5, 1);
        c.walk.plies = Some(0);
        let openings = generate_openings(&c).unwrap();
        assert_eq!(openings.positions, ["xxxx___oooo x"]);
        let shortfall = openings.shortfall.unwrap();
        assert!(
            shortfall.contains("found only 1 distinct balanced alak positions of 0 plies"),
            "{shortfall}"
        );
        c.game = "chess".to_string();
        assert!(generate_openings(&c).unwrap_err().contains("unknown game"));
    }
}
