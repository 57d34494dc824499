//! The board's conversation with its engine, without the engine itself:
//! the search the board wants ([`Job`]), what the engine reports
//! ([`Event`]), what it has been told ([`Told`]: the lines that
//! set it up for a job) and which search runs, is stopped or is to start
//! ([`Searches`]). The engine process of `ludus gui` (`crate::engine`)
//! and the in-page engine of the static site ([`crate::page`]) both speak
//! through this, so the protocol text they see is the same.

use std::time::Duration;

use ludus_arena::engine::{announces_option, offers_variant, option_default};
use ludus_arena::referee::play_for_pairs;
use ludus_rules::protocol::{Dialect, Go, PlayerTime};

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine plays the side to move: its best move is played.
    Move,
    /// Analysis until told otherwise (`go infinite`).
    Analyse,
    /// A position of the game under review, searched once.
    Review,
    /// The position after a move a person tries again in a review.
    Retry,
}

/// The `go` of a move on a clock: each side's time left in milliseconds
/// (the first player's first) and the increment both have.
pub fn clocks(time: [u64; 2], increment: u64) -> Go {
    let clock = |side: usize| {
        Some(PlayerTime {
            left: Duration::from_millis(time[side]),
            increment: Duration::from_millis(increment),
        })
    };
    Go {
        clocks: [clock(0), clock(1)],
        ..Go::default()
    }
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
    /// The search's limit.
    pub go: Go,
    /// Lines to report.
    pub multipv: u32,
    /// In pair mode, the game's option (name, value) that makes the engine
    /// play for the pair's count, set if the engine announces it.
    pub pair_option: Option<(&'static str, &'static str)>,
    /// The rating to play at (`UCI_LimitStrength` and `UCI_Elo`); `None`:
    /// full strength.
    pub elo: Option<i32>,
}

/// What the engine's side reports to the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The engine answered the handshake; its `id name`.
    Ready(String),
    /// An `info` line of job `.0`, as the engine wrote it.
    Info(u64, String),
    /// Job `.0` ended with this move.
    BestMove(u64, String),
    /// Something went wrong (with the job it hit, if any); the engine is
    /// restarted for the next job.
    Failed(Option<u64>, String),
}

/// Where the board's wishes go: the engine's side, which starts and stops
/// searches to match.
pub trait Link: Send {
    /// Asks for `job` (or for no search at all).
    fn want(&self, job: Option<Job>);
}

/// A step of setting an engine up for a job.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setup {
    /// A line to send.
    Send(String),
    /// Wait until the engine has taken in what it was sent (`isready`).
    Sync,
}

/// What an engine declared at its handshake and what it has been told
/// since.
#[derive(Clone, Debug)]
pub struct Told {
    proto: Dialect,
    declarations: Vec<String>,
    game: Option<&'static str>,
    epoch: u64,
    multipv: u32,
    /// The pair option set on it (until then, its default).
    pair_option: Option<(&'static str, &'static str)>,
    /// The rating it was told to play at (until then, full strength).
    elo: Option<i32>,
}

impl Told {
    /// An engine of dialect `proto` that declared `declarations` (its
    /// `id` and `option` lines) and has been told nothing yet.
    pub fn new(proto: Dialect, declarations: Vec<String>) -> Told {
        Told {
            proto,
            declarations,
            game: None,
            epoch: 0,
            multipv: 1,
            pair_option: None,
            elo: None,
        }
    }

    /// The `id name` the engine gave.
    pub fn name(&self) -> Option<String> {
        self.declarations
            .iter()
            .find_map(|line| line.strip_prefix("id name "))
            .map(|name| name.trim().to_string())
    }

