//! The board's actions and the engine's part in them, tested without an
//! engine process (the tests play its part).

use super::*;
use crate::action::Plays;
use crate::search::Purpose;
use ludus_rules::protocol::Score;
use serde_json::json;

fn app() -> App {
    let mut app = App::new();
    app.request("engine", json!({"plays": "none"})).unwrap();
    app
}

#[test]
fn bad_actions_change_nothing() {
    let mut app = app();
    app.request("move", json!({"move": "4-5"})).unwrap();
    let version = app.version();
    for (name, args) in [
        ("move", json!({"move": "1-1"})),
        ("move", json!({})),
        ("new", json!({"game": "chess"})),
        ("new", json!({"game": "wyx", "seed": -3})),
        ("position", json!({"game": "alak", "fen": "x"})),
        ("view", json!({"ply": 9})),
        ("engine", json!({"plays": "first", "multipv": 4})),
        ("engine", json!({"strength": {"kind": "time", "value": 0}})),
        ("engine", json!({"strength": {"kind": "speed", "value": 5}})),
        ("analyse", json!({"on": "yes"})),
        ("import", json!({"pgn": "1. 9-9 *"})),
        ("dance", json!({})),
    ] {
        assert!(app.request(name, args.clone()).is_err(), "{name} {args}");
    }
    assert!(matches!(
        app.act(Action::Unknown),
        Err(ActionError::Unknown(_))
    ));
    assert_eq!(app.version(), version);
    assert_eq!(app.game().table().moves(), ["4-5"]);
    assert_eq!(app.game().plays(), Plays::None);
    assert_eq!(app.engine().multipv(), 1);
}

#[test]
fn errors_are_of_their_kind() {
    let mut app = app();
    let kind = |result: Result<(), ActionError>| match result {
        Err(ActionError::Unknown(_)) => "unknown",
        Err(ActionError::BadRequest(_)) => "bad",
        Err(ActionError::Refused(_)) => "refused",
        Ok(()) => "ok",
    };
    assert_eq!(kind(app.request("dance", json!({}))), "unknown");
    assert_eq!(kind(app.request("move", json!({"mv": "4-5"}))), "bad");
    assert_eq!(kind(app.request("move", json!({"move": "1-1"}))), "refused");
    let unknown = app.request("new", json!({"game": "chess"})).unwrap_err();
    assert_eq!(
        unknown,
        ActionError::Refused(ludus_rules::games::unknown_game("chess"))
    );
}

#[test]
fn moves_views_and_takebacks() {
    let mut app = app();
    app.request("move", json!({"move": "4-5"})).unwrap();
    app.request("move", json!({"move": "8-7"})).unwrap();
    app.request("view", json!({"ply": 1})).unwrap();
    app.request("move", json!({"move": "9-7"})).unwrap();
    let game = app.game();
    assert_eq!(game.table().moves(), ["4-5", "9-7"]);
    assert_eq!(
        (game.view(), game.evals().len(), game.notes().len()),
        (2, 3, 2)
    );
    app.request("engine", json!({"plays": "first"})).unwrap();
    app.request("takeback", json!({})).unwrap();
    assert_eq!(app.game().table().moves(), ["4-5"], "back to o's turn");
    app.request("engine", json!({"plays": "second"})).unwrap();
    app.request("takeback", json!({})).unwrap();
    assert_eq!(app.game().table().moves(), [] as [&str; 0]);
    assert!(app.request("takeback", json!({})).is_err());
}

#[test]
fn the_engine_is_asked_for_its_moves_and_analysis() {
    let mut app = app();
    assert!(app.engine().job().is_none());
    let depth = json!({"plays": "second", "strength": {"kind": "depth", "value": 3}});
    app.request("engine", depth).unwrap();
    app.request("move", json!({"move": "4-5"})).unwrap();
    let job = app.engine().job().cloned().unwrap();
    assert_eq!(job.purpose, Purpose::Move);
    assert_eq!(job.position, "position startpos moves 4-5");
    assert_eq!(job.go, Go::depth(3));
    assert!(
        app.request("move", json!({"move": "8-7"})).is_err(),
        "engine's turn"
    );
    app.on_event(Event::Info(
        job.id,
        "info depth 2 score cp 50 pv 8-7".to_string(),
    ));
    assert_eq!(app.game().evals()[1], Some(Score::Cp(-50)), "from x's side");
    app.on_event(Event::BestMove(job.id, "8-7".to_string()));
    assert_eq!(app.game().table().moves(), ["4-5", "8-7"]);
    assert_eq!(app.game().notes()[1].score, Some((Score::Cp(50), Some(2))));
    assert!(app.engine().job().is_none());
    app.request("analyse", json!({"on": true})).unwrap();
    app.request("engine", json!({"multipv": 3})).unwrap();
    let job = app.engine().job().cloned().unwrap();
    assert_eq!(
        (job.purpose, job.go, job.multipv),
        (Purpose::Analyse, Go::infinite(), 3)
    );
    app.on_event(Event::BestMove(job.id, "1-2".to_string()));
    assert_eq!(
        app.game().table().moves().len(),
        2,
        "analysis plays nothing"
    );
}

