//! `ludus tune`: Texel's tuning method over a game's weight table.
//!
//! Each recorded position's features are taken once (see
//! [`ludus_rules::linear`]); its evaluation under weights `w` is then
//! `features · w`. First the scaling `K` is fitted: the `K` for which
//! `sigmoid(K · eval)` under the game's own weights best predicts the
//! result. Then every weight at once is moved by Adam, full batch, to
//! minimise the mean squared error between `sigmoid(K · eval)` and the
//! target (the result from the side to move's view, optionally blended with
//! `sigmoid(K · search score)`). Every tenth game is held out of the fit,
//! and the weights kept are those of the epoch with the lowest held-out
//! error (early stopping). The errors before and after are reported with
//! integer weights, as the evaluation would use them.

use std::fmt::Write as _;
use std::path::PathBuf;

use ludus_rules::games::{visit_game_named, GameVisitor};

use super::data::visit_samples;
use super::rows::Rows;
use ludus_rules::Tooling;

/// Adam steps when `--epochs` is not given.
pub const DEFAULT_EPOCHS: usize = 2000;
/// Adam's step size when `--rate` is not given (weights are whole numbers,
/// mostly in the tens).
pub const DEFAULT_RATE: f64 = 0.5;

/// What `ludus tune` does.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// The game.
    pub game: String,
    /// Data files from `ludus datagen` for that game.
    pub files: Vec<PathBuf>,
    /// Adam steps over the whole data.
    pub epochs: usize,
    /// Adam's step size.
    pub rate: f64,
    /// The weight of the game result in the target, from 0 to 1; the rest
    /// is the search score's (1: the result alone, Texel's method).
    pub lambda: f64,
}

/// What the tuning found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The game.
    pub game: &'static str,
    /// Positions fitted.
    pub positions: usize,
    /// Positions held out of the fit (every tenth game's).
    pub held_out_positions: usize,
    /// Games they came from.
    pub games: usize,
    /// The fitted scaling: win probability `sigmoid(K · eval)`.
    pub k: f64,
    /// The mean squared error with the game's own weights.
    pub error_before: f64,
    /// The mean squared error with the tuned weights (rounded).
    pub error_after: f64,
    /// The errors before and after on the held-out positions, if any.
    pub held_out_errors: Option<(f64, f64)>,
    /// The epoch the weights are from: the one with the lowest held-out
    /// error when positions are held out, else the last.
    pub epoch: usize,
    /// Each feature's name.
    pub names: Vec<String>,
    /// The game's own weights.
    pub before: Vec<i32>,
    /// The tuned weights.
    pub after: Vec<i32>,
}

impl TuneReport {
    /// The tuned table in Rust syntax, each weight with its feature's name
    /// and old value, to paste over the game's weight table.
    pub fn table(&self) -> String {
        let mut text = "[\n".to_string();
        for ((name, before), after) in self.names.iter().zip(&self.before).zip(&self.after) {
            let _ = writeln!(text, "    {after}, // {name} (was {before})");
        }
        text.push(']');
        text
    }
}

/// Fits the weights of `config.game` to the data in `config.files`.
pub fn run_tune(config: &TuneConfig) -> Result<TuneReport, String> {
    if config.files.is_empty() {
        return Err("no data file given".to_string());
    }
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(format!("lambda {} is not between 0 and 1", config.lambda));
    }
    visit_game_named(&config.game, config)?
}

/// What `ludus tune --scale-only` found: the logistic scale alone, with
/// the game's own weights, as the first step of [`run_tune`] fits it.
#[derive(Clone, Debug)]
pub struct ScaleReport {
    /// The game.
    pub game: &'static str,
    /// Positions fitted (every position of the data: none is held out).
    pub positions: usize,
    /// Games they came from.
    pub games: usize,
    /// The `K` for which `sigmoid(K · evaluation)` best predicts the result.
    pub eval_k: f64,
    /// The `K` for which `sigmoid(K · search score)` best predicts the
    /// result, the search score being the one the data recorded.
    pub score_k: f64,
}

/// Fits only the scale `K` of `game` to the data in `files`: of its
/// evaluation (Texel's first step) and of the recorded search scores.
pub fn run_scale_fit(game: &str, files: &[PathBuf]) -> Result<ScaleReport, String> {
    if files.is_empty() {
        return Err("no data file given".to_string());
    }
    visit_game_named(game, ScaleFit { files })?
}

struct ScaleFit<'a> {
    files: &'a [PathBuf],
}

