//! Practical play from a known draw: at a root a solved table calls drawn,
//! the search keeps to the moves that keep the draw, leaves out those that
//! repeat a position of the game while another one keeps it, and chooses
//! among them by searching on past the table's draws with the evaluation,
//! adding at each of the opponent's turns its chances to go wrong there (a
//! table that flattens every line to 0 cannot tell a drawing move that sets
//! the opponent problems from one that sets none, and neither can a search
//! against a correct opponent, who can always steer into a repetition).
//!
//! Won and lost roots need none of this: the table's scores already make
//! the search play the fastest win and the slowest loss.

use ludus_rules::{GameResult, KnownValue, Searchable};

use super::params::CHANCES_WEIGHT;
use super::request::SearchRequest;
use super::score::{known_score, settled_score};

/// How the search treats a root whose value a table knows to be a draw.
#[derive(Clone, Debug)]
pub(super) struct DrawPlan<M> {
    /// The root moves to search: those that keep the draw, without the ones
    /// that repeat a position unless every one of them does.
    pub moves: Vec<M>,
    /// The root's known score, which the search reports.
    pub score: i32,
}

/// The plan for `request`'s root if a table knows it is drawn and some of
/// the moves the request allows keep the draw; `None` otherwise (the
/// search then runs as usual).
pub(super) fn plan_draw<G: Searchable>(request: &SearchRequest<G>) -> Option<DrawPlan<G::Move>> {
    let root = request.root;
    let settings = request.settings;
    if root.result() != GameResult::Ongoing {
        return None;
    }
    let value = root.known_value(settings)?;
    if value != KnownValue::Draw {
        return None;
    }
    let score = known_score(value, 0);
    let mut moves = Vec::new();
    root.generate_moves(&mut moves);
    if !request.search_moves.is_empty() {
        moves.retain(|mv| request.search_moves.contains(mv));
    }
    let keeping: Vec<(G::Move, G)> = moves
        .into_iter()
        .filter_map(|mv| {
            let mut child = root.clone();
            child.make_move(mv);
            let keeps = settled_score(&child, settings, 1).map(|s| -s) == Some(score);
            keeps.then_some((mv, child))
        })
        .collect();
    if keeping.is_empty() {
        return None;
    }
    let fresh: Vec<G::Move> = keeping
        .iter()
        .filter(|(mv, child)| !repeats(request, *mv, child))
        .map(|(mv, _)| *mv)
        .collect();
    let moves = match fresh.is_empty() {
        true => keeping.into_iter().map(|(mv, _)| mv).collect(),
        false => fresh,
    };
    Some(DrawPlan { moves, score })
}

/// Whether root move `mv` (into `child`) returns to a position the game
/// has already been in (since its last irreversible move): the first step
/// towards a draw by repetition, which a side that wants more than a draw
/// does not take while it has another drawing move.
fn repeats<G: Searchable>(request: &SearchRequest<G>, mv: G::Move, child: &G) -> bool {
    let hash = child.hash();
    !request.root.is_irreversible(mv)
        && (hash == request.root.hash() || request.history.contains(&hash))
}

/// The opponent's chances to go wrong in `position` (drawn, the opponent
/// to move), in centipawns: [`CHANCES_WEIGHT`] times the share of its
/// moves after which the rules or a table say it has lost. `moves` is
/// room to list them in.
pub(super) fn chances_to_go_wrong<G: Searchable>(
    position: &G,
    settings: &G::Settings,
    moves: &mut Vec<G::Move>,
) -> i32 {
    moves.clear();
    position.generate_moves(moves);
    if moves.is_empty() {
        return 0;
    }
    let wrong = moves
        .iter()
        .filter(|&&mv| {
            let mut child = position.clone();
            child.make_move(mv);
            settled_score(&child, settings, 0).is_some_and(|score| score > 0)
        })
        .count();
    CHANCES_WEIGHT.get() * wrong as i32 / moves.len() as i32
}
