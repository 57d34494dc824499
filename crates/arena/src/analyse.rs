//! `ludus analyse`: every position of a set of games (PGN as `ludus match`
//! writes it) or of a list of positions, searched by an engine process: its
//! score, best move and principal variation, the played move's score, and
//! marks for the moves that lose score. The engine is any program speaking
//! the protocol (by default ludus itself), driven through [`crate::engine`];
//! the rules replay and check the moves.

mod report;

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::{Game, GameLog, Player};

use crate::cli::{EngineSpec, Limit, Proto};
use crate::engine::{offers_variant, parse_info, EngineProcess, Failure, SearchReport};
use crate::openings::read_positions;
use crate::pgn_read::{read_pgn, PgnGame};
use report::{Analysis, Writer};
pub use report::{Mark, BLUNDER, INACCURACY, MISTAKE, SCORE_CAP};

/// What bounds each search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnalyseLimit {
    /// `go depth D`.
    Depth(u32),
    /// `go nodes N`.
    Nodes(u64),
    /// `go movetime MS`.
    Movetime(u64),
}

/// The limit when none is given: a second a position.
pub const DEFAULT_LIMIT: AnalyseLimit = AnalyseLimit::Movetime(1000);

/// What `ludus analyse` does.
#[derive(Clone, Debug)]
pub struct AnalyseConfig {
    /// The input file; `None` for standard input.
    pub input: Option<PathBuf>,
    /// The game of position lists, and of PGN games without a `Game` tag.
    pub game: Option<String>,
    /// The search limit per position.
    pub limit: AnalyseLimit,
    /// The engine's `Threads`.
    pub threads: u32,
    /// JSON lines instead of text.
    pub json: bool,
    /// Where to write the games annotated.
    pub pgnout: Option<PathBuf>,
    /// The engine program.
    pub engine: PathBuf,
    /// Its dialect.
    pub proto: Proto,
}

/// How long the handshake and `isready` may take.
const READY_TIMEOUT: Duration = Duration::from_secs(60);
/// How long past its move time a `movetime` search may take to answer.
const ANSWER_MARGIN: Duration = Duration::from_secs(30);
/// The wait for a `depth` or `nodes` search, which may take long.
const UNTIMED_WAIT: Duration = Duration::from_secs(7 * 24 * 3600);

/// Runs the analysis; `Err` for bad input or a failing engine (after the
/// positions already analysed are printed).
pub fn run_analyse(config: &AnalyseConfig) -> Result<(), String> {
    let text = read_input(config)?;
    let jobs = prepare(config, &text)?;
    let total: usize = jobs.iter().map(Job::positions).sum();
    let mut analyser = Analyser::start(config)?;
    let mut writer = Writer::new(config, analyser.annotator())?;
    let mut progress = Progress::new(total);
    for job in &jobs {
        let work = Work {
            job,
            analyser: &mut analyser,
            writer: &mut writer,
            progress: &mut progress,
        };
        let done = visit_game(job.name(), work);
        progress.clear();
        match done {
            Some(Ok(true)) => {}
            // Nobody reads the output any more (piped into `head`).
            Some(Ok(false)) => break,
            Some(Err(error)) => return Err(error),
            None => return Err("unknown game".to_string()),
        }
    }
    analyser.process.quit();
    Ok(())
}

fn read_input(config: &AnalyseConfig) -> Result<String, String> {
    let mut text = String::new();
    match &config.input {
        Some(path) if path.as_os_str() != "-" => {
            text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        }
        _ => {
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
        }
    }
    Ok(text)
}

fn source_name(config: &AnalyseConfig) -> String {
    match &config.input {
        Some(path) if path.as_os_str() != "-" => path.display().to_string(),
        _ => "standard input".to_string(),
    }
}

/// A game to analyse, checked with the rules.
struct CheckedGame {
    /// Its number in the input, from 1.
    number: usize,
    name: &'static str,
    /// The `FEN` tag, if any.
    fen: Option<String>,
    pgn: PgnGame,
}

/// The work: games of a PGN, or a list of positions of one game.
enum Job {
    Game(CheckedGame),
    Positions { name: &'static str, lines: String },
}

impl Job {
    /// The game's name.
    fn name(&self) -> &'static str {
        match self {
            Job::Game(game) => game.name,
            Job::Positions { name, .. } => name,
        }
    }

