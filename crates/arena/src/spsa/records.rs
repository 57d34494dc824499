//! The lines of a run's files, one type a kind: the run's settings, a
//! finished pair, θ after an iteration, a shard's header; and [`Record`],
//! any of them as a line holds it (`record` naming its kind).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::gains::Gains;
use super::params::TunedParam;
use super::rounds::Rounds;
use crate::referee::Termination;
use crate::results::{first_difference, Settings};
use crate::shard::Shard;

/// What a run is: what must agree for a state to be continued or a shard
/// merged into it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSettings {
    /// The parameters, θ's start among them.
    pub params: Vec<TunedParam>,
    /// The schedule (its fields at the top level of the line).
    #[serde(flatten)]
    pub gains: Gains,
    /// Iterations per round.
    pub round_size: u32,
    /// The games: engines, limits, openings, seed, adjudication, as a
    /// match's results file has them.
    pub matches: Settings,
}

impl RunSettings {
    /// How the run's iterations fall into rounds.
    pub fn rounds(&self) -> Rounds {
        Rounds {
            iterations: self.gains.iterations,
            size: self.round_size,
        }
    }

    /// The run's seed: of the flips, the rounding and the openings.
    pub fn seed(&self) -> u64 {
        self.matches.schedule.seed
    }

    /// θ's start.
    pub fn start(&self) -> Vec<f64> {
        self.params.iter().map(|p| p.start).collect()
    }

    /// The first setting in which `other` is another run, as `where: this
    /// vs that`; `None` for the same run (paths of engines and openings
    /// may differ from machine to machine).
    pub fn difference(&self, other: &RunSettings) -> Option<String> {
        // The iterations first: `A` follows from them, and would be named
        // first in the keys' order.
        let (ours, theirs) = (self.gains.iterations, other.gains.iterations);
        if ours != theirs {
            return Some(format!("iterations: {ours} vs {theirs}"));
        }
        let tuning = |settings: &RunSettings| {
            let mut value = serde_json::to_value(settings).unwrap_or(Value::Null);
            if let Value::Object(object) = &mut value {
                object.remove("matches");
            }
            value
        };
        first_difference(&tuning(self), &tuning(other), "")
            .or_else(|| self.matches.difference(&other.matches))
    }
}

/// One game of a pair, as a line keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    /// `1-0`, `0-1` or `1/2-1/2`, the first mover's view (θ+ moves first
    /// in the pair's first game).
    pub result: String,
    /// How it ended.
    pub termination: Termination,
    /// Moves played.
    pub plies: usize,
}

/// A finished pair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairEntry {
    /// Its iteration, from 1.
    pub iteration: u32,
    /// θ+'s wins minus losses over the two games.
    pub result: i32,
    /// The games: θ+ first, then θ− first.
    pub games: [GameLine; 2],
}

/// θ after an iteration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepEntry {
    /// The iteration, from 1.
    pub iteration: u32,
    /// Its pair's result.
    pub result: i32,
    /// θ, in the order of the settings' parameters.
    pub theta: Vec<f64>,
}

/// The first line of a shard's results file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardHeader {
    /// The round, from 1.
    pub round: u32,
    /// The slice of the round.
    pub shard: Shard,
    /// θ at the round's start.
    pub theta: Vec<f64>,
    /// The run.
    pub settings: Box<RunSettings>,
}

/// One line of a state or a shard's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "record", rename_all = "snake_case")]
pub enum Record {
    /// What the run is (a state's first line).
    Settings(Box<RunSettings>),
    /// What a shard plays (a shard's first line).
    Shard(ShardHeader),
    /// A finished pair.
    Pair(PairEntry),
    /// θ after an iteration.
    Step(StepEntry),
}

impl Record {
    /// The run's settings, if this is a state's first line.
    pub(super) fn settings(self) -> Option<Box<RunSettings>> {
        match self {
            Record::Settings(settings) => Some(settings),
            _ => None,
        }
    }

    /// What a shard plays, if this is a shard's first line.
    pub(super) fn shard(self) -> Option<ShardHeader> {
        match self {
            Record::Shard(header) => Some(header),
            _ => None,
        }
    }
}
