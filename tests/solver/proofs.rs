//! Proof files: the solver's proofs of small positions in every game are
//! sound by the rules crate's checker alone, and tampered ones are
//! refused with the first bad node named.

use crate::common::graph_game::{Graph, GraphGame};
use crate::common::minimax::{Minimax, Value as MinimaxValue};
use crate::common::rng::Rng;
use crate::common::walk::at_least_in_every_game;
use crate::positions::{near_the_end, pylyx_ending};
use ludus_engine::solver::{Budget, SolveConfig, Solver, Verdict};
use ludus_rules::games::GameVisitor;
use ludus_rules::proof::verify::verify_text;
use ludus_rules::proof::Value;
use ludus_rules::{Game, GameResult, Player, Searchable, Tooling};

fn config(use_tables: bool) -> SolveConfig {
    SolveConfig {
        budget: Budget {
            nodes: Some(200_000),
            time: None,
        },
        table_mib: 64,
        use_tables,
    }
}

/// The proof file of `position`, if the solver settles it.
pub(crate) fn proof_text<G: Searchable>(
    position: &G,
    use_tables: bool,
) -> Option<(Verdict, String)> {
    let config = config(use_tables);
    let mut solver = Solver::new(position.clone(), &config);
    let verdict = solver.solve(config.budget);
    if verdict == Verdict::Unknown {
        return None;
    }
    let proof = solver
        .proof()
        .unwrap_or_else(|e| panic!("{}: {e}", position.to_fen()));
    Some((verdict, proof.to_string()))
}

#[derive(Clone, Copy)]
pub(crate) struct ProveAndVerify;

impl ProveAndVerify {
    /// Positions one to three plies before the end of random games; for
    /// Pylyx, whose random games rarely end, random endings decided within
    /// three plies.
    pub(crate) fn positions<G: Game>(&self, rng: &mut Rng) -> Vec<G> {
        match G::NAME {
            "pylyx" | "pylyx10" => {
                let size = if G::NAME == "pylyx" { 12 } else { 10 };
                (0..400)
                    .filter_map(|_| G::from_fen(&pylyx_ending(rng, size)).ok())
                    .filter(|p| Minimax::new(3, 20_000).value(p) != MinimaxValue::Unknown)
                    .take(4)
                    .collect()
            }
            _ => near_the_end::<G>(rng, 3, 2),
        }
    }
}

impl GameVisitor for ProveAndVerify {
    type Output = usize;
    fn visit<G: Tooling>(self) -> usize {
        let mut rng = Rng(0x960F ^ G::NAME.len() as u64);
        let mut verified = 0;
        for position in self.positions::<G>(&mut rng) {
            let Some((verdict, text)) = proof_text(&position, false) else {
                continue;
            };
            let checked = verify_text(&text)
                .unwrap_or_else(|e| panic!("{}: {}: {e}", G::NAME, position.to_fen()));
            // The proof's longest line is at most the solver's figure: the
            // proof keeps, of the proved moves, those of shortest lines.
            let agrees = match (verdict, checked.value) {
                (Verdict::Win(solved), Value::Win(proved))
                | (Verdict::Loss(solved), Value::Loss(proved)) => proved <= solved,
                (verdict, value) => verdict == Verdict::Draw && value == Value::Draw,
            };
            assert!(
                agrees,
                "{}: {}: {verdict:?} {:?}",
                G::NAME,
                position.to_fen(),
                checked.value
            );
            assert_eq!(checked.position, position.to_fen());
            verified += 1;
        }
        verified
    }
}

#[test]
fn proofs_of_small_positions_in_every_game_are_sound() {
    at_least_in_every_game(ProveAndVerify, 3, "proofs verified");
}

#[test]
fn draws_are_proved_by_two_strategies_that_hold() {
    use ludus_rules::games::alak::Alak;
    let start = Alak::startpos();
    let (verdict, text) = proof_text(&start, false).expect("Alak's start is solved");
    assert_eq!(verdict, Verdict::Draw);
    assert_eq!(text.matches("strategy hold").count(), 2, "{}", &text[..200]);
    assert_eq!(verify_text(&text).unwrap().value, Value::Draw);
    // Random graph games: draws by repetition and by two passes.
    let mut rng = Rng(0x7A11);
    let mut draws = 0;
    for _ in 0..200 {
        let nodes = 6 + rng.below(30);
        GraphGame::set_graph(Graph::random(&mut rng, nodes));
        let root = GraphGame::at(0, Player::First);
        if root.result() != GameResult::Ongoing {
            continue;
        }
        if let Some((verdict, text)) = proof_text(&root, false) {
            let checked = verify_text_graph(&text);
            assert!(checked.is_ok(), "{}: {checked:?}\n{text}", root.to_fen());
            draws += usize::from(verdict == Verdict::Draw);
        }
    }
    assert!(draws >= 20, "{draws} draws proved");
}