    /// How many positions it analyses.
    fn positions(&self) -> usize {
        match self {
            Job::Game(game) => game.pgn.moves.len(),
            Job::Positions { lines, .. } => lines
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
                .count(),
        }
    }
}

/// The registry's spelling of `name`, or an error listing the games.
fn game_name(name: &str) -> Result<&'static str, String> {
    GAME_NAMES
        .iter()
        .find(|known| known.eq_ignore_ascii_case(name))
        .copied()
        .ok_or_else(|| format!("unknown game '{name}'; games: {}", GAME_NAMES.join(", ")))
}

/// Reads and checks the whole input before any search, so that a bad game
/// is reported at once rather than after hours of analysis.
fn prepare(config: &AnalyseConfig, text: &str) -> Result<Vec<Job>, String> {
    let source = source_name(config);
    let is_pgn = text.trim_start().starts_with('[');
    let default_game = config.game.as_deref().map(game_name).transpose()?;
    if !is_pgn {
        let Some(name) = default_game else {
            return Err(format!(
                "{source} is not PGN (which starts with a tag); give --game to read it as positions, one per line"
            ));
        };
        visit_game(
            name,
            CheckLines {
                text,
                source: &source,
            },
        )
        .unwrap_or(Ok(()))?;
        return Ok(vec![Job::Positions {
            name,
            lines: text.to_string(),
        }]);
    }
    let mut jobs = Vec::new();
    for (index, pgn) in read_pgn(text)
        .map_err(|e| format!("{source}: {e}"))?
        .into_iter()
        .enumerate()
    {
        let number = index + 1;
        let at = format!("{source}, game {number} (line {})", pgn.line);
        let name = match (pgn.tag("Game"), default_game) {
            (Some(tag), None) => game_name(tag).map_err(|e| format!("{at}: {e}"))?,
            (Some(tag), Some(given)) if !tag.eq_ignore_ascii_case(given) => {
                return Err(format!(
                    "{at}: its Game tag says {tag}, --game says {given}"
                ))
            }
            (_, Some(given)) => given,
            (None, None) => {
                return Err(format!(
                    "{at}: no Game tag; give --game to say which game it is"
                ))
            }
        };
        let game = CheckedGame {
            number,
            name,
            fen: pgn.tag("FEN").map(str::to_string),
            pgn,
        };
        visit_game(name, CheckGame { game: &game })
            .unwrap_or(Ok(()))
            .map_err(|e| format!("{at}: {e}"))?;
        jobs.push(Job::Game(game));
    }
    if jobs.is_empty() {
        return Err(format!("{source} holds no game"));
    }
    Ok(jobs)
}

struct CheckLines<'a> {
    text: &'a str,
    source: &'a str,
}

impl GameVisitor for CheckLines<'_> {
    type Output = Result<(), String>;
    fn visit<G: ludus_rules::Searchable>(self) -> Self::Output {
        let positions = read_positions::<G>(self.text, self.source)?;
        if positions.is_empty() {
            return Err(format!("{} holds no position", self.source));
        }
        Ok(())
    }
}

struct CheckGame<'a> {
    game: &'a CheckedGame,
}

impl GameVisitor for CheckGame<'_> {
    type Output = Result<(), String>;
    fn visit<G: ludus_rules::Searchable>(self) -> Self::Output {
        replay::<G>(self.game).map(|_| ())
    }
}

/// A move of a game, with the game (its position and history) before it.
type Step<G> = (GameLog<G>, <G as Game>::Move);

/// The game's moves played with the rules.
fn replay<G: Game>(game: &CheckedGame) -> Result<Vec<Step<G>>, String> {
    let start = match &game.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN tag '{fen}': {e}"))?,
        None => G::startpos(),
    };
    let mut log = GameLog::new(start);
    let mut moves = Vec::new();
    for (index, played) in game.pgn.moves.iter().enumerate() {
        let before = log.clone();
        let mv = log
            .play_text(&played.text)
            .map_err(|e| format!("move {} '{}': {e}", index + 1, played.text))?;
        moves.push((before, mv));
    }
    Ok(moves)
}

