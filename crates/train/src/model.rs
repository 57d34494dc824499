//! The float network as candle variables, its forward pass over a batch,
//! and its weights taken out as numbers and quantised for the engine.
//!
//! Per side `h = clamp(W₁·x + b₁, 0, 1)`, `W₁` and `b₁` shared by both
//! sides' views; `y = w₂·[h_to_move, h_other] + b₂` (see
//! [`ludus_engine::nnue`]).

use candle_core::{Device, Result, Tensor, Var, D};
use ludus_engine::nnue::{Network, MAX_FIRST_WEIGHT, MAX_OUTPUT_WEIGHT, QA, QB};
use ludus_rules::random::Rng;

use crate::batch::Batch;

/// The network being trained.
pub struct Model {
    /// `W₁`, `[inputs, hidden]`: input `i`'s row is its weights.
    first: Var,
    /// `b₁`, `[hidden]`.
    first_bias: Var,
    /// `w₂`, `[2 · hidden, 1]`: the side to move's half, then the other's.
    output: Var,
    /// `b₂`, `[1]`.
    output_bias: Var,
}

/// The weights taken out of a [`Model`]: a snapshot to keep or quantise.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// Inputs (rows of `first`).
    pub inputs: usize,
    /// Hidden values a side.
    pub hidden: usize,
    /// `W₁`, row by row.
    pub first: Vec<f32>,
    /// `b₁`.
    pub first_bias: Vec<f32>,
    /// `w₂`.
    pub output: Vec<f32>,
    /// `b₂`.
    pub output_bias: f32,
}

impl Model {
    /// A network with first weights drawn from `rng`: `W₁` and `w₂` uniform in
    /// `±1/√fan-in` (fan-in: the inputs, or both halves' hidden values),
    /// `b₁` at 0.5, the middle of the clipped range, so every hidden value
    /// starts where it has a gradient, and `b₂` at 0.
    pub fn new(inputs: usize, hidden: usize, rng: &mut Rng) -> Result<Model> {
        let mut uniform = |count: usize, fan_in: usize| -> Vec<f32> {
            let bound = 1.0 / (fan_in as f32).sqrt();
            (0..count)
                .map(|_| {
                    let unit = (rng.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
                    (2.0 * unit - 1.0) * bound
                })
                .collect()
        };
        Model::from_weights(&Weights {
            inputs,
            hidden,
            first: uniform(inputs * hidden, inputs),
            first_bias: vec![0.5; hidden],
            output: uniform(2 * hidden, 2 * hidden),
            output_bias: 0.0,
        })
    }

    /// A model holding `weights`.
    pub fn from_weights(weights: &Weights) -> Result<Model> {
        let (inputs, hidden) = (weights.inputs, weights.hidden);
        let device = &Device::Cpu;
        Ok(Model {
            first: Var::from_vec(weights.first.clone(), (inputs, hidden), device)?,
            first_bias: Var::from_vec(weights.first_bias.clone(), hidden, device)?,
            output: Var::from_vec(weights.output.clone(), (2 * hidden, 1), device)?,
            output_bias: Var::from_vec(vec![weights.output_bias], 1, device)?,
        })
    }

    /// How many inputs the network has.
    pub fn inputs(&self) -> Result<usize> {
        self.first.dim(0)
    }

    /// The variables AdamW moves.
    pub fn vars(&self) -> Vec<Var> {
        vec![
            self.first.clone(),
            self.first_bias.clone(),
            self.output.clone(),
            self.output_bias.clone(),
        ]
    }

    /// The logit `y` of each position of `batch`, `[size]`.
    pub fn logits(&self, batch: &Batch) -> Result<Tensor> {
        let size = batch.size;
        let halves = batch
            .inputs
            .matmul(self.first.as_tensor())?
            .broadcast_add(self.first_bias.as_tensor())?
            .clamp(0f32, 1f32)?;
        // Each position's two halves side by side: `[size, 2 · hidden]`.
        let both = Tensor::cat(
            &[halves.narrow(0, 0, size)?, halves.narrow(0, size, size)?],
            1,
        )?;
        both.matmul(self.output.as_tensor())?
            .squeeze(D::Minus1)?
            .broadcast_add(self.output_bias.as_tensor())
    }

    /// The mean squared error of `sigmoid(y)` against the batch's targets.
    pub fn loss(&self, batch: &Batch) -> Result<Tensor> {
        let predicted = candle_nn::ops::sigmoid(&self.logits(batch)?)?;
        predicted.sub(&batch.targets)?.sqr()?.mean_all()
    }

    /// Clips every weight to what the quantised file can hold.
    pub fn clip(&self) -> Result<()> {
        for (var, limit) in [
            (&self.first, MAX_FIRST_WEIGHT),
            (&self.first_bias, MAX_FIRST_WEIGHT),
            (&self.output, MAX_OUTPUT_WEIGHT),
        ] {
            var.set(&var.clamp(-limit, limit)?)?;
        }
        Ok(())
    }

    /// The current weights.
    pub fn weights(&self) -> Result<Weights> {
        let values = |var: &Var| var.flatten_all()?.to_vec1::<f32>();
        Ok(Weights {
            inputs: self.first.dim(0)?,
            hidden: self.first.dim(1)?,
            first: values(&self.first)?,
            first_bias: values(&self.first_bias)?,
            output: values(&self.output)?,
            output_bias: values(&self.output_bias)?[0],
        })
    }

    /// Puts `weights` back (a kept epoch's).
    pub fn set_weights(&self, weights: &Weights) -> Result<()> {
        let kept = Model::from_weights(weights)?;
        for (var, value) in self.vars().iter().zip(kept.vars()) {
            var.set(value.as_tensor())?;
        }
        Ok(())
    }
}

impl Weights {
    /// The network file's integer weights for `game`, whose scores are
    /// `scale` units a logit: `W₁`, `b₁` times `QA`, `w₂` times `QB`, `b₂`
    /// times `QA · QB`, rounded.
    pub fn quantise(&self, game: &str, scale: f64) -> Network {
        let times = |values: &[f32], factor: i32| -> Vec<i16> {
            values
                .iter()
                .map(|&w| (w * factor as f32).round() as i16)
                .collect()
        };
        Network {
            game: game.to_string(),
            inputs: self.inputs,
            hidden: self.hidden,
            scale: scale.round() as u32,
            input_weights: times(&self.first, QA),
            input_bias: times(&self.first_bias, QA),
            output_weights: times(&self.output, QB),
            output_bias: (f64::from(self.output_bias) * f64::from(QA * QB)).round() as i32,
        }
    }
}
