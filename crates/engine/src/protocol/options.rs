//! The engine options: their declarations for the handshake and the
//! validation of `setoption`. The engine's own options are listed here; each
//! game declares its own ([`Searchable::OPTIONS`]), which are announced and
//! checked here without being named.

use ludus_rules::games::{
    level_calibration, level_elo_range, visit_every_game, GameVisitor, DEFAULT_GAME, GAME_NAMES,
};
use ludus_rules::protocol::words::number;
use ludus_rules::{GameOption, OptionKind, OptionValue, Searchable};

use super::networks::BUILT_IN;
use super::proofs::NO_PROOF;
use crate::search::{TranspositionTable, DEFAULT_CONTEMPT};
use crate::skill::{Skill, MAX_LEVEL, RANDOM_LEVEL};
use ludus_rules::Tooling;

/// The current option values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Whether several threads search deterministically.
    pub deterministic: bool,
    /// Principal variations reported.
    pub multipv: usize,
    /// Milliseconds kept back from the clock for communication.
    pub move_overhead_ms: u64,
    /// Whether the GUI may send `go ponder` (informational).
    pub ponder: bool,
    /// Centipawns a draw the search could avoid counts against the side
    /// to move at the root (see [`crate::search::SearchRequest::contempt`]).
    pub contempt: i32,
    /// `Skill Level`: [`RANDOM_LEVEL`] (the random mover) to [`MAX_LEVEL`]
    /// (full strength).
    pub skill_level: i8,
    /// `UCI_LimitStrength`: play at `UCI_Elo` (instead of `Skill Level`).
    pub limit_strength: bool,
    /// `UCI_Elo`: the rating to play at, by the game's calibration.
    pub elo: i32,
    /// `Eval`: evaluate with the game's network where it has one (`net`),
    /// or always with its linear evaluation (`linear`).
    pub eval_net: bool,
    /// The game being played.
    pub variant: String,
    /// The games' own options that were set, by declared name, each with
    /// its value in canonical text (see [`GameOptionInfo::parse`]); the
    /// others keep their declared defaults.
    pub game_values: Vec<(&'static str, String)>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 16,
            threads: 1,
            deterministic: false,
            multipv: 1,
            move_overhead_ms: 10,
            ponder: false,
            contempt: DEFAULT_CONTEMPT,
            skill_level: MAX_LEVEL,
            limit_strength: false,
            elo: elo_range().0,
            eval_net: true,
            variant: DEFAULT_GAME.to_string(),
            game_values: Vec::new(),
        }
    }
}

/// The most search threads accepted: one where there are no threads.
pub const MAX_THREADS: usize = if crate::platform::THREADS { 256 } else { 1 };
/// The most principal variations accepted.
pub const MAX_MULTIPV: usize = 256;
/// The largest Move Overhead accepted, in ms.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// The largest Contempt accepted either way, in centipawns.
pub const MAX_CONTEMPT: i32 = 1000;

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
    /// An option of some game changed.
    Game,
    /// The evaluation changed (`Eval`): scores in the table are stale.
    Eval,
    /// `EvalFile`: load this network file for the current game (or go back
    /// to its built-in network).
    EvalFile(String),
    /// `ProofFile`: load this proof file (or none).
    ProofFile(String),
}

/// The game's settings as the protocol starts them, with `options`
/// (`NAME=VALUE`) applied.
pub fn game_settings<G: Searchable>(options: &[String]) -> Result<G::Settings, String> {
    let mut settings = G::Settings::default();
    for option in G::OPTIONS {
        (option.apply)(&mut settings, option.kind.default_value());
    }
    for text in options {
        let (name, value) = text
            .split_once('=')
            .ok_or_else(|| format!("--option '{text}': write it NAME=VALUE"))?;
        let option = G::OPTIONS
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                let names: Vec<&str> = G::OPTIONS.iter().map(|o| o.name).collect();
                match names.is_empty() {
                    true => format!("{} has no options (--option '{text}')", G::NAME),
                    false => format!(
                        "{} has no option '{name}' (it has {})",
                        G::NAME,
                        names.join(", ")
                    ),
                }
            })?;
        let value = GameOptionInfo::of::<G>(option).parse(Some(value.trim()))?;
        (option.apply)(&mut settings, value);
    }
    Ok(settings)
}

