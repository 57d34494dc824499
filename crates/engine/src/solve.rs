//! `ludus solve`: solves a game, or part of one, outright. Each game
//! declares its own targets ([`ludus_rules::Tooling::SOLVE_TARGETS`]),
//! listed here from the registry; any position of any game is solved by
//! the proof-number solver ([`crate::solver`]), which can write its proof,
//! and a proof file is checked by the rules alone.

use std::path::{Path, PathBuf};

use ludus_rules::games::{visit_every_game, visit_game_named, GameVisitor};
use ludus_rules::proof::verify::verify_text;
use ludus_rules::SolveTarget;
use ludus_rules::Tooling;

use crate::solver::report::report;
use crate::solver::{Budget, SolveConfig, Solver, Verdict};

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

/// A position for the proof-number solver.
#[derive(Clone, Debug)]
pub struct PositionSolve {
    /// The game.
    pub game: String,
    /// The position (the game's start if `None`).
    pub from: Option<String>,
    /// Where to write the proof, if anywhere.
    pub proof: Option<PathBuf>,
    /// Budget, memory and tables.
    pub config: SolveConfig,
}

/// The stack of the solver's thread: its searches recurse once per ply.
const SOLVER_STACK: usize = 1 << 30;

/// Solves `request`'s position and returns the report to print (with the
/// proof written, if asked and the value is known).
pub fn solve_position(request: PositionSolve) -> Result<String, String> {
    std::thread::Builder::new()
        .name("solver".to_string())
        .stack_size(SOLVER_STACK)
        .spawn(move || visit_game_named(&request.game.clone(), SolvePosition(request))?)
        .map_err(|e| format!("cannot start the solver's thread: {e}"))?
        .join()
        .map_err(|_| "the solver stopped on an internal error".to_string())?
}

struct SolvePosition(PositionSolve);

impl GameVisitor for SolvePosition {
    type Output = Result<String, String>;
    fn visit<G: Tooling>(self) -> Self::Output {
        let request = self.0;
        let root = match &request.from {
            Some(fen) => {
                G::from_fen(fen).map_err(|e| format!("bad position for {}: {e}", G::NAME))?
            }
            None => G::startpos(),
        };
        if root.result() != ludus_rules::GameResult::Ongoing {
            return Err(format!(
                "the position is already over ({}): nothing to solve",
                root.result_reason()
            ));
        }
        let mut solver = Solver::new(root, &request.config);
        let verdict = solver.solve(request.config.budget);
        let mut text = report(&mut solver);
        if let Some(path) = &request.proof {
            match verdict {
                Verdict::Unknown => text.push_str("proof: not written (the value is unknown)\n"),
                _ => text.push_str(&write_proof(&mut solver, path)?),
            }
        }
        Ok(text)
    }
}

/// Writes `solver`'s proof to `path`, checked first as `--verify` would;
/// returns the line to report.
fn write_proof<G: Tooling>(solver: &mut Solver<G>, path: &Path) -> Result<String, String> {
    let mut proof = solver.proof()?.to_string();
    if !proof.ends_with('\n') {
        proof.push('\n');
    }
    let verified = verify_text(&proof)
        .map_err(|e| format!("the proof found does not check ({e}): please report this"))?;
    std::fs::write(path, &proof)
        .map_err(|e| format!("cannot write the proof to {}: {e}", path.display()))?;
    Ok(format!(
        "proof: {} ({}, {} nodes, checked)\n",
        path.display(),
        value_words(verified.value),
        verified.nodes
    ))
}

/// `ludus solve --verify FILE`: checks a proof file with the rules alone;
/// the report of a sound proof, or the first thing wrong.
pub fn verify_proof_file(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the proof {}: {e}", path.display()))?;
    let verified =
        verify_text(&text).map_err(|e| format!("{}: proof refused: {e}", path.display()))?;
    Ok(format!(
        "sound proof: {} {}: {} ({} nodes)\n",
        verified.game,
        verified.position,
        value_words(verified.value),
        verified.nodes
    ))
}

/// A proof's value in words, for the side to move.
fn value_words(value: ludus_rules::proof::Value) -> String {
    use ludus_rules::proof::Value;
    match value {
        Value::Win(plies) => format!("win in at most {plies} plies"),
        Value::Loss(plies) => format!("loss in at most {plies} plies"),
        Value::Draw => "draw".to_string(),
    }
}

/// The budget of `--budget`, or the default.
pub fn parse_budget(text: Option<&str>) -> Result<Budget, String> {
    text.map_or(Ok(Budget::DEFAULT), Budget::parse)
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
