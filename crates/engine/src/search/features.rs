//! Switches that turn single search features off, so a match can measure
//! what each one is worth (`bench/ablation.sh`). Every feature is on unless
//! the environment variable `LUDUS_SEARCH_OFF` names it: a laboratory
//! switch for the engine's own tests, not a protocol option.

use std::sync::OnceLock;

/// The environment variable read by [`Features::current`].
pub const FEATURES_OFF_VARIABLE: &str = "LUDUS_SEARCH_OFF";

/// Which search features are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Quiescence search over noisy moves at the leaves (off: the static
    /// evaluation).
    pub quiescence: bool,
    /// Late-move reductions.
    pub reductions: bool,
    /// Null-move pruning (in the games where it is safe).
    pub null_move: bool,
    /// Reverse futility pruning and futile quiet moves left ungenerated.
    pub futility: bool,
    /// Move-count (late-move) pruning.
    pub move_count_pruning: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// History scores in the ordering.
    pub history: bool,
}

impl Features {
    /// Every feature on.
    pub const ALL: Features = Features {
        aspiration: true,
        quiescence: true,
        reductions: true,
        null_move: true,
        futility: true,
        move_count_pruning: true,
        killers: true,
        history: true,
    };

    /// The names [`Features::without`] accepts.
    pub const NAMES: [&'static str; 8] = [
        "aspiration",
        "quiescence",
        "reductions",
        "null_move",
        "futility",
        "move_count_pruning",
        "killers",
        "history",
    ];

    /// Every feature on but those in `list` (names separated by commas).
    pub fn without(list: &str) -> Result<Features, String> {
        let mut features = Features::ALL;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            *features.switch(name).ok_or_else(|| {
                format!(
                    "unknown search feature '{name}' (known: {})",
                    Self::NAMES.join(", ")
                )
            })? = false;
        }
        Ok(features)
    }

    /// The switch called `name`.
    fn switch(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "aspiration" => &mut self.aspiration,
            "quiescence" => &mut self.quiescence,
            "reductions" => &mut self.reductions,
            "null_move" => &mut self.null_move,
            "futility" => &mut self.futility,
            "move_count_pruning" => &mut self.move_count_pruning,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            _ => return None,
        })
    }

    /// The features of this process: all, but those `LUDUS_SEARCH_OFF`
    /// names (read once; an unknown name is reported on stderr and the
    /// variable ignored — `bench/ablation.sh` checks its names first).
    pub fn current() -> Features {
        static CURRENT: OnceLock<Features> = OnceLock::new();
        *CURRENT.get_or_init(|| match std::env::var(FEATURES_OFF_VARIABLE) {
            Ok(list) => Features::without(&list).unwrap_or_else(|error| {
                log::error!("{FEATURES_OFF_VARIABLE}: {error}; every feature stays on");
                Features::ALL
            }),
            Err(_) => Features::ALL,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Features;

    #[test]
    fn names_switch_their_feature_off() {
        for name in Features::NAMES {
            let features = Features::without(name).unwrap();
            assert_ne!(features, Features::ALL, "{name}");
            assert_eq!(Features::without(&format!(" {name} ,")).unwrap(), features);
        }
        let two = Features::without("killers,history").unwrap();
        assert!(!two.killers && !two.history && two.reductions);
        assert_eq!(Features::without("").unwrap(), Features::ALL);
        assert!(Features::without("lmr")
            .unwrap_err()
            .contains("unknown search feature 'lmr'"));
    }
}
