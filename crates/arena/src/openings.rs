//! Opening files for matches: one position per line.

use std::path::Path;

use ludus_rules::{Game, GameResult};

/// Reads an openings file: one position per line in the game's notation,
/// or `startpos`; blank lines and lines starting with `#` are skipped.
pub fn load_openings<G: Game>(path: &Path) -> Result<Vec<G>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read openings file {}: {e}", path.display()))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = if line == "startpos" {
            G::startpos()
        } else {
            G::from_fen(line)
                .map_err(|e| format!("openings file {} line {}: {e}", path.display(), number + 1))?
        };
        if position.result() != GameResult::Ongoing {
            return Err(format!(
                "openings file {} line {}: the game is already over ({})",
                path.display(),
                number + 1,
                position.result_reason()
            ));
        }
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(format!("openings file {} has no positions", path.display()));
    }
    Ok(openings)
}
