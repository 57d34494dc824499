//! Laboratory switches that turn single search features off or on, so a
//! match can measure what each one is worth in a game (`bench/ablation.sh`)
//! or play a game's search with features its declaration leaves out: the
//! environment variables `LUDUS_SEARCH_OFF` and `LUDUS_SEARCH_ON` name
//! them, which the command line reads and hands to every search it starts
//! ([`super::SearchRequest::with_feature_switches`]). A switch for the
//! engine's own measurements, not a protocol option; what a game's search
//! uses for play is the game's own [`SearchFeatures`] declaration.

use ludus_rules::SearchFeatures;

/// The environment variable naming the features switched off.
pub const FEATURES_OFF_VARIABLE: &str = "LUDUS_SEARCH_OFF";

/// The environment variable naming the features switched on.
pub const FEATURES_ON_VARIABLE: &str = "LUDUS_SEARCH_ON";

/// Features a measurement switches on or off, over a game's own set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureSwitches {
    /// Switched on, whether or not the game uses them.
    on: SearchFeatures,
    /// Switched off, whether or not the game uses them.
    off: SearchFeatures,
}

impl FeatureSwitches {
    /// No switch: each game searches with its own features.
    pub const NONE: FeatureSwitches = FeatureSwitches {
        on: SearchFeatures::NONE,
        off: SearchFeatures::NONE,
    };

    /// The switches of two lists of names (separated by commas, from
    /// [`SearchFeatures::NAMES`]); a name in both lists is refused.
    pub fn from_lists(on: &str, off: &str) -> Result<FeatureSwitches, String> {
        let switches = FeatureSwitches {
            on: named(on)?,
            off: named(off)?,
        };
        if switches.on.and(switches.off) != SearchFeatures::NONE {
            return Err(format!(
                "a feature is switched both on ({on}) and off ({off})"
            ));
        }
        Ok(switches)
    }

    /// The features a game whose own set is `game` searches with.
    pub fn apply(self, game: SearchFeatures) -> SearchFeatures {
        game.or(self.on).minus(self.off)
    }
}

/// The features named in `list` (names separated by commas).
fn named(list: &str) -> Result<SearchFeatures, String> {
    let mut features = SearchFeatures::NONE;
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        *features.switch(name).ok_or_else(|| {
            format!(
                "unknown search feature '{name}' (known: {})",
                SearchFeatures::NAMES.join(", ")
            )
        })? = true;
    }
    Ok(features)
}

#[cfg(test)]
mod tests {
    use super::FeatureSwitches;
    use ludus_rules::SearchFeatures;

    #[test]
    fn names_switch_their_feature_off_and_on() {
        for name in SearchFeatures::NAMES {
            let off = FeatureSwitches::from_lists("", name).unwrap();
            let without = off.apply(SearchFeatures::ALL);
            assert_ne!(without, SearchFeatures::ALL, "{name}");
            let padded = FeatureSwitches::from_lists("", &format!(" {name} ,")).unwrap();
            assert_eq!(padded, off);
            let on = FeatureSwitches::from_lists(name, "").unwrap();
            assert_eq!(on.apply(without), SearchFeatures::ALL, "{name}");
        }
        let two = FeatureSwitches::from_lists("", "killers,history")
            .unwrap()
            .apply(SearchFeatures::ALL);
        assert!(!two.killers && !two.history && two.reductions);
        let back = FeatureSwitches::from_lists("killers", "")
            .unwrap()
            .apply(two);
        assert!(back.killers && !back.history);
    }

    #[test]
    fn no_switch_leaves_a_game_as_it_is() {
        let game = SearchFeatures {
            history: false,
            ..SearchFeatures::ALL
        };
        assert_eq!(FeatureSwitches::NONE.apply(game), game);
        assert_eq!(
            FeatureSwitches::from_lists("", "").unwrap(),
            FeatureSwitches::NONE
        );
    }

    #[test]
    fn bad_lists_are_refused() {
        let unknown = FeatureSwitches::from_lists("", "lmr").unwrap_err();
        assert!(
            unknown.contains("unknown search feature 'lmr'"),
            "{unknown}"
        );
        assert!(FeatureSwitches::from_lists("lmr", "").is_err());
        let both = FeatureSwitches::from_lists("killers", "history,killers").unwrap_err();
        assert!(both.contains("both on"), "{both}");
    }
}
