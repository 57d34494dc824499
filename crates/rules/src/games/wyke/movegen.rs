//! Move generation and legality for Wyke.
//!
//! Everything works on masks of plots: for the side to move, `can[a]` holds
//! the open plots that can take an amount `a` and `claim[a]` those that `a`
//! claims. A move is noisy when it wins at once (every winning move claims,
//! but most claims do not win). The noisy and quiet moves are generated
//! apart, each exactly once: the noisy ones from the claiming moves alone,
//! and only when some move might win (1-1-1-1-1 alone has 376 992 moves on
//! an open 6×6 board).

use super::claims::{self, bit, Types};
use super::moves::{
    WykeMove, AMOUNTS, FIVE, FOUR, KINDS, KIND_NAMES, NO_PLOT, PASS, THREE_ONE, TWO_ONE_ONE,
    TWO_TWO,
};
use super::{side_name, Wyke, FULL};
use crate::game::{Game, GameResult, Player};
use crate::text::counted;

/// Which moves to generate. [`Wyke::generate`] reads `Noisy` as winning
/// moves and `Quiet` as the rest; below it (`pick`, `generate_kind`)
/// `Noisy` means the moves that claim a plot and `Quiet` those that do not.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Filter {
    All,
    Noisy,
    Quiet,
}

/// What amounts the side to move can put on which plots.
pub(super) struct Reach {
    /// `can[a]`: open plots that can take amount `a` (1..=4).
    pub can: [u64; 5],
    /// `claim[a]`: open plots that amount `a` claims.
    pub claim: [u64; 5],
    /// Open plots.
    pub open: u64,
}

/// The reach of `player` on a board of tiles.
pub(super) fn reach(tiles: &[u8], player: Player) -> Reach {
    let mut result = Reach {
        can: [0; 5],
        claim: [0; 5],
        open: 0,
    };
    for (plot, &t) in tiles.iter().enumerate() {
        if t == 0 || t == FULL {
            continue;
        }
        let bit = 1u64 << plot;
        result.open |= bit;
        // Distance to this player's claim.
        let distance = match player {
            Player::First => FULL - t,
            Player::Second => t,
        };
        for amount in 1..=4u8.min(distance) {
            result.can[usize::from(amount)] |= bit;
        }
        if distance <= 4 {
            result.claim[usize::from(distance)] |= bit;
        }
    }
    result
}

/// Calls `f` with every `k`-subset of `mask` (or'ed with `acc`), once each.
fn subsets(mask: u64, k: u32, acc: u64, f: &mut impl FnMut(u64)) {
    if k == 0 {
        f(acc);
        return;
    }
    let mut rest = mask;
    while rest.count_ones() >= k {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        subsets(rest, k - 1, acc | bit, f);
    }
}

/// Calls `f` with the `k`-subsets of `mask` that `filter` keeps: noisy ones
/// meet `claim`, quiet ones avoid it.
fn pick(mask: u64, claim: u64, k: u32, filter: Filter, f: &mut impl FnMut(u64)) {
    match filter {
        Filter::All => subsets(mask, k, 0, f),
        Filter::Quiet => subsets(mask & !claim, k, 0, f),
        Filter::Noisy => {
            // Each subset once: by its lowest claiming plot.
            let mut lower = 0u64;
            let mut claiming = mask & claim;
            while claiming != 0 {
                let bit = claiming & claiming.wrapping_neg();
                claiming ^= bit;
                subsets(mask & !lower & !bit, k - 1, bit, f);
                lower |= bit;
            }
        }
    }
}

/// The plots of `mask` in ascending order, after `first` if given.
fn plots_of(first: Option<u8>, mut mask: u64) -> ([u8; 5], usize) {
    let mut plots = [NO_PLOT; 5];
    let mut count = 0;
    if let Some(p) = first {
        plots[0] = p;
        count = 1;
    }
    while mask != 0 && count < 5 {
        plots[count] = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        count += 1;
    }
    (plots, count)
}

fn push(moves: &mut Vec<WykeMove>, kind: u8, first: Option<u8>, mask: u64) {
    let (plots, _) = plots_of(first, mask);
    moves.push(WykeMove { kind, plots });
}

