//! The analysing engine: one search per position, read as one verdict
//! ([`super::verdict`]).

use std::time::{Duration, Instant};

use ludus_rules::protocol::PositionCommand;
use ludus_rules::Game;

use super::verdict::{read_info, SearchVerdict};
use super::AnalyseConfig;
use crate::config::{EngineSpec, Limit};
use crate::engine::{offers_variant, EngineProcess, Failure};

/// How long the handshake and `isready` may take.
const READY_TIMEOUT: Duration = Duration::from_secs(60);
/// How long past its move time a `movetime` search may take to answer.
const ANSWER_MARGIN: Duration = Duration::from_secs(30);
/// The wait for a `depth` or `nodes` search, which may take long.
const UNTIMED_WAIT: Duration = Duration::from_secs(7 * 24 * 3600);

/// The engine process and what it has been told.
pub(super) struct Analyser {
    process: EngineProcess,
    declarations: Vec<String>,
    variant: Option<&'static str>,
    limit: Limit,
    name: String,
}

fn failure(name: &str, failure: Failure, what: &str) -> String {
    format!("{} (at {what})", failure.describe(name))
}

impl Analyser {
    /// Starts the engine of `config` and shakes hands.
    pub(super) fn start(config: &AnalyseConfig) -> Result<Analyser, String> {
        let name = config.engine.display().to_string();
        let mut process = EngineProcess::start(&EngineSpec::program(&name, config.proto))?;
        let declarations = process
            .handshake(READY_TIMEOUT)
            .map_err(|f| failure(&name, f, "its handshake"))?;
        if config.threads != 1 {
            process
                .send(&format!("setoption name Threads value {}", config.threads))
                .map_err(|f| failure(&name, f, "setoption"))?;
        }
        Ok(Analyser {
            process,
            declarations,
            variant: None,
            limit: config.limit,
            name,
        })
    }

    /// Tells the engine to quit.
    pub(super) fn quit(self) {
        self.process.quit();
    }

    /// Prepares the engine for a new game of `G`.
    pub(super) fn new_game<G: Game>(&mut self) -> Result<(), String> {
        if self.variant != Some(G::NAME) {
            if !offers_variant(&self.declarations, G::NAME) {
                return Err(format!(
                    "engine {} does not offer the variant {}",
                    self.name,
                    G::NAME
                ));
            }
            self.send(&format!("setoption name UCI_Variant value {}", G::NAME))?;
            self.variant = Some(G::NAME);
        }
        self.send(self.process.proto().new_game())?;
        self.process
            .sync(READY_TIMEOUT)
            .map_err(|f| failure(&self.name, f, "readyok"))
    }

    /// The PGN `Annotator`: the engine's `id name` and the limit.
    pub(super) fn annotator(&self) -> String {
        let id = self
            .declarations
            .iter()
            .find_map(|line| line.strip_prefix("id name "))
            .unwrap_or(&self.name);
        let go = self.limit.go().to_line(self.process.proto());
        let limit = go.strip_prefix("go ").unwrap_or(&go);
        format!("{} ({limit})", id.trim())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.process
            .send(line)
            .map_err(|f| failure(&self.name, f, line))
    }

    /// Searches the position of `position` (`root`, which is not over) at
    /// the limit.
    pub(super) fn search<G: Game>(
        &mut self,
        position: &PositionCommand,
        root: &G,
    ) -> Result<SearchVerdict, String> {
        let wait = self
            .limit
            .movetime
            .map_or(UNTIMED_WAIT, |time| time + ANSWER_MARGIN);
        self.send(&position.to_string())?;
        self.send(&self.limit.go().to_line(self.process.proto()))?;
        let deadline = Instant::now() + wait;
        let mut infos = Vec::new();
        loop {
            let line = self
                .process
                .next_line(deadline)
                .map_err(|f| failure(&self.name, f, "bestmove"))?;
            infos.extend(read_info(&line, root));
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                let text = words.next().unwrap_or("");
                let mv = root.parse_move(text).map_err(|e| {
                    format!("engine {} answers an illegal move '{text}': {e}", self.name)
                })?;
                return Ok(SearchVerdict::of(root.format_move(mv), &infos));
            }
        }
    }
}
