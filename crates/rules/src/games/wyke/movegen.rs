//! Move generation and legality for Wyke.
//!
//! Everything works on masks of plots: for the side to move, `can[a]` holds
//! the open plots that can take an amount `a` and `claim[a]` those that `a`
//! claims. A move is noisy when it wins at once (every winning move claims,
//! but most claims do not win). The noisy and quiet moves are generated
//! apart, each exactly once: the noisy ones from the claiming moves alone,
//! and only when some move might win (1-1-1-1-1 alone has 376 992 moves on
//! an open 6×6 board).

use std::ops::ControlFlow;

use super::claims::{self, bit, Types};
use super::moves::{
    WykeMove, AMOUNTS, FIVE, FOUR, KIND_NAMES, NO_PLOT, PASS, THREE_ONE, TWO_ONE_ONE, TWO_TWO,
};
use super::notation::side_name;
use super::{Wyke, FULL};
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

/// Calls `f` with every `k`-subset of `mask` (or'ed with `acc`), once
/// each, until it breaks.
fn subsets(mask: u64, k: u32, acc: u64, f: &mut impl FnMut(u64) -> Flow) -> Flow {
    if k == 0 {
        return f(acc);
    }
    let mut rest = mask;
    while rest.count_ones() >= k {
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        subsets(rest, k - 1, acc | bit, f)?;
    }
    Flow::Continue(())
}

/// Calls `f` with the `k`-subsets of `mask` that `filter` keeps (noisy ones
/// meet `claim`, quiet ones avoid it) until it breaks.
fn pick(mask: u64, claim: u64, k: u32, filter: Filter, f: &mut impl FnMut(u64) -> Flow) -> Flow {
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
                subsets(mask & !lower & !bit, k - 1, bit, f)?;
                lower |= bit;
            }
            Flow::Continue(())
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

/// The move of `kind` on the plots of `mask`, after `first` if given.
fn make(kind: u8, first: Option<u8>, mask: u64) -> WykeMove {
    let (plots, _) = plots_of(first, mask);
    WykeMove { kind, plots }
}

/// Whether an enumeration goes on.
type Flow = ControlFlow<()>;

/// Goes on.
const GO_ON: Flow = Flow::Continue(());

impl<const N: usize> Wyke<N> {
    pub(super) fn reach(&self) -> Reach {
        reach(&self.tiles[..Self::PLOTS], self.side)
    }

    /// Whether `1-1-1-1-1` takes its four-plot form here.
    pub(super) fn four_plot_form(&self, reach: &Reach) -> bool {
        N == 4 && reach.open.count_ones() == 4 && self.is_six_six()
    }

    pub(super) fn generate(&self, moves: &mut Vec<WykeMove>, filter: Filter) {
        if filter == Filter::Noisy {
            self.generate_winning(0, usize::MAX, moves);
            return;
        }
        if self.result() != GameResult::Ongoing {
            return;
        }
        let reach = self.reach();
        let winning = match filter {
            Filter::All => 0,
            _ => self.winning_types(&reach),
        };
        for kind in self.available_kinds() {
            let _ = self.generate_kind(&reach, kind, Filter::All, &mut |mv| {
                if winning & bit(kind) == 0 || !self.wins(mv) {
                    moves.push(mv);
                }
                GO_ON
            });
        }
        // The pass counts as quiet.
        if !self.has_any_move(&reach) {
            moves.push(WykeMove::PASS);
        }
    }

    /// Appends the winning moves after the first `skip` (in a fixed order),
    /// at most `wanted` of them. Winning moves are claims: only claims need
    /// generating for them, and only of the types that might win; the
    /// enumeration stops once `wanted` are found.
    pub(super) fn generate_winning(&self, skip: usize, wanted: usize, moves: &mut Vec<WykeMove>) {
        if self.result() != GameResult::Ongoing {
            return;
        }
        let reach = self.reach();
        let winning = self.winning_types(&reach);
        let (mut seen, mut found) = (0, 0);
        for kind in self.available_kinds().filter(|&k| winning & bit(k) != 0) {
            let flow = self.generate_kind(&reach, kind, Filter::Noisy, &mut |mv| {
                if !self.wins(mv) {
                    return GO_ON;
                }
                seen += 1;
                if seen > skip {
                    moves.push(mv);
                    found += 1;
                }
                if found >= wanted {
                    Flow::Break(())
                } else {
                    GO_ON
                }
            });
            if flow.is_break() {
                return;
            }
        }
    }