impl<const N: usize> Wyke<N> {
    pub(super) fn reach(&self) -> Reach {
        reach(&self.tiles[..Self::PLOTS], self.side)
    }

    /// Whether `1-1-1-1-1` takes its four-plot form here.
    fn four_plot_form(&self, reach: &Reach) -> bool {
        N == 4 && reach.open.count_ones() == 4 && self.is_six_six()
    }

    pub(super) fn generate(&self, moves: &mut Vec<WykeMove>, filter: Filter) {
        if self.result() != GameResult::Ongoing {
            return;
        }
        let reach = self.reach();
        let before = moves.len();
        let winning = match filter {
            Filter::All => 0,
            _ => self.winning_types(&reach),
        };
        // Winning moves are claims: only claims need generating for them,
        // and only of the types that might win.
        let generated = match filter {
            Filter::Noisy if winning == 0 => return,
            Filter::Noisy => Filter::Noisy,
            _ => Filter::All,
        };
        for kind in 0..KINDS as u8 {
            let wanted = filter != Filter::Noisy || winning & bit(kind) != 0;
            if wanted && !self.markers.contains(&kind) {
                self.generate_kind(&reach, kind, generated, moves);
            }
        }
        if winning != 0 && filter != Filter::All {
            let keep_winning = filter == Filter::Noisy;
            let mut i = before;
            while i < moves.len() {
                let mv = moves[i];
                if (winning & bit(mv.kind) != 0 && self.wins(mv)) == keep_winning {
                    i += 1;
                } else {
                    moves.swap_remove(i);
                }
            }
        }
        if filter == Filter::Quiet {
            self.order_quiet(&mut moves[before..]);
        }
        // The pass counts as quiet.
        let stuck = filter != Filter::Noisy && !self.has_any_move(&reach);
        if stuck {
            moves.push(WykeMove::PASS);
        }
    }

    /// The available types of which some move might win at once (a type
    /// left out has none; one in the set still has each move checked).
    fn winning_types(&self, r: &Reach) -> Types {
        let own = self.claimed(self.side);
        let enemy = self.claimed(self.side.opponent());
        let free = self
            .available_kinds()
            .fold(0, |types, kind| types | bit(kind));
        claims::winning_types(
            Self::win_masks(),
            own,
            enemy,
            &r.claim,
            Self::claims_to_win(own.count_ones(), enemy.count_ones()),
        ) & free
    }

    /// Whether `mv` wins at once (no legality check; never panics).
    pub(super) fn wins(&self, mv: WykeMove) -> bool {
        let claims = self.claims(mv);
        if claims == 0 {
            return false;
        }
        let own = self.claimed(self.side) | claims;
        let count = own.count_ones();
        let theirs = self.claimed(self.side.opponent()).count_ones();
        count >= Self::plots_to_win()
            || (N == 4 && count >= theirs + 4)
            || Self::win_masks().iter().any(|&m| m & !own == 0)
    }

