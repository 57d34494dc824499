//! The 6-6 endgames of 4×4 Wyke, solved by retrograde analysis.
//!
//! When both sides hold 6 plots, the next claim wins (it makes 7), so where
//! the plots lie no longer matters: a state is the multiset of the four open
//! plots' tiles (1–7 each), both markers, the side to move, and whether the
//! last move was a pass. Every move that claims wins at once; every other
//! move leads to another such state. Positions that never resolve are draws
//! by repetition (or by two passes in a row).

use std::fmt;
use std::sync::OnceLock;

use super::moves::{AMOUNTS, FIVE, KINDS, KIND_NAMES};
use super::FULL;
use crate::{KnownValue, Player};

/// Tile counts are 1..=7: index base 7 over the sorted four.
const TILE_CODES: usize = 7 * 7 * 7 * 7;
const STATES: usize = TILE_CODES * KINDS * KINDS * 2 * 2;

/// A solved state: 0 = draw, `n > 0` = side to move wins in `n` plies,
/// `n < 0` = loses in `-n` plies.
type Value = i16;

/// One endgame state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// The open plots' tiles, ascending.
    pub tiles: [u8; 4],
    /// Builder's and Destroyer's markers (move types, different).
    pub markers: [u8; 2],
    /// The side to move.
    pub side: Player,
    /// Whether the last move was a pass.
    pub after_pass: bool,
}

impl State {
    fn index(&self) -> usize {
        let code = self
            .tiles
            .iter()
            .fold(0, |code, &t| code * 7 + usize::from(t - 1));
        (((code * KINDS + usize::from(self.markers[0])) * KINDS + usize::from(self.markers[1])) * 2
            + self.side.index())
            * 2
            + usize::from(self.after_pass)
    }

