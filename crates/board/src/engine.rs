//! The engine as the board sees it: a child process speaking the protocol
//! (UGI or UCI, found out at the handshake), driven on a thread of its own.
//! The board says which search it wants ([`Job`]); the thread stops what
//! runs, starts what is wanted, and reports lines, best moves and failures.

use std::time::{Duration, Instant};

use crossbeam_channel::{never, select, Receiver, Sender};
use ludus_arena::cli::{EngineSpec, Limit, Proto};
use ludus_arena::engine::{
    announces_option, offers_variant, option_default, EngineProcess, Failure,
};
use ludus_arena::referee::play_for_pairs;
use ludus_rules::protocol::{InfoLine, Score};

/// How long an engine may take to answer the handshake and `isready`.
const ANSWER_WAIT: Duration = Duration::from_secs(20);
/// How long to wait for `ugiok` before trying UCI.
const UGI_WAIT: Duration = Duration::from_secs(3);

/// The program the board runs as its engine (never taken from a request).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine plays the side to move: its best move is played.
    Move,
    /// Analysis until told otherwise (`go infinite`).
    Analyse,
}

/// A search the board wants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Tells jobs apart; events carry it.
    pub id: u64,
    /// What it is for.
    pub purpose: Purpose,
    /// The game (`UCI_Variant`).
    pub game: &'static str,
    /// Changes with every new game, so the engine hears `ucinewgame`.
    pub epoch: u64,
    /// The `position ...` command.
    pub position: String,
    /// The `go ...` command.
    pub go: String,
    /// Lines to report.
    pub multipv: u32,
    /// In pair mode, the game's option (name, value) that makes the engine
    /// play for the pair's count, set if the engine announces it.
    pub pair_option: Option<(&'static str, &'static str)>,
    /// The rating to play at (`UCI_LimitStrength` and `UCI_Elo`); `None`:
    /// full strength.
    pub elo: Option<i32>,
}

/// One line of the analysis as the board shows it: an `info` line with a
/// depth and an exact score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its rank, 1 for the best.
    pub multipv: u32,
    /// The depth reached.
    pub depth: u32,
    /// The score.
    pub score: Score,
    /// Nodes searched so far, when given.
    pub nodes: Option<u64>,
    /// The moves of the line.
    pub pv: Vec<String>,
}

impl Line {
    /// The line `text` reports; `None` for anything but an `info` line
    /// with a depth and an exact score (bounds are passing states of an
    /// aspiration window, not results).
    pub fn parse(text: &str) -> Option<Line> {
        let info = InfoLine::parse(text)?;
        let (depth, score) = info.depth_and_score()?;
        Some(Line {
            multipv: info.multipv,
            depth,
            score,
            nodes: info.nodes,
            pv: info.pv,
        })
    }
}

/// What the engine thread reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The engine answered the handshake; its `id name`.
    Ready(String),
    /// A search line of job `.0`.
    Line(u64, Line),
    /// Job `.0` ended with this move.
    BestMove(u64, String),
    /// Something went wrong (with the job it hit, if any); the engine is
    /// restarted for the next job.
    Failed(Option<u64>, String),
}

/// The board's handle on the engine thread.
pub struct EngineLink {
    wants: Sender<Option<Job>>,
}

impl EngineLink {
    /// Starts the thread; `report` receives every event.
    pub fn spawn(
        command: EngineCommand,
        report: impl Fn(Event) + Send + 'static,
    ) -> Result<EngineLink, String> {
        let (wants, commands) = crossbeam_channel::unbounded();
        std::thread::Builder::new()
            .name("board-engine".to_string())
            .spawn(move || Driver::new(command, Box::new(report)).run(&commands))
            .map_err(|e| format!("cannot start the engine thread: {e}"))?;
        Ok(EngineLink { wants })
    }

    /// Asks for `job` (or for no search at all).
    pub fn want(&self, job: Option<Job>) {
        let _ = self.wants.send(job);
    }
}

