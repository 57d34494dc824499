//! The board's HTTP endpoints: the page, the guard, every bad request
//! refused with a message and no change, play against the engine, PGN.

use serde_json::Value;

use crate::common::LUDUS;

use crate::server::{match_pgn, ply_count, Gui};

const JSON: (&str, &str) = ("Content-Type", "application/json");

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("a move").to_string())
        .collect()
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    let gui = Gui::start(&[]);
    let (status, page) = gui.request("GET", "/", &[], None);
    assert_eq!(status, 200);
    for needle in [
        "data-test=\"game\"",
        "data-test=\"new-game\"",
        "data-test=\"engine-plays\"",
        "data-test=\"moves\"",
        "data-test=\"analysis\"",
        "data-test=\"result\"",
        "data-test=\"pair-start\"",
        "data-test=\"pair\"",
        "/app.js",
    ] {
        assert!(page.contains(needle), "{needle}");
    }
    for outside in ["src=\"http", "href=\"http", "src=\"//", "href=\"//"] {
        assert!(!page.contains(outside), "no outside resource: {outside}");
    }
    for path in ["/app.js", "/draw.js", "/style.css", "/favicon.svg"] {
        let (status, body) = gui.request("GET", path, &[], None);
        assert_eq!(status, 200, "{path}");
        assert!(!body.is_empty());
    }
    // The page names its icon: no request for a missing /favicon.ico.
    assert!(
        page.contains("rel=\"icon\" href=\"./favicon.svg\""),
        "{page}"
    );
    assert_eq!(gui.request("GET", "/etc/passwd", &[], None).0, 404);
    assert_eq!(gui.request("DELETE", "/", &[], None).0, 405);
}

