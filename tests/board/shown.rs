//! The board in the browser shows only what is true: whose turn it is and
//! whether the engine thinks, an analysis only of the position shown, moves
//! never broken inside, a header on one line at 1280 px, the notation
//! folded, the graph from the first player's side with its scale, and a
//! board of its own in every tab.

use std::path::Path;
use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::browser::{choose, click_on, move_count, text_of, until};

const WAIT: Duration = Duration::from_secs(60);

/// Runs `js` (a function body; `arguments` are `args`) in the page.
async fn script(client: &Client, js: &str, args: Vec<Value>) -> Value {
    client
        .execute(js, args)
        .await
        .unwrap_or_else(|e| panic!("the script failed ({e}): {js}"))
}

/// The turn line's word (`you`, `thinking`, ...) and text.
async fn turn(client: &Client) -> (String, String) {
    let word = script(
        client,
        "return document.getElementById('turn-state').dataset.turn || '';",
        vec![],
    )
    .await;
    let text = text_of(client, "[data-test=turn]").await;
    (word.as_str().unwrap_or_default().to_string(), text)
}

/// Waits until the turn line says `word`; its text.
async fn turn_becomes(client: &Client, word: &str) -> String {
    until(&format!("the turn '{word}'"), WAIT, || async {
        let (now, text) = turn(client).await;
        (now == word).then_some(text)
    })
    .await
}

/// Types `text` (ending in Enter or Tab) into the field `id`, cleared first.
async fn type_into(client: &Client, id: &str, text: &str) {
    let field = client.find(Locator::Id(id)).await.expect("the field");
    field.clear().await.expect("cleared");
    field.send_keys(text).await.expect("typed");
}

/// Sets the engine's strength in the header.
pub async fn set_strength(client: &Client, kind: &str, value: u64) {
    choose(client, "#strength-kind", kind).await;
    type_into(client, "strength-value", &format!("{value}\u{E004}")).await;
    // The page's state is the board's answer to the change: the board
    // has it.
    let js = "return state && state.strength;";
    until("the strength taken", WAIT, || async {
        let taken = script(client, js, vec![]).await;
        (taken == json!({ "kind": kind, "value": value })).then_some(())
    })
    .await;
}

/// The header is one row of controls at the test's 1280-px window.
pub async fn header_fits(client: &Client, game: &str) {
    let js = "const header = document.querySelector('header');
        const items = [...header.children].filter((e) => e.getClientRects().length > 0);
        const first = items[0].getBoundingClientRect();
        const oneRow = items.every((e) => {
          const r = e.getBoundingClientRect();
          return r.top < first.bottom && r.bottom > first.top;
        });
        return { oneRow, width: document.documentElement.clientWidth,
          height: header.getBoundingClientRect().height, items: items.length };";
    let fit = script(client, js, vec![]).await;
    let width = fit["width"].as_f64().unwrap_or(0.0);
    assert!(
        (1200.0..=1280.0).contains(&width),
        "{game}: a 1280-px window: {fit}"
    );
    assert_eq!(fit["oneRow"], true, "{game}: the header wraps: {fit}");
}

/// The protocol notation is folded until opened.
pub async fn notation_folded(client: &Client) {
    let open = script(
        client,
        "return document.getElementById('notation').open;",
        vec![],
    )
    .await;
    assert_eq!(open, false, "the notation starts folded");
    assert_eq!(text_of(client, "[data-test=moves]").await, "", "not shown");
}

/// Alak against the engine: "your move", then "engine thinking" while it
/// searches (an hour per move: it is still thinking when checked), then two
/// people.
pub async fn turns(client: &Client) {
    choose(client, "select[data-test=game]", "alak").await;
    choose(client, "select[data-test=engine-plays]", "second").await;
    click_on(client, Locator::Css("[data-test=new-game]"), "new game").await;
    let yours = turn_becomes(client, "you").await;
    assert!(yours.starts_with("Your move (x)"), "{yours}");
    set_strength(client, "time", 3_600_000).await;
    type_into(client, "typed-move", "4-5\u{E007}").await;
    let thinking = turn_becomes(client, "thinking").await;
    assert!(thinking.starts_with("Engine thinking"), "{thinking}");
    assert!(thinking.contains("o to move"), "{thinking}");
    choose(client, "select[data-test=engine-plays]", "none").await;
    let people = turn_becomes(client, "people").await;
    assert_eq!(people, "o to move");
    click_on(client, Locator::Id("takeback"), "take back").await;
    until("the move taken back", WAIT, || async {
        (move_count(client).await == 0).then_some(())
    })
    .await;
    set_strength(client, "time", 300).await;
}