/// A started engine and what it has been told.
struct Running {
    process: EngineProcess,
    proto: Proto,
    declarations: Vec<String>,
    game: Option<&'static str>,
    epoch: u64,
    multipv: u32,
    /// The pair option set on it (until then, its default).
    pair_option: Option<(&'static str, &'static str)>,
    /// The rating it was told to play at (until then, full strength).
    elo: Option<i32>,
}

/// The engine thread's state.
struct Driver {
    command: EngineCommand,
    report: Box<dyn Fn(Event) + Send>,
    engine: Option<Running>,
    /// The job wanted now.
    wanted: Option<Job>,
    /// The job the engine is searching (its `bestmove` not yet read).
    searching: Option<Job>,
    /// `stop` was sent to the search.
    stopping: bool,
    /// The last job that ended or failed: not started again.
    done: Option<u64>,
}

impl Driver {
    fn new(command: EngineCommand, report: Box<dyn Fn(Event) + Send>) -> Driver {
        Driver {
            command,
            report,
            engine: None,
            wanted: None,
            searching: None,
            stopping: false,
            done: None,
        }
    }

    fn run(mut self, commands: &Receiver<Option<Job>>) {
        // The engine is started at once, so the page can name it.
        if let Err(error) = self.ensure_started() {
            (self.report)(Event::Failed(None, error));
        }
        loop {
            let output = self.engine.as_ref().map(|e| e.process.output().clone());
            let lines = output.unwrap_or_else(never);
            select! {
                recv(commands) -> wanted => match wanted {
                    Ok(job) => self.wanted = job,
                    Err(_) => break,
                },
                recv(lines) -> line => match line {
                    Ok(line) => self.read(&line),
                    Err(_) => self.fail("the engine exited".to_string()),
                },
            }
            self.reconcile();
        }
        if let Some(engine) = self.engine.take() {
            engine.process.quit();
        }
    }

    /// Stops a search nobody wants any more; starts the wanted one when the
    /// engine is free.
    fn reconcile(&mut self) {
        let wanted_id = self.wanted.as_ref().map(|j| j.id);
        if let Some(searching) = &self.searching {
            if Some(searching.id) != wanted_id && !self.stopping {
                self.stopping = true;
                self.send("stop");
            }
            return;
        }
        let Some(job) = self.wanted.clone() else {
            return;
        };
        if self.done == Some(job.id) {
            return;
        }
        match self.start(&job) {
            Ok(()) => {
                self.searching = Some(job);
                self.stopping = false;
            }
            Err(error) => {
                self.done = Some(job.id);
                self.drop_engine();
                (self.report)(Event::Failed(Some(job.id), error));
            }
        }
    }

