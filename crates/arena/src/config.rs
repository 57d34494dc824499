//! What a match is: the engines with their limits, the schedule, the
//! adjudication and the output, as the command line (or a results file)
//! gives them.

use std::path::PathBuf;
use std::time::Duration;

use ludus_rules::protocol::{Dialect, Go};
use serde::{Deserialize, Serialize};

use super::shard::Shard;
use super::stats::Sprt;

/// A clock: `moves` per period (or the whole game), base time, increment.
/// In a results file, its PGN spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct TimeControl {
    /// Moves per period; `None` for the whole game.
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Added after every move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `[moves/]seconds[+increment]`, e.g. `10+0.1` or `40/60+0.6`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = |why: &str| format!("bad time control '{text}': {why}");
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves
                    .parse()
                    .map_err(|_| bad("moves per period must be a whole number"))?;
                (if moves == 0 { None } else { Some(moves) }, rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, inc)) => (base, Some(inc)),
            None => (rest, None),
        };
        let base = seconds(base).map_err(|e| bad(&e))?;
        if base.is_zero() {
            return Err(bad("the base time must be positive"));
        }
        let increment = match increment {
            Some(inc) => seconds(inc).map_err(|e| bad(&e))?,
            None => Duration::ZERO,
        };
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }

    /// The PGN `TimeControl` spelling (`40/60+0.6`, `10+0.1`).
    pub fn pgn(&self) -> String {
        let mut text = String::new();
        if let Some(moves) = self.moves {
            text.push_str(&format!("{moves}/"));
        }
        text.push_str(&trim_seconds(self.base));
        if !self.increment.is_zero() {
            text.push_str(&format!("+{}", trim_seconds(self.increment)));
        }
        text
    }
}

impl From<TimeControl> for String {
    fn from(tc: TimeControl) -> String {
        tc.pgn()
    }
}

impl TryFrom<String> for TimeControl {
    type Error = String;

    fn try_from(text: String) -> Result<TimeControl, String> {
        TimeControl::parse(&text)
    }
}

/// An optional duration as a number of seconds, for serde.
mod optional_seconds {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    pub fn serialize<S: Serializer>(time: &Option<Duration>, to: S) -> Result<S::Ok, S::Error> {
        match time {
            Some(time) => to.serialize_some(&time.as_secs_f64()),
            None => to.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(from: D) -> Result<Option<Duration>, D::Error> {
        let seconds = Option::<f64>::deserialize(from)?;
        seconds
            .map(|s| Duration::try_from_secs_f64(s).map_err(serde::de::Error::custom))
            .transpose()
    }
}

fn trim_seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A non-negative number of seconds.
pub(crate) fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !value.is_finite() || !(0.0..=1e9).contains(&value) {
        return Err(format!("'{text}' is not a usable number of seconds"));
    }
    Ok(Duration::from_secs_f64(value))
}

/// A number of type `T`.
pub(crate) fn number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("'{text}' is not a valid number"))
}

/// A number of type `T` above zero.
pub(crate) fn positive<T: std::str::FromStr + PartialOrd + Default>(
    text: &str,
) -> Result<T, String> {
    let value: T = number(text)?;
    if value <= T::default() {
        return Err(format!("'{text}' must be positive"));
    }
    Ok(value)
}

/// A positive number of seconds (a move time, a timeout).
pub(crate) fn positive_seconds(text: &str) -> Result<Duration, String> {
    let time = seconds(text)?;
    if time.is_zero() {
        return Err(format!("'{text}' must be positive"));
    }
    Ok(time)
}

/// What limits an engine's moves; any combination. A results file writes
/// the clock as PGN does (`40/60+0.6`) and the time per move in seconds
/// (`st`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limit {
    /// A clock.
    pub tc: Option<TimeControl>,
    /// A fixed time per move.
    #[serde(rename = "st", with = "optional_seconds")]
    pub movetime: Option<Duration>,
    /// A node budget per move.
    pub nodes: Option<u64>,
    /// A depth per move.
    pub depth: Option<u32>,
}