/// The graph game is not in the registry: its proofs are checked by the
/// generic checker directly.
fn verify_text_graph(text: &str) -> Result<Value, String> {
    let parsed = ludus_rules::proof::parse(text)?;
    ludus_rules::proof::verify::verify::<GraphGame>(&parsed).map(|v| v.value)
}

/// Replaces line `index` (from 0) of `text`.
fn with_line(text: &str, index: usize, line: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    lines[index] = line;
    lines.join("\n") + "\n"
}

#[test]
fn tampered_proofs_are_refused_with_the_first_bad_node() {
    use ludus_rules::games::wyke::Wyke4;
    // A 6-6 endgame the Destroyer wins in 7 plies (README's example).
    let position = Wyke4::from_fen("8800/0088/8800/4555 d 3-1 4").unwrap();
    let (_, text) = proof_text(&position, false).unwrap();
    assert!(verify_text(&text).is_ok());
    let lines: Vec<&str> = text.lines().collect();
    let winner_line = lines
        .iter()
        .position(|l| l.starts_with("node ") && l.contains(" ; "))
        .unwrap();
    let loser_line = lines
        .iter()
        .position(|l| l.starts_with("node ") && !l.contains(" ; "))
        .unwrap();

    // The winner's move changed to another legal move that does not win.
    let node = lines[winner_line];
    let (fen, mv) = node["node ".len()..].split_once(" ; ").unwrap();
    let at = Wyke4::from_fen(fen).unwrap();
    let mut moves = Vec::new();
    at.generate_moves(&mut moves);
    let other = moves
        .iter()
        .map(|&m| at.format_move(m))
        .find(|m| m != mv)
        .unwrap();
    let error = verify_text(&with_line(
        &text,
        winner_line,
        &format!("node {fen} ; {other}"),
    ))
    .unwrap_err();
    assert!(
        error.contains(&format!("line {}: node {fen}", winner_line + 1)),
        "{error}"
    );

    // A loser's node left out: some move leads nowhere.
    let mut without: Vec<&str> = lines.clone();
    without.remove(loser_line);
    let error = verify_text(&(without.join("\n") + "\n")).unwrap_err();
    assert!(
        error.contains("which is no node of this strategy"),
        "{error}"
    );
    assert!(error.starts_with("line "), "{error}");

    // A tile changed: the node is another position, or not one at all.
    let tampered = lines[winner_line].replacen("8", "7", 1);
    assert!(verify_text(&with_line(&text, winner_line, &tampered)).is_err());

    // The length claimed is not the strategy's.
    assert_eq!(lines[3], "result win 7");
    let claim = lines
        .iter()
        .position(|l| l.starts_with("strategy win"))
        .unwrap();
    let error = verify_text(&with_line(&text, claim, "strategy win p2 5")).unwrap_err();
    assert!(error.contains("result win 7 needs"), "{error}");
    let error = verify_text(&with_line(
        &with_line(&text, claim, "strategy win p2 5"),
        3,
        "result win 5",
    ))
    .unwrap_err();
    assert!(error.contains("longest line takes 7 plies"), "{error}");

    // The wrong side's strategy, or no proof at all.
    let error = verify_text(&with_line(&text, 3, "result loss 7")).unwrap_err();
    assert!(error.contains("needs 'strategy win p1 7'"), "{error}");
    assert!(verify_text("hello\n")
        .unwrap_err()
        .contains("not a ludus proof"));
}

#[test]
fn a_hold_that_leaves_a_loss_open_is_refused() {
    use ludus_rules::games::alak::Alak;
    let (_, text) = proof_text(&Alak::startpos(), false).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // Drop one node of the first hold strategy: a line of play leaves it.
    let node = lines.iter().rposition(|l| l.starts_with("node ")).unwrap();
    let mut without = lines.clone();
    without.remove(node);
    let error = verify_text(&(without.join("\n") + "\n")).unwrap_err();
    assert!(error.starts_with("line "), "{error}");
}
