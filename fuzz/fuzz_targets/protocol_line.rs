//! The protocol's command lines, as the daemon reads them: every line is
//! parsed, and positions, variant changes and queries are carried out on a
//! game session (searches are not started: they need threads and time,
//! which a fuzzer cannot replay).

#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_engine::protocol::command::{parse, Command};
use ludus_engine::protocol::session::new_session;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Some(mut session) = new_session("alak", &[]) else {
        return;
    };
    for line in text.lines() {
        let Ok(Some(command)) = parse(line) else {
            continue;
        };
        match command {
            Command::SetOption { name, value } if name.eq_ignore_ascii_case("UCI_Variant") => {
                if let Some(other) = value.as_deref().and_then(|game| new_session(game, &[])) {
                    session = other;
                }
            }
            Command::Position(position) => {
                let game = session.game_mut();
                if game.set_position(&position).is_ok() {
                    let _ = (game.fen(), game.legal_moves(), game.status());
                }
            }
            Command::Go(go) => {
                let _ = session.check_go(&go);
            }
            Command::Display => {
                let _ = session.game().display();
            }
            _ => {}
        }
    }
});