    /// The steps that tell the engine the game, the lines, the strength
    /// and the position, then start the search of `job`; what the engine
    /// is told is kept only when they can all be made.
    pub fn job_steps(&mut self, job: &Job) -> Result<Vec<Setup>, String> {
        let mut next = self.clone();
        let mut steps = Vec::new();
        if next.game != Some(job.game) || next.epoch != job.epoch {
            if !offers_variant(&next.declarations, job.game) {
                return Err(format!("the engine does not play {}", job.game));
            }
            if announces_option(&next.declarations, "UCI_Variant") {
                let line = format!("setoption name UCI_Variant value {}", job.game);
                steps.push(Setup::Send(line));
            }
            steps.push(Setup::Send(next.proto.new_game().to_string()));
            next.game = Some(job.game);
            next.epoch = job.epoch;
        }
        let pair_line =
            pair_option_line(&next.declarations, &mut next.pair_option, job.pair_option);
        steps.extend(pair_line.map(Setup::Send));
        if !steps.is_empty() {
            steps.push(Setup::Sync);
        }
        if next.multipv != job.multipv && announces_option(&next.declarations, "MultiPV") {
            let line = format!("setoption name MultiPV value {}", job.multipv);
            steps.push(Setup::Send(line));
            next.multipv = job.multipv;
        }
        if next.elo != job.elo {
            let lines = strength_lines(&next.declarations, job.elo)?;
            steps.extend(lines.into_iter().map(Setup::Send));
            next.elo = job.elo;
        }
        steps.push(Setup::Send(job.position.clone()));
        steps.push(Setup::Send(job.go.to_line(next.proto)));
        *self = next;
        Ok(steps)
    }
}

/// What to do next about the searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// Nothing.
    Wait,
    /// Send `stop`: the search running is not wanted any more.
    Stop,
    /// Start this job (then say [`Searches::started`] or
    /// [`Searches::refused`]).
    Start(Box<Job>),
}

/// The search wanted, the search running, and whether it is being
/// stopped: one search at a time, each started at most once.
#[derive(Debug, Default)]
pub struct Searches {
    /// The job wanted now.
    wanted: Option<Job>,
    /// The job the engine is searching (its `bestmove` not yet read).
    searching: Option<Job>,
    /// `stop` was sent to the search.
    stopping: bool,
    /// The last job that ended or failed: not started again.
    done: Option<u64>,
}

impl Searches {
    /// Wants `job` (or no search at all) from now on.
    pub fn want(&mut self, job: Option<Job>) {
        self.wanted = job;
    }

    /// Stops a search nobody wants any more; starts the wanted one when
    /// the engine is free.
    pub fn step(&mut self) -> Next {
        let wanted_id = self.wanted.as_ref().map(|j| j.id);
        if let Some(searching) = &self.searching {
            if Some(searching.id) != wanted_id && !self.stopping {
                self.stopping = true;
                return Next::Stop;
            }
            return Next::Wait;
        }
        match &self.wanted {
            Some(job) if self.done != Some(job.id) => Next::Start(Box::new(job.clone())),
            _ => Next::Wait,
        }
    }

    /// The engine was sent `job`'s search.
    pub fn started(&mut self, job: Job) {
        self.searching = Some(job);
        self.stopping = false;
    }

    /// Job `id` could not be started: it is not tried again.
    pub fn refused(&mut self, id: u64) {
        self.done = Some(id);
    }

    /// Reads a line of the engine: the search's lines, its best move (not
    /// reported for a stopped search) and its errors.
    pub fn read(&mut self, line: &str) -> Option<Event> {
        let id = self.searching.as_ref()?.id;
        let mut words = line.split_whitespace();
        match words.next() {
            Some("bestmove") => {
                let stopped = self.stopping;
                self.searching = None;
                self.stopping = false;
                self.done = Some(id);
                let text = words.next().unwrap_or("(none)").to_string();
                (!stopped).then_some(Event::BestMove(id, text))
            }
            Some("info") if !self.stopping => match line.strip_prefix("info string error:") {
                Some(error) => Some(Event::Failed(Some(id), format!("engine: {}", error.trim()))),
                None => Some(Event::Info(id, line.to_string())),
            },
            _ => None,
        }
    }

