//! The board of the static site: the same state and actions as `ludus
//! gui`'s ([`App`]), held in the page, with the engine in a Web Worker of
//! the page instead of a child process. Nothing here waits: the engine's
//! lines come in as the page reads them ([`PageBoard::engine_line`]) and
//! the lines for the engine go out when the page asks for them
//! ([`PageBoard::take_lines`]), the same protocol text the server's
//! engine sees.

use serde_json::Value;

use crate::action::{Action, ActionError};
use crate::app::App;
use crate::search::{Event, Next, Searches, Setup, Told};
use crate::view::{query, state_json};
use ludus_rules::protocol::Dialect;

/// The conversation with the in-page engine: its handshake (`ugi`: it is
/// always ludus), then the searches the board wants, as lines to send.
struct PageLink {
    /// What the engine declared so far, until `ugiok`.
    declarations: Vec<String>,
    /// What the engine has been told, once it answered the handshake.
    told: Option<Told>,
    searches: Searches,
    /// Lines for the engine, not yet taken by the page.
    outbox: Vec<String>,
}

impl PageLink {
    fn new() -> PageLink {
        PageLink {
            declarations: Vec::new(),
            told: None,
            searches: Searches::default(),
            outbox: vec!["ugi".to_string()],
        }
    }

    /// Reads a line of the engine; returns what it means for the board.
    fn read(&mut self, line: &str) -> Option<Event> {
        if self.told.is_some() {
            return self.searches.read(line);
        }
        if let Some(error) = line.strip_prefix("info string error:") {
            // The worker could not start the engine (its module failed).
            return Some(Event::Failed(None, format!("engine: {}", error.trim())));
        }
        if line.trim() != "ugiok" {
            self.declarations.push(line.to_string());
            return None;
        }
        let told = Told::new(Dialect::Ugi, std::mem::take(&mut self.declarations));
        let name = told
            .name()
            .unwrap_or_else(|| "the in-page engine".to_string());
        self.told = Some(told);
        Some(Event::Ready(name))
    }

    /// Stops or starts searches to match what is wanted (once the engine
    /// has shaken hands); a job that cannot start is reported.
    fn reconcile(&mut self) -> Option<Event> {
        let told = self.told.as_mut()?;
        match self.searches.step() {
            Next::Wait => None,
            Next::Stop => {
                self.outbox.push("stop".to_string());
                None
            }
            Next::Start(job) => match told.job_steps(&job) {
                Ok(steps) => {
                    // The worker takes its lines in order: no need to
                    // wait for `readyok` between them.
                    let lines = steps.into_iter().filter_map(|step| match step {
                        Setup::Send(line) => Some(line),
                        Setup::Sync => None,
                    });
                    self.outbox.extend(lines);
                    self.searches.started(*job);
                    None
                }
                Err(error) => {
                    self.searches.refused(job.id);
                    Some(Event::Failed(Some(job.id), error))
                }
            },
        }
    }
}

/// The board's state in the page and its link to the in-page engine.
pub struct PageBoard {
    app: App,
    link: PageLink,
}

impl PageBoard {
    /// A new board (the default game's start); its first line for the
    /// engine is the handshake.
    pub fn new() -> PageBoard {
        PageBoard {
            app: App::new(),
            link: PageLink::new(),
        }
    }

    /// The state the page draws, as JSON.
    pub fn state(&self) -> Value {
        state_json(&self.app)
    }

    /// Runs the action `name` with the JSON object `args`; returns the new
    /// state. On error nothing changed.
    pub fn act(&mut self, name: &str, args: Value) -> Result<Value, ActionError> {
        self.app.act(Action::parse(name, args)?)?;
        self.settle(None);
        Ok(self.state())
    }

    /// The answer to the query `name` (`follow`, `explain`, `lesson`,
    /// `exercise`: nothing changes) with the JSON object `args`.
    pub fn query(&self, name: &str, args: &Value) -> Result<Value, String> {
        query(&self.app, name, args).unwrap_or_else(|| Err(format!("unknown query '{name}'")))
    }

    /// Checks the clocks (the page asks when the running one reaches
    /// zero, and now and then); whether the state changed.
    pub fn tick(&mut self) -> bool {
        let changed = self.app.tick();
        if changed {
            self.settle(None);
        }
        changed
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        self.app.pgn()
    }

    /// Takes in a line the engine wrote.
    pub fn engine_line(&mut self, line: &str) {
        let event = self.link.read(line);
        self.settle(event);
    }

