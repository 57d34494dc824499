//! The static site (crates/web/build.sh) in a real browser, served by a
//! static file server on loopback (Python's http.server) and no ludus
//! server: the in-page engine, a Web Worker, refuses a second thread, and
//! for every game answers a timed search, reports a live line of
//! `go infinite`, answers `stop`, and searches again after it; a
//! screenshot per game goes under target/screenshots/site-<game>.png.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::browser::{click_on, in_browser, program, target_dir, text_of, until, Listening};
use ludus_rules::games::GAME_NAMES;

/// Builds the site into target/site-test with the documented command.
fn build_site() -> PathBuf {
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
    std::fs::write(shots.join(format!("site-{game}.png")), png).expect("screenshot saved");
}

async fn check_site(client: Client, url: String) {
    client.goto(&url).await.expect("the page opens");
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

#[test]
fn the_static_site_plays_every_game_in_a_real_browser() {
    // Checked first, so a missing browser fails with the packages to install.
    program("chromium");
    let site = build_site();
    let server = static_server(&site);
    let url = format!("http://127.0.0.1:{}/index.html", server.port);
    in_browser("ludus-site-test", |client| check_site(client, url));
}
