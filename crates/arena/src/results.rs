//! The results file of a match or a shard (`--results FILE`), in JSON
//! Lines: one JSON object a line, `record` naming its kind — the
//! `settings` first, then a `game` line as each game ends (and a `pair`
//! line as each pair of `--repeat` is complete), and an `end` line once the
//! shard has played all its games (or its SPRT has decided). Every line is
//! written whole and flushed at once, so a killed shard leaves a file that
//! is good up to its last complete line; `--resume` and `ludus
//! match-merge` read it so.
//!
//! Lines rather than one JSON document: a document would have to be
//! rewritten whole after every game, and a kill in the middle would leave
//! it unreadable. Any JSON reader takes the lines one by one (`jq` reads
//! the file as it is).

use std::collections::HashSet;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;

use ludus_rules::protocol::Outcome;
use ludus_rules::Player;

use super::config::{Adjudication, EngineSpec, MatchConfig, Schedule};
use super::referee::Termination;
use super::report::Counted;
use super::shard::Shard;
use super::stats::Sprt;

/// The ludus version that wrote a file; shards of different versions are
/// not merged.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// One line of a results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum Record {
    /// What the match is (the first line).
    Settings(Box<Settings>),
    /// A finished game.
    Game(GameEntry),
    /// A complete pair (`--repeat`).
    Pair(PairEntry),
    /// The shard is done.
    End(EndEntry),
}

/// A match's settings, and which slice of it the file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The ludus version.
    pub ludus: String,
    /// The game.
    pub game: String,
    /// Games in the whole match.
    pub games: u32,
    /// The slice in this file.
    pub shard: Shard,
    /// The order of the openings, its seed, and whether each is played
    /// twice (its fields stand at the top level of the line).
    #[serde(flatten)]
    pub schedule: Schedule,
    /// The two engines with their options and limits (the time control
    /// among them); the first is the one the statistics speak for.
    pub engines: [EngineSpec; 2],
    /// The openings file, if any.
    pub openings: Option<OpeningsEntry>,
    /// The adjudication (its fields at the top level of the line).
    #[serde(flatten)]
    pub adjudication: Adjudication,
    /// How far past its time an engine may go, in milliseconds.
    pub timemargin_ms: u64,
    /// The SPRT, if any.
    pub sprt: Option<SprtEntry>,
    /// The PGN `Event`.
    pub event: String,
}

/// The openings file: its name, and its content's hash, which is what
/// must agree between shards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OpeningsEntry {
    /// The path as given.
    pub file: PathBuf,
    /// FNV-1a (64 bits) of its bytes, in hex.
    pub fnv1a64: String,
}

/// The SPRT's parameters.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SprtEntry {
    /// Elo under H0.
    pub elo0: f64,
    /// Elo under H1.
    pub elo1: f64,
    /// False-positive rate.
    pub alpha: f64,
    /// False-negative rate.
    pub beta: f64,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    /// The game's number in the whole match, from 1 (PGN `Round`).
    pub game: u32,
    /// The first mover's engine.
    pub white: String,
    /// The second mover's engine.
    pub black: String,
    /// The start position.
    pub opening: String,
    /// `1-0`, `0-1` or `1/2-1/2`; a file with anything else is refused.
    #[serde(with = "outcome_token")]
    pub result: Outcome,
    /// Why, e.g. `b loses on time`.
    pub reason: String,
    /// The kind of ending.
    pub termination: Termination,
    /// Moves played.
    pub plies: usize,
    /// Whether it counts: a game that ends after the SPRT has decided is in
    /// the PGN but not in the score.
    pub counted: bool,
    /// White's and Black's counts, for a game whose rules score pairs by
    /// count (tokens left in hand) and that the rules finished; absent
    /// otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<[u32; 2]>,
}

impl GameEntry {
    /// The game as the tally counts it, for a match whose first engine is
    /// called `engine1`.
    pub fn counted(&self, engine1: &str) -> Counted {
        let engine1_first = self.white == engine1;
        Counted {
            index: self.game - 1,
            engine1_first,
            result: self.result.result(),
            counts: self.counts.map(|[w, b]| match engine1_first {
                true => [w, b],
                false => [b, w],
            }),
        }
    }
}

/// A game's result as a results file keeps it: its PGN token.
mod outcome_token {
    use ludus_rules::protocol::Outcome;
    use serde::{de::Error, Deserialize, Deserializer, Serializer};

    /// Writes the token.
    pub fn serialize<S: Serializer>(outcome: &Outcome, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(outcome.token())
    }

    /// Reads the token; anything but `1-0`, `0-1` or `1/2-1/2` is an
    /// error, never a draw.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Outcome, D::Error> {
        String::deserialize(deserializer)?
            .parse()
            .map_err(D::Error::custom)
    }
}

