//! Opening files for matches: one position per line.

use std::path::Path;

use ludus_rules::{Game, GameResult};

/// Reads an openings file: one position per line in the game's notation,
/// or `startpos`; blank lines and lines starting with `#` are skipped.
pub fn load_openings<G: Game>(path: &Path) -> Result<Vec<G>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let source = format!("openings file {}", path.display());
    let openings: Vec<G> = read_positions(&text, &source)?
        .into_iter()
        .map(|(_, position)| position)
        .collect();
    if openings.is_empty() {
        return Err(format!("{source} has no positions"));
    }
    Ok(openings)
}

/// The positions of `text` in the openings-file format, each with its line
/// number (from 1); a finished game is an error. `source` names the text
/// in errors.
pub fn read_positions<G: Game>(text: &str, source: &str) -> Result<Vec<(usize, G)>, String> {
    let mut positions = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = if line == "startpos" {
            G::startpos()
        } else {
            G::from_fen(line).map_err(|e| format!("{source} line {}: {e}", number + 1))?
        };
        if position.result() != GameResult::Ongoing {
            return Err(format!(
                "{source} line {}: the game is already over ({})",
                number + 1,
                position.result_reason()
            ));
        }
        positions.push((number + 1, position));
    }
    Ok(positions)
}
