//! Learned evaluations: a small network per game, evaluated with integer
//! weights over the game's inputs ([`ludus_rules::net_inputs`]), its first
//! layer kept up to date as the search moves ([`accumulator`]).
//!
//! The network, as trained (`ludus-train`), in floating point: each side's
//! half `h = clamp(W₁·x + b₁, 0, 1)` over that side's view `x` of the
//! position, then `y = w₂·[h_to_move, h_other] + b₂`, a logit: the side to
//! move's expected score is `1 / (1 + e^(−y))`, so `y · scale` is a score
//! on the game's own scale ([`ludus_rules::Searchable::LOGISTIC_SCALE`]).
//! Stored quantised ([`file`]): `W₁` and `b₁` times [`QA`] as `i16`, `w₂`
//! times [`QB`] as `i16`, `b₂` times `QA · QB` as `i32`.

pub mod accumulator;
pub mod file;

pub use accumulator::NetStack;
pub use file::Network;

/// The first layer's quantisation: 1.0 is stored as 255, and a hidden
/// value is clipped to `0..=QA`.
pub const QA: i32 = 255;
/// The output layer's quantisation: 1.0 is stored as 64.
pub const QB: i32 = 64;
/// The largest first-layer weight or bias the trainer may give, in
/// floating point: `QA` times it fits an `i16` with room for sums of many
/// (the trainer clips to it).
pub const MAX_FIRST_WEIGHT: f32 = 1.98;
/// The largest output weight, in floating point: with at most
/// [`MAX_HIDDEN`] hidden values a side, the output's integer sum cannot
/// overflow (the trainer clips to it).
pub const MAX_OUTPUT_WEIGHT: f32 = 16.0;
/// The most hidden values a side a network may have.
pub const MAX_HIDDEN: usize = 1024;
/// An evaluation stays inside this, as [`ludus_rules::Searchable`] asks.
pub const EVAL_LIMIT: i32 = 20_000;

/// A network of small random weights (from `seed`) over `inputs` inputs:
/// for the tests of the file and of the sums.
#[cfg(test)]
pub(crate) fn random_network(game: &str, inputs: usize, hidden: usize, seed: u64) -> Network {
    let mut rng = ludus_rules::random::Rng::new(seed);
    let mut weights = |count: usize, bound: i16| -> Vec<i16> {
        (0..count)
            .map(|_| rng.below(2 * bound as usize + 1) as i16 - bound)
            .collect()
    };
    let input_weights = weights(inputs * hidden, 48);
    let input_bias = weights(hidden, 128);
    let output_weights = weights(2 * hidden, 64);
    let output_bias = i32::from(weights(1, 8_000)[0]);
    Network {
        game: game.to_string(),
        inputs,
        hidden,
        scale: 100,
        input_weights,
        input_bias,
        output_weights,
        output_bias,
    }
}