/// The analysis panel as the page shows it, read at once: the ply its
/// search is for ("" for none), the ply shown, its head line and lines.
async fn analysis(client: &Client) -> Value {
    let js = "const box = document.getElementById('analysis');
        const head = box.querySelector('.head');
        return { ply: box.dataset.ply, view: box.dataset.view,
          head: head ? head.textContent : '', lines: box.querySelectorAll('.line').length };";
    let panel = script(client, js, vec![]).await;
    let ply = panel["ply"].as_str().unwrap_or_default();
    assert!(
        ply.is_empty() || panel["ply"] == panel["view"],
        "an analysis of another position is shown: {panel}"
    );
    panel
}

/// Waits until the panel shows `ply` and `done` holds for it.
async fn analysis_at(client: &Client, ply: usize, done: impl Fn(&Value) -> bool) -> Value {
    until(
        &format!("the analysis panel at ply {ply}"),
        WAIT,
        || async {
            let panel = analysis(client).await;
            (panel["view"] == json!(ply.to_string()) && done(&panel)).then_some(panel)
        },
    )
    .await
}

/// Every move span under `css` is one box and cannot become two at any
/// width: no move breaks across lines.
async fn moves_unbroken(client: &Client, css: &str) -> usize {
    let js = "const spans = [...document.querySelectorAll(arguments[0])];
        return { count: spans.length,
          broken: spans.filter((s) => s.getClientRects().length !== 1
            || getComputedStyle(s).whiteSpace !== 'nowrap').map((s) => s.textContent) };";
    let found = script(client, js, vec![json!(css)]).await;
    assert_eq!(
        found["broken"],
        json!([]),
        "moves broken across lines: {found}"
    );
    found["count"].as_u64().unwrap_or(0) as usize
}

/// An imported, finished game: at its end no analysis (the game is over
/// there); at an earlier move the analysis of that position, which goes
/// when the end is shown again. Moves never break inside, in the move list
/// or a line. Saves `wyke-imported.png`.
pub async fn imported_game(client: &Client, pgn: &str, plies: usize, shots: &Path) {
    choose(client, "select[data-test=engine-plays]", "none").await;
    click_on(client, Locator::Id("analyse"), "analysis box (on)").await;
    click_on(client, Locator::Css("#pgn-section summary"), "PGN section").await;
    script(
        client,
        "document.getElementById('pgn').value = arguments[0];",
        vec![json!(pgn)],
    )
    .await;
    click_on(client, Locator::Id("import-pgn"), "import button").await;
    let end = analysis_at(client, plies, |p| {
        p["head"].as_str().is_some_and(|h| h.contains("over"))
    })
    .await;
    assert_eq!(
        (&end["ply"], &end["lines"]),
        (&json!(""), &json!(0)),
        "{end}"
    );
    let over = turn_becomes(client, "over").await;
    assert!(over.starts_with("Game over: "), "{over}");
    assert_eq!(move_count(client).await, plies);
    let earlier = 4.min(plies - 1);
    let css = format!("#move-list .mv[data-ply=\"{earlier}\"]");
    click_on(client, Locator::Css(&css), "an earlier move").await;
    let panel = analysis_at(client, earlier, |p| p["lines"] != json!(0)).await;
    let head = panel["head"].as_str().unwrap_or_default();
    assert!(
        head.starts_with(&format!("analysis of the position after {earlier} moves")),
        "{panel}"
    );
    assert_eq!(moves_unbroken(client, "#move-list .mv").await, plies);
    assert!(moves_unbroken(client, "#analysis .pv .mv").await > 0);
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(shots.join("wyke-imported.png"), png).expect("screenshot saved");
    click_on(client, Locator::Id("nav-end"), "end button").await;
    let end = analysis_at(client, plies, |_| true).await;
    assert_eq!(
        (&end["ply"], &end["lines"]),
        (&json!(""), &json!(0)),
        "stale: {end}"
    );
    click_on(client, Locator::Id("analyse"), "analysis box (off)").await;
    click_on(client, Locator::Css("#pgn-section summary"), "PGN section").await;
}