    /// The lines to send to the engine now, in order.
    pub fn take_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.link.outbox)
    }

    /// Hands `event` to the board, then brings the engine's searches in
    /// line with what the board wants, until neither has news.
    fn settle(&mut self, mut event: Option<Event>) {
        loop {
            if let Some(event) = event.take() {
                self.app.on_event(event);
            }
            self.link.searches.want(self.app.engine().job().cloned());
            event = self.link.reconcile();
            if event.is_none() {
                return;
            }
        }
    }
}

impl Default for PageBoard {
    fn default() -> Self {
        PageBoard::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A board whose engine has shaken hands as ludus does (it plays
    /// Alak and Wyx, one to three lines, at a rating).
    fn board() -> PageBoard {
        let mut board = PageBoard::new();
        assert_eq!(board.take_lines(), ["ugi"]);
        for line in [
            "id name ludus test",
            "option name UCI_Variant type combo default alak var alak var wyx",
            "option name MultiPV type spin default 1 min 1 max 3",
            "option name UCI_LimitStrength type check default false",
            "option name UCI_Elo type spin default 2000 min 0 max 3000",
            "ugiok",
        ] {
            board.engine_line(line);
        }
        board
    }

    fn act(board: &mut PageBoard, name: &str, args: Value) -> Value {
        board
            .act(name, args)
            .unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    #[test]
    fn the_engine_hears_the_servers_protocol_and_its_move_is_played() {
        let mut board = board();
        assert_eq!(board.state()["engine"]["name"], "ludus test");
        let depth = json!({"strength": {"kind": "depth", "value": 3}});
        act(&mut board, "engine", depth);
        assert!(board.take_lines().is_empty(), "your move first");
        act(&mut board, "move", json!({"move": "4-5"}));
        assert_eq!(
            board.take_lines(),
            [
                "setoption name UCI_Variant value alak",
                "uginewgame",
                "position startpos moves 4-5",
                "go depth 3",
            ]
        );
        board.engine_line("info depth 2 score cp 50 pv 8-7");
        assert_eq!(board.state()["search"]["lines"][0]["pv"], json!(["8-7"]));
        board.engine_line("bestmove 8-7");
        let state = board.state();
        assert_eq!(state["moves"], json!(["4-5", "8-7"]));
        assert_eq!(state["turn"], "you");
        assert!(board.take_lines().is_empty());
    }

    #[test]
    fn an_analysis_no_longer_wanted_is_stopped_and_the_next_search_waits_for_its_answer() {
        let mut board = board();
        act(&mut board, "engine", json!({"plays": "none", "multipv": 2}));
        act(&mut board, "analyse", json!({"on": true}));
        let lines = board.take_lines();
        assert_eq!(lines.last().map(String::as_str), Some("go infinite"));
        assert!(lines.contains(&"setoption name MultiPV value 2".to_string()));
        act(&mut board, "move", json!({"move": "4-5"}));
        assert_eq!(board.take_lines(), ["stop"]);
        board.engine_line("info depth 9 score cp 1 pv 1-2");
        assert_eq!(board.state()["search"]["lines"], json!([]), "stopped");
        board.engine_line("bestmove 1-2");
        assert_eq!(board.state()["moves"], json!(["4-5"]), "nothing played");
        assert_eq!(
            board.take_lines(),
            ["position startpos moves 4-5", "go infinite"]
        );
    }

    #[test]
    fn an_engine_that_fails_to_start_is_said() {
        let mut board = PageBoard::new();
        board.engine_line("info string error: no WebAssembly here");
        let state = board.state();
        assert_eq!(state["engine"]["error"], "engine: no WebAssembly here");
        assert_eq!(state["engine"]["name"], "");
    }

    #[test]
    fn refusals_change_nothing_and_a_search_the_engine_cannot_run_is_said() {
        let mut board = board();
        let before = board.state();
        assert!(board.act("move", json!({"move": "1-1"})).is_err());
        assert!(board.query("follow", &json!({"selection": [1]})).is_err());
        assert!(board.query("dance", &json!({})).is_err());
        let why = board
            .query("explain", &json!({"selection": ["9"]}))
            .unwrap();
        assert_eq!(
            why["reason"],
            "slot 9 holds o's piece: x moves its own pieces"
        );
        assert_eq!(board.state(), before);
        act(&mut board, "new", json!({"game": "wyke"}));
        act(&mut board, "engine", json!({"plays": "first"}));
        let state = board.state();
        assert_eq!(state["engine"]["error"], "the engine does not play wyke");
        assert_eq!(state["turn"], "stuck");
        assert!(board.pgn().contains("[Game \"wyke\"]"));
    }
}