#[test]
fn the_engine_swaps_sides_in_a_pair_and_gets_the_pair_option() {
    let mut app = app();
    let late = crate::record::tests::LATE;
    app.request("position", json!({"game": "wyx", "fen": late}))
        .unwrap();
    app.request("pair", json!({"on": true})).unwrap();
    assert!(
        app.engine().job().is_none(),
        "the engine plays neither side"
    );
    app.request("engine", json!({"plays": "first"})).unwrap();
    let job = app.engine().job().cloned().expect("the engine moves first");
    assert_eq!(job.pair_option, Some(("WyxScoring", "margin")));
    app.request("engine", json!({"pairOption": false})).unwrap();
    let job = app.engine().job().cloned().unwrap();
    assert_eq!(job.pair_option, None, "turned off");
    app.request("engine", json!({"pairOption": true})).unwrap();
    // The engine (first) and a person play the first game out.
    while app.game().pair().map(|pair| pair.game()) == Some(1) {
        let table = app.game().table();
        let mv = table.follow(table.moves().len(), &[]).next[0].clone();
        match app.engine().job().cloned() {
            Some(job) => {
                assert_eq!(job.pair_option, Some(("WyxScoring", "margin")));
                app.on_event(Event::BestMove(job.id, mv));
            }
            None => app.request("move", json!({ "move": mv })).unwrap(),
        }
    }
    // In the second, the engine plays second.
    assert_eq!(app.game().plays(), Plays::Second);
    assert!(app.game().table().moves().is_empty() && app.engine().job().is_none());
    // A new pair puts it back on its first game's side.
    app.request("new", json!({"game": "wyx", "seed": 3}))
        .unwrap();
    assert_eq!(app.game().plays(), Plays::First);
    app.request("new", json!({"game": "alak"})).unwrap();
    assert!(app.game().pair().is_none());
    assert!(app
        .engine()
        .job()
        .is_some_and(|job| job.pair_option.is_none()));
}

/// The engine's part: answers the search asked for with `best` after the
/// info line `info`.
fn answer(app: &mut App, info: &str, best: &str) -> Job {
    let job = app.engine().job().cloned().expect("a search is asked for");
    app.on_event(Event::Info(job.id, info.to_string()));
    app.on_event(Event::BestMove(job.id, best.to_string()));
    job
}

#[test]
fn a_game_on_a_clock_tells_the_engine_the_clocks_and_is_lost_on_time() {
    let mut app = app();
    app.request("engine", json!({"plays": "second"})).unwrap();
    let clock = json!({"game": "alak", "clock": {"base": 60000, "increment": 1000}});
    app.request("new", clock).unwrap();
    app.request("move", json!({"move": "4-5"})).unwrap();
    let job = answer(&mut app, "info depth 3 score cp 10 pv 8-7", "8-7");
    assert_eq!(
        job.go,
        clocks([61_000, 60_000], 1000),
        "the first player's clock gained its increment; the second's had not run"
    );
    assert!(job.elo.is_some(), "at its level");
    assert!(app.game().notes()[1].clock.is_some());
    assert!(app.request("takeback", json!({})).is_err(), "no takebacks");
    assert!(app.request("view", json!({"ply": 0})).is_ok());
    assert!(
        app.request("move", json!({"move": "3-5"})).is_err(),
        "at the end only"
    );
    app.request("view", json!({"ply": 2})).unwrap();
    // An hour later x's clock has run out: x loses.
    let later = Instant::now() + std::time::Duration::from_secs(3600);
    assert!(app.tick_at(later));
    let status = app.game().status(2);
    assert_eq!(status.result, GameResult::Win(ludus_rules::Player::Second));
    assert_eq!(status.reason, "x's time ran out");
    assert!(app.engine().job().is_none());
    let refused = app.request("move", json!({"move": "3-4"})).unwrap_err();
    assert!(refused.to_string().contains("time ran out"), "{refused}");
    pgn_holds(
        &app,
        &[
            "[TimeControl \"60+1\"]",
            "[Termination \"time forfeit\"]",
            "[White \"person\"]",
            "1. 4-5 {[%clk 0:01:01]}",
            "{x's time ran out} 0-1",
        ],
    );
}

/// Checks that the game's PGN holds each of `words`.
fn pgn_holds(app: &App, words: &[&str]) {
    let pgn = app.pgn();
    for words in words {
        assert!(pgn.contains(words), "{words} in {pgn}");
    }
}