    /// Every state with distinct markers, sorted tiles in 1..=7.
    fn all() -> Vec<State> {
        let mut states = Vec::new();
        for a in 1..=7u8 {
            for b in a..=7 {
                for c in b..=7 {
                    for d in c..=7 {
                        for mb in 0..KINDS as u8 {
                            for md in (0..KINDS as u8).filter(|&m| m != mb) {
                                for side in [Player::First, Player::Second] {
                                    for after_pass in [false, true] {
                                        states.push(State {
                                            tiles: [a, b, c, d],
                                            markers: [mb, md],
                                            side,
                                            after_pass,
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        states
    }

    /// A full position in this state (the claimed plots laid out so that
    /// neither side has a line or a square), in the game's notation.
    pub fn fen(&self) -> String {
        let [a, b, c, d] = self.tiles;
        let side = if self.side == Player::First { 'b' } else { 'd' };
        let pass = if self.after_pass { " 1" } else { "" };
        format!(
            "8800/0088/8800/{a}{b}{c}{d} {side} {} {}{pass}",
            KIND_NAMES[usize::from(self.markers[0])],
            KIND_NAMES[usize::from(self.markers[1])]
        )
    }
}

/// What a state's moves lead to.
enum Moves {
    /// Some move claims a plot: the mover wins now.
    Claim,
    /// The reachable states (possibly repeated).
    To(Vec<State>),
    /// No move at all: pass (to `.0`), or a draw if the last move was one.
    Stuck(Option<State>),
}

fn moves(state: &State) -> Moves {
    let builder = state.side == Player::First;
    let mut next = Vec::new();
    for kind in (0..KINDS as u8).filter(|k| !state.markers.contains(k)) {
        // At 6-6, 1-1-1-1-1 goes on all four open plots.
        let amounts: &[u8] = if kind == FIVE {
            &[1, 1, 1, 1]
        } else {
            AMOUNTS[usize::from(kind)]
        };
        for targets in assignments(amounts.len()) {
            let mut tiles = state.tiles;
            let mut legal = true;
            let mut claims = false;
            for (&plot, &amount) in targets.iter().zip(amounts) {
                let t = tiles[plot];
                let after = if builder {
                    t + amount
                } else {
                    t.wrapping_sub(amount)
                };
                if after > FULL {
                    legal = false;
                    break;
                }
                claims |= after == 0 || after == FULL;
                tiles[plot] = after;
            }
            if !legal {
                continue;
            }
            if claims {
                return Moves::Claim;
            }
            tiles.sort_unstable();
            let mut markers = state.markers;
            markers[state.side.index()] = kind;
            next.push(State {
                tiles,
                markers,
                side: state.side.opponent(),
                after_pass: false,
            });
        }
    }
    if !next.is_empty() {
        Moves::To(next)
    } else if state.after_pass {
        Moves::Stuck(None)
    } else {
        Moves::Stuck(Some(State {
            side: state.side.opponent(),
            after_pass: true,
            ..*state
        }))
    }
}

/// Ordered choices of `k` distinct plots out of the four open ones.
fn assignments(k: usize) -> Vec<Vec<usize>> {
    let mut all = vec![Vec::new()];
    for _ in 0..k {
        let mut longer = Vec::new();
        for chosen in &all {
            for p in (0..4).filter(|p| !chosen.contains(p)) {
                let mut next = chosen.clone();
                next.push(p);
                longer.push(next);
            }
        }
        all = longer;
    }
    all
}

/// The solved table and the states it covers.
pub struct Solution {
    values: Vec<Value>,
    states: Vec<State>,
}

impl Solution {
    /// Solves every 6-6 endgame.
    pub fn solve() -> Solution {
        let states = State::all();
        let mut values = vec![0 as Value; STATES];
        let mut known = vec![false; STATES];
        let successors: Vec<Moves> = states.iter().map(moves).collect();
        for (state, moves) in states.iter().zip(&successors) {
            if matches!(moves, Moves::Claim) {
                values[state.index()] = 1;
                known[state.index()] = true;
            }
        }
        // Ply by ply: a win in n needs a move to a loss in n-1; a loss in n
        // needs every move to lead to a win in at most n-1.
        let mut ply: Value = 2;
        let mut idle = 0;
        while idle < 2 {
            let mut found = Vec::new();
            for (state, moves) in states.iter().zip(&successors) {
                if known[state.index()] {
                    continue;
                }
                let children: &[State] = match moves {
                    Moves::To(next) => next,
                    Moves::Stuck(Some(next)) => std::slice::from_ref(next),
                    _ => continue,
                };
                let value = |s: &State| (known[s.index()], values[s.index()]);
                let decided = if ply % 2 == 1 {
                    children.iter().any(|s| value(s) == (true, -(ply - 1)))
                } else {
                    children.iter().all(|s| {
                        let (k, v) = value(s);
                        k && v > 0 && v < ply
                    })
                };
                if decided {
                    found.push(state.index());
                }
            }
            idle = if found.is_empty() { idle + 1 } else { 0 };
            let signed = if ply % 2 == 1 { ply } else { -ply };
            for index in found {
                values[index] = signed;
                known[index] = true;
            }
            ply += 1;
        }
        Solution { values, states }
    }

    /// The value of `state` (0 = draw).
    pub fn value(&self, state: &State) -> i16 {
        self.values[state.index()]
    }

    /// The endgames proper: states not just after a pass.
    pub fn endgames(&self) -> impl Iterator<Item = &State> {
        self.states.iter().filter(|s| !s.after_pass)
    }

    /// The states a non-claiming move or a pass leads to from `state`, and
    /// whether `state` has a claim (tests check the table against these).
    pub fn children(state: &State) -> (bool, Vec<State>) {
        match moves(state) {
            Moves::Claim => (true, Vec::new()),
            Moves::To(next) => (false, next),
            Moves::Stuck(next) => (false, next.into_iter().collect()),
        }
    }

    /// Every state the table covers, passes included.
    pub fn states(&self) -> &[State] {
        &self.states
    }
}

impl fmt::Display for Solution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let endgames: Vec<&State> = self.endgames().collect();
        let wins = endgames.iter().filter(|s| self.value(s) > 0).count();
        let losses = endgames.iter().filter(|s| self.value(s) < 0).count();
        let draws: Vec<&&State> = endgames.iter().filter(|s| self.value(s) == 0).collect();
        writeln!(
            f,
            "6-6 endgames of wyke (4 open plots with 1-7 tiles as a multiset, both markers, side to move): {}",
            endgames.len()
        )?;
        writeln!(f, "wins for the side to move: {wins}")?;
        writeln!(f, "losses for the side to move: {losses}")?;
        writeln!(f, "draws: {}", draws.len())?;
        let immediate = endgames.iter().filter(|s| self.value(s) == 1).count();
        writeln!(f, "of the wins, by a claim at once: {immediate}")?;
        if let Some(longest) = endgames.iter().max_by_key(|s| (self.value(s), s.index())) {
            writeln!(
                f,
                "longest forced win: {} plies, e.g. {}",
                self.value(longest),
                longest.fen()
            )?;
        }
        if let Some(longest) = endgames.iter().min_by_key(|s| (self.value(s), s.index())) {
            writeln!(
                f,
                "longest forced loss: {} plies, e.g. {}",
                -self.value(longest),
                longest.fen()
            )?;
        }
        for draw in draws {
            writeln!(f, "draw: {}", draw.fen())?;
        }
        Ok(())
    }
}

static TABLE: OnceLock<Solution> = OnceLock::new();

/// Solves the table if it is not solved yet; returns once it is.
pub fn prepare() {
    TABLE.get_or_init(Solution::solve);
}

/// The report of `ludus solve wyke-endgames`: every 6-6 endgame solved
/// afresh (not the process-wide table, so the time is the solve's).
pub fn report() -> String {
    let started = std::time::Instant::now();
    let solution = Solution::solve();
    format!(
        "{solution}solve time: {:.1} ms",
        started.elapsed().as_secs_f64() * 1000.0
    )
}

/// The exact value of a 6-6 position once [`prepare`] has solved the table.
/// `None` before that, or if the position is not one the table covers (not
/// exactly four open plots, a marker missing).
pub(super) fn lookup(
    open: Option<[u8; 4]>,
    markers: [u8; 2],
    side: Player,
    passes: u8,
) -> Option<KnownValue> {
    let mut tiles = open?;
    tiles.sort_unstable();
    if markers.iter().any(|&m| usize::from(m) >= KINDS) || markers[0] == markers[1] || passes > 1 {
        return None;
    }
    if tiles.iter().any(|&t| !(1..FULL).contains(&t)) {
        return None;
    }
    let state = State {
        tiles,
        markers,
        side,
        after_pass: passes == 1,
    };
    let value = TABLE.get()?.value(&state);
    Some(match value {
        0 => KnownValue::Draw,
        v if v > 0 => KnownValue::Win(v as u32),
        v => KnownValue::Loss(v.unsigned_abs() as u32),
    })
}