#[test]
fn foreign_hosts_and_origins_are_refused() {
    let gui = Gui::start(&["--engine", "/nonexistent/engine"]);
    let port = gui.port.to_string();
    let own = format!("127.0.0.1:{port}");
    for headers in [
        vec![("Host", "evil.example")],
        vec![("Host", "evil.example:80")],
        vec![("Host", "127.0.0.1")],
        vec![("Host", own.as_str()), ("Origin", "http://evil.example")],
        vec![("Host", own.as_str()), ("Origin", "null")],
    ] {
        let (status, body) = gui.request("GET", "/api/state", &headers, None);
        assert_eq!(status, 403, "{headers:?}");
        assert!(body.contains("refused"), "{body}");
    }
    let evil_origin = [JSON, ("Origin", "http://attacker.example")];
    let (status, _) = gui.request("POST", "/api/move", &evil_origin, Some(r#"{"move":"4-5"}"#));
    assert_eq!(status, 403);
    assert!(
        moves(&gui.state()).is_empty(),
        "a refused move is not played"
    );
    let own_origin = format!("http://localhost:{port}");
    let headers = [JSON, ("Origin", own_origin.as_str())];
    let (status, body) = gui.request("POST", "/api/move", &headers, Some(r#"{"move":"4-5"}"#));
    assert_eq!(status, 200, "{body}");
}

#[test]
fn bad_requests_are_explained_and_change_nothing() {
    // No engine can run: the board still serves two people, and says why.
    let gui = Gui::start(&["--engine", "/nonexistent/engine"]);
    let state = gui.wait_for(30, |s| !s["engine"]["error"].is_null());
    let error = state["engine"]["error"].as_str().unwrap_or("");
    assert!(error.contains("cannot start engine"), "{error}");
    let (status, _) = gui.post("/api/engine", r#"{"plays":"none"}"#);
    assert_eq!(status, 200);
    let before = gui.state();
    let cases: [(&str, &str, u16, &str); 14] = [
        ("/api/move", r#"{"move":"1-1"}"#, 422, "illegal"),
        ("/api/move", r#"{}"#, 400, "move: missing field `move`"),
        (
            "/api/move",
            r#"{"move":"4-5","by":"me"}"#,
            400,
            "unknown field `by`",
        ),
        ("/api/move", "[1,2]", 400, "JSON object"),
        ("/api/move", "{not json", 400, "not JSON"),
        (
            "/api/new",
            r#"{"game":"chess"}"#,
            422,
            "unknown game 'chess'",
        ),
        (
            "/api/position",
            r#"{"game":"alak","fen":"xx"}"#,
            422,
            "bad position",
        ),
        ("/api/engine", r#"{"multipv":9}"#, 400, "multipv 9"),
        (
            "/api/engine",
            r#"{"plays":"all"}"#,
            400,
            "first, second, both",
        ),
        (
            "/api/engine",
            r#"{"pairOption":1}"#,
            400,
            "expected a boolean",
        ),
        (
            "/api/pair",
            r#"{"on":true}"#,
            422,
            "alak's rules score each game alone",
        ),
        ("/api/pair", r#"{"on":"yes"}"#, 400, "pair: invalid type"),
        (
            "/api/import",
            r#"{"pgn":"[Game \"alak\"]\n\n1. 9-9 *"}"#,
            422,
            "move 1",
        ),
        (
            "/api/launch",
            r#"{"program":"/bin/sh"}"#,
            404,
            "unknown action",
        ),
    ];
    for (path, body, code, words) in cases {
        let (status, answer) = gui.post(path, body);
        assert_eq!(status, code, "{path} {body}: {answer}");
        let message = answer["error"].as_str().unwrap_or("");
        assert!(message.contains(words), "{path} {body}: {message}");
    }
    let (status, body) = gui.request(
        "POST",
        "/api/move",
        &[("Content-Type", "text/plain")],
        Some(r#"{"move":"4-5"}"#),
    );
    assert_eq!(status, 400, "{body}");
    let after = gui.state();
    assert_eq!(before["version"], after["version"], "nothing changed");
    assert_eq!(before["fen"], after["fen"]);
}

#[test]
fn the_engine_replies_and_the_game_goes_out_and_back_as_pgn() {
    let gui = Gui::start(&[]);
    gui.post(
        "/api/engine",
        r#"{"plays":"second","strength":{"kind":"depth","value":3}}"#,
    );
    let (status, answer) = gui.post("/api/move", r#"{"move":"4-5"}"#);
    assert_eq!(status, 200, "{answer}");
    let state = gui.wait_for(60, |s| moves(s).len() == 2);
    assert_eq!(state["view"], 2);
    // Its search was of the position before its move: no longer shown, but
    // its score is on the graph.
    assert!(state["search"].is_null(), "{state}");
    assert!(!state["evals"][1].is_null(), "{state}");
    let (status, pgn) = gui.request("GET", "/api/pgn", &[], None);
    assert_eq!(status, 200);
    assert!(
        pgn.contains("[Game \"alak\"]") && pgn.contains("1. 4-5"),
        "{pgn}"
    );
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    gui.post("/api/engine", r#"{"plays":"none"}"#);
    gui.post("/api/new", r#"{"game":"wyke"}"#);
    let body = serde_json::json!({ "pgn": pgn }).to_string();
    let (status, state) = gui.post("/api/import", &body);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["game"], "alak");
    assert_eq!(moves(&state), moves(&gui.state()));
    assert_eq!(moves(&state)[0], "4-5");
}

#[test]
fn clicks_are_followed_for_every_game_without_shipping_move_lists() {
    let gui = Gui::start(&["--engine", "/nonexistent/engine"]);
    gui.post("/api/engine", r#"{"plays":"none"}"#);
    for game in ["alak", "wyke", "wyke6", "pylyx", "pylyx10", "wyx"] {
        let (status, _) = gui.post("/api/new", &format!(r#"{{"game":"{game}"}}"#));
        assert_eq!(status, 200);
        let (status, body) =
            gui.request("POST", "/api/follow", &[JSON], Some(r#"{"selection":[]}"#));
        assert_eq!(status, 200, "{game}: {body}");
        // 6x6 Wyke has 400 338 moves here: only the five types go out.
        assert!(body.len() < 4096, "{game}: {} bytes", body.len());
        let follow: Value = serde_json::from_str(&body).unwrap();
        assert!(!follow["next"].as_array().unwrap().is_empty(), "{game}");
    }
    gui.post("/api/new", r#"{"game":"wyke6"}"#);
    let (_, follow) = gui.post("/api/follow", r#"{"selection":["1-1-1-1-1","a1"]}"#);
    assert_eq!(follow["next"].as_array().unwrap().len(), 35, "{follow}");
    let (status, _) = gui.post("/api/follow", r#"{"selection":[3]}"#);
    assert_eq!(status, 400);
}

#[test]
fn a_uci_engine_is_found_out_and_played() {
    // ludus behind a filter that hides `ugi` from it: it hears only `uci`.
    let script = format!("grep --line-buffered -vx ugi | exec '{LUDUS}'");
    let gui = Gui::start(&["--engine", "sh", "-c", &script]);
    let state = gui.wait_for(30, |s| s["engine"]["name"] != "");
    assert!(
        state["engine"]["name"]
            .as_str()
            .unwrap()
            .starts_with("ludus"),
        "{state}"
    );
    gui.post(
        "/api/engine",
        r#"{"plays":"first","strength":{"kind":"nodes","value":2000}}"#,
    );
    gui.post("/api/new", r#"{"game":"pylyx10"}"#);
    let state = gui.wait_for(60, |s| moves(s).len() == 1);
    assert!(state["engine"]["error"].is_null(), "{state}");
}

#[test]
fn a_match_game_is_replayed_on_the_board() {
    let pgn = match_pgn("wyx", 2, 500);
    let second = pgn.split("[Event").nth(2).expect("two games");
    let plies = ply_count(second);
    let gui = Gui::start(&["--engine", "/nonexistent/engine"]);
    let body = serde_json::json!({ "pgn": pgn, "index": 2 }).to_string();
    let (status, state) = gui.post("/api/import", &body);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["game"], "wyx");
    assert_eq!(moves(&state).len(), plies);
    assert_ne!(state["final"]["result"], "ongoing", "a finished match game");
    assert!(state["evals"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| !e.is_null()));
}

#[test]
fn a_double_wyx_is_played_through_with_the_engine_playing_for_the_margin() {
    // ludus behind `tee`, so the test reads what the board told it.
    let log = std::env::temp_dir().join(format!("ludus-gui-pair-{}.log", std::process::id()));
    let script = format!("tee '{}' | exec '{LUDUS}'", log.display());
    let gui = Gui::start(&["--engine", "sh", "-c", &script]);
    gui.post("/api/new", r#"{"game":"wyx","seed":11}"#);
    gui.post(
        "/api/engine",
        r#"{"plays":"both","strength":{"kind":"nodes","value":300}}"#,
    );
    let (status, state) = gui.post("/api/pair", r#"{"on":true}"#);
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["pair"]["game"], 1, "{state}");
    assert_eq!(state["pairScoring"]["option"], "WyxScoring=margin");
    let state = gui.wait_for(100_000, |s| s["pair"]["done"] == true);
    let pair = &state["pair"];
    assert_eq!(pair["game"], 2, "{pair}");
    let count = |game: usize, player: usize| pair["games"][game]["counts"][player].as_u64();
    for player in 0..2 {
        let total = count(0, player).zip(count(1, player)).map(|(a, b)| a + b);
        assert_eq!(total, pair["totals"][player].as_u64(), "{pair}");
    }
    let (_, pgn) = gui.request("GET", "/api/pgn", &[], None);
    assert_eq!(pgn.matches("[TokensLeft ").count(), 2, "{pgn}");
    assert_eq!(pgn.matches("[PairTokensLeft ").count(), 1, "{pgn}");
    // Out of pair mode, the next search has the option's default again.
    gui.post("/api/pair", r#"{"on":false}"#);
    gui.post("/api/new", r#"{"game":"wyx","seed":12}"#);
    gui.wait_for(1000, |s| !moves(s).is_empty());
    let told = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    let margin = told.find("setoption name WyxScoring value margin");
    let game = told.rfind("setoption name WyxScoring value game");
    assert!(margin.is_some() && game > margin, "{told}");
}

#[test]
fn each_page_has_a_game_of_its_own() {
    let gui = Gui::start(&["--engine", "/nonexistent/engine"]);
    gui.post("/api/engine", r#"{"plays":"none"}"#);
    let (status, _) = gui.post("/api/move", r#"{"move":"4-5"}"#);
    assert_eq!(status, 200);
    let other = gui.open_session();
    let theirs = [JSON, (crate::server::SESSION, other.as_str())];
    let (status, body) = gui.request("POST", "/api/new", &theirs, Some(r#"{"game":"wyke"}"#));
    assert_eq!(status, 200, "{body}");
    let mine = gui.state();
    assert_eq!(
        (mine["game"].as_str(), moves(&mine)),
        (Some("alak"), vec!["4-5".to_string()])
    );
    let (_, body) = gui.request("GET", "/api/state", &theirs, None);
    let state: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (state["game"].as_str(), moves(&state).len()),
        (Some("wyke"), 0)
    );
    let none = [(crate::server::SESSION, "")];
    let (status, body) = gui.request("GET", "/api/state", &none, None);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("no session"), "{body}");
    let unknown = [(crate::server::SESSION, "0123456789abcdef")];
    let (status, body) = gui.request("POST", "/api/move", &unknown, Some("{}"));
    assert_eq!(status, 410, "{body}");
    assert!(body.contains("unknown session"), "{body}");
}

#[test]
fn the_engine_plays_at_a_level_and_the_game_record_names_it() {
    let gui = Gui::start(&[]);
    let state = gui.state();
    assert_eq!(
        state["strength"],
        serde_json::json!({"kind": "level", "value": 3})
    );
    let levels: Vec<i64> = state["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|elo| elo.as_i64().unwrap())
        .collect();
    assert_eq!(levels.len(), 8, "{state}");
    assert!(
        levels.windows(2).all(|pair| pair[0] < pair[1]),
        "{levels:?}"
    );
    let (status, body) = gui.post(
        "/api/engine",
        r#"{"plays":"second","strength":{"kind":"level","value":9}}"#,
    );
    assert_eq!(status, 400, "{body}");
    gui.post(
        "/api/engine",
        r#"{"plays":"second","strength":{"kind":"level","value":1}}"#,
    );
    gui.post("/api/move", r#"{"move":"4-5"}"#);
    let state = gui.wait_for(60, |s| moves(s).len() == 2);
    assert!(state["engine"]["error"].is_null(), "{state}");
    let (_, pgn) = gui.request("GET", "/api/pgn", &[], None);
    let named = format!("(Level 1, {} Elo)\"]", levels[0]);
    assert!(pgn.contains(&named), "{pgn}");
}

#[test]
fn a_level_needs_an_engine_that_offers_uci_elo() {
    // A UCI engine with no options at all.
    let bot = "while read line; do case $line in uci) echo 'id name plain'; echo uciok;; \
               isready) echo readyok;; go*) echo 'bestmove 4-5';; esac; done";
    let gui = Gui::start(&["--engine", "sh", "-c", bot]);
    gui.wait_for(30, |s| s["engine"]["name"] != "");
    gui.post(
        "/api/engine",
        r#"{"plays":"first","strength":{"kind":"level","value":2}}"#,
    );
    let state = gui.wait_for(60, |s| !s["engine"]["error"].is_null());
    let error = state["engine"]["error"].as_str().unwrap();
    assert!(error.contains("offers no UCI_Elo"), "{error}");
    assert!(moves(&state).is_empty());
}

#[test]
fn the_rules_explain_a_refused_click_and_the_lessons_are_served() {
    let gui = Gui::start(&["--engine", "/nonexistent/engine"]);
    let (status, why) = gui.post("/api/explain", r#"{"selection":["9"]}"#);
    assert_eq!(status, 200, "{why}");
    assert_eq!(
        why["reason"],
        "slot 9 holds o's piece: x moves its own pieces"
    );
    let (_, fine) = gui.post("/api/explain", r#"{"selection":["4"]}"#);
    assert_eq!(fine["reason"], Value::Null);
    for game in ludus_rules::games::GAME_NAMES {
        let (status, lesson) = gui.post("/api/lesson", &format!(r#"{{"game":"{game}"}}"#));
        assert_eq!(status, 200, "{game}: {lesson}");
        assert!(
            lesson["goal"].as_str().is_some_and(|g| !g.is_empty()),
            "{game}"
        );
    }
    let (status, solved) = gui.post("/api/exercise", r#"{"game":"alak","index":0,"move":"1-5"}"#);
    assert_eq!((status, &solved["answer"]), (200, &Value::from("solved")));
    let (status, _) = gui.post("/api/lesson", r#"{"game":"chess"}"#);
    assert_eq!(status, 400);
}

#[test]
fn the_engine_plays_on_its_clock_and_a_person_loses_on_time() {
    let gui = Gui::start(&[]);
    gui.post("/api/engine", r#"{"plays":"second"}"#);
    let (status, state) = gui.post(
        "/api/new",
        r#"{"game":"alak","clock":{"base":2000,"increment":0}}"#,
    );
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["clock"]["control"], "2s+0");
    gui.post("/api/move", r#"{"move":"4-5"}"#);
    // The engine answers on its clock; then x's runs out with nobody
    // asking: the server's own clock ends the game.
    let over = gui.wait_for(20, |state| state["final"]["result"] == "second");
    assert_eq!(over["final"]["reason"], "x's time ran out", "{over}");
    assert_eq!(moves(&over).len(), 2);
    assert_eq!(over["clock"]["flagged"], "first");
    let (_, pgn) = gui.request("GET", "/api/pgn", &[], None);
    assert!(pgn.contains("[TimeControl \"2+0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("1. 4-5 {[%clk 0:00:02]}"), "{pgn}");
    assert!(
        pgn.contains("[%clk 0:00:0"),
        "the engine's clock too: {pgn}"
    );
}
