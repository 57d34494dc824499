//! A mini-batch as the model reads it: each half of each position as a
//! dense row of the game's inputs, 1 where an input is on.
//!
//! Inputs are sparse and binary, but a dense batch is both simple and the
//! faster here: `2 · batch · inputs` floats (6 MB for 1 024 positions of
//! 752 inputs, Wyx's count) multiplied by candle's matrix product.
//! Gathering the active inputs' rows instead (`index_select`, whose
//! gradient `index_add` scatters back) was ten times slower on Wyx data,
//! 1 800 positions a second against 19 000 on one core: candle builds the
//! gathered rows, and their gradient, as whole tensors of
//! `2 · batch · active · hidden`.

use candle_core::{Device, Result, Tensor};

use crate::data::Positions;

/// One mini-batch.
#[derive(Debug)]
pub struct Batch {
    /// Positions in it.
    pub size: usize,
    /// `[2 · size, inputs]`, 1 where an input is on: every position's side
    /// to move's half, then every position's other half.
    pub inputs: Tensor,
    /// Each position's target, `size` values.
    pub targets: Tensor,
}

impl Batch {
    /// The batch of positions `chosen` of `positions`, of `inputs` inputs.
    pub fn new(positions: &Positions, chosen: &[usize], inputs: usize) -> Result<Batch> {
        let mut dense = vec![0f32; 2 * chosen.len() * inputs];
        let rows = [0, 1]
            .into_iter()
            .flat_map(|half| chosen.iter().map(move |&p| (p, half)));
        for (row, (p, half)) in dense.chunks_exact_mut(inputs).zip(rows) {
            for &input in positions.half(p, half) {
                row[input as usize] = 1.0;
            }
        }
        let targets: Vec<f32> = chosen.iter().map(|&p| positions.targets[p]).collect();
        Ok(Batch {
            size: chosen.len(),
            inputs: Tensor::from_vec(dense, (2 * chosen.len(), inputs), &Device::Cpu)?,
            targets: Tensor::from_vec(targets, chosen.len(), &Device::Cpu)?,
        })
    }
}
