//! The UCI/UGI protocol: an input thread feeds lines into a channel, and the
//! engine loop answers them, starting searches on their own thread so that
//! `isready`, `stop` and `quit` are answered at once.

pub mod command;
pub mod networks;
pub mod options;
pub mod output;
pub mod proofs;
pub mod session;

use std::io::{BufRead, Read};
use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use crossbeam_channel::{unbounded, Receiver, Sender};

use ludus_rules::games::{level_calibration, unknown_game};
use ludus_rules::proof::proven::Proven;
use ludus_rules::protocol::{Dialect, PositionBase, PositionCommand};
use ludus_rules::{any_game, GameResult, Player};

use crate::search::features::FeatureSwitches;
use crate::search::TranspositionTable;
use command::{Command, MoveFilter, Query};
use networks::Networks;
use options::{OptionChange, Options};
pub use output::Output;
use session::{new_session, JobSettings, JobStart, RunningJob, Session};

/// The longest input line accepted, in bytes; longer lines are discarded
/// without being held in memory.
pub const MAX_LINE_BYTES: usize = 512 * 1024;

/// What the input thread sends.
#[derive(Debug)]
pub enum Input {
    /// A line, without its end-of-line characters, and the moment it was
    /// read: a search's clock starts there.
    Line(String, Instant),
    /// A line longer than [`MAX_LINE_BYTES`] was skipped.
    TooLong,
    /// The input ended (or failed).
    End,
}

/// Reads lines from `reader` into `sender` until the end of input.
pub fn read_input(reader: impl Read, sender: Sender<Input>) {
    let mut reader = std::io::BufReader::new(reader);
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok([]) | Err(_) => break,
            Ok(chunk) => chunk,
        };
        let (taken, line_ends) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        let content = &chunk[..if line_ends { taken - 1 } else { taken }];
        if !too_long {
            if line.len() + content.len() > MAX_LINE_BYTES {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(content);
            }
        }
        reader.consume(taken);
        if line_ends {
            let message = if too_long {
                Input::TooLong
            } else {
                Input::Line(decode(&line), Instant::now())
            };
            if sender.send(message).is_err() {
                return;
            }
            line.clear();
            too_long = false;
        }
    }
    // A last line without its newline is a line like any other.
    if too_long {
        let _ = sender.send(Input::TooLong);
    } else if !line.is_empty() {
        let _ = sender.send(Input::Line(decode(&line), Instant::now()));
    }
    let _ = sender.send(Input::End);
}

fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .trim_end_matches('\r')
        .to_string()
}

/// The engine: options, the shared hash table, the game session and the
/// running job, driven one command at a time.
pub struct Engine {
    out: Output,
    options: Options,
    tt: Arc<TranspositionTable>,
    /// The table must be emptied before the next search (new game, Clear
    /// Hash or a new variant arrived while a search was using it).
    clear_pending: bool,
    session: Box<dyn Session>,
    job: Option<RunningJob>,
    /// The current game's tables (see [`ludus_rules::Searchable::prepare`])
    /// are built or being built for the current options.
    tables_requested: bool,
    /// The handshake last used (UCI until one arrives): UGI answers
    /// `bestmove` without a ponder move.
    dialect: Dialect,
    /// The measurement's search feature switches (see
    /// [`crate::search::features`]).
    feature_switches: FeatureSwitches,
    /// The games' networks: built in, or loaded by `EvalFile`.
    networks: Networks,
    /// The proof `ProofFile` loaded, verified.
    proven: Option<Arc<Proven>>,
}

/// How long `stop` (and `quit`) waits for a search to print its `bestmove`.
const STOP_WAIT: Duration = Duration::from_secs(5);

impl Engine {
    /// An engine playing `game`, writing to `out`.
    pub fn new(game: &str, out: Output) -> Result<Self, String> {
        let mut options = Options::default();
        options.set("UCI_Variant", Some(game))?;
        let session = new_session(&options.variant, &options.game_values)
            .ok_or_else(|| unknown_game(game))?;
        Ok(Engine {
            out,
            tt: Arc::new(TranspositionTable::new(options.hash_mib)?),
            options,
            clear_pending: false,
            session,
            job: None,
            tables_requested: false,
            dialect: Dialect::Uci,
            feature_switches: FeatureSwitches::NONE,
            networks: Networks::default(),
            proven: None,
        })
    }

    /// The same engine with each game's search features as `switches`
    /// leave them (see [`crate::search::features`]).
    pub fn with_feature_switches(self, feature_switches: FeatureSwitches) -> Self {
        Engine {
            feature_switches,
            ..self
        }
    }

    /// Runs the loop until `quit` or the end of input.
    pub fn run(mut self, input: Receiver<Input>) {
        for message in input {
            match message {
                Input::Line(line, read_at) => {
                    if !self.handle_line_read_at(&line, read_at) {
                        return;
                    }
                }
                Input::TooLong => self
                    .out
                    .error(&format!("line longer than {MAX_LINE_BYTES} bytes ignored")),
                Input::End => {
                    self.finish_running_job();
                    break;
                }
            }
        }
        self.stop_job();
    }