/// An option some game declares, as the protocol sees it.
#[derive(Clone, Copy, Debug)]
pub struct GameOptionInfo {
    /// The game that declares it.
    pub game: &'static str,
    /// The option's name.
    pub name: &'static str,
    /// Its type and range.
    pub kind: OptionKind,
}

/// Every option of every game, in registry order.
pub fn game_options() -> Vec<GameOptionInfo> {
    #[derive(Clone)]
    struct Collect;
    impl GameVisitor for Collect {
        type Output = Vec<GameOptionInfo>;
        fn visit<G: Tooling>(self) -> Self::Output {
            G::OPTIONS.iter().map(GameOptionInfo::of::<G>).collect()
        }
    }
    visit_every_game(Collect).into_iter().flatten().collect()
}

impl GameOptionInfo {
    /// The protocol's view of an option game `G` declares.
    pub fn of<G: Searchable>(option: &GameOption<G::Settings>) -> Self {
        GameOptionInfo {
            game: G::NAME,
            name: option.name,
            kind: option.kind,
        }
    }

    /// Checks a `setoption` value against the option's type and range.
    pub fn parse<'a>(&self, value: Option<&'a str>) -> Result<OptionValue<'a>, String> {
        let name = self.name;
        match self.kind {
            OptionKind::Check { .. } => check(value, name).map(OptionValue::Check),
            OptionKind::Spin { min, max, .. } => {
                let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
                number(text, min.into(), max.into())
                    .map(|n| OptionValue::Spin(n as i64))
                    .map_err(|e| format!("option '{name}': {e}"))
            }
            OptionKind::Combo { choices, .. } => {
                let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
                choices
                    .iter()
                    .find(|choice| choice.eq_ignore_ascii_case(text))
                    .map(|choice| OptionValue::Combo(choice))
                    .ok_or_else(|| {
                        format!(
                            "option '{name}': '{text}' is not one of {}",
                            choices.join(", ")
                        )
                    })
            }
        }
    }

    /// The handshake line declaring the option.
    pub fn declaration(&self) -> String {
        let name = self.name;
        match self.kind {
            OptionKind::Check { default } => {
                format!("option name {name} type check default {default}")
            }
            OptionKind::Spin { default, min, max } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            OptionKind::Combo { default, choices } => format!(
                "option name {name} type combo default {default}{}",
                choices
                    .iter()
                    .map(|c| format!(" var {c}"))
                    .collect::<String>()
            ),
        }
    }
}

/// The canonical text of a checked value (what `setoption` would take).
pub fn value_text(value: OptionValue) -> String {
    match value {
        OptionValue::Check(on) => on.to_string(),
        OptionValue::Spin(number) => number.to_string(),
        OptionValue::Combo(word) => word.to_string(),
    }
}

