//! The training loop: AdamW (candle's, with its defaults but the step
//! size: β 0.9 and 0.999, weight decay 0.01) over shuffled mini-batches,
//! the weights clipped after every step, the hold-out loss checked after
//! every epoch and the best epoch's weights kept. Everything random comes
//! from the seed, so a run is repeated exactly.

use std::time::Instant;

use candle_core::Result;
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use ludus_rules::random::Rng;

use crate::batch::Batch;
use crate::data::Split;
use crate::judge::float_loss;
use crate::model::{Model, Weights};
use crate::TrainConfig;

/// One epoch's losses.
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean training loss over the epoch's steps.
    pub train_loss: f64,
    /// The hold-out loss after the epoch.
    pub held_out_loss: f64,
    /// Seconds the epoch took.
    pub seconds: f64,
}

/// What the loop leaves.
pub struct Fitted {
    /// The model, holding the kept weights.
    pub model: Model,
    /// The kept weights.
    pub weights: Weights,
    /// Every epoch's losses.
    pub epochs: Vec<EpochReport>,
    /// The epoch the kept weights are from (0: none beat the first).
    pub kept_epoch: usize,
}

/// Trains a fresh network over `inputs` inputs on `split.train`, judging
/// each epoch on `split.held_out`.
pub fn fit(
    config: &TrainConfig,
    inputs: usize,
    split: &Split,
    on_epoch: &mut dyn FnMut(&EpochReport),
) -> Result<Fitted> {
    let mut rng = Rng::new(config.seed);
    let model = Model::new(inputs, config.hidden, &mut rng)?;
    let mut optimiser = AdamW::new(
        model.vars(),
        ParamsAdamW {
            lr: config.rate,
            ..ParamsAdamW::default()
        },
    )?;
    let mut best = (float_loss(&model, &split.held_out)?, 0, model.weights()?);
    let mut order: Vec<usize> = (0..split.train.len()).collect();
    let mut epochs = Vec::with_capacity(config.epochs);
    for epoch in 1..=config.epochs {
        let start = Instant::now();
        rng.shuffle(&mut order);
        let mut total = 0.0;
        for chosen in order.chunks(config.batch) {
            let batch = Batch::new(&split.train, chosen, inputs)?;
            let loss = model.loss(&batch)?;
            optimiser.backward_step(&loss)?;
            model.clip()?;
            total += f64::from(loss.to_scalar::<f32>()?) * chosen.len() as f64;
        }
        let held_out_loss = float_loss(&model, &split.held_out)?;
        let report = EpochReport {
            epoch,
            train_loss: total / order.len() as f64,
            held_out_loss,
            seconds: start.elapsed().as_secs_f64(),
        };
        on_epoch(&report);
        epochs.push(report);
        if held_out_loss < best.0 {
            best = (held_out_loss, epoch, model.weights()?);
        }
    }
    let (_, kept_epoch, weights) = best;
    model.set_weights(&weights)?;
    Ok(Fitted {
        model,
        weights,
        epochs,
        kept_epoch,
    })
}
