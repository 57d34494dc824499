//! What `ludus solve GAME --from FEN` prints: the value and its length, a
//! move that keeps it, or, while the value is open, the proof and disproof
//! numbers of both questions and the most-proving position; then the work.

use std::fmt::Write as _;

use ludus_rules::{Game, GameResult, Player, Searchable};

use super::children::MoveSource;
use super::dfpn::{Dfpn, Limit, Numbers};
use super::table::{ENTRY_BYTES, INF};
use super::{Question, Solver, Verdict};

/// The deepest most-proving line reported.
const MOST_PROVING_PLIES: usize = 200;

/// Nodes spent to confirm a drawing move's disproof on its line.
const DRAW_MOVE_NODES: u64 = 100_000;

/// The report of a solve, after [`Solver::solve`].
pub fn report<G: Searchable>(solver: &mut Solver<G>) -> String {
    let mut text = String::new();
    let root = solver.root().clone();
    let _ = writeln!(text, "position: {}", root.to_fen());
    match solver.verdict() {
        Verdict::Win(plies) => {
            let _ = writeln!(text, "value: win in at most {}", plies_text(plies));
        }
        Verdict::Loss(plies) => {
            let _ = writeln!(text, "value: loss in at most {}", plies_text(plies));
        }
        Verdict::Draw => {
            let _ = writeln!(text, "value: draw");
        }
        Verdict::Unknown => {
            let _ = writeln!(text, "value: unknown");
            for question in [Question::MoverWins, Question::OpponentWins] {
                let numbers = solver.root_numbers(question);
                let _ = writeln!(
                    text,
                    "  {} wins? proof number {}, disproof number {}",
                    player_name(solver.attacker(question)),
                    number_text(numbers.pn),
                    number_text(numbers.dn)
                );
            }
            let question = match solver.root_numbers(Question::MoverWins).is_final() {
                true => Question::OpponentWins,
                false => Question::MoverWins,
            };
            let (line, position) = most_proving(solver.search(question), &root);
            let _ = writeln!(
                text,
                "most-proving position: {}{}",
                position.to_fen(),
                match line.is_empty() {
                    true => " (the position itself)".to_string(),
                    false => format!(" (after {})", line.join(" ")),
                }
            );
        }
    }
    if let Some(mv) = best_move(solver) {
        let _ = writeln!(text, "move: {}", root.format_move(mv));
    }
    let seconds = solver.elapsed().as_secs_f64();
    let nodes = solver.nodes();
    let entries = solver.table_entries();
    let _ = writeln!(
        text,
        "searched: {nodes} nodes in {seconds:.2} s ({} nodes/s), {entries} positions in the tables (about {} MiB)",
        (nodes as f64 / seconds.max(1e-6)) as u64,
        (entries * ENTRY_BYTES).div_ceil(1 << 20)
    );
    text
}

fn plies_text(plies: u32) -> String {
    match plies {
        1 => "1 ply".to_string(),
        n => format!("{n} plies"),
    }
}

fn number_text(number: u32) -> String {
    match number >= INF {
        true => "infinite".to_string(),
        false => number.to_string(),
    }
}

/// The player as the protocol's UGI names it.
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "p1",
        Player::Second => "p2",
    }
}

/// Every move of `position` with the position it leads to, in the
/// game's generation order.
pub fn children_of<G: Game>(position: &G) -> Vec<(G::Move, G)> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.make_move(mv);
            (mv, child)
        })
        .collect()
}

/// A move that keeps the value: the proof's (fastest) win; the loss that
/// takes longest; a move the opponent's search shows it cannot win after.
pub fn best_move<G: Searchable>(solver: &mut Solver<G>) -> Option<G::Move> {
    let root = solver.root().clone();
    let keyed = |search: &mut Dfpn<G>, child: &G| search.leaf(child);
    match solver.verdict() {
        Verdict::Win(_) => {
            let search = solver.search(Question::MoverWins);
            children_of(&root)
                .into_iter()
                .filter_map(|(mv, child)| match child.result() {
                    GameResult::Win(_) => Some((0, mv)),
                    GameResult::Ongoing => {
                        let n = keyed(search, &child);
                        (n.pn == 0).then_some((n.plies, mv))
                    }
                    GameResult::Draw => None,
                })
                .min_by_key(|&(plies, _)| plies)
                .map(|(_, mv)| mv)
        }
        Verdict::Loss(_) => {
            let search = solver.search(Question::OpponentWins);
            children_of(&root)
                .into_iter()
                .map(|(mv, child)| match child.result() {
                    GameResult::Ongoing => (keyed(search, &child).plies, mv),
                    _ => (0, mv),
                })
                .max_by_key(|&(plies, _)| plies)
                .map(|(_, mv)| mv)
        }
        Verdict::Draw => {
            let search = solver.search(Question::OpponentWins);
            let line = [ludus_rules::symmetry::canonical_hash(&root)];
            let mut candidates: Vec<(u32, G::Move, G)> = children_of(&root)
                .into_iter()
                .filter(|(_, child)| !matches!(child.result(), GameResult::Win(_)))
                .map(|(mv, child)| (search.leaf(&child).pn, mv, child))
                .collect();
            candidates.sort_by_key(|&(pn, _, _)| std::cmp::Reverse(pn));
            candidates.into_iter().find_map(|(_, mv, child)| {
                if child.result() == GameResult::Draw {
                    return Some(mv);
                }
                let limit = Limit {
                    nodes: search.nodes + DRAW_MOVE_NODES,
                    deadline: None,
                };
                (search.run(&child, &line, limit).dn == 0).then_some(mv)
            })
        }
        Verdict::Unknown => None,
    }
}

/// The most-proving position of `search` below `root` (the one whose
/// proof or disproof would most change the root's numbers: at the
/// attacker's turns the child of smallest proof number, at the defender's
/// that of smallest disproof number, down to a position not searched
/// yet), and the moves that lead there.
fn most_proving<G: Searchable>(search: &Dfpn<G>, root: &G) -> (Vec<String>, G) {
    let mut position = root.clone();
    let mut line = Vec::new();
    let mut seen = vec![ludus_rules::symmetry::canonical_hash(root)];
    let history = vec![0; G::MOVE_INDEX_COUNT];
    while line.len() < MOST_PROVING_PLIES {
        let or_node = position.side_to_move() == search.attacker;
        let mut source = MoveSource::default();
        let mut best: Option<(u32, G::Move, G, Numbers)> = None;
        while !source.is_exhausted() {
            let moves: Vec<G::Move> = source.next(&position, &history).to_vec();
            for mv in moves {
                let mut child = position.clone();
                child.make_move(mv);
                let numbers = search.leaf(&child);
                let number = match or_node {
                    true => numbers.pn,
                    false => numbers.dn,
                };
                if best.as_ref().is_none_or(|b| number < b.0) {
                    best = Some((number, mv, child, numbers));
                }
            }
            // A fresh leaf is as small as numbers go: the first will do.
            if best.as_ref().is_some_and(|b| b.3 == unsearched()) {
                break;
            }
        }
        let Some((_, mv, child, numbers)) = best else {
            break;
        };
        line.push(position.format_move(mv));
        let key = ludus_rules::symmetry::canonical_hash(&child);
        position = child;
        if numbers.is_final() || numbers == unsearched() || seen.contains(&key) {
            break;
        }
        seen.push(key);
    }
    (line, position)
}

/// The numbers of a position no search has reached.
fn unsearched() -> Numbers {
    Numbers {
        pn: 1,
        dn: 1,
        plies: 0,
        dependence: super::dependence::Dependence::NONE,
    }
}
