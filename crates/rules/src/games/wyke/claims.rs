//! Which move types can make given claims in one move: the knowledge the
//! move generator needs to find winning moves without trying every claim,
//! and the evaluation to see wins one move away.
//!
//! A plot's distance is the number of tiles its side still needs there; a
//! move claims it only with that exact amount. The types' other amounts go
//! to other plots, which is taken as always possible (so a type found here
//! can make the claims in all but a few crowded endings; one not found
//! never can).

use super::moves::{FIVE, FOUR, KINDS, THREE_ONE, TWO_ONE_ONE, TWO_TWO};

/// A set of move types as bits (bit `k` for type `k`).
pub(super) type Types = u8;

/// Every type.
pub(super) const ALL_TYPES: Types = (1 << KINDS) - 1;

/// The set of the one type `kind`.
pub(super) const fn bit(kind: u8) -> Types {
    1 << kind
}

/// The types one move of which claims, all together, `need[d]` plots at
/// distance `d` for each `d` in 1..=4 (`need[0]` is ignored).
pub(super) fn types_claiming(need: [u32; 5]) -> Types {
    let [_, n1, n2, n3, n4] = need;
    let mut types = 0;
    if n2 + n3 + n4 == 0 && n1 <= 5 {
        types |= bit(FIVE);
    }
    if n3 + n4 == 0 && n2 <= 1 && n1 <= 2 {
        types |= bit(TWO_ONE_ONE);
    }
    if n1 + n3 + n4 == 0 && n2 <= 2 {
        types |= bit(TWO_TWO);
    }
    if n2 + n4 == 0 && n3 <= 1 && n1 <= 1 {
        types |= bit(THREE_ONE);
    }
    if n1 + n2 + n3 == 0 && n4 <= 1 {
        types |= bit(FOUR);
    }
    types
}

/// The types one move of which claims at least `claims` plots, given the
/// number of open plots `at[d]` at each distance `d` in 1..=4.
pub(super) fn types_claiming_count(at: [u32; 5], claims: u32) -> Types {
    let most = [
        at[1].min(5),
        at[2].min(1) + at[1].min(2),
        at[2].min(2),
        at[3].min(1) + at[1].min(1),
        at[4].min(1),
    ];
    (0..KINDS as u8)
        .filter(|&k| most[usize::from(k)] >= claims)
        .fold(0, |types, k| types | bit(k))
}

/// The types one move of which might win for a side holding `own`: by
/// claiming every missing plot of a line or square free of `enemy` plots,
/// or `by_count` plots (the claims that win by number). `claim[d]` holds
/// the open plots at distance `d` for `d` in 1..=4.
pub(super) fn winning_types(
    masks: &[u64],
    own: u64,
    enemy: u64,
    claim: &[u64; 5],
    by_count: u32,
) -> Types {
    let reachable = claim[1] | claim[2] | claim[3] | claim[4];
    if reachable == 0 {
        return 0;
    }
    let at = claim.map(|plots| plots.count_ones());
    let mut types = types_claiming_count(at, by_count);
    for &mask in masks {
        let missing = mask & !own;
        if mask & enemy != 0 || missing & !reachable != 0 {
            continue;
        }
        types |= types_claiming(claim.map(|plots| (plots & missing).count_ones()));
        if types == ALL_TYPES {
            break;
        }
    }
    types
}
