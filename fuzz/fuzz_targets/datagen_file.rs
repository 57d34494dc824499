//! A `ludus datagen` file, as the tuner and the trainer read it: its lines,
//! then every position in its game's notation.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_engine::tune::data::parse;
use ludus_rules::games::{visit_game, GameVisitor};
use ludus_rules::Tooling;

struct Positions<'a>(&'a ludus_engine::tune::data::DataFile);

impl GameVisitor for Positions<'_> {
    type Output = ();

    fn visit<G: Tooling>(self) {
        for game in &self.0.games {
            for sample in &game.samples {
                if let Ok(position) = <G as ludus_rules::Game>::from_fen(&sample.fen) {
                    let _ = game.result.points(position.side_to_move());
                }
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(file) = parse(&text) {
        for game in &file.games {
            let _ = game.to_text();
        }
        visit_game(&file.game, Positions(&file));
    }
});
