//! Which search techniques a game's search uses: each game declares its
//! own set ([`crate::Searchable::SEARCH_FEATURES`]), kept where a match
//! showed the technique gains in that game (bench/notes/ablations.md,
//! "Every feature switched off once").

/// The search techniques the engine can apply, each on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchFeatures {
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Quiescence search over noisy moves at the leaves (off: the static
    /// evaluation).
    pub quiescence: bool,
    /// Late-move reductions.
    pub reductions: bool,
    /// Reverse futility pruning and futile quiet moves left ungenerated.
    pub futility: bool,
    /// Move-count (late-move) pruning.
    pub move_count_pruning: bool,
    /// Killer moves in the ordering.
    pub killers: bool,
    /// History scores in the ordering.
    pub history: bool,
}

impl SearchFeatures {
    /// Every technique on.
    pub const ALL: SearchFeatures = SearchFeatures {
        aspiration: true,
        quiescence: true,
        reductions: true,
        futility: true,
        move_count_pruning: true,
        killers: true,
        history: true,
    };

    /// Every technique off.
    pub const NONE: SearchFeatures = SearchFeatures {
        aspiration: false,
        quiescence: false,
        reductions: false,
        futility: false,
        move_count_pruning: false,
        killers: false,
        history: false,
    };

    /// The names of the techniques, as [`SearchFeatures::switch`] knows
    /// them.
    pub const NAMES: [&'static str; 7] = [
        "aspiration",
        "quiescence",
        "reductions",
        "futility",
        "move_count_pruning",
        "killers",
        "history",
    ];

    /// The techniques on in both sets.
    pub fn and(self, other: SearchFeatures) -> SearchFeatures {
        self.combine(other, |a, b| a && b)
    }

    /// The techniques on in either set.
    pub fn or(self, other: SearchFeatures) -> SearchFeatures {
        self.combine(other, |a, b| a || b)
    }

    /// The techniques on in this set but not in `other`.
    pub fn minus(self, other: SearchFeatures) -> SearchFeatures {
        self.combine(other, |a, b| a && !b)
    }

    /// Each technique's switch as `rule` makes it of the two sets'.
    fn combine(
        mut self,
        mut other: SearchFeatures,
        rule: fn(bool, bool) -> bool,
    ) -> SearchFeatures {
        for name in Self::NAMES {
            let (mine, theirs) = (self.switch(name), other.switch(name));
            if let (Some(mine), Some(theirs)) = (mine, theirs) {
                *mine = rule(*mine, *theirs);
            }
        }
        self
    }

    /// The switch of the technique called `name` (one of
    /// [`SearchFeatures::NAMES`]).
    pub fn switch(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "aspiration" => &mut self.aspiration,
            "quiescence" => &mut self.quiescence,
            "reductions" => &mut self.reductions,
            "futility" => &mut self.futility,
            "move_count_pruning" => &mut self.move_count_pruning,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::SearchFeatures;

    #[test]
    fn every_name_has_its_own_switch() {
        let mut seen = Vec::new();
        for name in SearchFeatures::NAMES {
            let mut features = SearchFeatures::ALL;
            *features.switch(name).unwrap() = false;
            assert_ne!(features, SearchFeatures::ALL, "{name}");
            assert!(!seen.contains(&features), "{name}");
            assert_eq!(features.and(SearchFeatures::ALL), features);
            assert_eq!(SearchFeatures::ALL.and(features), features);
            assert_eq!(features.or(SearchFeatures::NONE), features);
            assert_eq!(
                SearchFeatures::ALL.minus(features).or(features),
                SearchFeatures::ALL
            );
            assert_eq!(
                SearchFeatures::ALL.minus(features).and(features),
                SearchFeatures::NONE
            );
            seen.push(features);
        }
        let mut features = SearchFeatures::ALL;
        assert!(features.switch("lmr").is_none());
    }
}
