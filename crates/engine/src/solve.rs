//! `ludus solve <target>`: solves a game, or part of one, outright. Each
//! game declares its own targets ([`ludus_rules::Tooling::SOLVE_TARGETS`]);
//! this lists them from the registry.

use ludus_rules::games::{visit_every_game, GameVisitor};
use ludus_rules::SolveTarget;
use ludus_rules::Tooling;

/// Every solve target of every game, in registry order.
pub fn targets() -> Vec<&'static SolveTarget> {
    #[derive(Clone)]
    struct Targets;
    impl GameVisitor for Targets {
        type Output = &'static [SolveTarget];
        fn visit<G: Tooling>(self) -> Self::Output {
            G::SOLVE_TARGETS
        }
    }
    visit_every_game(Targets).into_iter().flatten().collect()
}

/// The names of every target, for help texts and errors.
pub fn target_names() -> Vec<&'static str> {
    targets().iter().map(|target| target.name).collect()
}

/// Solves `target` (its name, in any case) and returns the report to print.
pub fn run_solve(target: &str) -> Result<String, String> {
    let found = targets()
        .into_iter()
        .find(|t| t.name.eq_ignore_ascii_case(target))
        .ok_or_else(|| {
            format!(
                "unknown solve target '{target}'; targets: {}",
                target_names().join(", ")
            )
        })?;
    Ok((found.solve)())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_come_from_the_games_and_unknown_ones_are_refused() {
        let names = target_names();
        assert!(names.contains(&"alak") && names.contains(&"wyke-endgames"));
        let mut unique = names.clone();
        unique.dedup();
        assert_eq!(unique, names, "target names are unique");
        let error = run_solve("chess").unwrap_err();
        assert!(error.contains("unknown solve target 'chess'"), "{error}");
    }
}