    fn read(&mut self, line: &str) {
        let Some(job) = &self.searching else {
            return;
        };
        let id = job.id;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("bestmove") => {
                let stopped = self.stopping;
                self.searching = None;
                self.stopping = false;
                self.done = Some(id);
                if !stopped {
                    let text = words.next().unwrap_or("(none)").to_string();
                    (self.report)(Event::BestMove(id, text));
                }
            }
            Some("info") if !self.stopping => {
                if let Some(parsed) = Line::parse(line) {
                    (self.report)(Event::Line(id, parsed));
                } else if let Some(error) = line.strip_prefix("info string error:") {
                    (self.report)(Event::Failed(Some(id), format!("engine: {}", error.trim())));
                }
            }
            _ => {}
        }
    }

    fn fail(&mut self, error: String) {
        let job = self.searching.take().map(|j| j.id);
        if job.is_some() {
            self.done = job;
        }
        self.stopping = false;
        self.drop_engine();
        (self.report)(Event::Failed(job, error));
    }

    fn drop_engine(&mut self) {
        if let Some(engine) = self.engine.take() {
            engine.process.quit();
        }
    }

    fn send(&mut self, line: &str) {
        let sent = match &mut self.engine {
            Some(engine) => engine.process.send(line).is_ok(),
            None => true,
        };
        if !sent {
            self.fail("the engine's input is closed".to_string());
        }
    }

    /// Starts the engine if it is not running and shakes hands with it.
    fn ensure_started(&mut self) -> Result<&mut Running, String> {
        if self.engine.as_mut().is_some_and(|e| e.process.has_exited()) {
            self.engine = None;
        }
        if self.engine.is_none() {
            self.engine = Some(start_engine(&self.command)?);
            let name = engine_name(self.engine.as_ref().map_or(&[][..], |e| &e.declarations))
                .unwrap_or_else(|| self.command.program.clone());
            (self.report)(Event::Ready(name));
        }
        self.engine
            .as_mut()
            .ok_or_else(|| "the engine is not running".to_string())
    }

    /// Tells the engine the game, the lines and the position, and starts
    /// the search.
    fn start(&mut self, job: &Job) -> Result<(), String> {
        let engine = self.ensure_started()?;
        let lost = |f: Failure| match f {
            Failure::Crashed => "the engine exited".to_string(),
            Failure::TimedOut => "the engine did not answer isready in time".to_string(),
        };
        let mut told = false;
        if engine.game != Some(job.game) || engine.epoch != job.epoch {
            if !offers_variant(&engine.declarations, job.game) {
                return Err(format!("the engine does not play {}", job.game));
            }
            if announces_option(&engine.declarations, "UCI_Variant") {
                let line = format!("setoption name UCI_Variant value {}", job.game);
                engine.process.send(&line).map_err(lost)?;
            }
            let newgame = match engine.proto {
                Proto::Uci => "ucinewgame",
                Proto::Ugi => "uginewgame",
            };
            engine.process.send(newgame).map_err(lost)?;
            engine.game = Some(job.game);
            engine.epoch = job.epoch;
            told = true;
        }
        let pair_line = pair_option_line(
            &engine.declarations,
            &mut engine.pair_option,
            job.pair_option,
        );
        if let Some(line) = pair_line {
            engine.process.send(&line).map_err(lost)?;
            told = true;
        }
        if told {
            engine.process.sync(ANSWER_WAIT).map_err(lost)?;
        }
        if engine.multipv != job.multipv && announces_option(&engine.declarations, "MultiPV") {
            let line = format!("setoption name MultiPV value {}", job.multipv);
            engine.process.send(&line).map_err(lost)?;
            engine.multipv = job.multipv;
        }
        if engine.elo != job.elo {
            for line in strength_lines(&engine.declarations, job.elo)? {
                engine.process.send(&line).map_err(lost)?;
            }
            engine.elo = job.elo;
        }
        engine.process.send(&job.position).map_err(lost)?;
        engine.process.send(&job.go).map_err(lost)
    }
}

/// The `setoption` lines that make an engine play at `elo` (`None`: full
/// strength); an error if it announces no `UCI_Elo` to play at.
fn strength_lines(declarations: &[String], elo: Option<i32>) -> Result<Vec<String>, String> {
    let limits = ["UCI_LimitStrength", "UCI_Elo"]
        .iter()
        .all(|name| announces_option(declarations, name));
    match (elo, limits) {
        (Some(elo), true) => Ok(vec![
            "setoption name UCI_LimitStrength value true".to_string(),
            format!("setoption name UCI_Elo value {elo}"),
        ]),
        (Some(_), false) => Err(
            "the engine offers no UCI_Elo to play a level at: choose a time, depth or node limit"
                .to_string(),
        ),
        (None, true) => Ok(vec![
            "setoption name UCI_LimitStrength value false".to_string()
        ]),
        (None, false) => Ok(Vec::new()),
    }
}

