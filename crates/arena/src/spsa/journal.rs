//! The files of a run, in JSON Lines (one object a line, `record` naming
//! its kind), appended to and never rewritten, every line written whole
//! and flushed, so a kill leaves a file good up to its last complete line.
//!
//! - The state (`--state`): the run's `settings` first, then a `pair` line
//!   as each game pair ends and, once a round is complete, a `step` line
//!   per iteration of the round with θ after it: the log of θ. The run
//!   goes on from its last step; the pairs of an unfinished round are
//!   kept, so no pair is played twice.
//! - A shard's results (`--results` with `--shard`, see
//!   [`shard_file`](super::shard_file)): a `shard` line, then its `pair`
//!   lines.
//!
//! A writer holds an exclusive lock on its file, a reader a shared one:
//! two runs cannot write one state, and a shard never reads a round half
//! merged.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::lines::Lines;
use super::records::{PairEntry, Record, RunSettings, StepEntry};

/// A state as read back.
#[derive(Clone, Debug)]
pub struct State {
    /// The run.
    pub settings: RunSettings,
    /// The pairs finished, by iteration.
    pub pairs: BTreeMap<u32, PairEntry>,
    /// θ after each iteration done, from the first.
    pub steps: Vec<StepEntry>,
    /// The length of what is kept: a kill may have left a line cut short,
    /// or a round's steps only in part, after it.
    kept: u64,
}

impl State {
    /// Iterations done (θ moved by them).
    pub fn done(&self) -> u32 {
        self.steps.len() as u32
    }

    /// Whether every iteration is done.
    pub fn is_complete(&self) -> bool {
        self.done() == self.settings.gains.iterations
    }

    /// θ now.
    pub fn theta(&self) -> Vec<f64> {
        self.steps
            .last()
            .map_or_else(|| self.settings.start(), |step| step.theta.clone())
    }

    /// The results of the pairs of `round` finished so far.
    pub fn results_of(&self, round: u32) -> BTreeMap<u32, i32> {
        self.pairs
            .range(self.settings.rounds().iterations_of(round))
            .map(|(&k, pair)| (k, pair.result))
            .collect()
    }

    /// Reads the state in `text` (of the file `path`); `Ok(None)` when it
    /// is empty.
    fn parse(text: &str, path: &Path) -> Result<Option<State>, String> {
        let Some((mut lines, settings)) =
            Lines::begin(text, path, "the settings", Record::settings)?
        else {
            return Ok(None);
        };
        let mut state = State {
            settings: *settings,
            pairs: BTreeMap::new(),
            steps: Vec::new(),
            kept: 0,
        };
        let (iterations, names) = (state.settings.gains.iterations, state.settings.params.len());
        // Where the steps of the round not yet whole began.
        let mut round_start = None;
        for line in lines.by_ref() {
            let (number, record) = line?;
            let at = |why: String| format!("state {} line {number}: {why}", path.display());
            match record {
                Record::Pair(pair) => {
                    if pair.iteration == 0 || pair.iteration > iterations {
                        return Err(at(format!(
                            "iteration {} is not in the run",
                            pair.iteration
                        )));
                    }
                    if round_start.is_some() {
                        return Err(at("a pair among a round's steps".to_string()));
                    }
                    if state.pairs.insert(pair.iteration, pair).is_some() {
                        return Err(at("a pair played twice".to_string()));
                    }
                }
                Record::Step(step) => {
                    if step.iteration != state.done() + 1 || step.theta.len() != names {
                        return Err(at(format!(
                            "step {} after {} steps, with {} values for {names} parameters",
                            step.iteration,
                            state.done(),
                            step.theta.len()
                        )));
                    }
                    round_start.get_or_insert(state.done());
                    state.steps.push(step);
                    if state.settings.rounds().is_boundary(state.done()) {
                        round_start = None;
                    }
                }
                Record::Settings(_) | Record::Shard(_) => {
                    return Err(at("not a line of a state".to_string()))
                }
            }
        }
        state.kept = lines.offset;
        if let Some(done) = round_start {
            // A kill while a round's steps were written: they are written
            // again, whole.
            state.kept = lines.step_offsets[done as usize];
            state.steps.truncate(done as usize);
        }
        Ok(Some(state))
    }
}