    /// The engine is gone: the job it was searching, if any, is over.
    pub fn lost(&mut self) -> Option<u64> {
        let job = self.searching.take().map(|j| j.id);
        if job.is_some() {
            self.done = job;
        }
        self.stopping = false;
        job
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
        let told = Told::new(Dialect::Ugi, vec!["id name ludus 0.1.0".to_string()]);
        assert_eq!(told.name().as_deref(), Some("ludus 0.1.0"));
        assert_eq!(Told::new(Dialect::Ugi, Vec::new()).name(), None);
    }

    fn job(id: u64) -> Job {
        Job {
            id,
            purpose: Purpose::Analyse,
            game: "alak",
            epoch: 1,
            position: "position startpos".to_string(),
            go: Go::infinite(),
            multipv: 2,
            pair_option: None,
            elo: None,
        }
    }

    #[test]
    fn a_job_is_set_up_once_and_a_refusal_tells_nothing() {
        let declarations = [
            "option name UCI_Variant type combo default alak var alak var wyx",
            "option name MultiPV type spin default 1 min 1 max 3",
        ];
        let mut told = Told::new(Dialect::Ugi, declarations.map(str::to_string).to_vec());
        let send = |line: &str| Setup::Send(line.to_string());
        assert_eq!(
            told.job_steps(&job(1)).unwrap(),
            [
                send("setoption name UCI_Variant value alak"),
                send("uginewgame"),
                Setup::Sync,
                send("setoption name MultiPV value 2"),
                send("position startpos"),
                send("go infinite"),
            ]
        );
        assert_eq!(
            told.job_steps(&job(2)).unwrap(),
            [send("position startpos"), send("go infinite")],
            "told already"
        );
        let level = Job {
            elo: Some(900),
            game: "wyx",
            ..job(3)
        };
        let refusal = told.job_steps(&level).unwrap_err();
        assert!(refusal.contains("no UCI_Elo"), "{refusal}");
        let wyx = Job {
            game: "wyx",
            ..job(4)
        };
        assert_eq!(
            told.job_steps(&wyx).unwrap()[0],
            send("setoption name UCI_Variant value wyx"),
            "nothing kept of the refusal"
        );
    }

    #[test]
    fn clocks_are_told_in_the_engines_words() {
        let clock = clocks([60_000, 59_000], 2000);
        assert_eq!(
            clock.to_line(Dialect::Uci),
            "go wtime 60000 winc 2000 btime 59000 binc 2000"
        );
        assert_eq!(
            clock.to_line(Dialect::Ugi),
            "go p1time 60000 p1inc 2000 p2time 59000 p2inc 2000"
        );
        assert_eq!(Go::depth(3).to_line(Dialect::Ugi), "go depth 3");
    }

    #[test]
    fn one_search_at_a_time_a_stopped_one_says_no_move() {
        let mut searches = Searches::default();
        assert_eq!(searches.step(), Next::Wait);
        searches.want(Some(job(1)));
        assert_eq!(searches.step(), Next::Start(Box::new(job(1))));
        searches.started(job(1));
        let line = searches.read("info depth 3 score cp 5 pv 4-5").unwrap();
        assert!(matches!(line, Event::Info(1, _)), "{line:?}");
        searches.want(Some(job(2)));
        assert_eq!(searches.step(), Next::Stop);
        assert_eq!(searches.step(), Next::Wait, "stop is sent once");
        assert_eq!(searches.read("info depth 4 score cp 5 pv 4-5"), None);
        assert_eq!(searches.read("bestmove 4-5"), None, "stopped");
        assert_eq!(searches.step(), Next::Start(Box::new(job(2))));
        searches.started(job(2));
        assert_eq!(
            searches.read("bestmove 3-5"),
            Some(Event::BestMove(2, "3-5".to_string()))
        );
        assert_eq!(searches.step(), Next::Wait, "done, not again");
        searches.want(Some(job(3)));
        assert_eq!(searches.step(), Next::Start(Box::new(job(3))));
        searches.refused(3);
        assert_eq!(searches.step(), Next::Wait);
        assert_eq!(searches.lost(), None);
    }
}