/// A complete pair (`--repeat`): its games and the first engine's points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairEntry {
    /// The pair's number, from 1.
    pub pair: u32,
    /// Its games' numbers.
    pub games: [u32; 2],
    /// The first engine's points in each (0, 0.5 or 1).
    pub points: [f64; 2],
    /// Each engine's count over both games (first engine's first), for a
    /// game whose rules score pairs by count, when both games have counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<[u32; 2]>,
}

/// The end of a shard: why, and its totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EndEntry {
    /// `complete`, `h0_accepted` or `h1_accepted`.
    pub status: EndStatus,
    /// Games played (counted or not).
    pub games: u32,
    /// The first engine's wins, losses and draws.
    pub score: [u32; 3],
    /// Pairs scoring 0, ½, 1, 1½ and 2 points.
    pub ptnml: [u32; 5],
    /// Each engine's failures.
    pub failures: [Failures; 2],
}

/// Why a shard ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndStatus {
    /// Every game of the slice was played.
    Complete,
    /// The SPRT accepted H0 (whole matches only).
    H0Accepted,
    /// The SPRT accepted H1 (whole matches only).
    H1Accepted,
}

/// Games an engine lost by failing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failures {
    /// Losses on time.
    pub time_losses: u32,
    /// Crashes (the process exited).
    pub crashes: u32,
    /// Stalls (no answer in time without a clock).
    pub stalls: u32,
    /// Illegal or missing moves.
    pub illegal_moves: u32,
}

impl Failures {
    /// Each engine's failures in `games` (`names` in the settings' order).
    pub fn count<'a>(
        names: [&str; 2],
        games: impl Iterator<Item = &'a GameEntry>,
    ) -> [Failures; 2] {
        let mut failures = [Failures::default(); 2];
        for game in games {
            Failures::add(&mut failures, names, game);
        }
        failures
    }

    /// Adds the failure `game` ended by, if it did, to the loser's count
    /// in `failures` (`names` in the settings' order).
    pub fn add(failures: &mut [Failures; 2], names: [&str; 2], game: &GameEntry) {
        let loser = match game.result {
            Outcome::Win(Player::First) => &game.black,
            Outcome::Win(Player::Second) => &game.white,
            Outcome::Draw => return,
        };
        let Some(which) = names.iter().position(|name| name == loser) else {
            return;
        };
        let f = &mut failures[which];
        match game.termination {
            Termination::TimeForfeit => f.time_losses += 1,
            Termination::Crash => f.crashes += 1,
            Termination::Stall => f.stalls += 1,
            Termination::IllegalMove => f.illegal_moves += 1,
            Termination::Normal | Termination::Adjudication => {}
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        *self == Failures::default()
    }
}

impl Settings {
    /// The settings of `config`, whose openings file hashes to
    /// `openings_hash`.
    pub fn of(config: &MatchConfig, openings_hash: Option<String>) -> Settings {
        Settings {
            ludus: VERSION.to_string(),
            game: config.game.clone(),
            games: config.games,
            shard: config.shard,
            schedule: config.schedule,
            engines: config.engines.clone(),
            openings: config
                .openings
                .clone()
                .zip(openings_hash)
                .map(|(file, fnv1a64)| OpeningsEntry { file, fnv1a64 }),
            adjudication: config.adjudication,
            timemargin_ms: config.timeouts.margin.as_millis() as u64,
            sprt: config.sprt.map(|s| SprtEntry {
                elo0: s.elo0,
                elo1: s.elo1,
                alpha: s.alpha,
                beta: s.beta,
            }),
            event: config.event.clone(),
        }
    }

    /// The SPRT, if any.
    pub fn sprt(&self) -> Result<Option<Sprt>, String> {
        self.sprt
            .map(|s| Sprt::new(s.elo0, s.elo1, s.alpha, s.beta))
            .transpose()
    }

    /// The engines' names.
    pub fn names(&self) -> [&str; 2] {
        [&self.engines[0].name, &self.engines[1].name]
    }

    /// What makes two files parts of one match: everything but the shard's
    /// index and the paths, which may differ from machine to machine.
    fn identity(&self) -> Value {
        let mut value = serde_json::to_value(self).unwrap_or(Value::Null);
        for pointer in ["/shard", "/openings"] {
            if let Some(Value::Object(object)) = value.pointer_mut(pointer) {
                object.remove("index");
                object.remove("file");
            }
        }
        for engine in 0..2 {
            if let Some(Value::Object(object)) = value.pointer_mut(&format!("/engines/{engine}")) {
                object.remove("cmd");
                object.remove("dir");
                object.remove("stderr");
            }
        }
        value
    }

    /// The first setting in which two files of one match would agree but
    /// these differ, as `where: this vs that`; `None` when they belong to
    /// one match.
    pub fn difference(&self, other: &Settings) -> Option<String> {
        first_difference(&self.identity(), &other.identity(), "")
    }
}

