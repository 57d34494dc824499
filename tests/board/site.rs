//! The static site (crates/web/build.sh) in a real browser, served by a
//! static file server on loopback (Python's http.server) and no ludus
//! server. Its board (index.html), the same page as `ludus gui`'s with the
//! board and the engine in the page, plays every game as the server's
//! board does (a clicked move, the engine's answer, a live analysis line;
//! a screenshot per game under target/screenshots/site-<game>.png), plays
//! on after a stopped analysis, writes and reads PGN, and plays a Double
//! Wyx through. Its protocol console (console.html): the in-page engine,
//! a Web Worker, refuses a second thread, and for every game answers a
//! timed search, reports a live line of `go infinite`, answers `stop`, and
//! searches again after it (console-<game>.png).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::browser::{
    check_either_board, click_on, in_browser, move_count, program, target_dir, text_of, until,
    value_of, Listening, Window, GAMES,
};
use crate::layout;
use crate::play::{click_a_move, export_pgn, new_game, play, section};
use ludus_rules::games::GAME_NAMES;

/// Builds the site into target/site-test with the documented command,
/// once for every test here.
fn build_site() -> &'static Path {
    static SITE: OnceLock<PathBuf> = OnceLock::new();
    SITE.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let site = target_dir().join("site-test");
        let status = Command::new("bash")
            .arg(root.join("crates/web/build.sh"))
            .arg(&site)
            .current_dir(root)
            .status()
            .expect("bash runs crates/web/build.sh");
        assert!(status.success(), "crates/web/build.sh failed (see above)");
        site
    })
}

/// `python3 -m http.server` serving `dir` on a free loopback port.
fn static_server(dir: &Path) -> Listening {
    let dir = dir.to_string_lossy().into_owned();
    let args = |port: u16| {
        let port = port.to_string();
        [
            "-m",
            "http.server",
            &port,
            "--bind",
            "127.0.0.1",
            "--directory",
            &dir,
        ]
        .map(str::to_string)
        .to_vec()
    };
    Listening::start(program("python3"), args, "python3 -m http.server")
}

/// The lines of the page's engine log.
async fn log_lines(client: &Client) -> Vec<String> {
    let text = text_of(client, "[data-test=log]").await;
    text.lines().map(str::to_string).collect()
}

/// Sends `line` to the in-page engine through the page's form.
async fn send(client: &Client, line: &str) {
    let input = client
        .find(Locator::Css("[data-test=line]"))
        .await
        .expect("the line input");
    input.send_keys(line).await.expect("typed");
    click_on(client, Locator::Css("[data-test=send]"), "send button").await;
}

/// Waits until the log has a line after the first `from` that `wanted`
/// accepts; returns the log's length then.
async fn line_after(client: &Client, from: usize, what: &str, wanted: fn(&str) -> bool) -> usize {
    until(what, Duration::from_secs(120), || async {
        let lines = log_lines(client).await;
        let found = lines.iter().skip(from).any(|line| wanted(line));
        found.then_some(lines.len())
    })
    .await
}

/// One game: choose it, a timed search's `bestmove`, a live line of
/// `go infinite`, `stop`'s `bestmove`, a search after the stop.
async fn one_game(client: &Client, game: &str, shots: &Path) {
    let from = log_lines(client).await.len();
    send(client, &format!("setoption name UCI_Variant value {game}")).await;
    let from = line_after(client, from, &format!("{game}: chosen"), |line| {
        line.starts_with("info string variant ")
    })
    .await;
    assert!(
        log_lines(client).await[from - 1].contains(&format!("variant {game} ")),
        "{game}: the engine plays another game"
    );
    send(client, "position startpos").await;
    send(client, "go movetime 300").await;
    let is_bestmove = |line: &str| line.starts_with("bestmove ") && line != "bestmove (none)";
    let from = line_after(
        client,
        from,
        &format!("{game}: the engine's answer"),
        is_bestmove,
    )
    .await;
    send(client, "go infinite").await;
    line_after(client, from, &format!("{game}: a live line"), |line| {
        line.starts_with("info depth ") && line.contains(" pv ")
    })
    .await;
    send(client, "stop").await;
    // In a browser a `go infinite` that reaches its end answers by itself
    // (solved Alak can), and `stop` then has nothing to answer.
    let from = line_after(client, from, &format!("{game}: stop's answer"), is_bestmove).await;
    send(client, "go depth 2").await;
    line_after(
        client,
        from,
        &format!("{game}: a search after stop"),
        is_bestmove,
    )
    .await;
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(shots.join(format!("console-{game}.png")), png).expect("screenshot saved");
}

