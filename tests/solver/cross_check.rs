//! The solver's values against referees that share nothing with it:
//! plain minimax (with the search's repetition rule) on random positions a
//! few plies from the end of random games, in every game; Alak's solved
//! table on random Alak positions; and retrograde analysis of random
//! graph games, where draws by repetition and by two passes abound.

use crate::common::graph_game::{Graph, GraphGame};
use crate::common::minimax::{Minimax, Value};
use crate::common::retrograde::{exact, Exact};
use crate::common::rng::Rng;
use crate::positions::{alak_ending, near_the_end, pylyx_ending};
use ludus_engine::solver::{Budget, SolveConfig, Solver, Verdict};
use ludus_rules::games::alak::solution;
use ludus_rules::games::{visit_game, GameVisitor};
use ludus_rules::{Game, GameResult, KnownValue, Player, Searchable, Tooling};

/// The solver as the tests run it: by search alone, on a modest budget.
pub fn solve<G: Searchable>(position: &G) -> Verdict {
    let config = SolveConfig {
        budget: Budget {
            nodes: Some(2_000_000),
            time: None,
        },
        table_mib: 64,
        use_tables: false,
    };
    Solver::new(position.clone(), &config).solve(config.budget)
}

/// What a cross-check compared.
#[derive(Debug, Default)]
struct Tally {
    wins: usize,
    losses: usize,
    draws: usize,
    draws_by_repetition: usize,
    draws_by_passes: usize,
}

impl Tally {
    fn compared(&self) -> usize {
        self.wins + self.losses + self.draws
    }

    /// Counts `verdict`, which must be `expected`'s.
    fn agree(&mut self, fen: &str, expected: Value, verdict: Verdict) {
        match (expected, verdict) {
            (Value::Win, Verdict::Win(_)) => self.wins += 1,
            (Value::Loss, Verdict::Loss(_)) => self.losses += 1,
            (Value::Draw { repetition, passes }, Verdict::Draw) => {
                self.draws += 1;
                self.draws_by_repetition += usize::from(repetition);
                self.draws_by_passes += usize::from(passes);
            }
            _ => panic!("{fen}: the referee says {expected:?}, the solver {verdict:?}"),
        }
    }
}

struct NearTheEnd {
    games: usize,
    plies: usize,
    depth: usize,
}

impl GameVisitor for NearTheEnd {
    type Output = Tally;
    fn visit<G: Tooling>(self) -> Tally {
        let mut rng = Rng(0xC0DE ^ G::NAME.len() as u64);
        let mut tally = Tally::default();
        for position in near_the_end::<G>(&mut rng, self.games, self.plies) {
            let expected = Minimax::new(self.depth, 200_000).value(&position);
            if expected != Value::Unknown {
                tally.agree(&position.to_fen(), expected, solve(&position));
            }
        }
        tally
    }
}

#[test]
fn the_solver_agrees_with_minimax_in_pylyx_endings() {
    let t = std::time::Instant::now();
    use ludus_rules::games::pylyx::Pylyx10;
    let mut rng = Rng(0x9717);
    let mut tally = Tally::default();
    let mut tried = 0;
    while tally.compared() < 20 && tried < 2_000 {
        tried += 1;
        let Ok(position) = Pylyx10::from_fen(&pylyx_ending(&mut rng, 10)) else {
            continue;
        };
        let expected = Minimax::new(3, 50_000).value(&position);
        if expected != Value::Unknown {
            tally.agree(&position.to_fen(), expected, solve(&position));
        }
    }
    assert!(tally.compared() >= 20, "{tally:?} of {tried}");
    eprintln!("pylyx {tally:?} {tried} {:?}", t.elapsed());
}

#[test]
fn the_solver_agrees_with_minimax_near_the_end_of_every_game() {
    let mut total = 0;
    for (game, games, plies, depth, least) in [
        ("alak", 40, 8, 8, 80),
        ("wyke", 30, 4, 3, 60),
        ("wyke6", 10, 2, 2, 15),
        ("wyx", 20, 6, 8, 60),
    ] {
        let tally = visit_game(
            game,
            NearTheEnd {
                games,
                plies,
                depth,
            },
        )
        .unwrap();
        assert!(tally.compared() >= least, "{game}: {tally:?}");
        total += tally.compared();
    }
    assert!(total >= 300, "{total} positions compared");
}

#[test]
fn the_solver_agrees_with_alaks_solved_table_draws_by_repetition_included() {
    let table = solution::table();
    let mut rng = Rng(0xA1A4);
    let mut tally = Tally::default();
    while tally.compared() < 300 {
        let Some(position) = alak_ending(&mut rng) else {
            continue;
        };
        let expected = match table.value(&position) {
            KnownValue::Win(_) => Value::Win,
            KnownValue::Loss(_) => Value::Loss,
            KnownValue::Draw => Value::Draw {
                repetition: true,
                passes: false,
            },
        };
        let verdict = solve(&position);
        tally.agree(&position.to_fen(), expected, verdict);
        // A proof's line is never shorter than the fastest win.
        if let (KnownValue::Win(fastest), Verdict::Win(plies))
        | (KnownValue::Loss(fastest), Verdict::Loss(plies)) = (table.value(&position), verdict)
        {
            assert!(
                plies >= fastest,
                "{}: {plies} < {fastest}",
                position.to_fen()
            );
        }
    }
    assert!(tally.draws >= 50 && tally.wins >= 50, "{tally:?}");
}

#[test]
fn the_solver_agrees_with_retrograde_analysis_of_random_graph_games() {
    let mut rng = Rng(0x6A4F);
    let mut tally = Tally::default();
    for _ in 0..400 {
        let nodes = 4 + rng.below(40);
        GraphGame::set_graph(Graph::random(&mut rng, nodes));
        let side = if rng.below(2) == 0 {
            Player::First
        } else {
            Player::Second
        };
        let root = GraphGame::at(0, side);
        if root.result() != GameResult::Ongoing {
            continue;
        }
        let referee = exact(&root, 10_000).expect("a small graph");
        let expected = match referee {
            Exact::Win => Value::Win,
            Exact::Loss => Value::Loss,
            Exact::Draw => {
                // How the draw comes about, by a minimax deep enough to
                // see every line of these graphs end.
                match Minimax::new(200, 5_000_000).value(&root) {
                    draw @ Value::Draw { .. } => draw,
                    other => panic!("{}: minimax {other:?}, retrograde draw", root.to_fen()),
                }
            }
        };
        tally.agree(&root.to_fen(), expected, solve(&root));
    }
    assert!(tally.draws_by_repetition >= 30, "{tally:?}");
    assert!(tally.draws_by_passes >= 10, "{tally:?}");
    assert!(tally.wins >= 50 && tally.losses >= 50, "{tally:?}");
}