#[test]
fn the_players_of_the_pgn_are_who_made_the_moves() {
    let mut app = app();
    app.request("engine", json!({"plays": "second"})).unwrap();
    app.request("move", json!({"move": "4-5"})).unwrap();
    answer(&mut app, "info depth 3 score cp 10 pv 8-7", "8-7");
    app.request("engine", json!({"plays": "none"})).unwrap();
    // A person's move has no comment (no time), the engine's its score.
    pgn_holds(
        &app,
        &[
            "[White \"person\"]",
            "[Black \"engine (Level 3, ",
            "1. 4-5 1... 8-7 {+0.10/3 ",
        ],
    );
}

#[test]
fn a_review_searches_every_position_and_a_mistake_is_tried_again() {
    let mut app = app();
    app.request("position", json!({"game": "alak", "fen": "_ox_o_____x x"}))
        .unwrap();
    assert!(
        app.request("review", json!({"on": true})).is_err(),
        "no move yet"
    );
    for text in ["3-4", "2-3"] {
        app.request("move", json!({ "move": text })).unwrap();
    }
    assert!(app.request("review", json!({"on": true, "ms": 5})).is_err());
    app.request("review", json!({"on": true, "ms": 50}))
        .unwrap();
    let first = answer(&mut app, "info depth 5 score cp 30 pv 11-10", "11-10");
    assert_eq!(first.purpose, Purpose::Review);
    assert_eq!(first.go, Go::movetime(Duration::from_millis(50)));
    assert_eq!(first.position, "position fen _ox_o_____x x");
    let second = answer(&mut app, "info depth 5 score mate 1 pv 2-3", "2-3");
    assert_eq!(second.position, "position fen _ox_o_____x x moves 3-4");
    assert!(
        app.engine().job().is_none(),
        "the end is over: the review is done"
    );
    let state = crate::view::state_json(&app);
    let review = &state["review"];
    assert_eq!(
        (&review["searched"], &review["total"]),
        (&json!(2), &json!(2))
    );
    assert_eq!(review["moves"][0]["mark"], "blunder");
    assert_eq!(review["moves"][0]["best"], "11-10");
    assert_eq!(review["summary"][0]["blunders"], 1);
    assert_eq!(
        review["summary"][1]["text"],
        "0 inaccuracies, 0 mistakes, 0 blunders, average loss 0.000"
    );
    assert_eq!(
        state["evals"][1]["mate"], -1,
        "the graph has the review's scores"
    );
    // Move 1 again: x tries 11-10 instead of 3-4.
    app.request("retry", json!({"ply": 1})).unwrap();
    assert_eq!(app.game().view(), 0);
    assert_eq!(crate::view::state_json(&app)["turn"], "retry");
    app.request("move", json!({"move": "11-10"})).unwrap();
    assert_eq!(app.game().table().moves(), ["3-4", "2-3"], "the game stays");
    let trial = answer(&mut app, "info depth 5 score cp -25 pv 5-6", "5-6");
    assert_eq!(trial.purpose, Purpose::Retry);
    assert_eq!(trial.position, "position fen _ox_o_____x x moves 11-10");
    let retry = &crate::view::state_json(&app)["review"]["retry"];
    assert_eq!(retry["tried"]["keeps"], true, "{retry}");
    assert_eq!(
        retry["tried"]["text"],
        "11-10 is the engine's move: it keeps the value"
    );
    app.request("retry", json!({"ply": null})).unwrap();
    assert!(app.review().unwrap().retry.is_none());
    app.request("move", json!({"move": "11-10"})).unwrap();
    assert!(app.review().is_none(), "another game: the review ends");
}

#[test]
fn a_game_is_loaded_from_its_start_and_moves() {
    let mut app = app();
    app.request("load", json!({"game": "alak", "moves": ["4-5", "8-7"]}))
        .unwrap();
    assert_eq!(app.game().table().moves(), ["4-5", "8-7"]);
    assert_eq!(app.game().view(), 2);
    let bad = app
        .request("load", json!({"game": "alak", "moves": ["4-5", "1-2"]}))
        .unwrap_err();
    assert!(bad.to_string().starts_with("move 2 '1-2'"), "{bad}");
    assert_eq!(
        app.game().table().moves(),
        ["4-5", "8-7"],
        "nothing changed"
    );
    app.request("load", json!({"game": "wyx", "seed": 7, "moves": []}))
        .unwrap();
    assert_eq!(app.game().seed(), Some(7));
    let fen = "_ox_o_____x o";
    app.request(
        "load",
        json!({"game": "alak", "fen": fen, "moves": ["5-4"]}),
    )
    .unwrap();
    assert!(app.game().is_over());
}