impl Options {
    /// The `option …` lines of the handshake.
    pub fn declarations(&self) -> Vec<String> {
        let defaults = Options::default();
        let mut lines = vec![
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
                "option name Deterministic type check default {}",
                defaults.deterministic
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
                "option name Contempt type spin default {} min -{MAX_CONTEMPT} max {MAX_CONTEMPT}",
                defaults.contempt
            ),
            format!(
                "option name Skill Level type spin default {} min {RANDOM_LEVEL} max {MAX_LEVEL}",
                defaults.skill_level
            ),
            format!(
                "option name UCI_LimitStrength type check default {}",
                defaults.limit_strength
            ),
            format!(
                "option name UCI_Elo type spin default {} min {} max {}",
                defaults.elo,
                elo_range().0,
                elo_range().1
            ),
            format!(
                "option name Eval type combo default {} var net var linear",
                eval_word(defaults.eval_net)
            ),
            format!("option name EvalFile type string default {BUILT_IN}"),
            format!("option name ProofFile type string default {NO_PROOF}"),
            format!(
                "option name UCI_Variant type combo default {}{}",
                defaults.variant,
                GAME_NAMES
                    .iter()
                    .map(|name| format!(" var {name}"))
                    .collect::<String>()
            ),
        ];
        lines.extend(game_options().iter().map(GameOptionInfo::declaration));
        #[cfg(feature = "tune")]
        lines.extend(
            crate::search::params::TUNABLE
                .iter()
                .map(|p| p.declaration()),
        );
        lines
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing
    /// changes and the message says why.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let value = value.map(str::trim);
        let spin = |min: i64, max: i64| -> Result<i64, String> {
            let text = value.ok_or_else(|| format!("option '{name}' needs a value"))?;
            number(text, min.into(), max.into())
                .map(|n| n as i64)
                .map_err(|e| format!("option '{name}': {e}"))
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                self.hash_mib = spin(1, TranspositionTable::MAX_MIB as i64)? as usize;
                Ok(OptionChange::ResizeHash)
            }
            "threads" => {
                self.threads = spin(1, MAX_THREADS as i64)? as usize;
                Ok(OptionChange::Value)
            }
            "deterministic" => {
                self.deterministic = check(value, "Deterministic")?;
                Ok(OptionChange::Value)
            }
            "multipv" => {
                self.multipv = spin(1, MAX_MULTIPV as i64)? as usize;
                Ok(OptionChange::Value)
            }
            "move overhead" => {
                self.move_overhead_ms = spin(0, MAX_MOVE_OVERHEAD_MS as i64)? as u64;
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
            "contempt" => {
                let text = value.ok_or("option 'Contempt' needs a value")?;
                let limit = i128::from(MAX_CONTEMPT);
                self.contempt = number(text, -limit, limit)
                    .map(|n| n as i32)
                    .map_err(|e| format!("option 'Contempt': {e}"))?;
                Ok(OptionChange::Value)
            }
            "skill level" => {
                self.skill_level = spin(RANDOM_LEVEL.into(), MAX_LEVEL.into())? as i8;
                Ok(OptionChange::Value)
            }
            "uci_limitstrength" => {
                self.limit_strength = check(value, "UCI_LimitStrength")?;
                Ok(OptionChange::Value)
            }
            "uci_elo" => {
                let text = value.ok_or("option 'UCI_Elo' needs a value")?;
                let (min, max) = elo_range();
                self.elo = number(text, min.into(), max.into())
                    .map(|n| n as i32)
                    .map_err(|e| format!("option 'UCI_Elo': {e}"))?;
                Ok(OptionChange::Value)
            }
            "eval" => {
                self.eval_net = match value {
                    Some("net") => true,
                    Some("linear") => false,
                    _ => return Err("option 'Eval' takes net or linear".to_string()),
                };
                Ok(OptionChange::Eval)
            }
            "evalfile" => Ok(OptionChange::EvalFile(value.unwrap_or("").to_string())),
            "prooffile" => Ok(OptionChange::ProofFile(value.unwrap_or("").to_string())),
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
            #[cfg(feature = "tune")]
            _ if tunable(name).is_some() => {
                let param = tunable(name).expect("just found");
                param.set(spin(param.min.into(), param.max.into())?)?;
                Ok(OptionChange::Value)
            }
            _ => self.set_game_option(name, value),
        }
    }

    /// The playing strength the options ask for: `UCI_Elo` through the
    /// game's calibration when `UCI_LimitStrength` is on, else (and in a
    /// game whose levels are not calibrated yet) `Skill Level`.
    pub fn skill(&self) -> Skill {
        let levels = Skill::new(f64::from(self.skill_level));
        match self.limit_strength {
            true => level_calibration(&self.variant)
                .map_or(levels, |table| Skill::for_elo(table, self.elo)),
            false => levels,
        }
    }

    /// Sets an option some game declares (whichever game is loaded: the
    /// value is kept for when its game is).
    fn set_game_option(&mut self, name: &str, value: Option<&str>) -> Result<OptionChange, String> {
        let option = game_options()
            .into_iter()
            .find(|option| option.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("unknown option '{name}'"))?;
        let text = value_text(option.parse(value)?);
        self.game_values.retain(|(set, _)| *set != option.name);
        self.game_values.push((option.name, text));
        Ok(OptionChange::Game)
    }
}

/// The `UCI_Elo` values accepted: from the weakest level of any game to
/// the strongest (each game clamps to its own range); `(0, 0)` while no
/// game is calibrated.
pub fn elo_range() -> (i32, i32) {
    GAME_NAMES
        .iter()
        .filter_map(|game| level_elo_range(game))
        .reduce(|(low, high), (min, max)| (low.min(min), high.max(max)))
        .unwrap_or((0, 0))
}

/// The tunable search parameter named `name` (letter case aside).
#[cfg(feature = "tune")]
fn tunable(name: &str) -> Option<&'static crate::search::param::Param> {
    crate::search::params::TUNABLE
        .iter()
        .find(|param| param.name.eq_ignore_ascii_case(name))
}

