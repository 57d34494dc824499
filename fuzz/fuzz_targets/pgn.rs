//! PGN, as `ludus analyse` and the board's import read it: every game of
//! the text, and each replayed by its game's rules with its comments read.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_arena::pgn_read::read_pgn;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(games) = read_pgn(&text) else {
        return;
    };
    for index in 1..=games.len().min(3) {
        let _ = ludus_board::pgn::import(&text, index as u64);
    }
});