/// The engine process and what it has been told.
struct Analyser {
    process: EngineProcess,
    declarations: Vec<String>,
    variant: Option<&'static str>,
    limit: AnalyseLimit,
    name: String,
}

/// One search's answer, its moves in canonical notation.
#[derive(Clone, Debug, Default)]
struct Verdict {
    best: String,
    /// The last exact score of the best line, with its depth.
    report: Option<SearchReport>,
    pv: Vec<String>,
}

impl Analyser {
    fn start(config: &AnalyseConfig) -> Result<Analyser, String> {
        let name = config.engine.display().to_string();
        let spec = EngineSpec {
            name: name.clone(),
            cmd: name.clone(),
            args: Vec::new(),
            dir: None,
            proto: config.proto,
            options: Vec::new(),
            limit: Limit::default(),
        };
        let mut process = EngineProcess::start(&spec)?;
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

    /// Prepares the engine for a new game of `G`.
    fn new_game<G: Game>(&mut self) -> Result<(), String> {
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
        let newgame = match self.process.proto() {
            Proto::Uci => "ucinewgame",
            Proto::Ugi => "uginewgame",
        };
        self.send(newgame)?;
        self.process
            .sync(READY_TIMEOUT)
            .map_err(|f| failure(&self.name, f, "readyok"))
    }

    /// The PGN `Annotator`: the engine's `id name` and the limit.
    fn annotator(&self) -> String {
        let id = self
            .declarations
            .iter()
            .find_map(|line| line.strip_prefix("id name "))
            .unwrap_or(&self.name);
        let limit = match self.limit {
            AnalyseLimit::Depth(depth) => format!("depth {depth}"),
            AnalyseLimit::Nodes(nodes) => format!("nodes {nodes}"),
            AnalyseLimit::Movetime(ms) => format!("movetime {ms}"),
        };
        format!("{} ({limit})", id.trim())
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        self.process
            .send(line)
            .map_err(|f| failure(&self.name, f, line))
    }

    /// The position's search, and the played move's: the same search with
    /// only `played` at the root, unless it is the best move.
    fn judge<G: Game>(
        &mut self,
        position_line: &str,
        root: &G,
        played: &str,
    ) -> Result<(Verdict, Verdict), String> {
        let best = self.search(position_line, root, None)?;
        let own = match best.best == played {
            true => best.clone(),
            false => self.search(position_line, root, Some(played))?,
        };
        Ok((best, own))
    }

    /// Searches the position of `position_line`, only `only` at the root if
    /// given; moves come back in canonical notation (`root` is the position).
    fn search<G: Game>(
        &mut self,
        position_line: &str,
        root: &G,
        only: Option<&str>,
    ) -> Result<Verdict, String> {
        let (mut go, wait) = match self.limit {
            AnalyseLimit::Depth(depth) => (format!("go depth {depth}"), UNTIMED_WAIT),
            AnalyseLimit::Nodes(nodes) => (format!("go nodes {nodes}"), UNTIMED_WAIT),
            AnalyseLimit::Movetime(ms) => (
                format!("go movetime {ms}"),
                Duration::from_millis(ms) + ANSWER_MARGIN,
            ),
        };
        if let Some(mv) = only {
            go.push_str(&format!(" searchmoves {mv}"));
        }
        self.send(position_line)?;
        self.send(&go)?;
        let deadline = Instant::now() + wait;
        let mut verdict = Verdict::default();
        loop {
            let line = self
                .process
                .next_line(deadline)
                .map_err(|f| failure(&self.name, f, "bestmove"))?;
            if let Some(report) = parse_info(&line) {
                verdict.report = Some(report);
                let words: Vec<&str> = line.split_whitespace().collect();
                let pv = words
                    .iter()
                    .position(|&w| w == "pv")
                    .map_or(&[][..], |at| &words[at + 1..]);
                verdict.pv = canonical_line(root, pv);
            }
            let mut words = line.split_whitespace();
            if words.next() == Some("bestmove") {
                let text = words.next().unwrap_or("");
                let mv = root.parse_move(text).map_err(|e| {
                    format!("engine {} answers an illegal move '{text}': {e}", self.name)
                })?;
                verdict.best = root.format_move(mv);
                return Ok(verdict);
            }
        }
    }
}

fn failure(name: &str, failure: Failure, what: &str) -> String {
    match failure {
        Failure::Crashed => format!("engine {name} exited (at {what})"),
        Failure::TimedOut => format!("engine {name} did not answer in time (at {what})"),
    }
}

/// The moves of `words` played from `root` while they are legal, in
/// canonical notation.
fn canonical_line<G: Game>(root: &G, words: &[&str]) -> Vec<String> {
    let mut position = root.clone();
    let mut line = Vec::new();
    for word in words {
        let Ok(mv) = position.parse_move(word) else {
            break;
        };
        line.push(position.format_move(mv));
        position.make_move(mv);
    }
    line
}

/// The progress line on standard error, when it is a terminal.
struct Progress {
    shown: bool,
    total: usize,
    done: usize,
}

impl Progress {
    fn new(total: usize) -> Self {
        Progress {
            shown: std::io::stderr().is_terminal(),
            total,
            done: 0,
        }
    }

