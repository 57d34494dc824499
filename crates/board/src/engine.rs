//! The engine of `ludus gui`: a child process speaking the protocol (UGI
//! or UCI, found out at the handshake), driven on a thread of its own. The
//! board says which search it wants ([`Job`]); the thread stops what runs,
//! starts what is wanted (the conversation of [`crate::search`]), and
//! reports lines, best moves and failures.

use std::time::{Duration, Instant};

use crossbeam_channel::{never, select, Receiver, Sender};
use ludus_arena::config::{EngineSpec, Limit};
use ludus_arena::engine::{EngineProcess, Failure};
use ludus_rules::protocol::Dialect;

use crate::search::{Event, Job, Link, Next, Searches, Setup, Told};

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
}

impl Link for EngineLink {
    fn want(&self, job: Option<Job>) {
        let _ = self.wants.send(job);
    }
}

/// A started engine and what it has been told.
struct Running {
    process: EngineProcess,
    told: Told,
}

/// The engine thread's state.
struct Driver {
    command: EngineCommand,
    report: Box<dyn Fn(Event) + Send>,
    engine: Option<Running>,
    searches: Searches,
}

impl Driver {
    fn new(command: EngineCommand, report: Box<dyn Fn(Event) + Send>) -> Driver {
        Driver {
            command,
            report,
            engine: None,
            searches: Searches::default(),
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
                    Ok(job) => self.searches.want(job),
                    Err(_) => break,
                },
                recv(lines) -> line => match line {
                    Ok(line) => self.read(&line),
                    Err(_) => {
                        let why = self.exit_message();
                        self.fail(why)
                    }
                },
            }
            self.reconcile();
        }
        self.drop_engine();
    }

    /// Stops a search nobody wants any more; starts the wanted one when the
    /// engine is free.
    fn reconcile(&mut self) {
        match self.searches.step() {
            Next::Wait => {}
            Next::Stop => self.send("stop"),
            Next::Start(job) => match self.start(&job) {
                Ok(()) => self.searches.started(*job),
                Err(error) => {
                    self.searches.refused(job.id);
                    self.drop_engine();
                    (self.report)(Event::Failed(Some(job.id), error));
                }
            },
        }
    }

    fn read(&mut self, line: &str) {
        if let Some(event) = self.searches.read(line) {
            (self.report)(event);
        }
    }

    /// How the engine ended, with the last lines of its standard error.
    fn exit_message(&mut self) -> String {
        let program = format!("'{}'", self.command.program);
        match &mut self.engine {
            Some(engine) => engine.process.explain(&Failure::Crashed, &program, ""),
            None => "the engine exited".to_string(),
        }
    }

    fn fail(&mut self, error: String) {
        let job = self.searches.lost();
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
            let engine = start_engine(&self.command)?;
            let name = engine.told.name();
            self.engine = Some(engine);
            (self.report)(Event::Ready(
                name.unwrap_or_else(|| self.command.program.clone()),
            ));
        }
        self.engine
            .as_mut()
            .ok_or_else(|| "the engine is not running".to_string())
    }

    /// Sets the engine up for `job` and starts its search, waiting where
    /// the setup asks.
    fn start(&mut self, job: &Job) -> Result<(), String> {
        let program = format!("'{}'", self.command.program);
        let lost = |f: Failure| match f {
            Failure::TimedOut => format!("engine {program} did not answer isready in time"),
            other => other.describe(&program),
        };
        let engine = self.ensure_started()?;
        for step in engine.told.job_steps(job)? {
            match step {
                Setup::Send(line) => engine.process.send(&line).map_err(lost)?,
                Setup::Sync => engine.process.sync(ANSWER_WAIT).map_err(lost)?,
            }
        }
        Ok(())
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
        proto: Dialect::Ugi,
        options: Vec::new(),
        limit: Limit::default(),
        stderr: None,
    };
    let mut process = EngineProcess::start(&spec)?;
    let mut declarations = Vec::new();
    let mut handshake = |dialect: Dialect, wait: Duration| -> Result<bool, String> {
        let name = format!("'{}'", command.program);
        if let Err(failure) = process.send(dialect.handshake()) {
            return Err(process.explain(&failure, &name, " at once"));
        }
        let deadline = Instant::now() + wait;
        loop {
            match process.next_line(deadline) {
                Ok(line) if line.trim() == dialect.handshake_done() => return Ok(true),
                Ok(line) => declarations.push(line),
                Err(Failure::TimedOut) => return Ok(false),
                Err(failure) => {
                    return Err(process.explain(&failure, &name, " during the handshake"));
                }
            }
        }
    };
    let proto = if handshake(Dialect::Ugi, UGI_WAIT)? {
        Dialect::Ugi
    } else if handshake(Dialect::Uci, ANSWER_WAIT)? {
        Dialect::Uci
    } else {
        return Err(format!(
            "engine '{}' answered neither ugi nor uci",
            command.program
        ));
    };
    Ok(Running {
        process,
        told: Told::new(proto, declarations),
    })
}
