//! Clocks, reviews and links on the board: a game on a clock the engine
//! plays on its clock and a person loses on time; a finished game opened
//! from its link, reviewed with marks, and a mistake tried again; a game
//! that survives a reload.

use std::time::Duration;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::browser::{
    click_on, move_count, screenshot, script, text_of, type_into, until, value_of,
};
use crate::play::{click_a_move, export_pgn, new_game, pane};

const WAIT: Duration = Duration::from_secs(60);

/// The clocks shown: each one's side, text, milliseconds and whether it
/// runs.
async fn clocks(client: &Client) -> Value {
    let js = "return [...document.querySelectorAll('[data-test=clock]')].map((c) => ({
        side: c.dataset.side, text: c.textContent, ms: Number(c.dataset.ms),
        running: c.classList.contains('running'), shown: c.getClientRects().length > 0 }));";
    script(client, js, vec![]).await
}

/// A game on a 15-second clock against the engine: both clocks shown, the
/// engine's move made on its clock, the person's running down to a loss
/// on time; the PGN records the time control and each move's clock.
/// Saves `<shot>clock.png` (the guide's for the server board).
pub(crate) async fn lost_on_time(client: &Client, shot: &str) {
    new_game(client, ("alak", 11), "second", ("custom", "0.25")).await;
    let start = clocks(client).await;
    assert_eq!(start.as_array().map(Vec::len), Some(2), "{start}");
    for clock in start.as_array().unwrap() {
        assert_eq!(
            (&clock["text"], &clock["shown"]),
            (&json!("0:15"), &json!(true)),
            "{start}"
        );
    }
    click_a_move(client, "alak", 0).await;
    until("the engine's move on its clock", WAIT, || async {
        (move_count(client).await == 2).then_some(())
    })
    .await;
    // x's clock runs now, and nobody moves.
    let running = until("x's clock running", WAIT, || async {
        let shown = clocks(client).await;
        let x = shown
            .as_array()?
            .iter()
            .find(|c| c["side"] == "first")?
            .clone();
        (x["running"] == true).then_some(x)
    })
    .await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let later = clocks(client).await;
    let x = later
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["side"] == "first")
        .unwrap()
        .clone();
    assert!(
        x["ms"].as_u64() < running["ms"].as_u64(),
        "counting down: {running} then {x}"
    );
    screenshot(client, &format!("{shot}clock"), shot.is_empty()).await;
    let over = until("the loss on time", Duration::from_secs(90), || async {
        let text = text_of(client, "[data-test=result]").await;
        (!text.is_empty()).then_some(text)
    })
    .await;
    assert_eq!(over, "Game over: o wins (x's time ran out)");
    let pgn = export_pgn(client, "time forfeit").await;
    assert!(pgn.contains("[TimeControl \"15+0\"]"), "{pgn}");
    assert!(pgn.contains("[%clk 0:00:1"), "each move's clock: {pgn}");
    assert_eq!(pgn.matches("[%clk ").count(), 2, "{pgn}");
}

/// A finished Alak game in which x blunders (3-4 lets o close it in),
/// opened from its link in a new tab: reviewed, the blunder marked on the
/// moves and the graph and counted in x's summary, then tried again with
/// the engine's move, which keeps the value. Saves `<shot>review.png`.
pub(crate) async fn review_from_a_link(client: &Client, url: &str, shot: &str) {
    let link = format!("{url}#game=alak&fen=_ox_o_____x+x&moves=3-4+2-3");
    let first = client.window().await.expect("this tab");
    let tab = client.new_window(true).await.expect("a new tab").handle;
    client.switch_to_window(tab).await.expect("to the new tab");
    crate::browser::open(client, &link).await;
    until("the game of the link", WAIT, || async {
        let js = "const s = window.ludusState && window.ludusState();
            return s ? [s.start, s.moves, s.final.result] : null;";
        let found = script(client, js, vec![]).await;
        (found == json!(["_ox_o_____x x", ["3-4", "2-3"], "second"])).then_some(())
    })
    .await;
    pane(client, "review").await;
    click_on(
        client,
        Locator::Css("[data-test=review-start]"),
        "review button",
    )
    .await;
    until("the review", Duration::from_secs(120), || async {
        let js = "return document.querySelector('[data-test=review]').dataset.done;";
        (script(client, js, vec![]).await == "true").then_some(())
    })
    .await;
    let marks = script(
        client,
        "return { list: [...document.querySelectorAll('#move-list .mv[data-mark]')].map((m) => [m.dataset.ply, m.dataset.mark]),
          graph: [...document.querySelectorAll('#graph circle[data-mark]')].map((c) => [c.dataset.ply, c.dataset.mark]),
          x: [...document.querySelectorAll('[data-test=review] tr[data-player=first] td')].map((t) => t.textContent) };",
        vec![],
    )
    .await;
    assert_eq!(marks["list"], json!([["1", "blunder"]]), "{marks}");
    assert_eq!(marks["graph"], json!([["1", "blunder"]]), "{marks}");
    assert_eq!(marks["x"][2], "1", "one blunder for x: {marks}");
    screenshot(client, &format!("{shot}review"), shot.is_empty()).await;
    crate::layout::desktop(client, "the review").await;
    click_on(client, Locator::Css("[data-test=retry]"), "try again").await;
    let best = until("the position before the blunder", WAIT, || async {
        let js = "const s = window.ludusState(); return s.turn === 'retry' ? s.review.retry.best : null;";
        script(client, js, vec![]).await.as_str().map(str::to_string)
    })
    .await;
    type_into(client, "typed-move", &format!("{best}\u{E007}")).await;
    let said = until(
        "the move tried judged",
        Duration::from_secs(120),
        || async {
            let text = text_of(client, "[data-test=retry-result]").await;
            text.contains("value").then_some(text)
        },
    )
    .await;
    assert!(said.contains("keeps the value"), "{said}");
    assert_eq!(move_count(client).await, 2, "the game stays as it was");
    client.close_window().await.expect("the tab closes");
    client
        .switch_to_window(first)
        .await
        .expect("back to the first tab");
}

/// A game survives a reload, and its address holds it (`moves=`).
pub(crate) async fn kept_across_a_reload(client: &Client) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
    for text in ["4-5", "8-7"] {
        type_into(client, "typed-move", &format!("{text}\u{E007}")).await;
    }
    until("two moves in the address", WAIT, || async {
        let hash = script(client, "return location.hash;", vec![]).await;
        hash.as_str()?.contains("moves=4-5+8-7").then_some(())
    })
    .await;
    client.refresh().await.expect("the page reloads");
    until("the game after the reload", WAIT, || async {
        (move_count(client).await == 2).then_some(())
    })
    .await;
    // Without its address too (the static site's storage, the server's
    // board).
    script(
        client,
        "history.replaceState(null, '', location.pathname); return 1;",
        vec![],
    )
    .await;
    client.refresh().await.expect("the page reloads");
    until("the game kept", WAIT, || async {
        let moves = value_of(client, "window.ludusState && window.ludusState()?.moves").await;
        (moves == json!(["4-5", "8-7"])).then_some(())
    })
    .await;
}
