//! The board in a real browser: headless Chromium driven through
//! chromedriver (WebDriver, by fantoccini), at 1280×800 and as a phone
//! (390×844, touch, the dark theme). The server board's checks are listed
//! in [`check_every_game`] and [`check_a_phone`] (the static site's in
//! `site`); the checks themselves are in `play`, `shown`, `learn`, `timed`
//! and `layout`. Screenshots go to docs/src/screenshots/ (the guide's and
//! README's) or target/screenshots/. A missing browser fails the test,
//! naming the packages to install.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

pub(crate) use crate::common::target_dir;
use crate::server::{match_pgn, ply_count, Gui};
use crate::{layout, learn, play, shown, timed};

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
        |port| {
            let mut args = vec![format!("--port={port}")];
            // LUDUS_CHROMEDRIVER_LOG=FILE: chromedriver's verbose log there.
            if let Some(log) = std::env::var_os("LUDUS_CHROMEDRIVER_LOG") {
                args.push(format!("--log-path={}", log.to_string_lossy()));
                args.push("--verbose".to_string());
            }
            args
        },
        "chromedriver",
    )
}

pub(crate) async fn text_of(client: &Client, css: &str) -> String {
    match client.find(Locator::Css(css)).await {
        Ok(element) => element.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// Runs `js` (a function body; `arguments` are `args`) in the page.
pub(crate) async fn script(
    client: &Client,
    js: &str,
    args: Vec<serde_json::Value>,
) -> serde_json::Value {
    client
        .execute(js, args)
        .await
        .unwrap_or_else(|e| panic!("the script failed ({e}): {js}"))
}

/// The value of the JavaScript expression `expression` in the page.
pub(crate) async fn value_of(client: &Client, expression: &str) -> serde_json::Value {
    script(client, &format!("return {expression};"), vec![]).await
}

/// Waits until the page has an element `css` finds; `what` names it in a
/// failure.
pub(crate) async fn present(client: &Client, css: &str, what: &str) {
    until(what, Duration::from_secs(60), || async {
        client.find(Locator::Css(css)).await.ok().map(|_| ())
    })
    .await;
}

/// Types `text` (ending in Enter or Tab) into the field `id`, cleared first.
pub(crate) async fn type_into(client: &Client, id: &str, text: &str) {
    let field = client.find(Locator::Id(id)).await.expect("the field");
    field.clear().await.expect("cleared");
    field.send_keys(text).await.expect("typed");
}

/// Saves a screenshot as `name`.png: in docs/src/screenshots/ when `docs`
/// (the guide's and README's, refreshed by every run), else in
/// target/screenshots/.
pub(crate) async fn screenshot(client: &Client, name: &str, docs: bool) {
    let dir = if docs {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/src/screenshots")
    } else {
        target_dir().join("screenshots")
    };
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("screenshot saved");
}

/// Opens `url` in the tab: a page whose load stalls (now and then the
/// board's HTTP server, tiny_http, leaves a fresh connection unread on a
/// busy machine) is opened again, up to three times.
pub(crate) async fn open(client: &Client, url: &str) {
    // Scripts (axe-core) may take long on a busy machine; a page not.
    let timeouts = fantoccini::wd::TimeoutConfiguration::new(
        Some(Duration::from_secs(180)),
        Some(Duration::from_secs(30)),
        Some(Duration::ZERO),
    );
    client
        .update_timeouts(timeouts)
        .await
        .expect("timeouts set");
    for attempt in 1..=3 {
        match client.goto(url).await {
            Ok(()) => return,
            Err(e) if attempt < 3 => eprintln!("{url} did not load ({e}): again"),
            Err(e) => panic!("{url} never loaded: {e}"),
        }
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

/// Whether the Game pane offers to play a pair (its button shown).
pub(crate) async fn pair_offered(client: &Client) -> bool {
    value_of(client, "!document.getElementById('pair-start').hidden").await == true
}

/// The moves in the move list.
pub(crate) async fn move_count(client: &Client) -> usize {
    client
        .find_all(Locator::Css("#move-list .mv"))
        .await
        .map_or(0, |moves| moves.len())
}

/// The browser's window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Window {
    /// 1280×800, a mouse, the light theme.
    Desktop,
    /// A phone's 390×844 (touch, device pixels twice as dense), the dark
    /// theme.
    Phone,
}

/// Runs `checks` in headless Chromium (chromedriver started here, a fresh
/// profile named after `name`) in `window`, closing the browser also when
/// a check fails.
pub(crate) fn in_browser<F, Fut>(name: &str, window: Window, checks: F)
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
        let client = connect(&driver, &profile.0.to_string_lossy(), window).await;
        if window == Window::Desktop {
            // The window is sized so that its page, not the window with
            // its frame, is 1280×800.
            let inner = client
                .execute("return [innerWidth, innerHeight];", vec![])
                .await
                .expect("the page's size");
            let size = |i: usize, want: u64| 2 * want - inner[i].as_u64().unwrap_or(want).min(want);
            let _ = client
                .set_window_size(size(0, 1280) as u32, size(1, 800) as u32)
                .await;
        }
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
/// folder `profile`, in `window`.
async fn connect(driver: &Listening, profile: &str, window: Window) -> Client {
    let chromium = program("chromium");
    let mut args = vec![
        "--headless".to_string(),
        "--no-sandbox".to_string(),
        "--disable-gpu".to_string(),
        "--disable-quic".to_string(),
        "--no-first-run".to_string(),
        "--disable-background-networking".to_string(),
        "--disable-component-update".to_string(),
        "--disable-sync".to_string(),
        format!("--user-data-dir={profile}"),
    ];
    let mut options = json!({ "binary": chromium });
    match window {
        Window::Desktop => args.push("--window-size=1280,800".to_string()),
        Window::Phone => {
            // Headless windows are at least 500 px wide: the phone is
            // emulated (its viewport, touch, pixel density).
            args.push("--window-size=800,900".to_string());
            args.push("--force-dark-mode".to_string());
            args.push("--blink-settings=preferredColorScheme=0".to_string());
            options["mobileEmulation"] = json!({
                "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0, "touch": true },
            });
        }
    }
    options["args"] = json!(args);
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".to_string(), options);
    // A page counts as open once its document is read and its scripts
    // run; the checks then wait for what they need.
    capabilities.insert("pageLoadStrategy".to_string(), json!("eager"));
    ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .unwrap_or_else(|e| panic!("no browser session ({e}): {INSTALL}"))
}

/// The server board at 1280×800: every game played against the engine,
/// what the page shows, the lessons, a refused click, a game on a clock,
/// a review, a game kept and shared, the defects fixed, axe-core, pairs.
async fn check_every_game(client: Client, url: String, (plies, pgn): (usize, String)) {
    open(&client, &url).await;
    layout::desktop(&client, "board").await;
    shown::notation_folded(&client).await;
    shown::turns(&client).await;
    for game in GAMES {
        play::play(&client, game, "").await;
        layout::desktop(&client, game.0).await;
    }
    shown::imported_game(&client, &pgn, plies).await;
    shown::graph_side(&client).await;
    shown::defects(&client).await;
    play::typed_and_flipped(&client).await;
    // Flipped back, and the page fresh (the tab keeps its board).
    shown::two_tabs(&client, &url).await;
    check_either_board(&client, &url, "", "the server board").await;
}

/// What the server's board and the static site's (`what`, at `url`) both
/// pass: a refused click, every lesson, a game lost on time, a review
/// from a link, a game kept across a reload, axe-core and a Double Wyx
/// (screenshots named `<shot>…`).
pub(crate) async fn check_either_board(client: &Client, url: &str, shot: &str, what: &str) {
    learn::refused_click(client).await;
    learn::every_lesson(client, shot).await;
    timed::lost_on_time(client, shot).await;
    timed::review_from_a_link(client, url, shot).await;
    timed::kept_across_a_reload(client).await;
    layout::accessible(client, what).await;
    play::double_wyx(client, shot).await;
}

/// The server board on a phone: every game, the dialog and the rules fit
/// 390×844 with nothing off the side, in the dark theme; axe-core.
async fn check_a_phone(client: Client, url: String) {
    open(&client, &url).await;
    layout::phone(&client, true).await;
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
    in_browser("ludus-gui-test", Window::Desktop, |client| {
        check_every_game(client, url, imported)
    });
}

#[test]
fn the_board_fits_a_phone_in_a_real_browser() {
    program("chromium");
    let gui = Gui::start(&[]);
    let url = gui.url.clone();
    in_browser("ludus-gui-phone-test", Window::Phone, |client| {
        check_a_phone(client, url)
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
