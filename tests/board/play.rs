//! Playing on the page as a person does: a new game from the dialog (the
//! game, the side, the clock), clicked moves, the engine's reply and its
//! analysis, a typed move refused, the board turned, a Double Wyx played
//! through; and the panes and sections the panel folds away.

use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::browser::{
    choose, click_on, move_count, pair_offered, screenshot, script, text_of, type_into, until,
    value_of,
};
use crate::shown::set_strength;

const WAIT: Duration = Duration::from_secs(60);

/// Shows the panel's pane `name` (analysis, review, game).
pub(crate) async fn pane(client: &Client, name: &str) {
    click_on(client, Locator::Id(&format!("tab-{name}")), "a pane's tab").await;
}

/// Opens (or folds) the `<details>` `id` of the Game pane, which it shows.
pub(crate) async fn section(client: &Client, id: &str, open: bool) {
    pane(client, "game").await;
    let js = "return document.getElementById(arguments[0]).open;";
    let now = script(client, js, vec![id.into()]).await;
    if now.as_bool() != Some(open) {
        click_on(client, Locator::Css(&format!("#{id} summary")), id).await;
    }
}

/// Who the engine plays, from the Game pane's engine settings.
pub(crate) async fn engine_plays(client: &Client, plays: &str) {
    section(client, "engine-section", true).await;
    choose(client, "select[data-test=engine-plays]", plays).await;
    until("the engine's side taken", WAIT, || async {
        let js = "return window.ludusState && window.ludusState().plays;";
        let taken = script(client, js, vec![]).await;
        (taken == plays).then_some(())
    })
    .await;
}

/// A new game of `game` from the dialog: the engine plays `plays`
/// (`second`: you play first; `none`: two people), on the clock `clock`
/// (a chip's value: `""` for none, or `custom` with `minutes`); waits
/// until the board shows its `cells` cells and no move.
pub(crate) async fn new_game(
    client: &Client,
    (game, cells): (&str, usize),
    plays: &str,
    clock: (&str, &str),
) {
    click_on(
        client,
        Locator::Css("[data-test=new-game]"),
        "new game button",
    )
    .await;
    choose(client, "select[data-test=game]", game).await;
    let side = format!("input[name=side][value=\"{plays}\"]");
    click_on(client, Locator::Css(&side), "the side").await;
    let chip = format!("input[name=clock][value=\"{}\"]", clock.0);
    click_on(client, Locator::Css(&chip), "the time control").await;
    if clock.0 == "custom" {
        let minutes = client
            .find(Locator::Id("clock-minutes"))
            .await
            .expect("minutes");
        minutes.clear().await.expect("cleared");
        minutes.send_keys(clock.1).await.expect("typed");
    }
    click_on(
        client,
        Locator::Css("[data-test=start-game]"),
        "play button",
    )
    .await;
    until(&format!("{game}'s {cells} cells"), WAIT, || async {
        let found = client
            .find_all(Locator::Css("#board [data-cell]"))
            .await
            .ok()?;
        let open = value_of(client, "document.getElementById('new-game-dialog').open").await;
        let fresh = move_count(client).await == 0 && open == false;
        (found.len() == cells && fresh).then_some(())
    })
    .await;
}

/// One game: a new game against the engine, a move by clicks, the reply,
/// the analysis (its depth in words), a screenshot (`<shot><game>.png`,
/// the guide's for the server board).
pub(crate) async fn play(
    client: &Client,
    (game, cells, names): (&str, usize, [&str; 2]),
    shot: &str,
) {
    new_game(client, (game, cells), "second", ("", "")).await;
    let yours = text_of(client, "[data-test=turn]").await;
    assert!(yours.starts_with("Your move ("), "{game}: {yours}");
    for name in names {
        let css = format!("#board [data-cell=\"{name}\"]");
        assert!(
            client.find(Locator::Css(&css)).await.is_ok(),
            "{game}: no cell {name}"
        );
    }
    click_a_move(client, game, 0).await;
    until(
        &format!("{game}: the engine's reply"),
        Duration::from_secs(120),
        || async { (move_count(client).await >= 2).then_some(()) },
    )
    .await;
    pane(client, "analysis").await;
    click_on(client, Locator::Id("analyse"), "analysis box (on)").await;
    let analysis = until(&format!("{game}: analysis lines"), WAIT, || async {
        let text = text_of(client, "[data-test=analysis]").await;
        let lined = text.contains("analysis of the position after 1") && text.contains("depth ");
        lined.then_some(text)
    })
    .await;
    assert!(
        analysis.contains('+') || analysis.contains('-'),
        "{game}: a score in {analysis}"
    );
    // The depth reads as a depth, apart from the moves (once `d9`, which
    // reads as a Pylyx cell).
    let depths = script(
        client,
        "return [...document.querySelectorAll('#analysis .line')].map((l) => l.querySelector('.depth').textContent);",
        vec![],
    )
    .await;
    let all_words = depths.as_array().is_some_and(|d| {
        !d.is_empty()
            && d.iter().all(|t| {
                t.as_str()
                    .and_then(|t| t.strip_prefix("depth "))
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            })
    });
    assert!(all_words, "{game}: {depths}");
    screenshot(client, &format!("{shot}{game}"), shot.is_empty()).await;
    if shot == "site-" && game == "pylyx" {
        // README's picture of the static site.
        screenshot(client, "site", true).await;
    }
    click_on(client, Locator::Id("analyse"), "analysis box (off)").await;
}

/// Clicks what is legal next until the game has more than `played`
/// moves (`game` names it in a failure).
pub(crate) async fn click_a_move(client: &Client, game: &str, played: usize) {
    until(&format!("{game}: a clicked move"), WAIT, || async {
        if move_count(client).await > played {
            return Some(());
        }
        if let Ok(target) = client
            .find(Locator::Css(
                "#board [data-legal=true], #choices [data-legal=true]",
            ))
            .await
        {
            // A stale element (the page just redrew) is clicked next round.
            let _ = target.click().await;
        }
        None
    })
    .await;
}