/// Reads a whole file from an open handle.
pub(super) fn read_all(file: &mut File, path: &Path) -> Result<String, String> {
    let mut text = String::new();
    file.seek(SeekFrom::Start(0))
        .and_then(|_| file.read_to_string(&mut text))
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(text)
}

/// Reads the state at `path` under a shared lock; `Ok(None)` when there is
/// none yet.
pub fn read_state(path: &Path) -> Result<Option<State>, String> {
    let mut file = match File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("cannot read state {}: {e}", path.display())),
    };
    file.lock_shared()
        .map_err(|e| format!("cannot lock state {}: {e}", path.display()))?;
    let text = read_all(&mut file, path)?;
    State::parse(&text, path)
}

/// Checks that `state` (at `path`) is the run of `settings`.
pub fn check_same_run(state: &State, settings: &RunSettings, path: &Path) -> Result<(), String> {
    match state.settings.difference(settings) {
        None => Ok(()),
        Some(difference) => Err(format!(
            "state {} holds another run ({difference}); give the options it was started with, \
             or another --state",
            path.display()
        )),
    }
}

/// Creates the state at `path` with `settings` unless it exists: written
/// in full beside it, then linked into place, so that shards starting at
/// once never see half a file and never overwrite one another's.
pub fn create_state(path: &Path, settings: &RunSettings) -> Result<(), String> {
    let cannot = |e: std::io::Error| format!("cannot create state {}: {e}", path.display());
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".new-{}", std::process::id()));
    let draft = path.with_file_name(name);
    let line = line_of(&Record::Settings(Box::new(settings.clone())))?;
    std::fs::write(&draft, line).map_err(cannot)?;
    let linked = std::fs::hard_link(&draft, path);
    let _ = std::fs::remove_file(&draft);
    match linked {
        Err(e) if e.kind() != std::io::ErrorKind::AlreadyExists => Err(cannot(e)),
        _ => Ok(()),
    }
}

/// A file appended to under an exclusive lock, a whole line at a time.
#[derive(Debug)]
pub struct Appender {
    file: File,
    path: PathBuf,
}

impl Appender {
    /// Opens `path` (which must exist) for appending under an exclusive
    /// lock: at once, or `Err` if another holds it (`wait` false), or
    /// when it is free (`wait` true). Returns its text too.
    pub fn open(path: &Path, wait: bool) -> Result<(Appender, String), String> {
        let mut file = File::options()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        if wait {
            file.lock()
                .map_err(|e| format!("cannot lock {}: {e}", path.display()))?;
        } else if file.try_lock().is_err() {
            return Err(format!(
                "{} is in use by another ludus spsa (a run, a shard or a merge)",
                path.display()
            ));
        }
        let text = read_all(&mut file, path)?;
        Ok((
            Appender {
                file,
                path: path.to_path_buf(),
            },
            text,
        ))
    }

    /// Cuts the file to its first `len` bytes (what a reader kept).
    pub fn keep(&mut self, len: u64) -> Result<(), String> {
        self.file
            .set_len(len)
            .map_err(|e| format!("cannot continue {}: {e}", self.path.display()))
    }

