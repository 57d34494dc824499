//! The board's engine part: how strong the engine plays, the analysis
//! wanted, the search asked of the engine and the lines it sent,
//! and what the engine said of itself (its name, its last failure).

use web_time::Instant;

use crate::action::{EngineSettings, Multipv, Strength};
use crate::search::{Job, Link, Purpose};
use crate::table::MoveNote;
use ludus_rules::protocol::Score;
use ludus_rules::protocol::{Go, ProvenLine, ScoredLine as Line};

/// The engine as the board drives it.
pub struct Driver {
    strength: Strength,
    multipv: Multipv,
    analysing: bool,
    /// Whether the engine gets the pair rules' option in pair mode.
    plays_for_pair: bool,
    /// The engine's name, once it has answered.
    name: String,
    /// The last engine failure, until the next good news.
    error: Option<String>,
    /// The search asked of the engine.
    job: Option<Job>,
    /// What the search is for and the ply it searches; its lines stay
    /// shown after it ends, until another search, or none, is wanted.
    search: Option<(Purpose, usize)>,
    job_ply: usize,
    job_started: Instant,
    next_job: u64,
    /// The latest line per rank of the current search.
    lines: Vec<Line>,
    /// The root's value, where the engine said it is proven.
    proven: Option<ProvenLine>,
    link: Option<Box<dyn Link>>,
}

impl Driver {
    /// Level 3 (a newcomer's opponent), one analysis line, no analysis, no
    /// engine thread yet.
    pub fn new() -> Driver {
        Driver {
            strength: Strength::Level(3),
            multipv: Multipv::ONE,
            analysing: false,
            plays_for_pair: true,
            name: String::new(),
            error: None,
            job: None,
            search: None,
            job_ply: 0,
            job_started: Instant::now(),
            next_job: 1,
            lines: Vec::new(),
            proven: None,
            link: None,
        }
    }

    /// Connects the engine.
    pub(crate) fn attach(&mut self, link: Box<dyn Link>) {
        self.link = Some(link);
    }

    /// How the engine's moves are limited.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The engine as a game record names it in `game`: its name, with the
    /// level and its rating when it plays at one.
    pub fn player_name(&self, game: &str) -> String {
        let name = if self.name.is_empty() {
            "engine"
        } else {
            &self.name
        };
        match (self.strength, self.strength.elo(game)) {
            (Strength::Level(level), Ok(Some(elo))) => {
                format!("{name} (Level {level}, {elo} Elo)")
            }
            _ => name.to_string(),
        }
    }

    /// Analysis lines wanted (1 to 3).
    pub fn multipv(&self) -> u32 {
        self.multipv.lines()
    }

    /// Whether the position shown is to be analysed.
    pub fn analysing(&self) -> bool {
        self.analysing
    }

    /// Whether the engine gets the pair rules' option in pair mode.
    pub fn plays_for_pair(&self) -> bool {
        self.plays_for_pair
    }

    /// The engine's name, once it has answered (empty before).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The last engine failure, until the next good news.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// The search asked of the engine.
    pub fn job(&self) -> Option<&Job> {
        self.job.as_ref()
    }

    /// What the search shown is for and the ply it searches.
    pub fn search(&self) -> Option<(Purpose, usize)> {
        self.search
    }

    /// The latest line per rank of the search shown.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The value of the search shown's root, if the engine said it is
    /// proven (by a table or a proof).
    pub fn proven(&self) -> Option<ProvenLine> {
        self.proven
    }

    /// The engine said the current search's root is proven.
    pub(crate) fn set_proven(&mut self, proven: ProvenLine) {
        self.proven = Some(proven);
    }

    /// Takes the engine action's settings but who the engine plays (the
    /// game's part).
    pub(crate) fn configure(&mut self, settings: &EngineSettings) {
        self.strength = settings.strength.unwrap_or(self.strength);
        self.multipv = settings.multipv.unwrap_or(self.multipv);
        self.plays_for_pair = settings.pair_option.unwrap_or(self.plays_for_pair);
    }

    /// Turns the analysis on or off.
    pub(crate) fn set_analysing(&mut self, on: bool) {
        self.analysing = on;
    }

    /// The limit and the lines wanted for a search for `purpose` (off
    /// the clock; a review's limit is the review's).
    pub fn go(&self, purpose: Purpose) -> (Go, u32) {
        match purpose {
            Purpose::Move => (self.strength.go(), 1),
            _ => (Go::infinite(), self.multipv.lines()),
        }
    }

    /// Asks the engine for `wanted` (the search and its ply), unless
    /// that is what it runs already.
    pub(crate) fn want(&mut self, wanted: Option<(usize, Job)>) {
        let same = match (&self.job, &wanted) {
            (Some(old), Some((_, new))) => {
                Job {
                    id: old.id,
                    ..new.clone()
                } == *old
            }
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        // Lines belong to the search that made them: a new search, or none,
        // leaves none from another position on show.
        self.lines.clear();
        self.proven = None;
        self.search = None;
        self.job = wanted.map(|(ply, job)| {
            self.search = Some((job.purpose, ply));
            self.job_ply = ply;
            self.job_started = Instant::now();
            self.next_job += 1;
            Job {
                id: self.next_job,
                ..job
            }
        });
        if let Some(link) = &self.link {
            link.want(self.job.clone());
        }
    }

    /// The id and purpose of the search asked for.
    pub fn current(&self) -> Option<(u64, Purpose)> {
        self.job.as_ref().map(|job| (job.id, job.purpose))
    }

    /// The engine answered: its name; any failure is over.
    pub(crate) fn ready(&mut self, name: String) {
        self.name = name;
        self.error = None;
    }

    /// The engine failed, or played well again (`None`).
    pub(crate) fn set_error(&mut self, error: Option<String>) {
        self.error = error;
    }

    /// Keeps a line of the current search; for its best line, returns the
    /// ply searched and the score (the mover's side).
    pub(crate) fn take_line(&mut self, line: Line) -> Option<(usize, Score)> {
        let rank = line.multipv.max(1) as usize;
        if rank > self.lines.len() + 1 || rank > 3 {
            return None;
        }
        let best = (rank == 1).then_some((self.job_ply, line.score));
        if rank <= self.lines.len() {
            self.lines[rank - 1] = line;
        } else {
            self.lines.push(line);
        }
        best
    }

    /// The ply the engine's move is for and what it said of it.
    pub(crate) fn move_note(&self) -> (usize, MoveNote) {
        let note = MoveNote {
            by_engine: true,
            score: self.lines.first().map(|l| (l.score, Some(l.depth))),
            time: Some(self.job_started.elapsed()),
            clock: None,
        };
        (self.job_ply, note)
    }
}

impl Default for Driver {
    fn default() -> Self {
        Driver::new()
    }
}