    /// The available types of which some move might win at once (a type
    /// left out has none; one in the set still has each move checked).
    pub(super) fn winning_types(&self, r: &Reach) -> Types {
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

    /// Calls `f` with the moves of `kind` that `filter` keeps (all, or
    /// those that claim) until it breaks.
    fn generate_kind(
        &self,
        r: &Reach,
        kind: u8,
        filter: Filter,
        f: &mut impl FnMut(WykeMove) -> Flow,
    ) -> Flow {
        let mut single = |amount: usize, k: u32| {
            pick(r.can[amount], r.claim[amount], k, filter, &mut |mask| {
                f(make(kind, None, mask))
            })
        };
        match kind {
            FIVE if self.four_plot_form(r) => {
                let noisy = r.open & r.claim[1] != 0;
                if filter == Filter::All || noisy == (filter == Filter::Noisy) {
                    return f(make(FIVE, None, r.open));
                }
                GO_ON
            }
            FIVE => single(1, 5),
            TWO_TWO => single(2, 2),
            FOUR => single(4, 1),
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
                        &mut |mask| f(make(kind, Some(p), mask)),
                    )?;
                }
                GO_ON
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

    /// Whether `mv` is legal here (the game being on), and if not, why
    /// (without allocating: the search asks this of stale moves).
    pub(super) fn check_move(&self, mv: WykeMove) -> Result<(), Illegal> {
        let r = self.reach();
        if mv.kind == PASS {
            if mv.plots != [NO_PLOT; 5] {
                return Err(Illegal::PassWithPlots);
            }
            return match self.has_any_move(&r) {
                true => Err(Illegal::PassNotStuck),
                false => Ok(()),
            };
        }
        let Some(amounts) = AMOUNTS.get(usize::from(mv.kind)) else {
            return Err(Illegal::UnknownType);
        };
        for player in [Player::First, Player::Second] {
            if self.markers[player.index()] == mv.kind {
                return Err(Illegal::UnderMarker(player));
            }
        }
        let used = mv.used();
        if mv.plots[used.len()..].iter().any(|&p| p != NO_PLOT) {
            return Err(Illegal::Malformed);
        }
        let four_form = self.four_plot_form(&r);
        if mv.kind == FIVE && four_form {
            let mask = used.iter().fold(0u64, |m, &p| m | 1u64 << (p % 64));
            if used.len() != 4 || mask != r.open {
                return Err(Illegal::SixSixForm);
            }
        } else if used.len() != amounts.len() {
            return Err(Illegal::PlotCount);
        }
        // Canonical order: equal amounts ascending (and so distinct).
        let ascending = |s: &[u8]| s.windows(2).all(|w| w[0] < w[1]);
        let canonical = match mv.kind {
            TWO_ONE_ONE => ascending(&used[1..]) && !used[1..].contains(&used[0]),
            THREE_ONE => used[0] != used[1],
            _ => ascending(used),
        };
        if !canonical {
            return Err(Illegal::NotDistinct);
        }
        for (slot, &plot) in used.iter().enumerate() {
            if usize::from(plot) >= Self::PLOTS {
                return Err(Illegal::NoSuchPlot);
            }
            let bit = 1u64 << plot;
            if r.open & bit == 0 {
                return Err(Illegal::Claimed(plot));
            }
            let amount = mv.amount(slot);
            if r.can[usize::from(amount)] & bit == 0 {
                return Err(Illegal::Amount(plot, amount));
            }
        }
        Ok(())
    }

    /// The reason `mv` is illegal (for error messages).
    pub(super) fn why_illegal(&self, mv: WykeMove) -> String {
        let name = KIND_NAMES.get(usize::from(mv.kind)).copied().unwrap_or("?");
        let plot_name = |plot: u8| super::moves::plot_name(plot, N);
        let Err(illegal) = self.check_move(mv) else {
            return "not playable here".to_string();
        };
        match illegal {
            Illegal::PassWithPlots => "a pass names no plots".to_string(),
            Illegal::PassNotStuck => "a side may pass only when it has no legal move".to_string(),
            Illegal::UnknownType => "unknown move type".to_string(),
            Illegal::UnderMarker(player) => {
                format!("type {name} is under the {} marker", side_name(player))
            }
            Illegal::Malformed => "malformed move".to_string(),
            Illegal::SixSixForm => "at 6-6, 1-1-1-1-1 is played on the four open plots".to_string(),
            Illegal::PlotCount if mv.kind == FIVE && mv.used().len() == 4 && N != 4 => {
                "1-1-1-1-1 takes five plots (wyke6 has no 6-6 rule)".to_string()
            }
            Illegal::PlotCount if mv.kind == FIVE && mv.used().len() == 4 => {
                "1-1-1-1-1 takes four plots only when both sides hold 6 plots".to_string()
            }
            Illegal::PlotCount => {
                let count = AMOUNTS.get(usize::from(mv.kind)).map_or(0, |a| a.len());
                format!(
                    "type {name} takes {}",
                    counted(count as u64, "plot", "plots")
                )
            }
            Illegal::NotDistinct => "plots must be distinct".to_string(),
            Illegal::NoSuchPlot => "no such plot".to_string(),
            Illegal::Claimed(plot) => format!("plot {} is already claimed", plot_name(plot)),
            Illegal::Amount(plot, amount) => {
                let t = self.tiles[usize::from(plot) % super::MAX_PLOTS];
                let plot = plot_name(plot);
                match self.side {
                    Player::First => format!("plot {plot} has {t} tiles; adding {amount} passes 8"),
                    Player::Second => format!("plot {plot} has {t} tiles; cannot remove {amount}"),
                }
            }
        }
    }
}

/// Why a move is illegal ([`Wyke::why_illegal`] says it in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Illegal {
    PassWithPlots,
    PassNotStuck,
    UnknownType,
    UnderMarker(Player),
    Malformed,
    SixSixForm,
    PlotCount,
    NotDistinct,
    NoSuchPlot,
    Claimed(u8),
    Amount(u8, u8),
}
