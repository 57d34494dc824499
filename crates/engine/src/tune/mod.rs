//! Evaluation tuning from self-play: [`datagen`] plays the engine against
//! itself and records positions with their results in the format of
//! [`data`]; [`texel`] fits each game's weight table (see
//! [`ludus_rules::linear`]) to them.

pub mod data;
pub mod datagen;
pub mod texel;
