//! Laboratory switches that turn single search features off, so a match
//! can measure what each one is worth in a game (`bench/ablation.sh`):
//! the environment variable `LUDUS_SEARCH_OFF` names them, which the
//! command line reads and hands to every search it starts
//! ([`super::SearchRequest::with_features_on`]). A switch for the engine's
//! own measurements, not a protocol option; what a game's search uses for
//! play is the game's own [`SearchFeatures`] declaration.

use ludus_rules::SearchFeatures;

/// The environment variable the command line reads the switches from.
pub const FEATURES_OFF_VARIABLE: &str = "LUDUS_SEARCH_OFF";

/// Every feature on but those in `list` (names separated by commas, from
/// [`SearchFeatures::NAMES`]).
pub fn without(list: &str) -> Result<SearchFeatures, String> {
    let mut features = SearchFeatures::ALL;
    for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        *features.switch(name).ok_or_else(|| {
            format!(
                "unknown search feature '{name}' (known: {})",
                SearchFeatures::NAMES.join(", ")
            )
        })? = false;
    }
    Ok(features)
}

#[cfg(test)]
mod tests {
    use super::without;
    use ludus_rules::SearchFeatures;

    #[test]
    fn names_switch_their_feature_off() {
        for name in SearchFeatures::NAMES {
            let features = without(name).unwrap();
            assert_ne!(features, SearchFeatures::ALL, "{name}");
            assert_eq!(without(&format!(" {name} ,")).unwrap(), features);
        }
        let two = without("killers,history").unwrap();
        assert!(!two.killers && !two.history && two.reductions);
        assert_eq!(without("").unwrap(), SearchFeatures::ALL);
        assert!(without("lmr")
            .unwrap_err()
            .contains("unknown search feature 'lmr'"));
    }
}