impl GameVisitor for ScaleFit<'_> {
    type Output = Result<ScaleReport, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let loaded = Dataset::load::<G>(self.files)?;
        let weights: Vec<f64> = G::LINEAR_EVAL
            .weights
            .iter()
            .map(|&w| f64::from(w))
            .collect();
        let (mut evals, mut scores, mut results) = (Vec::new(), Vec::new(), Vec::new());
        for data in [&loaded.train, &loaded.held_out] {
            evals.extend((0..data.len()).map(|i| data.eval(i, &weights)));
            scores.extend_from_slice(&data.scores);
            results.extend_from_slice(&data.results);
        }
        if results.is_empty() {
            return Err(format!(
                "no positions in the {} game(s) of the data",
                loaded.games
            ));
        }
        Ok(ScaleReport {
            game: G::NAME,
            positions: results.len(),
            games: loaded.games,
            eval_k: fit_scale(&evals, &results),
            score_k: fit_scale(&scores, &results),
        })
    }
}

/// The weights of the config's game, fitted for its type.
impl GameVisitor for &TuneConfig {
    type Output = Result<TuneReport, String>;

    fn visit<G: Tooling>(self) -> Self::Output {
        let linear = G::LINEAR_EVAL;
        let Loaded {
            train,
            held_out,
            games,
        } = Dataset::load::<G>(&self.files)?;
        if train.len() == 0 {
            return Err(format!("no positions in the {games} game(s) of the data"));
        }
        let before: Vec<f64> = linear.weights.iter().map(|&w| f64::from(w)).collect();
        let k = fit_k(&train, &before);
        let targets = train.targets(k, self.lambda);
        let held_out_targets = held_out.targets(k, self.lambda);
        let check = (held_out.len() > 0).then_some((&held_out, held_out_targets.as_slice()));
        let fit = adam(&train, k, &targets, &before, check, self.epochs, self.rate);
        let after: Vec<i32> = fit.weights.iter().map(|w| w.round() as i32).collect();
        let rounded: Vec<f64> = after.iter().map(|&w| f64::from(w)).collect();
        let held_out_errors = check.map(|(data, targets)| {
            (
                data.error(k, &before, targets),
                data.error(k, &rounded, targets),
            )
        });
        Ok(TuneReport {
            game: G::NAME,
            positions: train.len(),
            held_out_positions: held_out.len(),
            games,
            k,
            error_before: train.error(k, &before, &targets),
            error_after: train.error(k, &rounded, &targets),
            held_out_errors,
            epoch: fit.epoch,
            names: (0..linear.len()).map(linear.feature_name).collect(),
            before: linear.weights.to_vec(),
            after,
        })
    }
}

/// Every this many games, one is held out of the fit to check it.
pub const HELD_OUT_EVERY: usize = 10;

/// The data, split into the positions fitted and those held out.
struct Loaded {
    train: Dataset,
    held_out: Dataset,
    games: usize,
}

/// The positions as sparse feature vectors, with results and scores.
#[derive(Default)]
struct Dataset {
    /// Each position's (feature, amount) pairs, nonzero amounts only.
    features: Rows<(u32, f64)>,
    /// The result from the side to move's view: 1, 0.5 or 0.
    results: Vec<f64>,
    /// The search's score, from the side to move's view.
    scores: Vec<f64>,
}

/// The logistic function: an expected score from a logit.
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Dataset {
    fn push(&mut self, vector: &[i32], result: f64, score: i32) {
        let nonzero = vector.iter().enumerate().filter(|(_, &amount)| amount != 0);
        self.features
            .push(nonzero.map(|(i, &amount)| (i as u32, f64::from(amount))));
        self.results.push(result);
        self.scores.push(f64::from(score));
    }

    /// Every file's positions: those of every tenth game held out.
    fn load<G: Tooling>(files: &[PathBuf]) -> Result<Loaded, String> {
        let linear = G::LINEAR_EVAL;
        let mut loaded = Loaded {
            train: Dataset::default(),
            held_out: Dataset::default(),
            games: 0,
        };
        let mut vector = vec![0; linear.len()];
        loaded.games = visit_samples::<G>(files, HELD_OUT_EVERY, |position, sample, held_out| {
            let data = if held_out {
                &mut loaded.held_out
            } else {
                &mut loaded.train
            };
            vector.fill(0);
            (linear.features)(position, &mut vector);
            data.push(&vector, sample.result, sample.score);
        })?;
        Ok(loaded)
    }

    fn len(&self) -> usize {
        self.results.len()
    }

    fn entries(&self, i: usize) -> &[(u32, f64)] {
        self.features.row(i)
    }

    fn eval(&self, i: usize, weights: &[f64]) -> f64 {
        self.entries(i)
            .iter()
            .map(|&(f, amount)| weights[f as usize] * amount)
            .sum()
    }

    /// What `sigmoid(K · eval)` should predict for each position.
    fn targets(&self, k: f64, lambda: f64) -> Vec<f64> {
        self.results
            .iter()
            .zip(&self.scores)
            .map(|(&result, &score)| lambda * result + (1.0 - lambda) * sigmoid(k * score))
            .collect()
    }

    /// The mean squared error of `sigmoid(k · eval)` against `targets`.
    fn error(&self, k: f64, weights: &[f64], targets: &[f64]) -> f64 {
        let total: f64 = (0..self.len())
            .map(|i| (targets[i] - sigmoid(k * self.eval(i, weights))).powi(2))
            .sum();
        total / self.len() as f64
    }
}

