//! `ludus solve`: the named targets solved outright (`alak`,
//! `wyke-endgames`, …), any position of any game by the proof-number
//! solver (`ludus solve GAME --from FEN`), and proof files checked
//! (`ludus solve --verify FILE`).

use std::path::PathBuf;

use clap::Args;

use ludus_engine::solve::{
    parse_budget, run_solve, solve_position, target_names, verify_proof_file, PositionSolve,
};
use ludus_engine::solver::SolveConfig;
use ludus_rules::games::{game_named, GAME_NAMES};

/// The arguments of `ludus solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// A game to solve a position of, or a target solved outright
    /// (alak, wyke-endgames, ...); a target's name with any option below
    /// is the game.
    target: Option<String>,
    /// The position to solve, in the game's notation [default: the start].
    #[arg(long, value_name = "FEN")]
    from: Option<String>,
    /// What the solver may spend: nodes (500000, 2M, 1G) or time (30s, 5m,
    /// 2h) [default: 10M nodes].
    #[arg(long, value_name = "NODES|TIME")]
    budget: Option<String>,
    /// Write the proof of the value found to this file.
    #[arg(long, value_name = "FILE")]
    proof: Option<PathBuf>,
    /// Check a proof file with the rules alone (nothing else may be given):
    /// exit status 0 only for a sound proof.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["target", "from", "budget", "proof", "hash", "no_tables"])]
    verify: Option<PathBuf>,
    /// Memory for the solver's tables, in MiB.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: Option<u32>,
    /// Prove by search alone, without the game's solved tables (Alak's
    /// solution, Wyke's endgames).
    #[arg(long)]
    no_tables: bool,
}

/// The solver's table memory when `--hash` is not given, in MiB.
const DEFAULT_HASH_MIB: u32 = 1024;

/// Runs `ludus solve` and returns its report.
pub fn solve(args: SolveArgs) -> Result<String, String> {
    if let Some(path) = &args.verify {
        return verify_proof_file(path);
    }
    let Some(target) = args.target.as_deref() else {
        return Err(format!(
            "give a game ({}) or a target ({}), or --verify FILE",
            GAME_NAMES.join(", "),
            target_names().join(", ")
        ));
    };
    let solver_options = args.from.is_some()
        || args.budget.is_some()
        || args.proof.is_some()
        || args.hash.is_some()
        || args.no_tables;
    let is_target = target_names()
        .iter()
        .any(|name| name.eq_ignore_ascii_case(target));
    if is_target && (!solver_options || game_named(target).is_err()) {
        if solver_options {
            return Err(format!(
                "'{target}' is solved outright: it takes no --from, --budget, --proof, --hash or --no-tables"
            ));
        }
        return run_solve(target).map(|report| format!("{report}\n"));
    }
    let game = game_named(target).map_err(|error| {
        format!(
            "{error}; or a target solved outright: {}",
            target_names().join(", ")
        )
    })?;
    let budget = parse_budget(args.budget.as_deref())?;
    solve_position(PositionSolve {
        game: game.to_string(),
        from: args.from,
        proof: args.proof,
        config: SolveConfig {
            budget,
            table_mib: args.hash.unwrap_or(DEFAULT_HASH_MIB) as usize,
            use_tables: !args.no_tables,
        },
    })
}