    /// Counts a position and shows what is being analysed.
    fn step(&mut self, what: &str) {
        self.done += 1;
        if self.shown {
            eprint!("\r\x1b[K[{}/{}] {what}", self.done, self.total);
            let _ = std::io::stderr().flush();
        }
    }

    /// Clears the line, so that output on the same terminal starts clean.
    fn clear(&self) {
        if self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

/// The move number as PGN writes it: `12.` for the first player, `12...`
/// for the second.
fn move_label(number: usize, mover: Player) -> String {
    match mover {
        Player::First => format!("{number}."),
        Player::Second => format!("{number}..."),
    }
}

/// One job's analysis, for its game `G`; `Ok(false)` when the output is
/// gone.
struct Work<'a> {
    job: &'a Job,
    analyser: &'a mut Analyser,
    writer: &'a mut Writer,
    progress: &'a mut Progress,
}

impl GameVisitor for Work<'_> {
    type Output = Result<bool, String>;

    fn visit<G: ludus_rules::Searchable>(self) -> Self::Output {
        self.analyser.new_game::<G>()?;
        match self.job {
            Job::Game(game) => self.game::<G>(game),
            Job::Positions { lines, .. } => self.lines::<G>(lines),
        }
    }
}

impl Work<'_> {
    /// Every move of `game`: the position before it, and the move.
    fn game<G: Game>(self, game: &CheckedGame) -> Result<bool, String> {
        let moves = replay::<G>(game)?;
        if !self.writer.game_start(game.number, &game.pgn, G::NAME) {
            return Ok(false);
        }
        let base = match &game.fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_string(),
        };
        let mut texts: Vec<String> = Vec::new();
        let mut analyses = Vec::new();
        let mut number = 1;
        for (ply, (log, mv)) in moves.iter().enumerate() {
            let position = log.position();
            let mover = position.side_to_move();
            let label = move_label(number, mover);
            let played = position.format_move(*mv);
            self.progress
                .step(&format!("game {} {label} {played}", game.number));
            let position_line = match texts.is_empty() {
                true => base.clone(),
                false => format!("{base} moves {}", texts.join(" ")),
            };
            let (best, own) = self
                .analyser
                .judge(&position_line, position, &played)
                .map_err(|e| format!("game {}, move {label} {played}: {e}", game.number))?;
            let fen = position.to_fen();
            let analysis = Analysis::new(
                ply + 1,
                label,
                fen,
                mover,
                best,
                Some((played.clone(), own)),
            );
            self.progress.clear();
            if !self.writer.position(Some(game.number), &analysis) {
                return Ok(false);
            }
            analyses.push(analysis);
            texts.push(played);
            if mover == Player::Second {
                number += 1;
            }
        }
        self.writer.game_end(game.number, &game.pgn, &analyses)
    }

    /// Every position of a list.
    fn lines<G: Game>(self, lines: &str) -> Result<bool, String> {
        for (line, position) in read_positions::<G>(lines, "input")? {
            let fen = position.to_fen();
            let label = format!("line {line}:");
            self.progress.step(&label);
            let verdict = self
                .analyser
                .search(&format!("position fen {fen}"), &position, None)
                .map_err(|e| format!("{label} {e}"))?;
            let analysis = Analysis::new(line, label, fen, position.side_to_move(), verdict, None);
            self.progress.clear();
            if !self.writer.position(None, &analysis) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
