//! Wyke's entries for the tools: playing levels, solve targets and the
//! bench positions.

use super::{endgame, late, levels, Wyke};
use crate::linear::{LinearEval, LinearTerms};
use crate::tools::Tooling;
use crate::SolveTarget;

impl<const N: usize> Tooling for Wyke<N> {
    const LEVEL_ELO: &'static [(i8, i32)] = match N {
        4 => levels::WYKE,
        6 => levels::WYKE6,
        _ => &[],
    };

    const SOLVE_TARGETS: &'static [SolveTarget] = if N == 4 {
        &[
            SolveTarget {
                name: "wyke-endgames",
                about: "every 6-6 endgame of 4×4 Wyke, by retrograde analysis",
                solve: endgame::report,
            },
            SolveTarget {
                name: "wyke-late",
                about:
                    "every 4×4 Wyke position with at least 11 plots claimed, by retrograde analysis",
                solve: late::report,
            },
        ]
    } else {
        &[]
    };

    const BENCH_POSITIONS: &'static [&'static str] = if N == 4 {
        &[
            "3444/4444/4444/4443 b - -",
            "3444/4464/4424/4443 d 2-2 -",
            "5262/4708/4374/1443 b 3-1 2-1-1",
            "2650/3617/8472/1543 d 2-1-1 4",
            "7813/5078/2685/1444 b 4 3-1",
            "8713/5078/2685/1044 d 1-1-1-1-1 2-2",
        ]
    } else {
        &[
            "444444/434444/444444/444444/444434/444444 b - -",
            "464444/434454/444244/442444/444434/444644 b 3-1 2-2",
            "564804/434454/474240/462447/144634/444644 d 2-1-1 4",
        ]
    };

    const BENCH_DEPTH: u32 = 6;

    const LINEAR_EVAL: LinearEval<Self> = Self::LINEAR;
}