/// The word of an `Eval` value.
fn eval_word(net: bool) -> &'static str {
    match net {
        true => "net",
        false => "linear",
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

    /// Sets `name` to `value`, checking that it is taken with `change`.
    fn set_to(options: &mut Options, name: &str, value: &str, change: OptionChange) {
        assert_eq!(options.set(name, Some(value)), Ok(change), "{name}={value}");
    }

    #[test]
    fn spin_options_are_range_checked() {
        let mut options = Options::default();
        set_to(&mut options, "hash", "64", OptionChange::ResizeHash);
        assert_eq!(options.hash_mib, 64);
        for bad in ["0", "-1", "x", "99999999", ""] {
            assert!(options.set("Hash", Some(bad)).is_err(), "{bad}");
        }
        assert!(options.set("Threads", None).is_err());
        assert_eq!(options.hash_mib, 64, "failed setoption leaves the value");
        set_to(&mut options, "Move Overhead", "0", OptionChange::Value);
        assert!(options.set("MultiPV", Some("257")).is_err());
        set_to(&mut options, "contempt", "-35", OptionChange::Value);
        assert_eq!(options.contempt, -35);
        for bad in ["1001", "-1001", "1.5", "", "x"] {
            assert!(options.set("Contempt", Some(bad)).is_err(), "{bad}");
        }
        assert!(options.set("Contempt", None).is_err());
        assert_eq!(options.contempt, -35, "failed setoption leaves the value");
        assert_eq!(
            options.set("MultiPV", Some("-1")).unwrap_err(),
            "option 'MultiPV': -1 is out of range 1..256"
        );
        assert_eq!(
            options
                .set("Hash", Some("99999999999999999999"))
                .unwrap_err(),
            "option 'Hash': 99999999999999999999 is out of range 1..32768"
        );
    }

    #[test]
    fn variant_and_button() {
        let mut options = Options::default();
        set_to(&mut options, "UCI_Variant", "ALAK", OptionChange::Variant);
        assert_eq!(options.variant, "alak");
        assert!(options.set("UCI_Variant", Some("chess")).is_err());
        assert_eq!(options.set("Clear Hash", None), Ok(OptionChange::ClearHash));
        assert!(options.set("Clear Hash", Some("now")).is_err());
        assert!(options.set("Style", Some("wild")).is_err());
    }

    #[test]
    fn game_options_are_declared_checked_and_kept() {
        let declarations = Options::default().declarations();
        for option in game_options() {
            assert!(declarations.contains(&option.declaration()), "{option:?}");
        }
        let mut names: Vec<_> = game_options().iter().map(|o| o.name).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "no two games declare the same name");

        let Some(check) = game_options()
            .into_iter()
            .find(|o| matches!(o.kind, OptionKind::Check { .. }))
        else {
            return;
        };
        let mut options = Options::default();
        let upper = check.name.to_ascii_uppercase();
        set_to(&mut options, &upper, "false", OptionChange::Game);
        assert_eq!(options.game_values, vec![(check.name, "false".to_string())]);
        for bad in [None, Some("no"), Some("")] {
            assert!(options.set(check.name, bad).is_err());
        }
        assert_eq!(
            options.game_values,
            vec![(check.name, "false".to_string())],
            "a failed setoption leaves the value"
        );
    }

    #[test]
    fn spin_and_combo_values_are_checked_against_their_kind() {
        let spin = GameOptionInfo {
            game: "g",
            name: "Width",
            kind: OptionKind::Spin {
                default: 3,
                min: 1,
                max: 9,
            },
        };
        assert_eq!(spin.parse(Some("9")), Ok(OptionValue::Spin(9)));
        assert!(spin
            .parse(Some("10"))
            .unwrap_err()
            .contains("out of range 1..9"));
        assert_eq!(
            spin.declaration(),
            "option name Width type spin default 3 min 1 max 9"
        );
        let combo = GameOptionInfo {
            game: "g",
            name: "Style",
            kind: OptionKind::Combo {
                default: "calm",
                choices: &["calm", "wild"],
            },
        };
        assert_eq!(combo.parse(Some("WILD")), Ok(OptionValue::Combo("wild")));
        assert!(combo.parse(Some("odd")).is_err());
        assert_eq!(
            combo.declaration(),
            "option name Style type combo default calm var calm var wild"
        );
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