impl Limit {
    /// Sets the limit `key` (`tc`, `st`, `nodes`, `depth` or `plies`) from
    /// its text; `Ok(false)` when `key` is not a limit.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let within = |e: String| format!("{key}: {e}");
        match key {
            "tc" => self.tc = Some(TimeControl::parse(value)?),
            "st" => self.movetime = Some(positive_seconds(value).map_err(within)?),
            "nodes" => self.nodes = Some(positive(value).map_err(within)?),
            "depth" | "plies" => self.depth = Some(positive(value).map_err(within)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Fields set in `over` replace this limit's.
    pub(crate) fn overridden_by(self, over: Limit) -> Limit {
        Limit {
            tc: over.tc.or(self.tc),
            movetime: over.movetime.or(self.movetime),
            nodes: over.nodes.or(self.nodes),
            depth: over.depth.or(self.depth),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        *self == Limit::default()
    }

    /// The `go` of a move under this limit, its clock aside (the referee
    /// adds both players' clocks).
    pub fn go(&self) -> Go {
        Go {
            movetime: self.movetime,
            nodes: self.nodes,
            depth: self.depth,
            ..Go::default()
        }
    }

    /// The PGN `TimeControl` value: the clock, `N/move`, or `-` (none).
    pub fn pgn(&self) -> String {
        match (self.tc, self.movetime) {
            (Some(tc), _) => tc.pgn(),
            (None, Some(st)) => format!("{}/move", trim_seconds(st)),
            (None, None) => "-".to_string(),
        }
    }
}

/// The dialect in a results file: `uci` or `ugi`, the handshake's word.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Dialect", rename_all = "lowercase")]
enum DialectName {
    Uci,
    Ugi,
}

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineSpec {
    /// The name in output and PGN.
    pub name: String,
    /// The program.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its working directory.
    pub dir: Option<PathBuf>,
    /// The dialect.
    #[serde(with = "DialectName")]
    pub proto: Dialect,
    /// `setoption` pairs, sent after the handshake.
    pub options: Vec<(String, String)>,
    /// Its move limits.
    pub limit: Limit,
    /// A file its standard error is appended to (`None`: only the last
    /// lines are kept, for failure messages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<PathBuf>,
}

impl EngineSpec {
    /// The program `cmd`, named by its path as given and spoken to in
    /// `proto`: no arguments, working directory, options, limit or file
    /// for its standard error.
    pub fn program(cmd: &str, proto: Dialect) -> EngineSpec {
        EngineSpec {
            name: cmd.to_string(),
            cmd: cmd.to_string(),
            args: Vec::new(),
            dir: None,
            proto,
            options: Vec::new(),
            limit: Limit::default(),
            stderr: None,
        }
    }
}

/// The order openings are taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    /// File order, wrapping around.
    Sequential,
    /// A shuffle drawn from the seed.
    Random,
}

/// Resign adjudication: a side whose own score stays at or below `-score`
/// for `movecount` consecutive moves loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resign {
    /// Consecutive moves.
    pub movecount: u32,
    /// Centipawns.
    pub score: i32,
}

/// How the openings are played: the part of a match's schedule that a
/// results file records beside the openings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// The order the openings are taken in.
    pub order: Order,
    /// Seed for the random order and random starts.
    pub seed: u64,
    /// Each opening twice, sides swapped.
    pub repeat: bool,
}

/// What ends a game before its rules do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// Draw after this many moves per side.
    pub maxmoves: Option<u32>,
    /// Resign adjudication.
    pub resign: Option<Resign>,
}

/// How far past its time an engine may go before it loses on time, unless
/// `--timemargin` says otherwise: a move time's margin on every move, a
/// clock's once over the game, on a machine with no more work than cores;
/// on a busier one, this much per core's worth of its load (see
/// [`Timeouts::margin_for_game`] and bench/notes/time.md for the measured
/// scheduling delays it absorbs).
pub const DEFAULT_TIMEMARGIN: Duration = Duration::from_millis(100);

/// How long an engine may take where its limits say nothing, or beyond
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// How far past its time an engine may go: on every move for a move
    /// time, once over the game for a clock.
    pub margin: Duration,
    /// Whether `margin` is the default, which grows with the machine's
    /// load (`--timemargin` given: it is kept as given).
    pub margin_follows_load: bool,
    /// How long the handshake and `isready` may take.
    pub ready: Duration,
    /// How long a `go` without clock or move time may take.
    pub per_move: Duration,
}

impl Timeouts {
    /// The margin for a game starting now: as given, or the default scaled
    /// by how many times over its cores the machine is loaded (its
    /// 1-minute load average per core, at least 1). On a machine whose
    /// other work keeps every core busy, an answer waits for a core at
    /// each step between `go` and `bestmove`, and the delays grow with
    /// the load (bench/notes/time.md): the runner does not forfeit an
    /// engine for the machine's delays.
    pub fn margin_for_game(&self) -> Duration {
        if !self.margin_follows_load {
            return self.margin;
        }
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let load = load_average().unwrap_or(0.0);
        self.margin.mul_f64((load / cores as f64).clamp(1.0, 100.0))
    }
}

/// The machine's 1-minute load average, where the system says it.
fn load_average() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Everything `ludus match` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The game.
    pub game: String,
    /// The two engines; the first is the one the statistics speak for.
    pub engines: [EngineSpec; 2],
    /// Games in all.
    pub games: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// The openings file.
    pub openings: Option<PathBuf>,
    /// How the openings are played.
    pub schedule: Schedule,
    /// The adjudication.
    pub adjudication: Adjudication,
    /// The engines' timeouts.
    pub timeouts: Timeouts,
    /// A score report every this many games (0: only at the end).
    pub rating_interval: u32,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// The PGN file.
    pub pgnout: Option<PathBuf>,
    /// The PGN `Event`.
    pub event: String,
    /// The slice of the match to play ([`Shard::WHOLE`]: all of it).
    pub shard: Shard,
    /// The results file, written game by game.
    pub results: Option<PathBuf>,
    /// Continue the results file's shard instead of starting it.
    pub resume: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_given_margin_is_kept_and_the_default_grows_only_past_the_cores() {
        let timeouts = |margin_follows_load| Timeouts {
            margin: Duration::from_millis(100),
            margin_follows_load,
            ready: Duration::from_secs(10),
            per_move: Duration::from_secs(60),
        };
        assert_eq!(
            timeouts(false).margin_for_game(),
            Duration::from_millis(100)
        );
        let default = timeouts(true).margin_for_game();
        assert!(default >= Duration::from_millis(100), "{default:?}");
        assert!(default <= Duration::from_secs(10), "{default:?}");
    }
}
