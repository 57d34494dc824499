//! The page fits its window: at 1280×800 the board, its legend and the
//! panel are all in view with nothing off the side; on a phone (390×844,
//! the dark theme) every game, the new-game dialog and the rules fit the
//! width, every control in reach; and axe-core (tests/board/axe, installed
//! by `npm ci`) finds no serious or critical accessibility violation on
//! any view.

use std::path::Path;

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use crate::browser::{click_on, present, screenshot, script, value_of, GAMES};
use crate::play::new_game;

/// The page's width and what sticks out of it: the document's scroll
/// width against its client width, and the visible controls (buttons,
/// inputs, selects, the board) whose box leaves the window's width.
async fn overflow(client: &Client) -> Value {
    let js = "const width = document.documentElement.clientWidth;
        const out = [...document.querySelectorAll('button, input, select, textarea, summary, #board, .clock')]
          .filter((e) => e.getClientRects().length > 0 && !e.closest('[hidden]'))
          .filter((e) => { const r = e.getBoundingClientRect(); return r.left < -1 || r.right > width + 1 || r.width === 0; })
          .map((e) => e.id || e.dataset.test || e.name || e.tagName);
        return { width, scroll: document.documentElement.scrollWidth, out };";
    script(client, js, vec![]).await
}

/// Nothing sticks out sideways (`what` names the view in a failure).
async fn fits(client: &Client, what: &str) -> Value {
    let found = overflow(client).await;
    assert!(
        found["scroll"].as_u64() <= found["width"].as_u64(),
        "{what}: a horizontal scroll: {found}"
    );
    assert_eq!(
        found["out"],
        json!([]),
        "{what}: controls out of the window: {found}"
    );
    found
}

/// At 1280×800: nothing off the side, and the board, the players, the
/// legend and the panel's moves in view without scrolling.
pub(crate) async fn desktop(client: &Client, what: &str) {
    present(client, "#board [data-cell]", "the board drawn").await;
    let found = fits(client, what).await;
    let width = found["width"].as_u64().unwrap_or(0);
    assert!(
        (1200..=1280).contains(&width),
        "{what}: a 1280-px window (less a scroll bar): {found}"
    );
    let js = "const seen = (id) => { const r = document.getElementById(id).getBoundingClientRect();
          return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight + 1; };
        return ['board', 'legend', 'player-top', 'player-bottom', 'move-list', 'new-game', 'typed-move']
          .filter((id) => !seen(id));";
    let unseen = script(client, js, vec![]).await;
    assert_eq!(unseen, json!([]), "{what}: out of view at 1280×800");
}

/// On a phone: every game's board, the dialog and the rules fit 390 px
/// (screenshots `phone-<game>.png`, the guide's when `docs`), the dark
/// theme is on, and axe-core is satisfied there too.
pub(crate) async fn phone(client: &Client, docs: bool) {
    let dark = value_of(client, "matchMedia('(prefers-color-scheme: dark)').matches").await;
    assert_eq!(dark, true, "the phone runs the dark theme");
    let games: &[_] = if docs { &GAMES } else { &GAMES[..2] };
    for (game, cells, _) in games {
        new_game(client, (game, *cells), "second", ("", "")).await;
        let found = fits(client, game).await;
        assert_eq!(found["width"], 390, "{game}: a phone's width: {found}");
        screenshot(client, &format!("phone-{game}"), docs).await;
    }
    click_on(
        client,
        Locator::Css("[data-test=new-game]"),
        "new game button",
    )
    .await;
    fits(client, "the new-game dialog").await;
    screenshot(client, "phone-new-game", docs).await;
    accessible_here(client, "the new-game dialog on a phone").await;
    click_on(client, Locator::Id("dialog-cancel"), "cancel").await;
    open_rules(client).await;
    fits(client, "the rules").await;
    screenshot(client, "phone-rules", docs).await;
    accessible_here(client, "the rules on a phone").await;
    click_on(client, Locator::Id("view-play"), "back to the board").await;
    accessible_here(client, "the board on a phone").await;
}

/// Opens the rules view and waits for its lesson's first exercise.
async fn open_rules(client: &Client) {
    click_on(client, Locator::Css("[data-test=open-rules]"), "the rules").await;
    present(client, "[data-test=exercise] [data-legal=true]", "a lesson").await;
}

/// axe-core's source, installed by `npm ci` in tests/board/axe.
fn axe_source() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/board/axe/node_modules/axe-core/axe.min.js");
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: install axe-core with `npm ci --prefix tests/board/axe` (.ci/run does)",
            path.display()
        )
    })
}

/// axe-core on the view shown: no serious or critical violation.
async fn accessible_here(client: &Client, what: &str) {
    let loaded = script(client, "return typeof window.axe;", vec![]).await;
    if loaded != "object" {
        script(client, &format!("{};\nreturn 1;", axe_source()), vec![]).await;
    }
    let js = "const done = arguments[arguments.length - 1];
        axe.run(document, { resultTypes: ['violations'] })
          .then((r) => done(r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
            .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
              nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ')) }))))
          .catch((e) => done(String(e)));";
    let found = client.execute_async(js, vec![]).await.expect("axe runs");
    assert_eq!(
        found,
        json!([]),
        "{what}: axe-core finds serious or critical violations"
    );
}

/// axe-core on every view of the page: the board, the new-game dialog,
/// each pane of the panel, the rules.
pub(crate) async fn accessible(client: &Client, what: &str) {
    new_game(client, ("wyke", 16), "second", ("", "")).await;
    accessible_here(client, &format!("{what}: the board")).await;
    for pane in ["review", "game", "analysis"] {
        crate::play::pane(client, pane).await;
        accessible_here(client, &format!("{what}: the {pane} pane")).await;
    }
    click_on(
        client,
        Locator::Css("[data-test=new-game]"),
        "new game button",
    )
    .await;
    accessible_here(client, &format!("{what}: the new-game dialog")).await;
    click_on(client, Locator::Id("dialog-cancel"), "cancel").await;
    open_rules(client).await;
    accessible_here(client, &format!("{what}: the rules")).await;
    click_on(client, Locator::Id("view-play"), "back to the board").await;
}
