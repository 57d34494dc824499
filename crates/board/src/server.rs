//! The board's web server (tiny_http) on 127.0.0.1: the page, its state
//! (long polling: a request waits until the state changes, so engine output
//! reaches the page as it comes), and the actions. Each request runs on a
//! thread of its own; each page has its own session (an `App` behind a
//! mutex, see [`crate::session`]), named in a header of every request.

use std::io::Read;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, Server};

use crate::action::{Action, ActionError};
use crate::engine::EngineCommand;
use crate::guard;
use crate::session::{Session, Sessions, SESSION_HEADER};
use crate::view::{query as query_reply, state_json};

/// The largest request body taken (a PGN file of a long match fits).
const MAX_BODY: u64 = 8 << 20;
/// How long a state request waits for a change before answering anyway.
const POLL_WAIT: Duration = Duration::from_secs(20);
/// Requests served at once; more are answered 503.
const MAX_REQUESTS: usize = 64;

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// One of the page's files: its address, type and text, in the binary.
macro_rules! asset {
    ($name:literal, $kind:expr) => {
        (
            concat!("/", $name),
            $kind,
            include_str!(concat!("../assets/", $name)),
        )
    };
}

/// The page's files, in the binary (a test checks that every file of
/// assets/ is here): the page at `/`, its modules and its icon.
const ASSETS: [(&str, &str, &str); 17] = [
    ("/", HTML, include_str!("../assets/index.html")),
    asset!("index.html", HTML),
    asset!("style.css", CSS),
    asset!("favicon.svg", SVG),
    asset!("app.js", JS),
    asset!("analysis.js", JS),
    asset!("board.js", JS),
    asset!("clock.js", JS),
    asset!("dialog.js", JS),
    asset!("draw.js", JS),
    asset!("lesson.js", JS),
    asset!("pair.js", JS),
    asset!("panel.js", JS),
    asset!("review.js", JS),
    asset!("share.js", JS),
    asset!("state.js", JS),
    asset!("transport.js", JS),
];

/// What every request thread shares.
struct Shared {
    sessions: Sessions,
    port: u16,
    busy: AtomicUsize,
}

/// A bound board server, not yet serving.
pub struct Board {
    server: Server,
    shared: Arc<Shared>,
}

impl Board {
    /// Binds 127.0.0.1:`port` (0 picks a free port); each page that opens
    /// gets its own engine.
    pub fn bind(port: u16, engine: EngineCommand) -> Result<Board, String> {
        let server = Server::http(("127.0.0.1", port))
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let port = server
            .server_addr()
            .to_ip()
            .map(|a| a.port())
            .ok_or("the server has no IP address")?;
        let shared = Arc::new(Shared {
            sessions: Sessions::new(engine),
            port,
            busy: AtomicUsize::new(0),
        });
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
    let what = format!(
        "{} {} from {:?}",
        request.method(),
        request.url(),
        request.remote_addr()
    );
    log::debug!("{what}");
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
    log::debug!("{what}: answered");
}

fn route(request: &mut Request, shared: &Shared) -> Reply {
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    if let Some(&(_, kind, text)) = ASSETS.iter().find(|a| a.0 == path) {
        return match request.method() {
            Method::Get => body(200, kind, text.to_string()),
            method => error(405, &format!("method {method} is not served")),
        };
    }
    let Some(action) = path.strip_prefix("/api/") else {
        return match request.method() {
            Method::Get | Method::Post => error(404, &format!("nothing at {path}")),
            method => error(405, &format!("method {method} is not served")),
        };
    };
    if (request.method(), action) == (&Method::Post, "session") {
        return match shared.sessions.open() {
            Ok((id, session)) => json_reply(
                200,
                &json!({ "session": id, "state": state_json(&session.lock()) }),
            ),
            Err(message) => error(503, &message),
        };
    }
    let Some(id) = header_value(request, SESSION_HEADER) else {
        return error(
            400,
            &format!("no session: a page names its board in the {SESSION_HEADER} header"),
        );
    };
    // 410: the page's board is gone for good; the page opens a new one.
    let session = match shared.sessions.get(id) {
        Ok(session) => session,
        Err(message) => return error(410, &message),
    };
    match (request.method(), action) {
        (Method::Get, "state") => state(&session, query),
        (Method::Get, "pgn") => {
            let pgn = session.lock().pgn();
            body(200, "application/x-chess-pgn; charset=utf-8", pgn)
        }
        (Method::Post, action) => {
            let args = match read_json(request) {
                Ok(args) => args,
                Err(message) => return error(400, &message),
            };
            if let Some(answer) = query_reply(&session.lock(), action, &args) {
                return match answer {
                    Ok(reply) => json_reply(200, &reply),
                    Err(message) => error(400, &message),
                };
            }
            let result = Action::parse(action, args).and_then(|a| session.lock().act(a));
            match result {
                Ok(()) => {
                    session.changed.notify_all();
                    json_reply(200, &state_json(&session.lock()))
                }
                Err(refusal) => error(action_status(&refusal), &refusal.to_string()),
            }
        }
        (Method::Get, _) => error(404, &format!("nothing at {path}")),
        (method, _) => error(405, &format!("method {method} is not served")),
    }
}

/// The HTTP status of a failed action: 404 for an action there is not (as
/// for any other address with nothing at it), 400 for a request the action
/// does not take, 422 for one the game or the board refuses.
fn action_status(refusal: &ActionError) -> u16 {
    match refusal {
        ActionError::Unknown(_) => 404,
        ActionError::BadRequest(_) => 400,
        ActionError::Refused(_) => 422,
    }
}

/// The state, once it differs from the version the page has (`since=N`),
/// or after a while anyway. A clock that runs out meanwhile changes it:
/// the wait ends when the running clock's time would.
fn state(session: &Session, query: &str) -> Reply {
    let since = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("since="))
        .and_then(|v| v.parse::<u64>().ok());
    let deadline = Instant::now() + POLL_WAIT;
    let mut app = session.lock();
    loop {
        if app.tick() {
            session.changed.notify_all();
        }
        if since != Some(app.version()) {
            break;
        }
        let mut left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            break;
        }
        if let Some(flag) = app.game().until_flag(web_time::Instant::now()) {
            left = left.min(flag + Duration::from_millis(5));
        }
        app = session
            .changed
            .wait_timeout(app, left)
            .map(|(guard, _)| guard)
            .unwrap_or_else(|poison| poison.into_inner().0);
    }
    json_reply(200, &state_json(&app))
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

#[cfg(test)]
mod tests {
    use super::ASSETS;

    #[test]
    fn every_file_of_the_page_is_served() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            let path = format!("/{name}");
            assert!(
                ASSETS.iter().any(|(served, _, _)| *served == path),
                "assets/{name} is not served"
            );
        }
    }
}