/// Runs the program and finds its dialect: `ugi` first, then `uci` if no
/// `ugiok` came (an engine ignores commands it does not know).
fn start_engine(command: &EngineCommand) -> Result<Running, String> {
    let spec = EngineSpec {
        name: command.program.clone(),
        cmd: command.program.clone(),
        args: command.args.clone(),
        dir: None,
        proto: Proto::Ugi,
        options: Vec::new(),
        limit: Limit::default(),
    };
    let mut process = EngineProcess::start(&spec)?;
    let mut declarations = Vec::new();
    let mut handshake = |hello: &str, ok: &str, wait: Duration| -> Result<bool, String> {
        process
            .send(hello)
            .map_err(|_| format!("engine '{}' exited at once", command.program))?;
        let deadline = Instant::now() + wait;
        loop {
            match process.next_line(deadline) {
                Ok(line) if line.trim() == ok => return Ok(true),
                Ok(line) => declarations.push(line),
                Err(Failure::TimedOut) => return Ok(false),
                Err(Failure::Crashed) => {
                    return Err(format!(
                        "engine '{}' exited during the handshake",
                        command.program
                    ))
                }
            }
        }
    };
    let proto = if handshake("ugi", "ugiok", UGI_WAIT)? {
        Proto::Ugi
    } else if handshake("uci", "uciok", ANSWER_WAIT)? {
        Proto::Uci
    } else {
        return Err(format!(
            "engine '{}' answered neither ugi nor uci",
            command.program
        ));
    };
    Ok(Running {
        process,
        proto,
        declarations,
        game: None,
        epoch: 0,
        multipv: 1,
        pair_option: None,
        elo: None,
    })
}

/// The `setoption` that brings the engine's pair option from what it was
/// told (`told`, `None`: its default) to what the job wants (`wanted`,
/// `None`: the default again), if that changes anything: set as the match
/// runner sets it for pairs, when the engine announces it in its handshake
/// (`declarations`); back to the declared default when pair mode ends.
/// Keeps `told` up to date.
fn pair_option_line(
    declarations: &[String],
    told: &mut Option<(&'static str, &'static str)>,
    wanted: Option<(&'static str, &'static str)>,
) -> Option<String> {
    let line = play_for_pairs(wanted, true, &[], declarations);
    let now = wanted.filter(|_| line.is_some());
    if now == *told {
        return None;
    }
    match (line, std::mem::replace(told, now)) {
        (Some(line), _) => Some(line),
        (None, Some((name, _))) => {
            let default = option_default(declarations, name);
            if default.is_none() {
                log::warn!("the engine declares no default for {name}: left as it is");
            }
            default.map(|value| format!("setoption name {name} value {value}"))
        }
        (None, None) => None,
    }
}

/// The `id name` the engine gave.
fn engine_name(declarations: &[String]) -> Option<String> {
    declarations
        .iter()
        .find_map(|line| line.strip_prefix("id name "))
        .map(|name| name.trim().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pair_option_is_set_when_announced_and_reset_to_its_default() {
        let announced =
            vec!["option name WyxScoring type combo default game var game var margin".to_string()];
        let margin = Some(("WyxScoring", "margin"));
        let mut told = None;
        let line = |told: &mut _, wanted| pair_option_line(&announced, told, wanted);
        assert_eq!(
            line(&mut told, margin).as_deref(),
            Some("setoption name WyxScoring value margin")
        );
        assert_eq!(line(&mut told, margin), None, "already set");
        assert_eq!(
            line(&mut told, None).as_deref(),
            Some("setoption name WyxScoring value game")
        );
        assert_eq!((line(&mut told, None), told), (None, None));
        let mut told = None;
        assert_eq!(
            pair_option_line(&[], &mut told, margin),
            None,
            "not announced"
        );
        assert_eq!(told, None);
    }

    #[test]
    fn names() {
        let lines = vec!["id name ludus 0.1.0".to_string()];
        assert_eq!(engine_name(&lines).as_deref(), Some("ludus 0.1.0"));
        assert_eq!(engine_name(&[]), None);
    }
}