    /// Appends `records`, one line each, in one write.
    pub fn append(&mut self, records: &[Record]) -> Result<(), String> {
        let mut text = String::new();
        for record in records {
            text.push_str(&line_of(record)?);
        }
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

/// A record as a line.
fn line_of(record: &Record) -> Result<String, String> {
    let mut line = serde_json::to_string(record).map_err(|e| e.to_string())?;
    line.push('\n');
    Ok(line)
}

/// Opens the state at `path` for writing (exclusively, waiting for the lock
/// when `wait`), checked to be the run of `settings` if given; a kill's
/// leftovers are cut off.
pub fn open_state(
    path: &Path,
    settings: Option<&RunSettings>,
    wait: bool,
) -> Result<(Appender, State), String> {
    let (mut appender, text) = Appender::open(path, wait)?;
    let state =
        State::parse(&text, path)?.ok_or_else(|| format!("state {} is empty", path.display()))?;
    if let Some(settings) = settings {
        check_same_run(&state, settings, path)?;
    }
    appender.keep(state.kept)?;
    Ok((appender, state))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::cli::{parse, Parsed};
    use crate::referee::Termination;
    use crate::results::Settings;
    use crate::spsa::gains::Gains;
    use crate::spsa::params::parse_params;
    use crate::spsa::records::GameLine;

    /// A run of 6 iterations in rounds of 4, engines at `path`, limited to
    /// `depth`.
    pub(in crate::spsa) fn settings(path: &str, depth: u32) -> RunSettings {
        let words: Vec<String> = format!(
            "--game alak --engine cmd={path} --engine cmd={path} --depth {depth} --seed 5 \
             --games 12 --repeat"
        )
        .split_whitespace()
        .map(str::to_string)
        .collect();
        let Ok(Parsed::Run(config)) = parse(&words) else {
            panic!("a match");
        };
        RunSettings {
            params: parse_params("A, int, 5, 0, 10, 1, 0.002\nB, int, 2, 0, 3, 0.5, 0.1", "p")
                .unwrap(),
            gains: Gains::new(6, 0.1, 0.602, 0.101).unwrap(),
            round_size: 4,
            matches: Settings::of(&config, None),
        }
    }

    pub(in crate::spsa) fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ludus-spsa-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn pair(iteration: u32, result: i32) -> Record {
        let game = GameLine {
            result: "1-0".to_string(),
            termination: Termination::Normal,
            plies: 9,
        };
        Record::Pair(PairEntry {
            iteration,
            result,
            games: [game.clone(), game],
        })
    }

    fn step(iteration: u32, theta: [f64; 2]) -> Record {
        Record::Step(StepEntry {
            iteration,
            result: 1,
            theta: theta.to_vec(),
        })
    }

    fn text(records: &[Record]) -> String {
        records.iter().map(|r| line_of(r).unwrap()).collect()
    }

    #[test]
    fn theta_reads_back_to_the_bit() {
        let mut rng = ludus_rules::random::Rng::new(3);
        for _ in 0..2000 {
            let theta = [rng.unit() * 400.0, (rng.unit() - 0.5) * 1e-3];
            let line = line_of(&step(1, theta)).unwrap();
            let Record::Step(back) = serde_json::from_str(&line).unwrap() else {
                panic!("{line}");
            };
            assert_eq!(back.theta[0].to_bits(), theta[0].to_bits(), "{line}");
            assert_eq!(back.theta[1].to_bits(), theta[1].to_bits(), "{line}");
        }
    }

    #[test]
    fn a_state_reads_to_its_last_whole_round() {
        let path = Path::new("s.jsonl");
        let settings = settings("/x/a", 2);
        let head = text(&[
            Record::Settings(Box::new(settings.clone())),
            pair(2, 1),
            pair(1, -2),
            pair(4, 0),
            pair(3, 2),
            step(1, [4.5, 2.0]),
            step(2, [4.6, 2.1]),
            step(3, [4.7, 2.2]),
            step(4, [4.8, 2.3]),
            pair(6, 1),
        ]);
        // A kill in the middle of a line: the line is dropped.
        let state = State::parse(&format!("{head}{{\"record\":\"pa"), path)
            .unwrap()
            .unwrap();
        assert_eq!((state.done(), state.kept), (4, head.len() as u64));
        assert_eq!(state.theta(), [4.8, 2.3]);
        assert_eq!(state.results_of(1), BTreeMap::from([(6, 1)]));
        assert_eq!(state.settings, settings);
        assert!(!state.is_complete());
        // A kill while the last round's steps were written: they are
        // dropped, and written again whole on resuming.
        let whole = format!("{head}{}", text(&[pair(5, 0)]));
        let cut = format!("{whole}{}", text(&[step(5, [4.9, 2.4])]));
        let state = State::parse(&cut, path).unwrap().unwrap();
        assert_eq!((state.done(), state.kept), (4, whole.len() as u64));
        assert_eq!(state.results_of(1).len(), 2);
        let full = format!(
            "{whole}{}",
            text(&[step(5, [4.9, 2.4]), step(6, [5.0, 2.5])])
        );
        let state = State::parse(&full, path).unwrap().unwrap();
        assert!(state.is_complete());
        assert_eq!(state.theta(), [5.0, 2.5]);
        // A fresh state: θ is the start.
        let fresh = State::parse(&text(&[Record::Settings(Box::new(settings))]), path)
            .unwrap()
            .unwrap();
        assert_eq!((fresh.done(), fresh.theta()), (0, vec![5.0, 2.0]));
        assert!(State::parse("", path).unwrap().is_none());
    }

    #[test]
    fn a_damaged_state_is_refused_with_its_line() {
        let path = Path::new("s.jsonl");
        let head = text(&[Record::Settings(Box::new(settings("/x/a", 2)))]);
        let cases = [
            (
                text(&[pair(1, 0)]),
                "line 1: the first line is not the settings",
            ),
            (
                format!("{head}{}", text(&[pair(7, 0)])),
                "line 2: iteration 7 is not in the run",
            ),
            (
                format!("{head}{}", text(&[pair(1, 0), pair(1, 2)])),
                "line 3: a pair played twice",
            ),
            (
                format!("{head}{}", text(&[step(2, [1.0, 1.0])])),
                "line 2: step 2 after 0 steps",
            ),
            (
                format!("{head}{}", text(&[step(1, [1.0, 1.0]), pair(2, 0)])),
                "line 3: a pair among a round's steps",
            ),
            (format!("{head}{head}"), "line 2: not a line of a state"),
            (format!("{head}{{}}\n"), "line 2: "),
        ];
        for (text, expected) in cases {
            let error = State::parse(&text, path).unwrap_err();
            assert!(error.contains(expected), "{expected}: {error}");
        }
    }

    #[test]
    fn runs_differ_in_their_settings_but_not_in_paths() {
        let a = settings("/x/a", 2);
        assert_eq!(a.difference(&settings("/elsewhere/a", 2)), None);
        assert_eq!(
            a.difference(&settings("/x/a", 3)).as_deref(),
            Some("engines[0].limit.depth: 2 vs 3")
        );
        let mut b = a.clone();
        b.params[1].c_end = 0.75;
        assert_eq!(
            a.difference(&b).as_deref(),
            Some("params[1].c_end: 0.5 vs 0.75")
        );
        let mut c = a.clone();
        c.round_size = 2;
        assert_eq!(a.difference(&c).as_deref(), Some("round_size: 4 vs 2"));
        let mut d = a.clone();
        d.gains.iterations = 60;
        assert_eq!(a.difference(&d).as_deref(), Some("iterations: 6 vs 60"));
    }

    #[test]
    fn a_state_is_created_once_and_written_by_one_at_a_time() {
        let dir = scratch("journal");
        let path = dir.join("s.jsonl");
        create_state(&path, &settings("/x/a", 2)).unwrap();
        let first = std::fs::read_to_string(&path).unwrap();
        // Another run's creation leaves it as it is.
        create_state(&path, &settings("/x/a", 3)).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), first);
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no draft left");
        let error = open_state(&path, Some(&settings("/x/a", 3)), false).unwrap_err();
        assert!(
            error.contains("holds another run (engines[0].limit.depth: 2 vs 3)"),
            "{error}"
        );
        let (mut writer, state) = open_state(&path, Some(&settings("/y/a", 2)), false).unwrap();
        assert_eq!(state.done(), 0);
        let error = open_state(&path, None, false).unwrap_err();
        assert!(error.contains("in use by another ludus spsa"), "{error}");
        writer.append(&[pair(1, 1), pair(2, 0)]).unwrap();
        drop(writer);
        // A cut line is cut off the file when it is continued.
        let mut file = File::options().append(true).open(&path).unwrap();
        file.write_all(b"{\"record\":\"st").unwrap();
        let (mut writer, state) = open_state(&path, None, false).unwrap();
        assert_eq!(state.pairs.len(), 2);
        writer.append(&[pair(3, -1)]).unwrap();
        drop(writer);
        assert_eq!(read_state(&path).unwrap().unwrap().pairs.len(), 3);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