    /// Puts the likely best quiet moves first (the search's picker keeps
    /// this order among moves of equal history): tiles on plots that matter
    /// for open lines and squares of either side, claims above all.
    fn order_quiet(&self, moves: &mut [WykeMove]) {
        // Gain per plot (NO_PLOT gains nothing) and amount (0 = unused
        // slot): the plot's weight times the tiles, more for a claim.
        let weights = self.plot_weights();
        let r = self.reach();
        let mut gain = [[0i32; 5]; 64];
        for (p, row) in gain.iter_mut().enumerate().take(Self::PLOTS) {
            for (a, g) in row.iter_mut().enumerate().skip(1) {
                let claims = r.claim[a] & 1u64 << p != 0;
                *g = weights[p] * a as i32 + if claims { 4 * weights[p] + 40 } else { 0 };
            }
        }
        let mut slot_amounts = [[0usize; 5]; KINDS + 1];
        for (kind, amounts) in AMOUNTS.iter().enumerate() {
            for (slot, &a) in amounts.iter().enumerate() {
                slot_amounts[kind][slot] = usize::from(a);
            }
        }
        let mut scored: Vec<(i32, u32)> = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| {
                let amounts = &slot_amounts[usize::from(mv.kind).min(KINDS)];
                let score: i32 = (0..5)
                    .map(|slot| gain[usize::from(mv.plots[slot] & 63)][amounts[slot]])
                    .sum();
                (-score, i as u32)
            })
            .collect();
        // Only the first few quiet moves are searched at most nodes: sort
        // those; the tail keeps the (deterministic) order of the selection.
        const HEAD: usize = 64;
        let head = if scored.len() > HEAD {
            scored.select_nth_unstable(HEAD);
            HEAD
        } else {
            scored.len()
        };
        scored[..head].sort_unstable();
        let original = moves.to_vec();
        for (slot, &(_, i)) in moves.iter_mut().zip(&scored) {
            *slot = original[i as usize];
        }
    }

    /// How much each open plot matters to the side to move: the open lines
    /// and squares through it, for itself and for the opponent.
    fn plot_weights(&self) -> [i32; super::MAX_PLOTS] {
        const BY_HELD: [i32; 5] = [1, 3, 9, 27, 27];
        let mine = self.claimed(self.side);
        let theirs = self.claimed(self.side.opponent());
        let open = self.open();
        let mut weights = [0i32; super::MAX_PLOTS];
        for &mask in Self::win_masks() {
            let mut value = 0;
            if mask & theirs == 0 {
                value += BY_HELD[(mask & mine).count_ones() as usize];
            }
            if mask & mine == 0 {
                value += BY_HELD[(mask & theirs).count_ones() as usize];
            }
            let mut plots = mask & open;
            while plots != 0 {
                weights[plots.trailing_zeros() as usize] += value;
                plots &= plots - 1;
            }
        }
        weights
    }

    fn generate_kind(&self, r: &Reach, kind: u8, filter: Filter, moves: &mut Vec<WykeMove>) {
        let single = |amount: usize, k: u32, moves: &mut Vec<WykeMove>| {
            pick(r.can[amount], r.claim[amount], k, filter, &mut |mask| {
                push(moves, kind, None, mask)
            });
        };
        match kind {
            FIVE if self.four_plot_form(r) => {
                let noisy = r.open & r.claim[1] != 0;
                if filter == Filter::All || noisy == (filter == Filter::Noisy) {
                    push(moves, FIVE, None, r.open);
                }
            }
            FIVE => single(1, 5, moves),
            TWO_TWO => single(2, 2, moves),
            FOUR => single(4, 1, moves),
            _ => {
                let (big, rest_k) = if kind == TWO_ONE_ONE { (2, 2) } else { (3, 1) };
                let mut firsts = r.can[big];
                while firsts != 0 {
                    let p = firsts.trailing_zeros() as u8;
                    let bit = firsts & firsts.wrapping_neg();
                    firsts ^= bit;
                    // A claim by the big amount makes every completion noisy.
                    let rest_filter = match (bit & r.claim[big] != 0, filter) {
                        (true, Filter::Quiet) => continue,
                        (true, _) => Filter::All,
                        (false, f) => f,
                    };
                    pick(
                        r.can[1] & !bit,
                        r.claim[1],
                        rest_k,
                        rest_filter,
                        &mut |mask| push(moves, kind, Some(p), mask),
                    );
                }
            }
        }
    }

    /// Whether the side to move has any move but a pass.
    pub(super) fn has_any_move(&self, r: &Reach) -> bool {
        let has_pair_after = |big: usize, need: u32| {
            let mut firsts = r.can[big];
            while firsts != 0 {
                let bit = firsts & firsts.wrapping_neg();
                firsts ^= bit;
                if (r.can[1] & !bit).count_ones() >= need {
                    return true;
                }
            }
            false
        };
        self.available_kinds().any(|kind| match kind {
            FIVE => self.four_plot_form(r) || r.can[1].count_ones() >= 5,
            TWO_ONE_ONE => has_pair_after(2, 2),
            TWO_TWO => r.can[2].count_ones() >= 2,
            THREE_ONE => has_pair_after(3, 1),
            _ => r.can[4] != 0,
        })
    }

    /// The plots `mv` would claim (no legality check; never panics).
    pub(super) fn claims(&self, mv: WykeMove) -> u64 {
        if mv.kind == PASS {
            return 0;
        }
        let mut claimed = 0;
        for (slot, &plot) in mv.used().iter().enumerate() {
            let t = self.tiles[usize::from(plot) % super::MAX_PLOTS];
            let amount = mv.amount(slot);
            let claims = match self.side {
                Player::First => t != FULL && t != 0 && t + amount == FULL,
                Player::Second => t != 0 && t != FULL && t == amount,
            };
            if claims {
                claimed |= 1u64 << (plot % 64);
            }
        }
        claimed
    }

    /// Whether `mv` is legal here (the game being on), and if not, why.
    pub(super) fn check_move(&self, mv: WykeMove) -> Result<(), String> {
        let r = self.reach();
        if mv.kind == PASS {
            if mv.plots != [NO_PLOT; 5] {
                return Err("a pass names no plots".to_string());
            }
            return if self.has_any_move(&r) {
                Err("a side may pass only when it has no legal move".to_string())
            } else {
                Ok(())
            };
        }
        let Some(amounts) = AMOUNTS.get(usize::from(mv.kind)) else {
            return Err("unknown move type".to_string());
        };
        let name = KIND_NAMES[usize::from(mv.kind)];
        for player in [Player::First, Player::Second] {
            if self.markers[player.index()] == mv.kind {
                return Err(format!(
                    "type {name} is under the {} marker",
                    side_name(player)
                ));
            }
        }
        let used = mv.used();
        if mv.plots[used.len()..].iter().any(|&p| p != NO_PLOT) {
            return Err("malformed move".to_string());
        }
        let four_form = self.four_plot_form(&r);
        if mv.kind == FIVE && four_form {
            let mask = used.iter().fold(0u64, |m, &p| m | 1u64 << (p % 64));
            if used.len() != 4 || mask != r.open {
                return Err("at 6-6, 1-1-1-1-1 is played on the four open plots".to_string());
            }
        } else if used.len() != amounts.len() {
            return Err(if mv.kind == FIVE && used.len() == 4 && N != 4 {
                "1-1-1-1-1 takes five plots (wyke6 has no 6-6 rule)".to_string()
            } else if mv.kind == FIVE && used.len() == 4 {
                "1-1-1-1-1 takes four plots only when both sides hold 6 plots".to_string()
            } else {
                format!(
                    "type {name} takes {}",
                    counted(amounts.len() as u64, "plot", "plots")
                )
            });
        }
        // Canonical order: equal amounts ascending (and so distinct).
        let ascending = |s: &[u8]| s.windows(2).all(|w| w[0] < w[1]);
        let canonical = match mv.kind {
            TWO_ONE_ONE => ascending(&used[1..]) && !used[1..].contains(&used[0]),
            THREE_ONE => used[0] != used[1],
            _ => ascending(used),
        };
        if !canonical {
            return Err("plots must be distinct".to_string());
        }
        for (slot, &plot) in used.iter().enumerate() {
            if usize::from(plot) >= Self::PLOTS {
                return Err("no such plot".to_string());
            }
            let bit = 1u64 << plot;
            let amount = mv.amount(slot);
            let plot_name = super::moves::plot_name(plot, N);
            if r.open & bit == 0 {
                return Err(format!("plot {plot_name} is already claimed"));
            }
            if r.can[usize::from(amount)] & bit == 0 {
                let t = self.tiles[usize::from(plot)];
                return Err(match self.side {
                    Player::First => {
                        format!("plot {plot_name} has {t} tiles; adding {amount} passes 8")
                    }
                    Player::Second => {
                        format!("plot {plot_name} has {t} tiles; cannot remove {amount}")
                    }
                });
            }
        }
        Ok(())
    }

    /// The reason `mv` is illegal (for error messages).
    pub(super) fn why_illegal(&self, mv: WykeMove) -> String {
        match self.check_move(mv) {
            Err(reason) => reason,
            Ok(()) => "not playable here".to_string(),
        }
    }
}
