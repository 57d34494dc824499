//! A `ludus gui` process for a test, and plain HTTP requests to it (raw
//! on purpose: the tests forge Host and Origin headers).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use serde_json::Value;

use crate::common::{command, spawn, LUDUS};

/// The header that names a page's session.
pub const SESSION: &str = "X-Ludus-Session";

/// A running `ludus gui --port 0 --no-open`, killed when dropped, and a
/// session of its own (as a page opens one).
pub struct Gui {
    child: Child,
    /// Its port on 127.0.0.1.
    pub port: u16,
    /// The page's address.
    pub url: String,
    /// The session every request names, unless it names its own.
    pub session: String,
}

impl Gui {
    /// Starts the board with `extra` arguments and reads its address.
    pub fn start(extra: &[&str]) -> Gui {
        let args = ["gui", "--port", "0", "--no-open"].iter().chain(extra);
        // LUDUS_GUI_LOG=FILE: the server's debug log (every request) there.
        let log =
            std::env::var_os("LUDUS_GUI_LOG").and_then(|path| std::fs::File::create(path).ok());
        let stderr = log.map_or_else(Stdio::null, Stdio::from);
        let mut child = spawn(args, Stdio::null(), stderr);
        let stdout = child.stdout.take().expect("stdout");
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = sender.send(line);
        });
        let line = receiver
            .recv_timeout(Duration::from_secs(60))
            .expect("ludus gui prints its address");
        let url = line
            .trim()
            .strip_prefix("ludus gui: ")
            .unwrap_or_else(|| panic!("unexpected first line '{line}'"))
            .to_string();
        let port = url
            .trim_end_matches('/')
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in '{url}'"));
        let mut gui = Gui {
            child,
            port,
            url,
            session: String::new(),
        };
        gui.session = gui.open_session();
        gui
    }

    /// Opens another session, as a new page does; its id.
    pub fn open_session(&self) -> String {
        let (status, body) = self.request("POST", "/api/session", &[], None);
        assert_eq!(status, 200, "{body}");
        let answer: Value = serde_json::from_str(&body).expect("JSON");
        answer["session"]
            .as_str()
            .expect("a session id")
            .to_string()
    }

    /// Sends one request with the board's own Host and the test's session
    /// unless `headers` names others (an empty session: none); returns the
    /// status and the body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .expect("timeout");
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        let named = |wanted: &str| headers.iter().any(|(n, _)| n.eq_ignore_ascii_case(wanted));
        if !named("Host") {
            head.push_str(&format!("Host: 127.0.0.1:{}\r\n", self.port));
        }
        if !named(SESSION) && !self.session.is_empty() {
            head.push_str(&format!("{SESSION}: {}\r\n", self.session));
        }
        for (name, value) in headers.iter().filter(|(_, v)| !v.is_empty()) {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        let body = body.unwrap_or("");
        head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        stream.write_all(head.as_bytes()).expect("sends");
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        let status = answer
            .split_whitespace()
            .nth(1)
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status in '{answer}'"));
        let body = answer
            .split_once("\r\n\r\n")
            .map_or("", |(_, body)| body)
            .to_string();
        (status, body)
    }

    /// POSTs a JSON action; returns the status and the parsed answer.
    pub fn post(&self, path: &str, json: &str) -> (u16, Value) {
        let (status, body) = self.request(
            "POST",
            path,
            &[("Content-Type", "application/json")],
            Some(json),
        );
        (status, serde_json::from_str(&body).expect("a JSON answer"))
    }

    /// The state now.
    pub fn state(&self) -> Value {
        let (status, body) = self.request("GET", "/api/state", &[], None);
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).expect("JSON state")
    }

    /// Waits (long polling) until `done` holds for the state; panics with
    /// the last state after `polls` answers.
    pub fn wait_for(&self, polls: usize, done: impl Fn(&Value) -> bool) -> Value {
        let mut state = self.state();
        for _ in 0..polls {
            if done(&state) {
                return state;
            }
            let path = format!("/api/state?since={}", state["version"]);
            let (_, body) = self.request("GET", &path, &[], None);
            state = serde_json::from_str(&body).expect("JSON state");
        }
        panic!("the state never got there: {state}");
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The PGN of a `ludus match` of `games` games of `game` between two ludus
/// engines at `nodes` nodes a move.
pub fn match_pgn(game: &str, games: u32, nodes: u32) -> String {
    let name = format!("ludus-gui-{game}-{}.pgn", std::process::id());
    let path = std::env::temp_dir().join(name);
    let engine = format!("cmd={LUDUS}");
    let status = command()
        .args(["match", "--game", game, "--games", &games.to_string()])
        .args(["--each", &format!("nodes={nodes}")])
        .args(["--engine", &engine, "name=a", "--engine", &engine, "name=b"])
        .arg("--pgnout")
        .arg(&path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("ludus match runs");
    assert!(status.success());
    let pgn = std::fs::read_to_string(&path).expect("the match's PGN");
    let _ = std::fs::remove_file(&path);
    pgn
}

/// The `PlyCount` of the first game in `pgn`.
pub fn ply_count(pgn: &str) -> usize {
    pgn.split("[PlyCount \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .and_then(|count| count.parse().ok())
        .expect("PlyCount")
}
