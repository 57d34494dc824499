//! `ludus solve alak`: the report of Alak solved, counted over the
//! reachable and the valid positions.

use std::time::{Duration, Instant};

use super::{solution, Alak};
use crate::text::counted;
use crate::{Game, KnownValue};

/// Wins, losses and draws among a set of positions (for the side to move).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Won for the side to move.
    pub wins: u64,
    /// Lost for the side to move, finished positions included.
    pub losses: u64,
    /// Of the losses, positions where the game is already over.
    pub finished: u64,
    /// Drawn.
    pub draws: u64,
    /// The longest forced win in plies, and the first position (in index
    /// order) that has it.
    pub longest_win: Option<(u32, String)>,
}

impl Tally {
    fn add(&mut self, value: KnownValue, index: usize) {
        match value {
            KnownValue::Win(plies) => {
                self.wins += 1;
                let longer = match &self.longest_win {
                    Some((best, _)) => plies > *best,
                    None => true,
                };
                if longer {
                    let fen = solution::position_at(index).map_or_else(String::new, |p| p.to_fen());
                    self.longest_win = Some((plies, fen));
                }
            }
            KnownValue::Loss(plies) => {
                self.losses += 1;
                if plies == 0 {
                    self.finished += 1;
                }
            }
            KnownValue::Draw => self.draws += 1,
        }
    }

    /// Every position counted.
    pub fn total(&self) -> u64 {
        self.wins + self.losses + self.draws
    }
}

/// The result of solving Alak.
#[derive(Clone, Debug)]
pub struct AlakReport {
    /// The start position's value for X, who moves first.
    pub start: KnownValue,
    /// The positions reachable from the start by legal play.
    pub reachable: Tally,
    /// Every valid position.
    pub valid: Tally,
    /// Best play from the first reachable position with the longest win.
    pub longest_line: Vec<String>,
    /// Time to build the table.
    pub solve_time: Duration,
    /// Time of the forward search for the reachable positions.
    pub reach_time: Duration,
}

impl AlakReport {
    /// Solves Alak (a fresh table, not the process-wide one, so the time is
    /// the build's) and counts.
    pub fn compute() -> AlakReport {
        let started = Instant::now();
        let table = solution::Solution::build();
        let solve_time = started.elapsed();
        let started = Instant::now();
        let reachable = solution::reachable();
        let reach_time = started.elapsed();
        let mut report = AlakReport {
            start: table.value(&Alak::startpos()),
            reachable: Tally::default(),
            valid: Tally::default(),
            longest_line: Vec::new(),
            solve_time,
            reach_time,
        };
        for (index, &reached) in reachable.iter().enumerate() {
            if let Some(value) = table.value_at(index) {
                report.valid.add(value, index);
                if reached {
                    report.reachable.add(value, index);
                }
            }
        }
        if let Some((_, fen)) = &report.reachable.longest_win {
            if let Ok(position) = Alak::from_fen(fen) {
                let mut replay = position.clone();
                for mv in table.winning_line(&position) {
                    report.longest_line.push(replay.format_move(mv));
                    replay.make_move(mv);
                }
            }
        }
        report
    }
}

fn describe(value: KnownValue) -> String {
    match value {
        KnownValue::Win(plies) => format!("win in {}", counted(plies, "ply", "plies")),
        KnownValue::Loss(plies) => format!("loss in {}", counted(plies, "ply", "plies")),
        KnownValue::Draw => "draw".to_string(),
    }
}

impl std::fmt::Display for AlakReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let start = Alak::startpos().to_fen();
        writeln!(f, "Alak solved by retrograde analysis")?;
        writeln!(
            f,
            "start position {start}: {} (for x, to move)",
            describe(self.start)
        )?;
        writeln!(f)?;
        writeln!(
            f,
            "{:<26}{:>12}{:>12}",
            "positions (side to move)", "reachable", "valid"
        )?;
        let rows = [
            ("wins", self.reachable.wins, self.valid.wins),
            ("losses", self.reachable.losses, self.valid.losses),
            (
                "  of which game over",
                self.reachable.finished,
                self.valid.finished,
            ),
            ("draws", self.reachable.draws, self.valid.draws),
            ("total", self.reachable.total(), self.valid.total()),
        ];
        for (name, reachable, valid) in rows {
            writeln!(f, "{name:<26}{reachable:>12}{valid:>12}")?;
        }
        writeln!(f)?;
        for (name, tally) in [("reachable", &self.reachable), ("valid", &self.valid)] {
            match &tally.longest_win {
                Some((plies, fen)) => {
                    writeln!(f, "longest forced win ({name}): {plies} plies, e.g. {fen}")?
                }
                None => writeln!(f, "longest forced win ({name}): none")?,
            }
            if name == "reachable" && !self.longest_line.is_empty() {
                writeln!(f, "  best play: {}", self.longest_line.join(" "))?;
            }
        }
        writeln!(f)?;
        writeln!(
            f,
            "solve time: {:.1} ms (table of every valid position)",
            self.solve_time.as_secs_f64() * 1000.0
        )?;
        write!(
            f,
            "reachability time: {:.1} ms (forward search from the start)",
            self.reach_time.as_secs_f64() * 1000.0
        )
    }
}