/// The `K` that minimises the error against the results under `weights`.
fn fit_k(data: &Dataset, weights: &[f64]) -> f64 {
    let evals: Vec<f64> = (0..data.len()).map(|i| data.eval(i, weights)).collect();
    fit_scale(&evals, &data.results)
}

/// The `K` for which `sigmoid(K · value)` best predicts `results` (least
/// squares): a golden-section search over `ln K`.
fn fit_scale(values: &[f64], results: &[f64]) -> f64 {
    let error = |ln_k: f64| {
        let total: f64 = values
            .iter()
            .zip(results)
            .map(|(&value, &result)| (result - sigmoid(ln_k.exp() * value)).powi(2))
            .sum();
        total / values.len() as f64
    };
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = ((1e-5f64).ln(), 1f64.ln());
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    for _ in 0..60 {
        if error_a < error_b {
            high = b;
            (b, error_b) = (a, error_a);
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            (a, error_a) = (b, error_b);
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    ((low + high) / 2.0).exp()
}

/// How often the held-out error is checked, in epochs.
const CHECK_EVERY: usize = 10;

/// What Adam found: the weights, and the epoch they are from.
struct Fit {
    weights: Vec<f64>,
    epoch: usize,
}

/// Adam over all weights at once, full batch, from `start`. With held-out
/// positions (and their targets) it stops early: the weights returned are
/// those with the lowest held-out error seen (checked every few epochs), so
/// rarely seen features are not fitted to noise.
fn adam(
    data: &Dataset,
    k: f64,
    targets: &[f64],
    start: &[f64],
    held_out: Option<(&Dataset, &[f64])>,
    epochs: usize,
    rate: f64,
) -> Fit {
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    const EPSILON: f64 = 1e-12;
    let mut weights = start.to_vec();
    let mut first = vec![0.0; weights.len()];
    let mut second = vec![0.0; weights.len()];
    let mut gradient = vec![0.0; weights.len()];
    let mut best =
        held_out.map(|(data, targets)| (data.error(k, start, targets), 0, start.to_vec()));
    let n = data.len() as f64;
    for epoch in 1..=epochs {
        gradient.fill(0.0);
        for (i, &target) in targets.iter().enumerate() {
            let predicted = sigmoid(k * data.eval(i, &weights));
            let slope = 2.0 * (predicted - target) * predicted * (1.0 - predicted) * k / n;
            for &(f, amount) in data.entries(i) {
                gradient[f as usize] += slope * amount;
            }
        }
        let correction1 = 1.0 - BETA1.powi(epoch as i32);
        let correction2 = 1.0 - BETA2.powi(epoch as i32);
        for (j, weight) in weights.iter_mut().enumerate() {
            first[j] = BETA1 * first[j] + (1.0 - BETA1) * gradient[j];
            second[j] = BETA2 * second[j] + (1.0 - BETA2) * gradient[j] * gradient[j];
            let step = first[j] / correction1 / ((second[j] / correction2).sqrt() + EPSILON);
            *weight -= rate * step;
        }
        if let (Some((data, targets)), Some(best)) = (held_out, best.as_mut()) {
            if epoch % CHECK_EVERY == 0 || epoch == epochs {
                let error = data.error(k, &weights, targets);
                if error < best.0 {
                    *best = (error, epoch, weights.clone());
                }
            }
        }
    }
    match best {
        Some((_, epoch, weights)) => Fit { weights, epoch },
        None => Fit {
            weights,
            epoch: epochs,
        },
    }
}
