//! Losses on held-out positions: of the float network, of the quantised
//! one evaluated by the engine's own integer code (read back from the
//! file's bytes, so what is judged is what is written), and of the game's
//! linear evaluation, all against the same targets.

use candle_core::Result;
use ludus_engine::nnue::accumulator::refresh;
use ludus_engine::nnue::Network;
use ludus_engine::tune::texel::sigmoid;

use crate::batch::Batch;
use crate::data::Positions;
use crate::model::Model;

/// Positions evaluated at once by the float network.
const CHUNK: usize = 4096;

/// The hold-out losses (mean squared error against the targets).
#[derive(Clone, Debug, PartialEq)]
pub struct Losses {
    /// The game's linear evaluation's: `sigmoid(evaluate / scale)`.
    pub linear: f64,
    /// The float network's: `sigmoid(y)`.
    pub float: f64,
    /// The quantised network's: `sigmoid(score / scale)`.
    pub quantised: f64,
    /// The largest difference between the float and the quantised
    /// network's expected score on any one position.
    pub largest_difference: f64,
}

/// The float network's logit of every position.
pub fn float_logits(model: &Model, positions: &Positions) -> Result<Vec<f64>> {
    let all: Vec<usize> = (0..positions.len()).collect();
    let mut logits = Vec::with_capacity(all.len());
    for chosen in all.chunks(CHUNK) {
        let batch = Batch::new(positions, chosen, model.inputs()?)?;
        let values = model.logits(&batch)?.to_vec1::<f32>()?;
        logits.extend(values.into_iter().map(f64::from));
    }
    Ok(logits)
}

/// The float network's loss on `positions`.
pub fn float_loss(model: &Model, positions: &Positions) -> Result<f64> {
    let logits = float_logits(model, positions)?;
    Ok(mean_squared_error(
        logits.into_iter().map(sigmoid),
        &positions.targets,
    ))
}

/// Every loss on `positions`, the network being `model` quantised (whose
/// scores, like the game's, are `scale` units a logit).
pub fn losses(
    model: &Model,
    network: &Network,
    positions: &Positions,
    scale: f64,
) -> std::result::Result<Losses, String> {
    let float: Vec<f64> = float_logits(model, positions)
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(sigmoid)
        .collect();
    let read = Network::from_bytes(&network.to_bytes(), &network.game, network.inputs)?;
    let quantised: Vec<f64> = (0..positions.len())
        .map(|p| sigmoid(f64::from(quantised_score(&read, positions, p)) / scale))
        .collect();
    let linear = positions
        .evaluations
        .iter()
        .map(|&evaluation| sigmoid(f64::from(evaluation) / scale));
    let largest_difference = float
        .iter()
        .zip(&quantised)
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    Ok(Losses {
        linear: mean_squared_error(linear, &positions.targets),
        float: mean_squared_error(float.into_iter(), &positions.targets),
        quantised: mean_squared_error(quantised.into_iter(), &positions.targets),
        largest_difference,
    })
}

/// The engine's score of position `p` with `network`, for the side to move.
pub fn quantised_score(network: &Network, positions: &Positions, p: usize) -> i32 {
    let mut sums = [vec![0; network.hidden], vec![0; network.hidden]];
    for (half, sum) in sums.iter_mut().enumerate() {
        refresh(network, positions.half(p, half), sum);
    }
    network.output(&sums[0], &sums[1])
}

/// The mean squared error of `predicted` against `targets`.
fn mean_squared_error(predicted: impl Iterator<Item = f64>, targets: &[f32]) -> f64 {
    let total: f64 = predicted
        .zip(targets)
        .map(|(p, &t)| (p - f64::from(t)).powi(2))
        .sum();
    total / targets.len().max(1) as f64
}