/// The x of the cell `name` on the page.
async fn cell_x(client: &Client, name: &str) -> f64 {
    let css = format!("#board [data-cell=\"{name}\"]");
    let cell = client.find(Locator::Css(&css)).await.expect("the cell");
    cell.rectangle().await.expect("its place").0
}

/// A typed move that is not legal is refused with a message on the board;
/// turning the board around turns it.
pub(crate) async fn typed_and_flipped(client: &Client) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
    type_into(client, "typed-move", "9-9\u{E007}").await;
    let message = until("the refusal", WAIT, || async {
        let text = text_of(client, "#error").await;
        text.contains("9-9").then_some(text)
    })
    .await;
    assert!(message.contains("9-9"), "{message}");
    assert_eq!(move_count(client).await, 0, "nothing was played");
    let before = cell_x(client, "1").await < cell_x(client, "11").await;
    click_on(client, Locator::Id("flip"), "flip button").await;
    let after = cell_x(client, "1").await < cell_x(client, "11").await;
    assert!(before && !after, "slot 1 goes from the left to the right");
    click_on(client, Locator::Id("flip"), "flip button").await;
}

/// The numbers in a pair panel's row (game 1, game 2, total).
async fn pair_row(client: &Client, player: usize) -> Vec<u32> {
    let css = format!("[data-test=pair-player-{player}] td.count");
    let cells = client.find_all(Locator::Css(&css)).await.expect("the row");
    let mut numbers = Vec::new();
    for cell in cells {
        let text = cell.text().await.expect("a cell's text");
        numbers.push(
            text.parse()
                .unwrap_or_else(|_| panic!("not a count: {text}")),
        );
    }
    numbers
}

/// Pair mode: offered only where the rules score pairs; a Double Wyx
/// played through by the engine on both sides at a few hundred nodes a
/// move: the panel's counts add up, the winner is named, the PGN holds
/// both games with their tags; a screenshot (`<shot>wyx-pair.png`).
pub(crate) async fn double_wyx(client: &Client, shot: &str) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
    pane(client, "game").await;
    assert!(
        !pair_offered(client).await,
        "no pair button in a game whose rules score each game alone"
    );
    set_strength(client, "nodes", 300).await;
    click_on(
        client,
        Locator::Css("[data-test=new-game]"),
        "new game button",
    )
    .await;
    choose(client, "select[data-test=game]", "wyx").await;
    client
        .find(Locator::Id("seed"))
        .await
        .expect("the seed field")
        .send_keys("7")
        .await
        .expect("typed");
    click_on(
        client,
        Locator::Css("input[name=side][value=none]"),
        "two people",
    )
    .await;
    click_on(
        client,
        Locator::Css("[data-test=start-game]"),
        "play button",
    )
    .await;
    // The dialog sets a level: back to 300 nodes a move.
    set_strength(client, "nodes", 300).await;
    engine_plays(client, "both").await;
    pane(client, "game").await;
    let start = until("the pair button", WAIT, || async {
        let text = text_of(client, "[data-test=pair-start]").await;
        text.contains("Double Wyx").then_some(())
    });
    start.await;
    click_on(
        client,
        Locator::Css("[data-test=pair-start]"),
        "pair button",
    )
    .await;
    let winner = until("the pair's end", Duration::from_secs(600), || async {
        let text = text_of(client, "[data-test=pair-winner]").await;
        (!text.is_empty()).then_some(text)
    })
    .await;
    let head = text_of(client, "#pair-head").await;
    assert!(head.contains("Double Wyx: game 2 of 2, over"), "{head}");
    let rows = [pair_row(client, 1).await, pair_row(client, 2).await];
    for row in &rows {
        assert_eq!(row.len(), 3, "{rows:?}");
        assert_eq!(row[0] + row[1], row[2], "totals add up: {rows:?}");
    }
    let (a, b) = (rows[0][2], rows[1][2]);
    let expected = match a.cmp(&b) {
        std::cmp::Ordering::Equal => format!("a draw, {a} tokens left each"),
        std::cmp::Ordering::Less => format!("engine 1 wins the pair, {a} tokens left against {b}"),
        std::cmp::Ordering::Greater => {
            format!("engine 2 wins the pair, {b} tokens left against {a}")
        }
    };
    assert_eq!(winner, format!("Double Wyx: {expected}"));
    screenshot(client, &format!("{shot}wyx-pair"), shot.is_empty()).await;
    let pgn = export_pgn(client, "PairTokensLeft").await;
    assert_eq!(pgn.matches("[Event ").count(), 2, "{pgn}");
    assert_eq!(pgn.matches("[TokensLeft ").count(), 2, "{pgn}");
    assert!(pgn.contains("[Round \"2\"]"), "{pgn}");
    let totals = format!("[PairTokensLeft \"{b},{a}\"]");
    assert!(
        pgn.contains(&totals),
        "the second game's White first: {pgn}"
    );
    click_on(client, Locator::Id("pair-leave"), "leave button").await;
    engine_plays(client, "second").await;
}

/// The game as PGN from the Game pane, once it holds `words`.
pub(crate) async fn export_pgn(client: &Client, words: &str) -> String {
    section(client, "pgn-section", true).await;
    click_on(client, Locator::Id("export-pgn"), "export button").await;
    until("the PGN", WAIT, || async {
        let area = client.find(Locator::Id("pgn")).await.ok()?;
        let text = area.prop("value").await.ok()??;
        text.contains(words).then_some(text)
    })
    .await
}
