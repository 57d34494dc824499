//! The engine's search run in process on a position, as `ludus.search`
//! asks for it: the same search the daemon runs, with the game's options at
//! their protocol defaults unless set.

use ludus_engine::protocol::networks::EvalChoice;
use ludus_engine::protocol::options::game_settings;
use ludus_engine::search::{
    self, protocol_score, Limits, SearchInfo, SearchRequest, Signals, TranspositionTable,
    DEFAULT_CONTEMPT,
};
use ludus_rules::protocol::ScoredLine;
use ludus_rules::{GameLog, GameResult, Searchable};

use crate::results::{Line, Score, SearchResult};

/// What to search for and how.
#[derive(Clone, Debug, Default)]
pub struct SearchSpec {
    /// The limits: at least one of depth, nodes and movetime.
    pub limits: Limits,
    /// Search threads (at least 1).
    pub threads: usize,
    /// Principal variations to report (at least 1).
    pub multipv: usize,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// The game's options, `NAME=VALUE`.
    pub options: Vec<String>,
    /// Restricts the root to these moves (any accepted notation).
    pub search_moves: Vec<String>,
}

/// Searches the current position of `log` (its history seen for
/// repetitions) as `spec` says.
pub fn search_position<G: Searchable>(
    log: &GameLog<G>,
    spec: &SearchSpec,
) -> Result<SearchResult, String> {
    let status = log.status();
    if status.result != GameResult::Ongoing {
        return Err(format!("the game is over ({})", status.reason));
    }
    let limits = &spec.limits;
    if limits.depth.is_none() && limits.nodes.is_none() && limits.movetime.is_none() {
        return Err("give a limit: depth, nodes or movetime".to_string());
    }
    if limits.depth == Some(0) || limits.nodes == Some(0) {
        return Err("depth and nodes must be at least 1".to_string());
    }
    let root = log.position();
    let search_moves = spec
        .search_moves
        .iter()
        .map(|text| root.parse_move(text.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = game_settings::<G>(&spec.options)?;
    G::prepare(&settings);
    let tt = TranspositionTable::new(spec.hash_mib.max(1))?;
    // The daemon's default evaluation: the game's built-in network where
    // it ships one.
    let network = EvalChoice::default().network::<G>()?;
    let request = SearchRequest {
        multipv: spec.multipv.max(1),
        search_moves: &search_moves,
        ..SearchRequest::new(root, &settings, limits)
            .with_history(log.history())
            .with_threads(spec.threads.max(1), false)
            .with_contempt(DEFAULT_CONTEMPT)
            .with_net(network.as_ref())
    };
    let mut lines: Vec<Line> = Vec::new();
    let mut keep = |info: &SearchInfo<G::Move>| {
        // Bounds are passing states of an aspiration window.
        if info.bound.is_some() {
            return;
        }
        let line = Line(ScoredLine {
            multipv: info.multipv as u32,
            depth: info.depth,
            seldepth: Some(info.seldepth),
            score: protocol_score(info.score),
            nodes: Some(info.nodes),
            pv: written(root, &info.pv),
        });
        match lines
            .iter_mut()
            .find(|l| l.0.multipv as usize == info.multipv)
        {
            Some(old) => *old = line,
            None => lines.push(line),
        }
    };
    let outcome = search::search(&request, &tt, &Signals::new(false), &mut keep);
    lines.sort_by_key(|l| l.0.multipv);
    let best_move = outcome
        .best_move
        .ok_or_else(|| "the position has no legal move".to_string())?;
    let best = root.format_move(best_move);
    let ponder = outcome.ponder_move.map(|reply| {
        let mut after = root.clone();
        after.make_move(best_move);
        after.format_move(reply)
    });
    // The best line, unless the search was stopped before one completed.
    let pv = match lines.first() {
        Some(line) if line.0.pv.first() == Some(&best) => line.0.pv.clone(),
        _ => vec![best.clone()],
    };
    Ok(SearchResult {
        best,
        ponder,
        score: Score(protocol_score(outcome.score)),
        depth: outcome.depth,
        nodes: outcome.nodes,
        pv,
        lines,
    })
}

/// The moves of `line`, played from `root`, in canonical notation.
fn written<G: Searchable>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut position = root.clone();
    line.iter()
        .map(|&mv| {
            let text = position.format_move(mv);
            position.make_move(mv);
            text
        })
        .collect()
}
