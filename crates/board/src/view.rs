//! The board's state as the page reads it (JSON).

use ludus_rules::games::GAME_NAMES;
use ludus_rules::{GameResult, Player, Status};
use serde_json::{json, Value};

use crate::action::{level_elo, Plays, LEVELS};
use crate::app::App;
use crate::lessons::{follow_json, look_json, selection};
use crate::pair::pair_rules;
use crate::panels::{clock_json, player_word, review_json};
use crate::record::Record;
use crate::search::Purpose;
use crate::table::{has_random_start, Table};
use ludus_rules::protocol::Score;

/// A game's standing as JSON: its result word and the reason.
pub fn status_json(status: &Status) -> Value {
    let result = match status.result {
        GameResult::Ongoing => "ongoing",
        GameResult::Win(player) => player_word(player),
        GameResult::Draw => "draw",
    };
    json!({ "result": result, "reason": status.reason })
}

/// A score as JSON: centipawns or a mate, and its text.
pub fn score_json(score: Score) -> Value {
    match score {
        Score::Cp(cp) => json!({ "cp": cp, "text": score.text() }),
        Score::Mate(moves) => json!({ "mate": moves, "text": score.text() }),
    }
}

/// What happens next in the position shown, for the page's turn line:
/// `over` (the game ended here), `retry` (a reviewed move is tried again
/// here), `thinking` (the engine searches its move), `stuck` (the engine
/// is to move but failed), `you` (a person's move against the engine),
/// `people` (two people play), `review` (an earlier position: a move here
/// replaces the rest of the game).
fn turn_word(app: &App) -> &'static str {
    let (game, view) = (app.game(), app.game().view());
    let retry = app.review().and_then(|review| review.retry.as_ref());
    if game.status(view).result != GameResult::Ongoing {
        "over"
    } else if retry.is_some_and(|retry| retry.ply == view) {
        "retry"
    } else if game.engine_to_move_at(view) {
        if app.engine().error().is_some() {
            "stuck"
        } else {
            "thinking"
        }
    } else if view < game.table().moves().len() {
        "review"
    } else if game.plays() == Plays::None {
        "people"
    } else {
        "you"
    }
}

/// Everything the page draws, as JSON.
pub fn state_json(app: &App) -> Value {
    let (game, engine) = (app.game(), app.engine());
    let table = game.table();
    let moves = table.moves();
    let view = game.view();
    let (strength_kind, strength_value) = engine.strength().parts();
    let search = engine.search().map(|(purpose, ply)| {
        let lines: Vec<Value> = engine
            .lines()
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
            "purpose": match purpose {
                Purpose::Move => "move",
                Purpose::Analyse => "analyse",
                Purpose::Review => "review",
                Purpose::Retry => "retry",
            },
            "ply": ply,
            "side": player_word(table.side(ply)),
            "running": engine.job().is_some(),
            "lines": lines,
            // "win", "loss" or "draw" for the side to move, where proven.
            "proven": engine.proven().map(|p| p.word()),
        })
    });
    let movers: Vec<&str> = (0..moves.len())
        .map(|ply| player_word(table.side(ply)))
        .collect();
    let evals: Vec<Value> = game
        .evals()
        .iter()
        .map(|e| e.map_or(Value::Null, score_json))
        .collect();
    json!({
        "version": app.version(),
        "games": GAME_NAMES,
        "catalog": catalog(),
        "game": table.name(),
        "look": look_json(table.look()),
        "start": table.start_fen(),
        "standard": table.standard_start(),
        "seed": game.seed(),
        "moves": moves,
        "movers": movers,
        "view": view,
        "fen": table.fen_at(view),
        "prevFen": view.checked_sub(1).map(|p| table.fen_at(p)),
        "lastMove": view.checked_sub(1).map(|p| moves[p].clone()),
        "side": player_word(table.side(view)),
        "status": status_json(&game.status(view)),
        "turn": turn_word(app),
        "final": status_json(&game.status(moves.len())),
        "randomStart": has_random_start(table.name()),
        "pairs": pair_rules(table.name()).is_some(),
        "clock": clock_json(game),
        "review": review_json(app),
        "plays": game.plays().word(),
        "strength": { "kind": strength_kind, "value": strength_value },
        "levels": (1..=LEVELS).filter_map(|level| level_elo(table.name(), level)).collect::<Vec<i32>>(),
        "multipv": engine.multipv(),
        "analysing": engine.analysing(),
        "engine": { "name": engine.name(), "error": engine.error() },
        "search": search,
        "evals": evals,
        "pairScoring": pair_scoring_json(table.name()),
        "pairOption": engine.plays_for_pair(),
        "pair": pair_json(game),
    })
}

