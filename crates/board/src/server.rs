//! The board's web server (tiny_http) on 127.0.0.1: the page, its state
//! (long polling: a request waits until the state changes, so engine output
//! reaches the page as it comes), and the actions. Each request runs on a
//! thread of its own; the state is one `App` behind a mutex.

use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, Server};

use crate::app::App;
use crate::engine::{EngineCommand, EngineLink};
use crate::guard;
use crate::view::{follow_json, state_json};

/// The largest request body taken (a PGN file of a long match fits).
const MAX_BODY: u64 = 8 << 20;
/// How long a state request waits for a change before answering anyway.
const POLL_WAIT: Duration = Duration::from_secs(20);
/// Requests served at once; more are answered 503.
const MAX_REQUESTS: usize = 64;

/// The page's files, in the binary.
const ASSETS: [(&str, &str, &str); 4] = [
    (
        "/",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "/style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "/draw.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/draw.js"),
    ),
    (
        "/app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
];

/// The state every request thread shares.
struct Shared {
    app: Mutex<App>,
    changed: Condvar,
    port: u16,
    busy: AtomicUsize,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, App> {
        // A panicking request thread must not take the board down with it.
        self.app.lock().unwrap_or_else(|poison| poison.into_inner())
    }
}

/// A bound board server, not yet serving.
pub struct Board {
    server: Server,
    shared: Arc<Shared>,
}

impl Board {
    /// Binds 127.0.0.1:`port` (0 picks a free port) and starts the engine.
    pub fn bind(port: u16, engine: EngineCommand) -> Result<Board, String> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let port = server
            .server_addr()
            .to_ip()
            .map(|a| a.port())
            .ok_or("the server has no IP address")?;
        let shared = Arc::new(Shared {
            app: Mutex::new(App::new()),
            changed: Condvar::new(),
            port,
            busy: AtomicUsize::new(0),
        });
        let weak = Arc::downgrade(&shared);
        let link = EngineLink::spawn(engine, move |event| {
            if let Some(shared) = weak.upgrade() {
                shared.lock().on_event(event);
                shared.changed.notify_all();
            }
        })?;
        shared.lock().attach(link);
        Ok(Board { server, shared })
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.shared.port)
    }

    /// Serves until the process ends.
    pub fn serve(self) {
        for request in self.server.incoming_requests() {
            let shared = Arc::clone(&self.shared);
            if shared.busy.fetch_add(1, Ordering::SeqCst) >= MAX_REQUESTS {
                shared.busy.fetch_sub(1, Ordering::SeqCst);
                reply(request, error(503, "too many requests at once"));
                continue;
            }
            let spawned = std::thread::Builder::new()
                .name("board-request".to_string())
                .spawn(move || {
                    handle(request, &shared);
                    shared.busy.fetch_sub(1, Ordering::SeqCst);
                });
            if let Err(e) = spawned {
                log::warn!("cannot start a request thread: {e}");
                self.shared.busy.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

type Reply = Response<std::io::Cursor<Vec<u8>>>;

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("static header text is valid")
}

fn body(status: u16, content_type: &str, text: String) -> Reply {
    Response::from_data(text.into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("X-Frame-Options", "DENY"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; \
             frame-ancestors 'none'",
        ))
}

fn json_reply(status: u16, value: &Value) -> Reply {
    body(status, "application/json", value.to_string())
}

fn error(status: u16, message: &str) -> Reply {
    json_reply(status, &json!({ "error": message }))
}

fn reply(request: Request, response: Reply) {
    if let Err(e) = request.respond(response) {
        log::debug!("the page went away before its answer: {e}");
    }
}

fn header_value<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

fn handle(mut request: Request, shared: &Shared) {
    let checked = guard::check(
        header_value(&request, "Host"),
        header_value(&request, "Origin"),
        shared.port,
    );
    let response = match checked {
        Err(refusal) => error(403, &refusal),
        Ok(()) => route(&mut request, shared),
    };
    reply(request, response);
}

fn route(request: &mut Request, shared: &Shared) -> Reply {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    match (request.method(), path) {
        (Method::Get, _) if ASSETS.iter().any(|a| a.0 == path) => {
            let (_, kind, text) = ASSETS
                .iter()
                .find(|a| a.0 == path)
                .copied()
                .unwrap_or(ASSETS[0]);
            body(200, kind, text.to_string())
        }
        (Method::Get, "/api/state") => state(shared, query),
        (Method::Get, "/api/pgn") => body(
            200,
            "application/x-chess-pgn; charset=utf-8",
            crate::pgn::export(&shared.lock()),
        ),
        (Method::Post, action) if action.starts_with("/api/") => {
            let args = match read_json(request) {
                Ok(args) => args,
                Err(message) => return error(400, &message),
            };
            let action = &action["/api/".len()..];
            if action == "follow" {
                return follow(shared, &args);
            }
            let result = shared.lock().act(action, &args);
            match result {
                Ok(()) => {
                    shared.changed.notify_all();
                    json_reply(200, &state_json(&shared.lock()))
                }
                Err(message) if message.starts_with("unknown action") => error(404, &message),
                Err(message) => error(400, &message),
            }
        }
        (Method::Get | Method::Post, _) => error(404, &format!("nothing at {path}")),
        (method, _) => error(405, &format!("method {method} is not served")),
    }
}

/// The state, once it differs from the version the page has (`since=N`),
/// or after a while anyway.
fn state(shared: &Shared, query: &str) -> Reply {
    let since = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("since="))
        .and_then(|v| v.parse::<u64>().ok());
    let deadline = Instant::now() + POLL_WAIT;
    let mut app = shared.lock();
    while since == Some(app.version) {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        app = shared
            .changed
            .wait_timeout(app, left)
            .map(|(guard, _)| guard)
            .unwrap_or_else(|poison| poison.into_inner().0);
    }
    json_reply(200, &state_json(&app))
}

fn follow(shared: &Shared, args: &Value) -> Reply {
    let Some(selection) = args.get("selection").and_then(Value::as_array) else {
        return error(
            400,
            "selection: missing (a list of clicked names is needed)",
        );
    };
    let Some(selection): Option<Vec<String>> = selection
        .iter()
        .map(|v| v.as_str().map(str::to_string))
        .collect()
    else {
        return error(400, "selection: every click must be a name (text)");
    };
    let app = shared.lock();
    let ply = match args.get("ply") {
        None => app.view,
        Some(v) => match v.as_u64().and_then(|p| usize::try_from(p).ok()) {
            Some(p) if p <= app.table.moves().len() => p,
            _ => return error(400, &format!("ply {v} is not in the game")),
        },
    };
    json_reply(200, &follow_json(&app.table.follow(ply, &selection)))
}

/// The request's body as a JSON object; only `application/json` is taken
/// (a cross-site form cannot send it without the browser asking first).
fn read_json(request: &mut Request) -> Result<Value, String> {
    let json_type = header_value(request, "Content-Type").is_some_and(|t| {
        t.trim()
            .to_ascii_lowercase()
            .starts_with("application/json")
    });
    if !json_type {
        return Err("send the action's arguments as application/json".to_string());
    }
    let mut text = String::new();
    request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read the request: {e}"))?;
    if text.len() as u64 > MAX_BODY {
        return Err(format!("the request is larger than {} MiB", MAX_BODY >> 20));
    }
    if text.trim().is_empty() {
        return Ok(json!({}));
    }
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("the request is not JSON: {e}"))?;
    if !value.is_object() {
        return Err("the request must be a JSON object".to_string());
    }
    Ok(value)
}
