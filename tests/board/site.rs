//! The static site (crates/web/build.sh) in a real browser, served by a
//! static file server on loopback (Python's http.server) and no ludus
//! server: for every game the in-page engine, a Web Worker, answers a
//! timed search, reports a live line of `go infinite`, answers `stop`, and
//! searches again after it; a screenshot per game goes under
//! target/screenshots/site-<game>.png.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};

use crate::browser::{click_on, connect, program, target_dir, text_of, until, Driver, Profile};
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

/// `python3 -m http.server` serving `dir` on a free loopback port, killed
/// when dropped.
struct StaticServer {
    child: Child,
    port: u16,
}

impl StaticServer {
    fn start(dir: &Path) -> StaticServer {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let child = Command::new(program("python3"))
            .args([
                "-m",
                "http.server",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
            ])
            .arg("--directory")
            .arg(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 -m http.server runs");
        let deadline = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "the static server never listened"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        StaticServer { child, port }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
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
    let from = line_after(client, from, &format!("{game}: a live line"), |line| {
        line.starts_with("info depth ") && line.contains(" pv ")
    })
    .await;
    send(client, "stop").await;
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
    for game in GAME_NAMES {
        one_game(&client, game, &shots).await;
    }
    let errors: Vec<String> = log_lines(&client)
        .await
        .into_iter()
        .filter(|line| line.contains("error"))
        .collect();
    assert!(errors.is_empty(), "errors in the log: {errors:?}");
}

#[test]
fn the_static_site_plays_every_game_in_a_real_browser() {
    // Checked first, so a missing browser fails with the packages to install.
    program("chromium");
    let site = build_site();
    let server = StaticServer::start(&site);
    let driver = Driver::start();
    let profile =
        Profile(std::env::temp_dir().join(format!("ludus-site-test-{}", std::process::id())));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let client = connect(&driver, &profile.0.to_string_lossy()).await;
        let url = format!("http://127.0.0.1:{}/index.html", server.port);
        // A failing check (a panic) is caught in its task, so the browser
        // is closed before the failure goes on.
        let outcome = tokio::spawn(check_site(client.clone(), url)).await;
        let _ = client.close().await;
        if let Err(failure) = outcome {
            std::panic::resume_unwind(failure.into_panic());
        }
    });
}