    /// At the end of input a job that ends by itself (a search with a
    /// limit, a perft) runs to its end and prints its last line, so a piped
    /// one-shot script gets the move it asked for; any other is stopped.
    fn finish_running_job(&mut self) {
        if let Some(job) = self.job.take_if(|job| job.finishes_alone) {
            while !job.wait(Duration::from_secs(3600)) {}
        }
    }

    /// Handles one line; false when the engine must exit.
    pub fn handle_line(&mut self, line: &str) -> bool {
        self.handle_line_read_at(line, Instant::now())
    }

    /// Handles one line read at `read_at` (a `go`'s clock starts there);
    /// false when the engine must exit.
    pub fn handle_line_read_at(&mut self, line: &str, read_at: Instant) -> bool {
        log::debug!("<< {line}");
        self.reap_finished_job();
        match command::parse(line) {
            Ok(Some(Command::Quit)) => {
                self.stop_job();
                false
            }
            Ok(Some(command)) => {
                if let Err(error) = self.execute(command, read_at) {
                    self.out.error(&error);
                }
                true
            }
            Ok(None) => true,
            Err(error) => {
                self.out.error(&error);
                true
            }
        }
    }

    /// Carries out `command`, read at `read_at`.
    fn execute(&mut self, command: Command, read_at: Instant) -> Result<(), String> {
        match command {
            Command::Handshake(dialect) => self.handshake(dialect),
            Command::IsReady => {
                // `isready` is where a GUI waits for set-up work: the game's
                // tables are ready before `readyok`.
                (self.session.table_preparer())();
                self.tables_requested = true;
                self.out.line("readyok");
            }
            Command::Debug => {}
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::NewGame => {
                let start = PositionCommand::new(PositionBase::StartPos, Vec::new());
                self.session.game_mut().set_position(&start)?;
                self.request_clear();
                self.request_tables();
            }
            Command::Position(position) => {
                self.session.game_mut().set_position(&position)?;
                self.request_tables();
            }
            Command::Go(go) => {
                // A bad `go` leaves a running search running.
                self.session.check_go(&go)?;
                self.stop_job();
                self.request_tables();
                // A Hash size that cannot be had keeps the old table; the
                // search still runs, so the GUI still gets its `bestmove`.
                if let Err(error) = self.prepare_table() {
                    self.out.error(&error);
                }
                if self.options.limit_strength && level_calibration(&self.options.variant).is_none()
                {
                    self.out.info_string(&format!(
                        "UCI_Elo: {} has no calibrated levels yet; playing at Skill Level {}",
                        self.options.variant, self.options.skill_level
                    ));
                }
                let settings = JobSettings {
                    threads: self.options.threads,
                    deterministic: self.options.deterministic,
                    multipv: self.options.multipv,
                    move_overhead: Duration::from_millis(self.options.move_overhead_ms),
                    // UGI's `bestmove` carries the move only (runners
                    // read exactly two words); UCI adds the ponder move.
                    ponder_move: self.dialect == Dialect::Uci,
                    contempt: self.options.contempt,
                    skill: self.options.skill(),
                    feature_switches: self.feature_switches,
                    net: match self.options.eval_net {
                        true => self.networks.for_game(self.session.net_game()),
                        false => None,
                    },
                    proven: self.proven.clone(),
                };
                let job = self.session.start_job(JobStart {
                    go: &go,
                    read_at,
                    settings,
                    tt: Arc::clone(&self.tt),
                    out: self.out.clone(),
                })?;
                self.job = Some(job);
            }
            Command::Stop => self.stop_job(),
            Command::PonderHit => match &self.job {
                Some(job) if job.signals.is_pondering() => job.signals.ponderhit(),
                Some(_) => return Err("ponderhit: the search is not pondering".to_string()),
                None => return Err("ponderhit: no search is running".to_string()),
            },
            Command::Display => self.out.line(&self.session.game().display()),
            Command::Query(query) => self.answer_query(query),
            Command::Quit => unreachable!("handled by handle_line"),
        }
        Ok(())
    }

