//! The board in the browser shows only what is true: whose turn it is and
//! whether the engine thinks, an analysis only of the position shown, moves
//! never broken inside, the notation folded, the graph from the first
//! player's side with its scale, a board of its own in every tab; and the
//! defects once seen are gone (the result said once, a level out of range
//! refused in words with its rating kept true, the pair button only where
//! pairs are scored, positions named by their move).

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::browser::{
    choose, click_on, move_count, pair_offered, screenshot, script, text_of, type_into, until,
    value_of,
};
use crate::play::{engine_plays, new_game, pane, section};

const WAIT: Duration = Duration::from_secs(60);

/// The turn line's word (`you`, `thinking`, ...) and text.
async fn turn(client: &Client) -> (String, String) {
    let word = value_of(
        client,
        "document.getElementById('turn-state').dataset.turn || ''",
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

/// Sets the engine's strength in the Game pane's engine settings.
pub async fn set_strength(client: &Client, kind: &str, value: u64) {
    section(client, "engine-section", true).await;
    choose(client, "#strength-kind", kind).await;
    type_into(client, "strength-value", &format!("{value}\u{E004}")).await;
    // The page's state is the board's answer to the change: the board
    // has it.
    let js = "return window.ludusState().strength;";
    let wanted = json!({ "kind": kind, "value": value });
    for _ in 0..200 {
        if script(client, js, vec![]).await == wanted {
            return;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let seen = script(
        client,
        "return [window.ludusState().strength, document.getElementById('strength-kind').value,
          document.getElementById('strength-value').value, document.getElementById('strength-note').textContent,
          document.getElementById('error').textContent];",
        vec![],
    )
    .await;
    panic!("the strength {wanted} never taken: {seen}");
}

/// The protocol notation is folded until opened.
pub async fn notation_folded(client: &Client) {
    pane(client, "game").await;
    let open = value_of(client, "document.getElementById('notation').open").await;
    assert_eq!(open, false, "the notation starts folded");
    assert_eq!(text_of(client, "[data-test=moves]").await, "", "not shown");
}

/// Alak against the engine: "your move", then "engine thinking" while it
/// searches (an hour per move: it is still thinking when checked), then two
/// people.
pub async fn turns(client: &Client) {
    new_game(client, ("alak", 11), "second", ("", "")).await;
    let yours = turn_becomes(client, "you").await;
    assert!(yours.starts_with("Your move (x)"), "{yours}");
    set_strength(client, "time", 3_600_000).await;
    type_into(client, "typed-move", "4-5\u{E007}").await;
    let thinking = turn_becomes(client, "thinking").await;
    assert!(thinking.starts_with("Engine thinking"), "{thinking}");
    assert!(thinking.contains("o to move"), "{thinking}");
    engine_plays(client, "none").await;
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
pub async fn imported_game(client: &Client, pgn: &str, plies: usize) {
    engine_plays(client, "none").await;
    section(client, "pgn-section", true).await;
    script(
        client,
        "document.getElementById('pgn').value = arguments[0];",
        vec![json!(pgn)],
    )
    .await;
    click_on(client, Locator::Id("import-pgn"), "import button").await;
    pane(client, "analysis").await;
    click_on(client, Locator::Id("analyse"), "analysis box (on)").await;
    let end = analysis_at(client, plies, |p| {
        p["head"].as_str().is_some_and(|h| h.contains("over"))
    })
    .await;
    assert_eq!(
        (&end["ply"], &end["lines"]),
        (&json!(""), &json!(0)),
        "{end}"
    );
    turn_becomes(client, "over").await;
    let over = text_of(client, "[data-test=result]").await;
    assert!(over.starts_with("Game over: "), "{over}");
    assert_eq!(move_count(client).await, plies);
    let earlier = 4.min(plies - 1);
    let css = format!("#move-list .mv[data-ply=\"{earlier}\"]");
    click_on(client, Locator::Css(&css), "an earlier move").await;
    let panel = analysis_at(client, earlier, |p| p["lines"] != json!(0)).await;
    let head = panel["head"].as_str().unwrap_or_default();
    // Named by its move, as a game record numbers it (not in plies).
    let label = if earlier % 2 == 1 {
        format!("{}.", earlier / 2 + 1)
    } else {
        format!("{}…", earlier / 2)
    };
    assert!(
        head.starts_with(&format!("analysis of the position after {label} ")),
        "{panel}"
    );
    assert_eq!(moves_unbroken(client, "#move-list .mv").await, plies);
    assert!(moves_unbroken(client, "#analysis .pv .mv").await > 0);
    screenshot(client, "wyke-imported", false).await;
    click_on(client, Locator::Id("nav-end"), "end button").await;
    let end = analysis_at(client, plies, |_| true).await;
    assert_eq!(
        (&end["ply"], &end["lines"]),
        (&json!(""), &json!(0)),
        "stale: {end}"
    );
    click_on(client, Locator::Id("analyse"), "analysis box (off)").await;
}

/// The graph scores from the first player's side: in an Alak position
/// where o, to move, wins at once, the analysis (o's side) is `+`, and the
/// graph's point is below its zero line, with a labelled scale.
pub async fn graph_side(client: &Client) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
    section(client, "pgn-section", true).await;
    type_into(client, "fen", "_ox_o_____x o").await;
    click_on(client, Locator::Id("load-fen"), "load button").await;
    pane(client, "analysis").await;
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
}

/// Two tabs, two boards: a second tab starts a board of its own and changes
/// nothing in the first, which keeps its game through a reload.
pub async fn two_tabs(client: &Client, url: &str) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
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
    crate::browser::open(client, url).await;
    turn_becomes(client, "you").await;
    assert_eq!(move_count(client).await, 0, "the second tab's own board");
    new_game(client, ("wyke", 16), "second", ("", "")).await;
    client.close_window().await.expect("the second tab closes");
    client
        .switch_to_window(first)
        .await
        .expect("to the first tab");
    client.refresh().await.expect("the first tab reloads");
    until("the first tab's own game", WAIT, || async {
        let cells = client
            .find_all(Locator::Css("#board [data-cell]"))
            .await
            .ok()?;
        (cells.len() == 11 && move_count(client).await == 1).then_some(())
    })
    .await;
    let moves = text_of(client, "#move-list").await;
    assert!(moves.contains("4-5"), "{moves}");
}

/// The defects once seen: the result is said once, in one line; a level
/// out of the offered range is refused in words, the box goes back and
/// the rating label stays the level's in force; the pair button is there
/// only in a game whose rules score pairs.
pub async fn defects(client: &Client) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
    section(client, "pgn-section", true).await;
    type_into(client, "fen", "_ox_o_____x o").await;
    click_on(client, Locator::Id("load-fen"), "load button").await;
    type_into(client, "typed-move", "5-4\u{E007}").await;
    turn_becomes(client, "over").await;
    let said = script(
        client,
        "return [...document.querySelectorAll('body *')].filter((e) => e.children.length === 0 \
           && /wins \\(/.test(e.textContent) && e.getClientRects().length > 0).map((e) => e.id);",
        vec![],
    )
    .await;
    assert_eq!(said, json!(["result"]), "the result is said once");
    assert_eq!(text_of(client, "[data-test=turn]").await, "");
    for (typed, words) in [
        ("9", "there is no level 9: the levels are 1 to 8"),
        ("0", "there is no level 0"),
        ("-3", "there is no level -3"),
    ] {
        set_strength(client, "level", 4).await;
        type_into(client, "strength-value", &format!("{typed}\u{E004}")).await;
        let note = until("the level refused", WAIT, || async {
            let text = text_of(client, "#strength-note").await;
            (!text.is_empty()).then_some(text)
        })
        .await;
        assert!(note.contains(words), "{typed}: {note}");
        let shown = script(
            client,
            "const s = window.ludusState(); return [document.getElementById('strength-value').value, \
               document.getElementById('strength-elo').textContent, '≈ ' + s.levels[s.strength.value - 1] + ' Elo', s.strength.value];",
            vec![],
        )
        .await;
        assert_eq!(
            shown[0], "4",
            "{typed}: the box back at the level in force: {shown}"
        );
        assert_eq!(
            shown[1], shown[2],
            "{typed}: the rating of the level in force: {shown}"
        );
        assert_eq!(shown[3], 4, "{shown}");
    }
    set_strength(client, "level", 3).await;
    pane(client, "game").await;
    assert!(
        !pair_offered(client).await,
        "alak's rules score each game alone"
    );
    new_game(client, ("wyx", 64), "none", ("", "")).await;
    assert!(pair_offered(client).await, "Double Wyx");
    assert!(text_of(client, "[data-test=pair-start]")
        .await
        .contains("Double Wyx"));
}