/// The graph scores from the first player's side: in an Alak position
/// where o, to move, wins at once, the analysis (o's side) is `+`, and the
/// graph's point is below its zero line, with a labelled scale.
pub async fn graph_side(client: &Client) {
    choose(client, "select[data-test=game]", "alak").await;
    choose(client, "select[data-test=engine-plays]", "none").await;
    click_on(client, Locator::Css("#pgn-section summary"), "PGN section").await;
    type_into(client, "fen", "_ox_o_____x o").await;
    click_on(client, Locator::Id("load-fen"), "load button").await;
    click_on(client, Locator::Id("analyse"), "analysis box (on)").await;
    analysis_at(client, 0, |p| p["lines"] != json!(0)).await;
    let score = text_of(client, "#analysis .line .score").await;
    assert!(score.starts_with('+'), "o's own score: {score}");
    let js = "const dot = document.querySelector('#graph circle.eval[data-ply=\"0\"]');
        const zero = document.getElementById('graph-zero');
        return { score: dot && dot.dataset.score, y: dot && Number(dot.getAttribute('cy')),
          zero: Number(zero.getAttribute('y1')),
          labels: [...document.querySelectorAll('#graph text.axis')].map((t) => t.textContent),
          caption: document.getElementById('graph-caption').textContent };";
    let graph = until("the graph's point", WAIT, || async {
        let graph = script(client, js, vec![]).await;
        graph["score"].is_string().then_some(graph)
    })
    .await;
    let first = graph["score"].as_str().unwrap_or_default();
    assert!(first.starts_with('-'), "x's side: {graph}");
    assert!(
        graph["y"].as_f64() > graph["zero"].as_f64(),
        "below zero: {graph}"
    );
    assert_eq!(
        graph["labels"],
        json!(["+M", "+5", "0", "−5", "−M"]),
        "{graph}"
    );
    let caption = graph["caption"].as_str().unwrap_or_default();
    assert!(
        caption.starts_with("Scores for x (the first player)"),
        "{caption}"
    );
    assert!(caption.contains("pawns"), "{caption}");
    click_on(client, Locator::Id("analyse"), "analysis box (off)").await;
    click_on(client, Locator::Css("#pgn-section summary"), "PGN section").await;
}

/// Two tabs, two boards: a second tab starts a board of its own and changes
/// nothing in the first, which keeps its game through a reload.
pub async fn two_tabs(client: &Client, url: &str) {
    choose(client, "select[data-test=game]", "alak").await;
    choose(client, "select[data-test=engine-plays]", "none").await;
    click_on(client, Locator::Css("[data-test=new-game]"), "new game").await;
    type_into(client, "typed-move", "4-5\u{E007}").await;
    until("the move in the first tab", WAIT, || async {
        (move_count(client).await == 1).then_some(())
    })
    .await;
    let first = client.window().await.expect("the first tab");
    let second = client.new_window(true).await.expect("a second tab").handle;
    client
        .switch_to_window(second)
        .await
        .expect("to the second tab");
    client.goto(url).await.expect("the page opens");
    turn_becomes(client, "you").await;
    assert_eq!(move_count(client).await, 0, "the second tab's own board");
    choose(client, "select[data-test=game]", "wyke").await;
    until("wyke in the second tab", WAIT, || async {
        let cells = client.find_all(Locator::Css("[data-cell]")).await.ok()?;
        (cells.len() == 16).then_some(())
    })
    .await;
    client.close_window().await.expect("the second tab closes");
    client
        .switch_to_window(first)
        .await
        .expect("to the first tab");
    client.refresh().await.expect("the first tab reloads");
    until("the first tab's own game", WAIT, || async {
        let cells = client.find_all(Locator::Css("[data-cell]")).await.ok()?;
        (cells.len() == 11 && move_count(client).await == 1).then_some(())
    })
    .await;
    let moves = text_of(client, "#move-list").await;
    assert!(moves.contains("4-5"), "{moves}");
}