/// What the page offers of every game, in the registry's order: its name,
/// its lesson's title, the ratings of its levels, whether its start is
/// random (a seed) and whether its rules score pairs.
fn catalog() -> Value {
    static CATALOG: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    CATALOG
        .get_or_init(|| {
            let games: Vec<Value> = GAME_NAMES
                .iter()
                .map(|&game| {
                    let levels: Vec<i32> = (1..=LEVELS)
                        .filter_map(|level| level_elo(game, level))
                        .collect();
                    json!({
                        "name": game,
                        "title": ludus_rules::games::lesson_title(game).unwrap_or(game),
                        "levels": levels,
                        "players": crate::games::look(game).map(|look| look.players).ok(),
                        "randomStart": has_random_start(game),
                        "pairs": pair_rules(game).is_some(),
                    })
                })
                .collect();
            Value::Array(games)
        })
        .clone()
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
fn pair_json(game: &Record) -> Value {
    let Some(pair) = game.pair() else {
        return Value::Null;
    };
    let standing = pair.standing(game.table());
    let first_plays = pair.first_plays(game.plays());
    let who = [Player::First, Player::Second].map(|side| {
        if first_plays.covers(side) {
            "engine"
        } else {
            "person"
        }
    });
    let tables: [Option<&dyn Table>; 2] = match &pair.first {
        Some(first) => [Some(&*first.table), Some(game.table())],
        None => [Some(game.table()), None],
    };
    let games: Vec<Value> = tables
        .iter()
        .zip(standing.counts)
        .map(|(table, counts)| {
            table.map_or(Value::Null, |table| {
                json!({
                    "final": status_json(&table.status()),
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

/// The ply of a request (`ply`), the one shown when left out.
fn request_ply(app: &App, args: &Value) -> Result<usize, String> {
    let game = app.game();
    match args.get("ply") {
        None => Ok(game.view()),
        Some(v) => match v.as_u64().and_then(|p| usize::try_from(p).ok()) {
            Some(p) if p <= game.table().moves().len() => Ok(p),
            _ => Err(format!("ply {v} is not in the game")),
        },
    }
}

/// The answer to the page's `follow` request `args` (`selection`: the
/// names clicked so far; `ply`: the position, the one shown when left
/// out): what the clicks lead to, as JSON; the error says what is wrong
/// with the request.
pub fn follow_reply(app: &App, args: &Value) -> Result<Value, String> {
    let selection = selection(args)?;
    let ply = request_ply(app, args)?;
    Ok(follow_json(&app.game().table().follow(ply, &selection)))
}

/// The answer to the page's `explain` request (as `follow`'s): why the
/// rules refuse the clicks, in one line (`reason`, null when some legal
/// move starts with them).
pub fn explain_reply(app: &App, args: &Value) -> Result<Value, String> {
    let selection = selection(args)?;
    let ply = request_ply(app, args)?;
    let reason = app.game().table().refusal(ply, &selection);
    Ok(json!({ "reason": reason }))
}

/// The answer to the query `name` (a request that changes nothing:
/// `follow`, `explain`, `lesson`, `exercise`) with the JSON object
/// `args`; `None` when there is no such query.
pub fn query(app: &App, name: &str, args: &Value) -> Option<Result<Value, String>> {
    Some(match name {
        "follow" => follow_reply(app, args),
        "explain" => explain_reply(app, args),
        "lesson" => match args.get("game").and_then(Value::as_str) {
            Some(game) => crate::lessons::lesson_json(game),
            None => Err("game: missing (the lesson's game)".to_string()),
        },
        "exercise" => crate::lessons::exercise_reply(args),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Event;
    use serde_json::json;

    /// A board without an engine process: the tests play its part.
    fn app(plays: &str) -> App {
        let mut app = App::new();
        app.request("engine", json!({ "plays": plays })).unwrap();
        app
    }

    fn turn(app: &App) -> Value {
        state_json(app)["turn"].clone()
    }

    fn job_id(app: &App) -> u64 {
        app.engine().job().expect("a search is asked for").id
    }

    #[test]
    fn the_turn_says_who_moves_and_whether_the_engine_thinks() {
        let mut app = app("second");
        assert_eq!(turn(&app), "you");
        app.request("move", json!({"move": "4-5"})).unwrap();
        assert_eq!(turn(&app), "thinking");
        let id = job_id(&app);
        app.on_event(Event::Failed(Some(id), "the engine exited".to_string()));
        assert_eq!(turn(&app), "stuck");
        app.request("view", json!({"ply": 0})).unwrap();
        assert_eq!(turn(&app), "review");
        app.request("engine", json!({"plays": "none"})).unwrap();
        app.request("view", json!({"ply": 1})).unwrap();
        assert_eq!(turn(&app), "people");
        // o takes x's last but one piece.
        app.request("position", json!({"game": "alak", "fen": "_ox_o_____x o"}))
            .unwrap();
        app.request("move", json!({"move": "5-4"})).unwrap();
        assert_eq!(turn(&app), "over");
    }

    #[test]
    fn an_analysis_is_shown_only_for_the_position_shown() {
        let mut app = app("none");
        app.request("position", json!({"game": "alak", "fen": "_ox_o_____x o"}))
            .unwrap();
        app.request("move", json!({"move": "5-4"})).unwrap();
        let finished = crate::pgn::export(app.game(), "");
        app.request("new", json!({"game": "alak"})).unwrap();
        for played in ["4-5", "8-7"] {
            app.request("move", json!({ "move": played })).unwrap();
        }
        app.request("analyse", json!({"on": true})).unwrap();
        let line = "info depth 4 score cp 30 pv 3-4 9-8".to_string();
        app.on_event(Event::Info(job_id(&app), line.clone()));
        let search = &state_json(&app)["search"];
        assert_eq!(
            (&search["ply"], &search["purpose"]),
            (&json!(2), &json!("analyse"))
        );
        assert_eq!(search["lines"][0]["pv"], json!(["3-4", "9-8"]));
        assert_eq!(search["proven"], Value::Null, "nothing proven yet");
        let proven = "info string proven draw (table)".to_string();
        app.on_event(Event::Info(job_id(&app), proven));
        assert_eq!(state_json(&app)["search"]["proven"], "draw");
        // Another position shown: a new analysis, nothing from the old one.
        app.request("view", json!({"ply": 1})).unwrap();
        let search = &state_json(&app)["search"];
        assert_eq!(search["ply"], 1);
        assert_eq!(search["lines"], json!([]));
        assert_eq!(
            search["proven"],
            Value::Null,
            "the old root's value is gone"
        );
        app.on_event(Event::Info(job_id(&app), line));
        app.request("analyse", json!({"on": false})).unwrap();
        assert_eq!(state_json(&app)["search"], Value::Null, "analysis off");
        app.request("analyse", json!({"on": true})).unwrap();
        let imported = json!({ "pgn": finished });
        app.request("import", imported).unwrap();
        let state = state_json(&app);
        assert_eq!(state["view"], 1, "the imported game's end");
        assert_eq!(state["search"], Value::Null, "nothing to analyse there");
        assert_eq!(state["turn"], "over");
    }
}
