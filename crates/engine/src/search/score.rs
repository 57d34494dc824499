//! The search's scores: the mate range, scores without search (of a
//! finished game, of a position a solved table knows, and the line a table
//! plays from a known position), and how mate scores are counted in the
//! transposition table.

use ludus_rules::protocol::Score;
use ludus_rules::{GameResult, KnownValue, Searchable};

use super::params::KNOWN_LINE_PLIES;

/// The score of a win at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Scores at least this large (in magnitude) are forced results: wins up to
/// 1000 plies away, enough for solved tables as well as the search's own.
pub const MATE_BOUND: i32 = MATE - 1000;
/// Larger than any score.
pub const INFINITY: i32 = MATE + 1;

/// A search score as the protocol reports it: a result `p` plies away is
/// `(p + 1) / 2` of the mover's moves away, whoever wins, as UCI counts
/// them (a win on our next move is mate 1, being beaten on the opponent's
/// next move is mate -1, and so is a forced move of ours that loses at
/// once). Never mate 0: a root with a move has a move to go.
pub fn protocol_score(score: i32) -> Score {
    if score >= MATE_BOUND {
        Score::Mate((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Score::Mate(-((MATE + score + 1) / 2))
    } else {
        Score::Cp(score)
    }
}

/// The score of winning at `ply`.
pub(super) fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

/// The score of losing at `ply`.
pub(super) fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// Mate scores in the table count from the stored node, not the root.
pub(super) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A mate score read from the table, counted from the root again.
pub(super) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The search score of a known value at `ply`.
pub(super) fn known_score(value: KnownValue, ply: usize) -> i32 {
    match value {
        KnownValue::Win(plies) => mate_in(ply + plies as usize),
        KnownValue::Loss(plies) => mated_in(ply + plies as usize),
        KnownValue::Draw => 0,
    }
}

/// The score of `position` at `ply` if the rules or a solved table settle
/// it, whatever the history. A finished game scores as the game's settings
/// say ([`Searchable::final_score`]), else as a forced result or a draw.
pub(super) fn settled_score<G: Searchable>(
    position: &G,
    settings: &G::Settings,
    ply: usize,
) -> Option<i32> {
    match position.result() {
        GameResult::Ongoing => position
            .known_value(settings)
            .map(|value| known_score(value, ply)),
        _ => Some(finished_score(position, settings, ply, 0)),
    }
}

/// Whether the rules or a solved table decide the position after each of
/// `moves` from `root` (a table's draw only outside a `practical` search,
/// which searches on past them): a search of any depth then gives every
/// root move its exact score.
pub(super) fn settles_every_move<G: Searchable>(
    root: &G,
    settings: &G::Settings,
    moves: &[G::Move],
    practical: bool,
) -> bool {
    moves.iter().all(|&mv| {
        let mut child = root.clone();
        child.make_move(mv);
        match child.result() {
            GameResult::Ongoing => match child.known_value(settings) {
                Some(KnownValue::Draw) => !practical,
                value => value.is_some(),
            },
            _ => true,
        }
    })
}

/// The score of `position`, finished by the rules, at `ply`: the game's own
/// [`Searchable::final_score`] if it has one, else a forced result, or
/// `draw` for a draw.
pub(super) fn finished_score<G: Searchable>(
    position: &G,
    settings: &G::Settings,
    ply: usize,
    draw: i32,
) -> i32 {
    if let Some(score) = position.final_score(settings) {
        return score;
    }
    match position.result() {
        GameResult::Win(winner) if winner == position.side_to_move() => mate_in(ply),
        GameResult::Win(_) => mated_in(ply),
        GameResult::Draw | GameResult::Ongoing => draw,
    }
}

/// Appends to `line` the best play a solved table knows from `position`
/// (reached by `line`): the fastest win, the slowest loss or a drawing move
/// at each ply, until the game ends, a position of the line recurs, or the
/// table knows no more.
pub(super) fn extend_with_known_line<G: Searchable>(
    position: &G,
    settings: &G::Settings,
    line: &mut Vec<G::Move>,
) {
    let mut position = position.clone();
    let mut seen = vec![position.hash()];
    let mut moves = Vec::new();
    while line.len() < KNOWN_LINE_PLIES
        && position.result() == GameResult::Ongoing
        && position.known_value(settings).is_some()
    {
        moves.clear();
        position.generate_moves(&mut moves);
        let best = moves
            .iter()
            .filter_map(|&mv| {
                let mut child = position.clone();
                child.make_move(mv);
                settled_score(&child, settings, 1).map(|score| (-score, mv))
            })
            .max_by_key(|&(score, _)| score);
        let Some((_, mv)) = best else { break };
        position.make_move(mv);
        line.push(mv);
        if seen.contains(&position.hash()) {
            break;
        }
        seen.push(position.hash());
    }
}

/// `score` with `bonus` added, unless it is a forced result, which no bonus
/// makes better or worse (nor turns an evaluation into one).
pub(super) fn with_bonus(score: i32, bonus: i32) -> i32 {
    if bonus == 0 || score.abs() >= MATE_BOUND {
        return score;
    }
    (score + bonus).clamp(1 - MATE_BOUND, MATE_BOUND - 1)
}
