//! The training positions: every sample of the data files as both sides'
//! active inputs with its target, split into the positions trained on and
//! those held out, game by game as `ludus tune` splits them.

use std::path::PathBuf;

use ludus_engine::tune::data::visit_samples;
use ludus_engine::tune::rows::Rows;
use ludus_engine::tune::texel::sigmoid;
use ludus_rules::net_inputs::NetInputs;
use ludus_rules::Searchable;

/// Positions as inputs and targets, stored flat.
#[derive(Clone, Debug, Default)]
pub struct Positions {
    /// Each half's active inputs, ascending: position `p`'s side to
    /// move's are row `2p`, the other side's row `2p + 1`.
    inputs: Rows<u32>,
    /// What `sigmoid(y)` should be for each position.
    pub targets: Vec<f32>,
    /// The game's own evaluation of each position, for the side to move.
    pub evaluations: Vec<i32>,
}

impl Positions {
    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.targets.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.targets.is_empty()
    }

    /// The active inputs of position `p` from the side to move's view
    /// (`half` 0) or the other side's (`half` 1).
    pub fn half(&self, p: usize, half: usize) -> &[u32] {
        self.inputs.row(2 * p + half)
    }

    /// Appends a position: its two halves, side to move's first.
    fn push(&mut self, halves: [&[u32]; 2], target: f32, evaluation: i32) {
        for half in halves {
            self.inputs.push(half.iter().copied());
        }
        self.targets.push(target);
        self.evaluations.push(evaluation);
    }
}

/// The data, split.
#[derive(Clone, Debug)]
pub struct Split {
    /// The positions trained on.
    pub train: Positions,
    /// The positions of the held-out games.
    pub held_out: Positions,
    /// Games read.
    pub games: usize,
}

/// Reads `files` (all `ludus datagen` data for `G`), holding out one game
/// in `every`; targets are `lambda · result + (1 − lambda) ·
/// sigmoid(score / G::LOGISTIC_SCALE)`. The error names the file and, for
/// a bad position, the position.
pub fn load<G: Searchable>(
    files: &[PathBuf],
    inputs: &NetInputs<G>,
    lambda: f64,
    every: usize,
) -> Result<Split, String> {
    let mut split = Split {
        train: Positions::default(),
        held_out: Positions::default(),
        games: 0,
    };
    let settings = G::Settings::default();
    let mut views = [Vec::new(), Vec::new()];
    split.games = visit_samples::<G>(files, every, |position, label, held_out| {
        let positions = if held_out {
            &mut split.held_out
        } else {
            &mut split.train
        };
        for view in &mut views {
            view.clear();
        }
        (inputs.active)(position, &mut views);
        let to_move = position.side_to_move().index();
        let searched = sigmoid(f64::from(label.score) / G::LOGISTIC_SCALE);
        let target = lambda * label.result + (1.0 - lambda) * searched;
        let evaluation = position.evaluate(&settings);
        positions.push(
            [&views[to_move], &views[1 - to_move]],
            target as f32,
            evaluation,
        );
    })?;
    Ok(split)
}
