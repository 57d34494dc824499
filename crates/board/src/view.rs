//! The board's state as the page reads it (JSON).

use ludus_rules::games::GAME_NAMES;
use ludus_rules::{GameResult, Player, Status};
use serde_json::{json, Value};

use crate::app::App;
use crate::engine::Purpose;
use crate::games::Follow;
use crate::info::Score;
use crate::pair::pair_rules;
use crate::table::Table;

fn player_word(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn status_json(status: &Status) -> Value {
    let result = match status.result {
        GameResult::Ongoing => "ongoing",
        GameResult::Win(player) => player_word(player),
        GameResult::Draw => "draw",
    };
    json!({ "result": result, "reason": status.reason })
}

fn score_json(score: Score) -> Value {
    match score {
        Score::Cp(cp) => json!({ "cp": cp, "text": score.text() }),
        Score::Mate(moves) => json!({ "mate": moves, "text": score.text() }),
    }
}

/// Everything the page draws, as JSON.
pub fn state_json(app: &App) -> Value {
    let table = &app.table;
    let moves = table.moves();
    let view = app.view;
    let (strength_kind, strength_value) = app.strength.parts();
    let search = app.search.map(|(purpose, ply)| {
        let lines: Vec<Value> = app
            .lines
            .iter()
            .map(|line| {
                json!({
                    "rank": line.multipv,
                    "depth": line.depth,
                    "score": score_json(line.score),
                    "nodes": line.nodes,
                    "pv": line.pv,
                })
            })
            .collect();
        json!({
            "purpose": match purpose { Purpose::Move => "move", Purpose::Analyse => "analyse" },
            "ply": ply,
            "side": player_word(table.side(ply)),
            "running": app.job.is_some(),
            "lines": lines,
        })
    });
    let movers: Vec<&str> = (0..moves.len())
        .map(|ply| player_word(table.side(ply)))
        .collect();
    let evals: Vec<Value> = app
        .evals
        .iter()
        .map(|e| e.map_or(Value::Null, score_json))
        .collect();
    json!({
        "version": app.version,
        "games": GAME_NAMES,
        "game": table.game(),
        "start": table.start_fen(),
        "standard": table.standard_start(),
        "seed": app.seed,
        "moves": moves,
        "movers": movers,
        "view": view,
        "fen": table.fen(view),
        "prevFen": view.checked_sub(1).map(|p| table.fen(p)),
        "lastMove": view.checked_sub(1).map(|p| moves[p].clone()),
        "side": player_word(table.side(view)),
        "status": status_json(&table.status(view)),
        "final": status_json(&table.status(moves.len())),
        "plays": app.plays.word(),
        "strength": { "kind": strength_kind, "value": strength_value },
        "multipv": app.multipv,
        "analysing": app.analysing,
        "engine": { "name": app.engine_name, "error": app.engine_error },
        "search": search,
        "evals": evals,
        "pairScoring": pair_scoring_json(table.game()),
        "pairOption": app.engine_plays_for_pair,
        "pair": pair_json(app),
    })
}

/// How the rules of the game called `game` score pairs, if they do: the
/// pair's name, what is counted, the engine option pair mode sets.
fn pair_scoring_json(game: &str) -> Value {
    pair_rules(game).map_or(Value::Null, |rules| {
        json!({
            "name": rules.labels.name,
            "counted": rules.labels.counted,
            "option": rules.option.map(|(name, value)| format!("{name}={value}")),
        })
    })
}

/// The pair on the board, in player order (player 0 moved first in the
/// first game): who each player is, each game's result and counts, the
/// totals so far and, once both games are over, the pair's winner (0 or
/// 1; none for a drawn pair).
fn pair_json(app: &App) -> Value {
    let Some(pair) = &app.pair else {
        return Value::Null;
    };
    let standing = pair.standing(&*app.table);
    let first_plays = pair.first_plays(app.plays);
    let who = [Player::First, Player::Second].map(|side| {
        if first_plays.covers(side) {
            "engine"
        } else {
            "person"
        }
    });
    let tables: [Option<&dyn Table>; 2] = match &pair.first {
        Some(first) => [Some(&*first.table), Some(&*app.table)],
        None => [Some(&*app.table), None],
    };
    let games: Vec<Value> = tables
        .iter()
        .zip(standing.counts)
        .map(|(table, counts)| {
            table.map_or(Value::Null, |table| {
                json!({
                    "final": status_json(&table.status(table.moves().len())),
                    "counts": counts,
                })
            })
        })
        .collect();
    let winner = match standing.outcome {
        Some(std::cmp::Ordering::Greater) => json!(0),
        Some(std::cmp::Ordering::Less) => json!(1),
        _ => Value::Null,
    };
    json!({
        "name": pair.rules.labels.name,
        "counted": pair.rules.labels.counted,
        "game": standing.game,
        "who": who,
        "games": games,
        "totals": standing.totals,
        "done": standing.outcome.is_some(),
        "winner": winner,
    })
}

/// What a selection leads to, as JSON.
pub fn follow_json(follow: &Follow) -> Value {
    json!({ "next": follow.next, "complete": follow.complete })
}
