//! `ludus analyse`: the games of a PGN (as `ludus match` writes it), or a
//! list of positions, judged as Lichess judges games: every position
//! searched once, at one limit, by an engine process (by default ludus
//! itself, driven through [`crate::engine`]); a move is judged by the
//! expected score it loses from the position before it to the position
//! after it ([`judge`]). The rules replay and check the moves.

mod annotate;
mod engine;
pub mod judge;
mod report;
pub mod verdict;
mod writer;

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use ludus_rules::games::{game_named, unknown_game, visit_game, GameVisitor};
use ludus_rules::protocol::{Dialect, PositionBase, PositionCommand};
use ludus_rules::{Game, GameLog, Player, Searchable};

use crate::config::Limit;
use crate::openings::read_positions;
use crate::pgn_read::{read_pgn, PgnGame};
use engine::Analyser;
use judge::{After, Ending};
use ludus_rules::Tooling;
use report::{Analysis, GameRef};
use verdict::SearchVerdict;
use writer::Writer;

/// The limit when none is given: a second a position.
pub const DEFAULT_LIMIT: Limit = Limit {
    tc: None,
    movetime: Some(Duration::from_secs(1)),
    nodes: None,
    depth: None,
};

/// What `ludus analyse` does.
#[derive(Clone, Debug)]
pub struct AnalyseConfig {
    /// The input file; `None` for standard input.
    pub input: Option<PathBuf>,
    /// The game of position lists, and of PGN games without a `Game` tag.
    pub game: Option<String>,
    /// The search limit per position.
    pub limit: Limit,
    /// The engine's `Threads`.
    pub threads: u32,
    /// JSON lines instead of text.
    pub json: bool,
    /// Where to write the games annotated.
    pub pgnout: Option<PathBuf>,
    /// The engine program.
    pub engine: PathBuf,
    /// Its dialect.
    pub proto: Dialect,
}

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
            None => return Err(unknown_game(job.name())),
        }
    }
    analyser.quit();
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

impl CheckedGame {
    /// How the outputs name it: by its `Round` tag (its number in the
    /// match, whatever order a match with `--concurrency` wrote the games
    /// in), else by its place in the input.
    fn reference(&self) -> GameRef {
        let round = self
            .pgn
            .tag("Round")
            .map(str::trim)
            .filter(|round| !matches!(*round, "" | "?" | "-"))
            .map(str::to_string);
        let title = match &round {
            Some(round) => format!("Round {round}"),
            None => format!("Game {}", self.number),
        };
        GameRef {
            number: self.number,
            round,
            title,
        }
    }
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
            // The positions before each move and after the last.
            Job::Game(game) => game.pgn.moves.len() + 1,
            Job::Positions { lines, .. } => lines
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.trim().starts_with('#'))
                .count(),
        }
    }
}

/// Reads and checks the whole input before any search, so that a bad game
/// is reported at once rather than after hours of analysis.
fn prepare(config: &AnalyseConfig, text: &str) -> Result<Vec<Job>, String> {
    let source = source_name(config);
    let is_pgn = text.trim_start().starts_with('[');
    let default_game = config.game.as_deref().map(game_named).transpose()?;
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
            (Some(tag), None) => game_named(tag).map_err(|e| format!("{at}: {e}"))?,
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

/// A game played with the rules.
struct Replay<G: Game> {
    /// The game before each move, and after the last (with its history,
    /// which the repetition rule needs).
    logs: Vec<GameLog<G>>,
    /// The moves in canonical notation.
    moves: Vec<String>,
}

/// The game's moves played with the rules.
fn replay<G: Game>(game: &CheckedGame) -> Result<Replay<G>, String> {
    let start = match &game.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN tag '{fen}': {e}"))?,
        None => G::startpos(),
    };
    let mut logs = vec![GameLog::new(start)];
    let mut moves = Vec::new();
    for (index, played) in game.pgn.moves.iter().enumerate() {
        let mut log = logs[index].clone();
        let mv = log
            .play_text(&played.text)
            .map_err(|e| format!("move {} '{}': {e}", index + 1, played.text))?;
        moves.push(logs[index].position().format_move(mv));
        logs.push(log);
    }
    Ok(Replay { logs, moves })
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

    fn visit<G: Tooling>(self) -> Self::Output {
        self.analyser.new_game::<G>()?;
        match self.job {
            Job::Game(game) => self.game::<G>(game),
            Job::Positions { lines, .. } => self.lines::<G>(lines),
        }
    }
}

impl Work<'_> {
    /// Every move of `game`, judged from the searches of the positions
    /// before and after it: each position is searched once.
    fn game<G: Searchable>(self, game: &CheckedGame) -> Result<bool, String> {
        let Replay { logs, moves } = replay::<G>(game)?;
        let reference = game.reference();
        if !self.writer.game_start(&reference, &game.pgn, G::NAME) {
            return Ok(false);
        }
        let base = match &game.fen {
            Some(fen) => PositionBase::Fen(fen.clone()),
            None => PositionBase::StartPos,
        };
        let position_at = |ply: usize| PositionCommand::new(base.clone(), moves[..ply].to_vec());
        let mut analyses = Vec::new();
        // The search of the position the next move is played in.
        let mut next: Option<SearchVerdict> = None;
        let mut number = 1;
        for (ply, played) in moves.iter().enumerate() {
            let position = logs[ply].position();
            let mover = position.side_to_move();
            let label = move_label(number, mover);
            let title = &reference.title;
            let at = |e: String| format!("{title}, move {label} {played}: {e}");
            let verdict = match next.take() {
                Some(verdict) => verdict,
                None => {
                    self.progress.step(&format!("{title} {label} {played}"));
                    self.analyser
                        .search(&position_at(ply), position)
                        .map_err(at)?
                }
            };
            let after = &logs[ply + 1];
            let outcome = match Ending::of(after.status().result, mover) {
                Some(ending) => After::Ended(ending),
                None => {
                    self.progress
                        .step(&format!("{title} after {label} {played}"));
                    let searched = self
                        .analyser
                        .search(&position_at(ply + 1), after.position())
                        .map_err(at)?;
                    next = Some(searched.clone());
                    let flipped = after.position().side_to_move() != mover;
                    After::Searched(searched, flipped)
                }
            };
            let analysis = Analysis::new(ply + 1, label, position.to_fen(), mover, verdict)
                .with_played(played.clone(), outcome, G::LOGISTIC_SCALE);
            self.progress.clear();
            if !self.writer.position(Some(&reference), &analysis) {
                return Ok(false);
            }
            analyses.push(analysis);
            if mover == Player::Second {
                number += 1;
            }
        }
        self.writer.game_end(&reference, &game.pgn, &analyses)
    }

    /// Every position of a list.
    fn lines<G: Game>(self, lines: &str) -> Result<bool, String> {
        for (line, position) in read_positions::<G>(lines, "input")? {
            let fen = position.to_fen();
            let label = format!("line {line}:");
            self.progress.step(&label);
            let verdict = self
                .analyser
                .search(
                    &PositionCommand::new(PositionBase::Fen(fen.clone()), Vec::new()),
                    &position,
                )
                .map_err(|e| format!("{label} {e}"))?;
            let analysis = Analysis::new(line, label, fen, position.side_to_move(), verdict);
            self.progress.clear();
            if !self.writer.position(None, &analysis) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}
