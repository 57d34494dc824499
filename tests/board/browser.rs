//! The board in a real browser: headless Chromium driven through
//! chromedriver (WebDriver, by fantoccini). For every game it opens the
//! page, finds the board's cells, plays a clicked move against the engine,
//! sees the reply and the analysis, and saves a screenshot under
//! target/screenshots/; then it plays a Double Wyx pair through. A missing
//! browser fails the test, naming the packages to install.

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

pub(crate) use crate::common::target_dir;
use crate::server::{match_pgn, ply_count, Gui};
use crate::shown;

const INSTALL: &str = "the browser test needs headless Chromium and its WebDriver: \
     apt-get install -y chromium chromium-driver";

/// Each game, its board's cell count and two cell names it must have.
pub(crate) const GAMES: [(&str, usize, [&str; 2]); 6] = [
    ("alak", 11, ["1", "11"]),
    ("wyke", 16, ["a1", "d4"]),
    ("wyke6", 36, ["a1", "f6"]),
    ("pylyx", 140, ["b2", "k11"]),
    ("pylyx10", 96, ["b2", "j9"]),
    ("wyx", 64, ["a1", "h8"]),
];

/// A program on the PATH, or the failure that names the packages.
pub(crate) fn program(name: &str) -> PathBuf {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join(name))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("'{name}' is not installed: {INSTALL}"))
}

/// A program listening on a loopback port, killed when dropped.
pub(crate) struct Listening {
    child: Child,
    /// Its port.
    pub(crate) port: u16,
}

impl Listening {
    /// Runs `program` with the arguments `args` gives for a free port and
    /// waits until it listens there; `what` names it in a failure.
    pub(crate) fn start(program: PathBuf, args: impl Fn(u16) -> Vec<String>, what: &str) -> Self {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let child = Command::new(program)
            .args(args(port))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{what} does not run ({e}): {INSTALL}"));
        let deadline = Instant::now() + Duration::from_secs(60);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "{what} never listened");
            std::thread::sleep(Duration::from_millis(100));
        }
        Listening { child, port }
    }
}

