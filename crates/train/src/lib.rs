//! `ludus-train`: fits a game's learned evaluation (the network of
//! [`ludus_engine::nnue`]) to `ludus datagen` data and writes it in the
//! engine's network file format.
//!
//! Every recorded position becomes both sides' active inputs (the game's
//! [`ludus_rules::Searchable::NET_INPUTS`]) and a target: the game's result
//! from the side to move's view blended with the search's score,
//! `λ · result + (1 − λ) · sigmoid(score / scale)`. The float network
//! ([`model`]) is fitted by candle's autograd and AdamW to the mean squared
//! error between `sigmoid(y)` and the target, on mini-batches shuffled by
//! the seed ([`fit`]); one game in `holdout` is held out, as `ludus tune`
//! holds them out, and the weights of the epoch with the lowest hold-out
//! loss are kept. The quantised network is judged through the engine's own
//! integer evaluation ([`judge`]) beside the float one and the game's linear
//! evaluation, so a quantisation fault shows in its loss.

pub mod batch;
pub mod data;
pub mod fit;
pub mod judge;
pub mod model;

use std::path::PathBuf;

use ludus_engine::nnue::{Network, MAX_HIDDEN};
use ludus_rules::games::{visit_game_named, GameVisitor};
use ludus_rules::Tooling;

pub use fit::EpochReport;
pub use judge::Losses;

/// Hidden values a side when `--hidden` is not given.
pub const DEFAULT_HIDDEN: usize = 128;
/// Passes over the data when `--epochs` is not given.
pub const DEFAULT_EPOCHS: usize = 10;
/// Positions a step when `--batch` is not given.
pub const DEFAULT_BATCH: usize = 1024;
/// AdamW's step size when `--lr` is not given.
pub const DEFAULT_RATE: f64 = 1e-3;
/// The result's weight in the target when `--lambda` is not given.
pub const DEFAULT_LAMBDA: f64 = 0.5;

/// What `ludus-train` does.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// The game.
    pub game: String,
    /// Data files from `ludus datagen` for that game.
    pub files: Vec<PathBuf>,
    /// Hidden values a side, 1 to [`MAX_HIDDEN`].
    pub hidden: usize,
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions a step.
    pub batch: usize,
    /// AdamW's step size.
    pub rate: f64,
    /// The result's weight in the target, 0 to 1; the rest is the search
    /// score's.
    pub lambda: f64,
    /// Seeds the first weights and the order of the positions.
    pub seed: u64,
    /// One game in this many is held out (as `ludus tune` picks them).
    pub holdout: usize,
}

/// What the training did.
#[derive(Clone, Debug)]
pub struct TrainReport {
    /// The game.
    pub game: &'static str,
    /// The network, quantised, as written.
    pub network: Network,
    /// Games read.
    pub games: usize,
    /// Positions trained on.
    pub positions: usize,
    /// Positions held out.
    pub held_out_positions: usize,
    /// Every epoch's losses, in order.
    pub epochs: Vec<EpochReport>,
    /// The epoch whose weights were kept (lowest hold-out loss; 0: the
    /// first weights).
    pub kept_epoch: usize,
    /// The hold-out losses of the linear evaluation and of the kept
    /// network, float and quantised.
    pub held_out: Losses,
    /// Seconds spent training (not reading the data).
    pub seconds: f64,
}

impl TrainReport {
    /// Positions trained on a second: every epoch's positions over the
    /// training time.
    pub fn positions_per_second(&self) -> f64 {
        (self.positions * self.epochs.len()) as f64 / self.seconds.max(1e-9)
    }
}

/// Trains a network for `config.game` on `config.files`, calling
/// `on_epoch` after every epoch; the error says what is wrong with the
/// configuration or the data.
pub fn train(
    config: &TrainConfig,
    on_epoch: &mut dyn FnMut(&EpochReport),
) -> Result<TrainReport, String> {
    check(config)?;
    visit_game_named(&config.game, Training { config, on_epoch })?
}

/// Refuses a configuration that cannot train.
fn check(config: &TrainConfig) -> Result<(), String> {
    if config.files.is_empty() {
        return Err("no data file given".into());
    }
    if !(1..=MAX_HIDDEN).contains(&config.hidden) {
        return Err(format!(
            "--hidden {} is not 1 to {MAX_HIDDEN}",
            config.hidden
        ));
    }
    if config.epochs == 0 || config.batch == 0 {
        return Err("--epochs and --batch must be at least 1".into());
    }
    if !(config.rate.is_finite() && config.rate > 0.0) {
        return Err(format!("--lr {} is not a positive number", config.rate));
    }
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(format!("--lambda {} is not 0 to 1", config.lambda));
    }
    if config.holdout < 2 {
        return Err(format!(
            "--holdout {}: one game in at least 2 must be held out",
            config.holdout
        ));
    }
    Ok(())
}

/// The training, run for the game's type.
struct Training<'a> {
    config: &'a TrainConfig,
    on_epoch: &'a mut dyn FnMut(&EpochReport),
}

impl GameVisitor for Training<'_> {
    type Output = Result<TrainReport, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let config = self.config;
        let inputs = G::NET_INPUTS
            .as_ref()
            .filter(|inputs| inputs.count > 0)
            .ok_or_else(|| format!("{} has no network inputs to train on", G::NAME))?;
        let split = data::load::<G>(&config.files, inputs, config.lambda, config.holdout)?;
        if split.train.is_empty() || split.held_out.is_empty() {
            return Err(format!(
                "{} positions to train on and {} held out in {} game(s): more data is needed",
                split.train.len(),
                split.held_out.len(),
                split.games
            ));
        }
        let start = std::time::Instant::now();
        let fitted = fit::fit(config, inputs.count, &split, self.on_epoch)
            .map_err(|e| format!("training failed: {e}"))?;
        let seconds = start.elapsed().as_secs_f64();
        let network = fitted.weights.quantise(G::NAME, G::LOGISTIC_SCALE);
        let held_out = judge::losses(&fitted.model, &network, &split.held_out, G::LOGISTIC_SCALE)?;
        Ok(TrainReport {
            game: G::NAME,
            network,
            games: split.games,
            positions: split.train.len(),
            held_out_positions: split.held_out.len(),
            epochs: fitted.epochs,
            kept_epoch: fitted.kept_epoch,
            held_out,
            seconds,
        })
    }
}
