//! A match's results file (JSON Lines), as `--resume` and `ludus
//! match-merge` read it.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;
use ludus_arena::results::ResultsFile;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(Some(file)) = ResultsFile::parse(&text, Path::new("fuzz.jsonl")) {
        let _ = (file.missing_games(), file.settings.sprt());
        let names = file.settings.names();
        for game in &file.games {
            let _ = game.counted(names[0]);
        }
    }
});