    fn handshake(&mut self, dialect: Dialect) {
        self.dialect = dialect;
        self.out
            .line(&format!("id name ludus {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the ludus developers");
        for declaration in self.options.declarations() {
            self.out.line(&declaration);
        }
        self.out.line(dialect.handshake_done());
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        let mut options = self.options.clone();
        match options.set(name, value)? {
            OptionChange::Value => {}
            OptionChange::ClearHash => self.request_clear(),
            OptionChange::ResizeHash => {
                if self.job.is_none() {
                    self.resize_table(options.hash_mib)?;
                }
            }
            OptionChange::Game => {
                self.session.configure(&options.game_values);
                // A game option may change what positions score (Wyx's
                // scoring): scores stored under the old value must go.
                if options.game_values != self.options.game_values {
                    self.request_clear();
                }
            }
            OptionChange::Eval => {
                if options.eval_net != self.options.eval_net {
                    self.request_clear();
                }
            }
            OptionChange::EvalFile(path) => {
                let message = self.networks.set_file(self.session.net_game(), &path)?;
                self.request_clear();
                self.out.info_string(&message);
            }
            OptionChange::ProofFile(path) => {
                let (proven, message) = proofs::load(&path)?;
                self.proven = proven;
                self.out.info_string(&message);
            }
            OptionChange::Variant => {
                if options.variant != self.session.game().name() {
                    self.session = new_session(&options.variant, &options.game_values)
                        .ok_or_else(|| unknown_game(&options.variant))?;
                    self.request_clear();
                }
                self.out.info_string(&format!(
                    "variant {} startpos {}",
                    self.session.game().name(),
                    self.session.game().start_fen()
                ));
            }
        }
        if options.variant != self.options.variant
            || options.game_values != self.options.game_values
        {
            self.tables_requested = false;
        }
        self.options = options;
        Ok(())
    }

    /// Starts building the current game's tables (solved positions) on a
    /// thread of their own, once per game and options, so that neither this
    /// loop nor a search waits for them (`isready` does). Not done before
    /// the game is set up, so that a GUI choosing another game at once does
    /// not pay for the default game's tables.
    fn request_tables(&mut self) {
        if self.tables_requested {
            return;
        }
        self.tables_requested = true;
        let prepare = self.session.table_preparer();
        if let Err(error) = crate::platform::run_detached("tables", 2 << 20, prepare) {
            log::warn!("cannot start the table thread ({error}); tables wait for isready");
        }
    }

    /// Replaces the table; the old one is freed first so memory does not
    /// hold both. On failure a table of the old size is kept.
    fn resize_table(&mut self, mib: usize) -> Result<(), String> {
        if self.tt.size_mib() == mib {
            return Ok(());
        }
        let old = self.tt.size_mib();
        self.tt = Arc::new(TranspositionTable::new(1)?);
        match TranspositionTable::new(mib) {
            Ok(table) => {
                self.tt = Arc::new(table);
                self.clear_pending = false;
                Ok(())
            }
            Err(error) => {
                self.tt = Arc::new(TranspositionTable::new(old)?);
                self.options.hash_mib = old;
                Err(error)
            }
        }
    }

    fn request_clear(&mut self) {
        if self.job.is_none() {
            self.tt.clear();
        } else {
            self.clear_pending = true;
        }
    }

    /// Brings the table in line with the options before a search.
    fn prepare_table(&mut self) -> Result<(), String> {
        self.resize_table(self.options.hash_mib)?;
        if self.clear_pending {
            self.tt.clear();
            self.clear_pending = false;
        }
        Ok(())
    }

    fn answer_query(&self, query: Query) {
        let status = self.session.game().status();
        let answer = match query {
            Query::GameOver => (status.result != GameResult::Ongoing).to_string(),
            Query::P1Turn => (self.session.game().side_to_move() == Player::First).to_string(),
            Query::Result => any_game::result_word(status.result).to_string(),
            Query::Fen => self.session.game().fen(),
            Query::Moves(filter) => self.legal_moves(&filter).join(" "),
            Query::MoveCount(filter) => self.legal_moves(&filter).len().to_string(),
        };
        self.out.line(format!("response {answer}").trim_end());
    }

    /// The legal moves that pass `filter`, in notation.
    fn legal_moves(&self, filter: &MoveFilter) -> Vec<String> {
        let mut moves = self.session.game().legal_moves();
        moves.retain(|mv| filter.matches(mv));
        moves
    }

    fn reap_finished_job(&mut self) {
        if self.job.as_ref().is_some_and(RunningJob::is_finished) {
            self.job = None;
        }
    }

    /// Stops the running job, if any, and waits for its last line.
    fn stop_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.signals.stop();
            if !job.wait(STOP_WAIT) {
                let is_perft = job.is_perft;
                job.abandon();
                self.out
                    .error("internal: the job did not stop in time; its output is dropped");
                // A client waiting on a search still needs its bestmove.
                if !is_perft {
                    self.out.line("bestmove (none)");
                }
            }
        }
    }
}

/// Runs the daemon on standard input and output until `quit` or the end of
/// input, its searches with each game's features as `feature_switches`
/// leave them.
pub fn run_daemon(game: &str, feature_switches: FeatureSwitches) -> Result<(), String> {
    let engine = Engine::new(game, Output::stdout())?.with_feature_switches(feature_switches);
    let (sender, receiver) = unbounded();
    std::thread::Builder::new()
        .name("input".to_string())
        .spawn(move || read_input(std::io::stdin().lock(), sender))
        .map_err(|e| format!("cannot start the input thread: {e}"))?;
    engine.run(receiver);
    Ok(())
}