async fn check_console(client: Client, url: String) {
    crate::browser::open(&client, &url).await;
    let shots = target_dir().join("screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot folder");
    // The browser gives the engine one thread; more are refused.
    send(&client, "setoption name Threads value 2").await;
    let from = line_after(&client, 0, "Threads 2 refused", |line| {
        line.starts_with("info string error: ") && line.contains("Threads")
    })
    .await;
    for game in GAME_NAMES {
        one_game(&client, game, &shots).await;
    }
    let errors: Vec<String> = log_lines(&client)
        .await
        .into_iter()
        .skip(from)
        .filter(|line| line.contains("error"))
        .collect();
    assert!(errors.is_empty(), "errors in the log: {errors:?}");
}

/// Runs `checks` in headless Chromium (a fresh profile named after
/// `name`, in `window`) on the built site's `page`, served on loopback.
fn on_the_site<F, Fut>(page: &str, name: &str, window: Window, checks: F)
where
    F: FnOnce(Client, String) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    // Checked first, so a missing browser fails with the packages to install.
    program("chromium");
    let server = static_server(build_site());
    let url = format!("http://127.0.0.1:{}/{page}", server.port);
    in_browser(name, window, |client| checks(client, url));
}

#[test]
fn the_static_sites_engine_answers_the_protocol_in_a_real_browser() {
    on_the_site(
        "console.html",
        "ludus-console-test",
        Window::Desktop,
        check_console,
    );
}

/// After [`play`] turned its analysis off (`stop` to a `go infinite`,
/// which never ends by itself), the engine is free at once: it answers
/// the next clicked move.
async fn plays_on_after_a_stop(client: &Client, game: &str) {
    let played = move_count(client).await;
    click_a_move(client, game, played).await;
    until(
        &format!("{game}: the engine's answer after the stop"),
        Duration::from_secs(120),
        || async { (move_count(client).await > played + 1).then_some(()) },
    )
    .await;
}

/// The game on the board goes out as PGN and comes back in after another
/// game replaced it.
async fn pgn_out_and_in(client: &Client) {
    let moves = move_count(client).await;
    let pgn = export_pgn(client, "[Game \"wyx\"]").await;
    assert!(pgn.contains("[Event "), "{pgn}");
    new_game(client, ("alak", 11), "second", ("", "")).await;
    section(client, "pgn-section", true).await;
    click_on(client, Locator::Id("import-pgn"), "import button").await;
    until("the imported game", Duration::from_secs(30), || async {
        let cells = client
            .find_all(Locator::Css("#board [data-cell]"))
            .await
            .ok()?;
        (cells.len() == 64 && move_count(client).await == moves).then_some(())
    })
    .await;
}

/// The site's board at 1280×800: every game played against the in-page
/// engine (and on after a stop), PGN out and in, a refused click, every
/// lesson, a game on a clock, a review from a link, a reload, axe-core,
/// a Double Wyx.
async fn check_board(client: Client, url: String) {
    crate::browser::open(&client, &url).await;
    // The engine's name is in the folded Engine section: its text, not
    // what is rendered.
    let name = until("the in-page engine", Duration::from_secs(60), || async {
        let text = value_of(
            &client,
            "document.getElementById('engine-name').textContent",
        )
        .await;
        let text = text.as_str().unwrap_or_default().to_string();
        text.starts_with("engine: ludus").then_some(text)
    })
    .await;
    assert!(!name.contains("starting"), "{name}");
    for game in GAMES {
        play(&client, game, "site-").await;
        plays_on_after_a_stop(&client, game.0).await;
    }
    pgn_out_and_in(&client).await;
    check_either_board(&client, &url, "site-", "the static site").await;
    let error = text_of(&client, "#error").await;
    assert!(!error.starts_with("engine: "), "{error}");
}

#[test]
fn the_static_sites_board_plays_every_game_in_a_real_browser() {
    on_the_site("", "ludus-board-site-test", Window::Desktop, check_board);
}

#[test]
fn the_static_sites_board_fits_a_phone_in_a_real_browser() {
    on_the_site(
        "",
        "ludus-site-phone-test",
        Window::Phone,
        |client, url| async move {
            crate::browser::open(&client, &url).await;
            layout::phone(&client, false).await;
        },
    );
}