/// Where two JSON values first differ: `path: a vs b`.
pub(crate) fn first_difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            keys.filter_map(|key| {
                let (u, v) = (
                    x.get(key).unwrap_or(&Value::Null),
                    y.get(key).unwrap_or(&Value::Null),
                );
                let inner = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                first_difference(u, v, &inner)
            })
            .next()
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (u, v))| first_difference(u, v, &format!("{path}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{path}: {a} vs {b}")),
    }
}

/// FNV-1a (64 bits) of `bytes`, in hex: an openings file's fingerprint.
/// Not a cryptographic hash; it tells files apart, which is all a merge
/// needs.
pub fn fnv1a64(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{hash:016x}")
}

/// A results file as read back.
#[derive(Clone, Debug)]
pub struct ResultsFile {
    /// Where it is.
    pub path: PathBuf,
    /// Its settings.
    pub settings: Settings,
    /// Its games, in the order they finished.
    pub games: Vec<GameEntry>,
    /// Its end, if the shard finished.
    pub end: Option<EndEntry>,
    /// The length of its complete lines: a killed writer may have left a
    /// partial line after them.
    pub complete_len: u64,
}

impl ResultsFile {
    /// Reads `path`; `Ok(None)` when it is empty.
    pub fn read(path: &Path) -> Result<Option<ResultsFile>, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read results file {}: {e}", path.display()))?;
        ResultsFile::parse(&text, path)
    }

    /// Reads the `text` of the results file at `path` (which the errors
    /// name); `Ok(None)` when it is empty.
    pub fn parse(text: &str, path: &Path) -> Result<Option<ResultsFile>, String> {
        // What follows the last newline is a line cut short by a kill.
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        let at = |number: usize, why: String| {
            format!("results file {} line {number}: {why}", path.display())
        };
        let mut lines = complete.lines().enumerate().map(|(i, line)| {
            serde_json::from_str::<Record>(line).map_err(|e| at(i + 1, e.to_string()))
        });
        let settings = match lines.next().transpose()? {
            None => return Ok(None),
            Some(Record::Settings(settings)) => *settings,
            Some(_) => return Err(at(1, "the first line is not the settings".to_string())),
        };
        let mut file = ResultsFile {
            path: path.to_path_buf(),
            settings,
            games: Vec::new(),
            end: None,
            complete_len: complete.len() as u64,
        };
        let mut numbers = HashSet::new();
        for (i, record) in lines.enumerate() {
            let number = i + 2;
            match record? {
                Record::Game(game) => {
                    file.check_game(&game, &mut numbers)
                        .map_err(|e| at(number, e))?;
                    file.games.push(game);
                }
                Record::Pair(_) => {}
                Record::End(end) => file.end = Some(end),
                Record::Settings(_) => return Err(at(number, "settings again".to_string())),
            }
        }
        Ok(Some(file))
    }

    /// Checks that `game` belongs in this file and is not in `numbers` (the
    /// games read so far), and adds its number there.
    fn check_game(&self, game: &GameEntry, numbers: &mut HashSet<u32>) -> Result<(), String> {
        let settings = &self.settings;
        if game.game == 0 || game.game > settings.games {
            return Err(format!("game {} is not in the match", game.game));
        }
        if !settings.shard.owns(game.game - 1, settings.schedule.repeat) {
            return Err(format!(
                "game {} is not in shard {}",
                game.game, settings.shard
            ));
        }
        if !numbers.insert(game.game) {
            return Err(format!("game {} is there twice", game.game));
        }
        Ok(())
    }

    /// Games of the shard not played yet.
    pub fn missing_games(&self) -> usize {
        let settings = &self.settings;
        settings
            .shard
            .games(settings.games, settings.schedule.repeat)
            .len()
            - self.games.len()
    }
}

/// Appends records to a results file, a whole line at a time.
pub struct ResultsWriter {
    file: File,
    path: PathBuf,
}

impl ResultsWriter {
    /// Starts `path` (which must not exist, or be empty) with `settings`.
    pub fn create(path: &Path, settings: &Settings) -> Result<ResultsWriter, String> {
        let file = File::create(path)
            .map_err(|e| format!("cannot write results file {}: {e}", path.display()))?;
        let mut writer = ResultsWriter {
            file,
            path: path.to_path_buf(),
        };
        writer.write(&Record::Settings(Box::new(settings.clone())))?;
        Ok(writer)
    }

    /// Continues `results`: a partial last line is cut off first.
    pub fn resume(results: &ResultsFile) -> Result<ResultsWriter, String> {
        let path = &results.path;
        let cannot =
            |e: std::io::Error| format!("cannot continue results file {}: {e}", path.display());
        let file = File::options().append(true).open(path).map_err(cannot)?;
        file.set_len(results.complete_len).map_err(cannot)?;
        Ok(ResultsWriter {
            file,
            path: path.clone(),
        })
    }

    /// Writes one record as one line, at once.
    pub fn write(&mut self, record: &Record) -> Result<(), String> {
        let mut line = serde_json::to_string(record).map_err(|e| e.to_string())?;
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write results file {}: {e}", self.path.display()))
    }
}

#[cfg(test)]
mod tests;
