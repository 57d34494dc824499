//! The board's actions, as `ludus gui` takes them over HTTP: each line is
//! an action's name, a space and its JSON arguments, carried out on a board
//! without an engine process; the state the page reads and the PGN export
//! follow every action.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_board::action::Action;
use ludus_board::app::App;
use ludus_board::view::state_json;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut app = App::new();
    for line in text.lines().take(16) {
        let (name, args) = line.split_once(' ').unwrap_or((line, "{}"));
        let Ok(args) = serde_json::from_str(args) else {
            continue;
        };
        if let Ok(action) = Action::parse(name, args) {
            let _ = app.act(action);
            let _ = (state_json(&app), app.pgn());
        }
    }
});
