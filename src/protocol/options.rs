//! The engine options: their declarations for the handshake and the
//! validation of `setoption`.

use crate::games::{DEFAULT_GAME, GAME_NAMES};
use crate::search::TranspositionTable;

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations reported.
    pub multipv: usize,
    /// Milliseconds kept back from the clock for communication.
    pub move_overhead_ms: u64,
    /// Whether the GUI may send `go ponder` (informational).
    pub ponder: bool,
    /// The game being played.
    pub variant: String,
    /// Whether Alak is played from its solved table (see
    /// [`crate::games::alak::solution`]).
    pub alak_solution: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 10,
            ponder: false,
            variant: DEFAULT_GAME.to_string(),
            alak_solution: true,
        }
    }
}

/// The most search threads accepted.
pub const MAX_THREADS: usize = 256;
/// The most principal variations accepted.
pub const MAX_MULTIPV: usize = 256;
/// The largest Move Overhead accepted, in ms.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// What a successful `setoption` asks the engine to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionChange {
    /// A value changed; nothing else to do.
    Value,
    /// The hash table must be resized to the new Hash value.
    ResizeHash,
    /// The hash table must be emptied.
    ClearHash,
    /// The game changed.
    Variant,
}

impl Options {
    /// The `option …` lines of the handshake.
    pub fn declarations(&self) -> Vec<String> {
        let defaults = Options::default();
        vec![
            format!(
                "option name Hash type spin default {} min 1 max {}",
                defaults.hash_mib,
                TranspositionTable::MAX_MIB
            ),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                defaults.threads
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
                defaults.multipv
            ),
            format!(
                "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
                defaults.move_overhead_ms
            ),
            "option name Clear Hash type button".to_string(),
            "option name Ponder type check default false".to_string(),
            format!(
                "option name UCI_Variant type combo default {}{}",
                defaults.variant,
                GAME_NAMES
                    .iter()
                    .map(|name| format!(" var {name}"))
                    .collect::<String>()
            ),
            format!(
                "option name AlakSolution type check default {}",
                defaults.alak_solution
            ),
        ]
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing
    /// changes and the message says why.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let value = value.map(str::trim);
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
            let number: u64 = text
                .parse()
                .map_err(|_| format!("option '{name}': '{text}' is not a whole number"))?;
            if (min..=max).contains(&number) {
                Ok(number)
            } else {
                Err(format!(
                    "option '{name}': {number} is out of range {min}..{max}"
                ))
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mib = spin(1, TranspositionTable::MAX_MIB as u64)? as usize;
                Ok(OptionChange::ResizeHash)
            }
            "threads" => {
                self.threads = spin(1, MAX_THREADS as u64)? as usize;
                Ok(OptionChange::Value)
            }
            "multipv" => {
                self.multipv = spin(1, MAX_MULTIPV as u64)? as usize;
                Ok(OptionChange::Value)
            }
            "move overhead" => {
                self.move_overhead_ms = spin(0, MAX_MOVE_OVERHEAD_MS)?;
                Ok(OptionChange::Value)
            }
            "clear hash" => match value {
                None | Some("") => Ok(OptionChange::ClearHash),
                Some(v) => Err(format!(
                    "option 'Clear Hash' is a button and takes no value, got '{v}'"
                )),
            },
            "ponder" => {
                self.ponder = check(value, "Ponder")?;
                Ok(OptionChange::Value)
            }
            "alaksolution" => {
                self.alak_solution = check(value, "AlakSolution")?;
                Ok(OptionChange::Value)
            }
            "uci_variant" => {
                let text = value.ok_or("option 'UCI_Variant' needs a value")?;
                let game = GAME_NAMES
                    .iter()
                    .find(|g| g.eq_ignore_ascii_case(text))
                    .ok_or_else(|| {
                        format!(
                            "unknown variant '{text}': choose one of {}",
                            GAME_NAMES.join(", ")
                        )
                    })?;
                self.variant = game.to_string();
                Ok(OptionChange::Variant)
            }
            _ => Err(format!("unknown option '{name}'")),
        }
    }
}

/// The value of a check option.
fn check(value: Option<&str>, name: &str) -> Result<bool, String> {
    match value {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option '{name}' takes true or false")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spin_options_are_range_checked() {
        let mut options = Options::default();
        assert_eq!(
            options.set("hash", Some("64")),
            Ok(OptionChange::ResizeHash)
        );
        assert_eq!(options.hash_mib, 64);
        for bad in ["0", "-1", "x", "99999999", ""] {
            assert!(options.set("Hash", Some(bad)).is_err(), "{bad}");
        }
        assert!(options.set("Threads", None).is_err());
        assert_eq!(options.hash_mib, 64, "failed setoption leaves the value");
        assert_eq!(
            options.set("Move Overhead", Some("0")),
            Ok(OptionChange::Value)
        );
        assert!(options.set("MultiPV", Some("257")).is_err());
    }

    #[test]
    fn variant_and_button() {
        let mut options = Options::default();
        assert_eq!(
            options.set("UCI_Variant", Some("ALAK")),
            Ok(OptionChange::Variant)
        );
        assert_eq!(options.variant, "alak");
        assert!(options.set("UCI_Variant", Some("chess")).is_err());
        assert_eq!(options.set("Clear Hash", None), Ok(OptionChange::ClearHash));
        assert!(options.set("Clear Hash", Some("now")).is_err());
        assert!(options.set("Style", Some("wild")).is_err());
    }

    #[test]
    fn alak_solution_is_a_check() {
        let mut options = Options::default();
        assert!(options.alak_solution);
        assert_eq!(
            options.set("alaksolution", Some("false")),
            Ok(OptionChange::Value)
        );
        assert!(!options.alak_solution);
        for bad in [None, Some("no"), Some("")] {
            assert!(options.set("AlakSolution", bad).is_err());
        }
        assert!(!options.alak_solution, "failed setoption leaves the value");
        assert!(Options::default()
            .declarations()
            .contains(&"option name AlakSolution type check default true".to_string()));
    }

    #[test]
    fn declarations_list_every_game() {
        let lines = Options::default().declarations();
        let variant = lines.iter().find(|l| l.contains("UCI_Variant")).unwrap();
        for game in GAME_NAMES {
            assert!(variant.contains(&format!("var {game}")));
        }
    }
}
