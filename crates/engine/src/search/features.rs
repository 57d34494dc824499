//! Laboratory switches that turn single search features off, so a match
//! can measure what each one is worth in a game (`bench/ablation.sh`):
//! the environment variable `LUDUS_SEARCH_OFF` names them. A switch for the
//! engine's own measurements, not a protocol option; what a game's search
//! uses for play is the game's own [`SearchFeatures`] declaration.

use std::sync::OnceLock;

use ludus_rules::SearchFeatures;

/// The environment variable read by [`switched_on`].
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

/// The features this process leaves on: all but those `LUDUS_SEARCH_OFF`
/// names (read once; an unknown name is reported on stderr and the
/// variable ignored — `bench/ablation.sh` checks its names first). A
/// search uses what both this and its game switch on.
pub fn switched_on() -> SearchFeatures {
    static CURRENT: OnceLock<SearchFeatures> = OnceLock::new();
    *CURRENT.get_or_init(|| match std::env::var(FEATURES_OFF_VARIABLE) {
        Ok(list) => without(&list).unwrap_or_else(|error| {
            log::error!("{FEATURES_OFF_VARIABLE}: {error}; every feature stays on");
            SearchFeatures::ALL
        }),
        Err(_) => SearchFeatures::ALL,
    })
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
