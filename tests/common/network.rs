//! Network files for tests: small random networks of a game's inputs.

use ludus_engine::nnue::Network;

use super::rng::Rng;

/// A random network for `game` (with `inputs` inputs): small weights, so
/// sums stay far from overflow, drawn from `seed`.
pub fn random_network(game: &str, inputs: usize, hidden: usize, seed: u64) -> Network {
    let mut rng = Rng(seed);
    let mut draw = |count: usize, spread: u64| -> Vec<i16> {
        (0..count)
            .map(|_| (rng.next() % (2 * spread + 1)) as i16 - spread as i16)
            .collect()
    };
    Network {
        game: game.to_string(),
        inputs,
        hidden,
        scale: 100,
        input_weights: draw(inputs * hidden, 60),
        input_bias: draw(hidden, 60),
        output_weights: draw(2 * hidden, 40),
        output_bias: 0,
    }
}