impl Drop for Listening {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// chromedriver on a free port.
fn start_driver() -> Listening {
    let driver = program("chromedriver");
    Listening::start(
        driver,
        |port| vec![format!("--port={port}")],
        "chromedriver",
    )
}

pub(crate) async fn text_of(client: &Client, css: &str) -> String {
    match client.find(Locator::Css(css)).await {
        Ok(element) => element.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// Polls `check` until it gives a value; fails with `what` after `wait`.
pub(crate) async fn until<T, F, Fut>(what: &str, wait: Duration, mut check: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = Instant::now() + wait;
    loop {
        if let Some(value) = check().await {
            return value;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// Clicks the element `locator` finds; `what` names it in a failure. The
/// element may be there but not yet interactable (the page still laying
/// out, on a busy machine), so the click is retried for a while, as
/// WebDriver's "wait until clickable" does.
pub(crate) async fn click_on(client: &Client, locator: Locator<'_>, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let element = client
            .find(locator)
            .await
            .unwrap_or_else(|e| panic!("no {what}: {e}"));
        match element.click().await {
            Ok(_) => return,
            Err(e) if Instant::now() >= deadline => panic!("{what} not clickable: {e}"),
            Err(_) => tokio::time::sleep(Duration::from_millis(150)).await,
        }
    }
}

/// Picks `value` in the select `css` finds.
pub(crate) async fn choose(client: &Client, css: &str, value: &str) {
    let select = client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"));
    select
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("{css}: cannot choose {value}: {e}"));
}

/// The moves in the move list.
pub(crate) async fn move_count(client: &Client) -> usize {
    client
        .find_all(Locator::Css("#move-list .mv"))
        .await
        .map_or(0, |moves| moves.len())
}

/// One game: a new game against the engine, a move by clicks, the reply,
/// the analysis, a screenshot (`<shot><game>.png` in `shots`).
pub(crate) async fn play(
    client: &Client,
    (game, cells, names): (&str, usize, [&str; 2]),
    shots: &Path,
    shot: &str,
) {
    choose(client, "select[data-test=game]", game).await;
    choose(client, "select[data-test=engine-plays]", "second").await;
    click_on(
        client,
        Locator::Css("[data-test=new-game]"),
        "new game button",
    )
    .await;
    until(
        &format!("{game}'s {cells} cells"),
        Duration::from_secs(30),
        || async {
            let found = client.find_all(Locator::Css("[data-cell]")).await.ok()?;
            let fresh = move_count(client).await == 0;
            (found.len() == cells && fresh).then_some(())
        },
    )
    .await;
    let yours = text_of(client, "[data-test=turn]").await;
    assert!(yours.starts_with("Your move ("), "{game}: {yours}");
    shown::header_fits(client, game).await;
    for name in names {
        let css = format!("[data-cell=\"{name}\"]");
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
    click_on(client, Locator::Id("analyse"), "analysis box (on)").await;
    let analysis = until(
        &format!("{game}: analysis lines"),
        Duration::from_secs(60),
        || async {
            let text = text_of(client, "[data-test=analysis]").await;
            let lined = text.contains("analysis of the position after 2 moves")
                && text.contains("1. ")
                && text.contains(" d");
            lined.then_some(text)
        },
    )
    .await;
    assert!(
        analysis.contains('+') || analysis.contains('-'),
        "{game}: a score in {analysis}"
    );
    let result = client.find(Locator::Css("[data-test=result]")).await;
    assert!(result.is_ok(), "{game}: the result element");
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(shots.join(format!("{shot}{game}.png")), png).expect("screenshot saved");
    click_on(client, Locator::Id("analyse"), "analysis box (off)").await;
}

/// Clicks what is legal next until the game has more than `played`
/// moves (`game` names it in a failure).
pub(crate) async fn click_a_move(client: &Client, game: &str, played: usize) {
    until(
        &format!("{game}: a clicked move"),
        Duration::from_secs(60),
        || async {
            if move_count(client).await > played {
                return Some(());
            }
            if let Ok(target) = client.find(Locator::Css("[data-legal=true]")).await {
                // A stale element (the page just redrew) is clicked next round.
                let _ = target.click().await;
            }
            None
        },
    )
    .await;
}

/// The x of the cell `name` on the page.
async fn cell_x(client: &Client, name: &str) -> f64 {
    let css = format!("[data-cell=\"{name}\"]");
    let cell = client.find(Locator::Css(&css)).await.expect("the cell");
    cell.rectangle().await.expect("its place").0
}

/// A typed move that is not legal is refused with a message on the board;
/// flipping the board turns it around.
async fn typed_and_flipped(client: &Client) {
    choose(client, "select[data-test=game]", "alak").await;
    let input = client
        .find(Locator::Id("typed-move"))
        .await
        .expect("the move field");
    input.send_keys("9-9\u{E007}").await.expect("typed");
    let message = until("the refusal", Duration::from_secs(30), || async {
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

/// Presses the pair button, then waits up to `wait` for the text at `css`
/// that `done` accepts (`what` says what it is) and returns it.
async fn start_pair_until(
    client: &Client,
    what: &str,
    wait: Duration,
    css: &str,
    done: impl Fn(&str) -> bool,
) -> String {
    click_on(
        client,
        Locator::Css("[data-test=pair-start]"),
        "pair button",
    )
    .await;
    until(what, wait, || async {
        let text = text_of(client, css).await;
        done(&text).then_some(text)
    })
    .await
}

/// Pair mode: refused with a message for a game whose rules score each
/// game alone; a Double Wyx played through by the engine on both sides at
/// a few hundred nodes a move: the panel's counts add up, the winner is
/// named, the PGN holds both games with their tags; a screenshot
/// (`<shot>wyx-pair.png` in `shots`).
pub(crate) async fn double_wyx(client: &Client, shots: &Path, shot: &str) {
    choose(client, "select[data-test=game]", "alak").await;
    let refusal = start_pair_until(
        client,
        "the refusal of a pair",
        Duration::from_secs(30),
        "#error",
        |text| text.contains("score each game alone"),
    )
    .await;
    assert!(
        refusal.contains("wyx"),
        "names the games that have pairs: {refusal}"
    );
    choose(client, "#strength-kind", "nodes").await;
    choose(client, "select[data-test=game]", "wyx").await;
    // The seed field shows once the page knows the game is Wyx.
    until("the seed field", Duration::from_secs(30), || async {
        let field = client.find(Locator::Id("seed")).await.ok()?;
        field.send_keys("7").await.ok()
    })
    .await;
    click_on(client, Locator::Css("[data-test=new-game]"), "new game").await;
    choose(client, "select[data-test=engine-plays]", "both").await;
    let start = until("the pair button", Duration::from_secs(30), || async {
        let text = text_of(client, "[data-test=pair-start]").await;
        text.contains("Double Wyx").then_some(())
    });
    start.await;
    let winner = start_pair_until(
        client,
        "the pair's end",
        Duration::from_secs(600),
        "[data-test=pair-winner]",
        |text| !text.is_empty(),
    )
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
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(shots.join(format!("{shot}wyx-pair.png")), png).expect("screenshot saved");
    click_on(client, Locator::Css("#pgn-section summary"), "PGN section").await;
    click_on(client, Locator::Id("export-pgn"), "export button").await;
    let pgn = until("the pair's PGN", Duration::from_secs(30), || async {
        let area = client.find(Locator::Id("pgn")).await.ok()?;
        let text = area.prop("value").await.ok()??;
        text.contains("PairTokensLeft").then_some(text)
    })
    .await;
    assert_eq!(pgn.matches("[Event ").count(), 2, "{pgn}");
    assert_eq!(pgn.matches("[TokensLeft ").count(), 2, "{pgn}");
    assert!(pgn.contains("[Round \"2\"]"), "{pgn}");
    let totals = format!("[PairTokensLeft \"{b},{a}\"]");
    assert!(
        pgn.contains(&totals),
        "the second game's White first: {pgn}"
    );
    click_on(client, Locator::Id("pair-leave"), "leave button").await;
}

/// Runs `checks` in headless Chromium (chromedriver started here, a fresh
/// profile named after `name`), closing the browser also when a check
/// fails.
pub(crate) fn in_browser<F, Fut>(name: &str, checks: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let driver = start_driver();
    let profile = Profile(std::env::temp_dir().join(format!("{name}-{}", std::process::id())));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let client = connect(&driver, &profile.0.to_string_lossy()).await;
        // The checks run as a task of their own: a failing one (a panic)
        // is caught there, so the browser is closed before the failure
        // goes on.
        let outcome = tokio::spawn(checks(client.clone())).await;
        let _ = client.close().await;
        if let Err(failure) = outcome {
            std::panic::resume_unwind(failure.into_panic());
        }
    });
}

/// A headless Chromium session through `driver`, with the fresh profile
/// folder `profile`.
async fn connect(driver: &Listening, profile: &str) -> Client {
    let chromium = program("chromium");
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                format!("--user-data-dir={profile}"), "--window-size=1280,900",
            ],
        }),
    );
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .unwrap_or_else(|e| panic!("no browser session ({e}): {INSTALL}"))
}

async fn check_every_game(client: Client, url: String, (plies, pgn): (usize, String)) {
    client.goto(&url).await.expect("the page opens");
    let shots = target_dir().join("screenshots");
    std::fs::create_dir_all(&shots).expect("screenshot folder");
    shown::notation_folded(&client).await;
    shown::turns(&client).await;
    for game in GAMES {
        play(&client, game, &shots, "").await;
    }
    shown::imported_game(&client, &pgn, plies, &shots).await;
    shown::graph_side(&client).await;
    typed_and_flipped(&client).await;
    // Flipped back, and the page fresh (the tab keeps its board).
    shown::two_tabs(&client, &url).await;
    double_wyx(&client, &shots, "").await;
}

#[test]
fn every_game_is_played_in_a_real_browser() {
    // Checked first, so a missing browser fails with the packages to install.
    program("chromium");
    let gui = Gui::start(&[]);
    // A finished Wyke game to import (the engine against itself).
    let pgn = match_pgn("wyke", 1, 300);
    let imported = (ply_count(&pgn), pgn);
    let url = gui.url.clone();
    in_browser("ludus-gui-test", |client| {
        check_every_game(client, url, imported)
    });
}

/// The browser's fresh profile folder, removed when dropped (also after a
/// failure).
struct Profile(PathBuf);

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
