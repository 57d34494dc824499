//! 4×4 Wyke solved backwards from the end: the exact value of every
//! position with at least [`LATE_CLAIMED`] plots claimed (6-5, 5-6 and
//! 6-6 in plots, so 5 or 4 open), by retrograde analysis over their
//! structures ([`structure`]): each side's count and the open plots that
//! would complete its lines and squares are all that matter of the claims,
//! so the 4.5 million claim layouts come down to 13 structures, each
//! solved over its tiles, markers and side to move
//! ([`retro`]). The 6-6 endgames ([`super::endgame`]) are the structure
//! with 4 open plots and no shapes.
//!
//! `ludus solve wyke-late` solves them and counts the positions covered;
//! the engine builds them once, in the background, when the option
//! `WykeLateTable` is on ([`prepare`], about 20 s of CPU and 52 MB) and
//! then answers every position they cover from them ([`known_value`]).

pub mod retro;
pub mod structure;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use retro::{state_count, State, Table};
use structure::{Step, Structure, MAX_OPEN};

use super::{Wyke, Wyke4, FULL, MAX_PLOTS, NO_MARKER};
use crate::symmetry::{square_map, SQUARE_SYMMETRIES};
use crate::{Game, KnownValue, Player};

/// The fewest plots claimed in a position the late tables cover.
pub const LATE_CLAIMED: u32 = 11;

/// Solved structures.
#[derive(Default)]
pub struct LateTables {
    tables: HashMap<Structure, Arc<Table>>,
}

/// How many concrete positions a set of tables covers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Claim layouts (which plots each side holds, nobody winning).
    pub layouts: u64,
    /// Positions: layouts × tiles of the open plots × marker pairs × side
    /// to move.
    pub positions: u64,
    /// Of those, wins, losses and draws for the side to move.
    pub wins: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// A drawn position, in notation, if there is one.
    pub example_draw: Option<String>,
}

impl LateTables {
    /// Solves `structure` and every structure its claims lead into.
    pub fn solve(&mut self, structure: Structure) -> Arc<Table> {
        if let Some(table) = self.tables.get(&structure) {
            return table.clone();
        }
        let open = usize::from(structure.open);
        for mover in 0..2 {
            for claimed in 1..1usize << open {
                if let Step::Into(next, _) = structure.claim(mover, claimed) {
                    self.solve(next);
                }
            }
        }
        let tables = &self.tables;
        let table = Arc::new(Table::solve(structure, &|next| tables[next].clone()));
        self.tables.insert(structure, table.clone());
        table
    }

    /// Solves every structure of positions with `claimed` plots or more
    /// claimed and counts the positions they cover.
    pub fn solve_claimed(&mut self, claimed: u32) -> Coverage {
        let mut coverage = Coverage::default();
        // Per structure, its wins, losses and draws among the states
        // before any pass (the positions proper).
        let mut tallies: HashMap<Structure, [u64; 3]> = HashMap::new();
        for_each_layout(claimed, |owned, orbit| {
            let Some((structure, _)) = Structure::of(owned) else {
                return;
            };
            if coverage.example_draw.is_none() {
                let table = self.solve(structure);
                let proper = table.values().len() / 2;
                if let Some(index) = table.values()[..proper].iter().position(|&v| v == 0) {
                    coverage.example_draw = Some(position_of(owned, index).to_fen());
                }
            }
            let tally = *tallies.entry(structure).or_insert_with(|| {
                let table = self.solve(structure);
                let values = table.values();
                let proper = &values[..values.len() / 2];
                let count = |f: fn(i16) -> bool| proper.iter().filter(|&&v| f(v)).count() as u64;
                [count(|v| v > 0), count(|v| v < 0), count(|v| v == 0)]
            });
            let open = u32::from(structure.open);
            coverage.layouts += orbit;
            coverage.positions += orbit * 7u64.pow(open) * 20 * 2;
            coverage.wins += orbit * tally[0];
            coverage.losses += orbit * tally[1];
            coverage.draws += orbit * tally[2];
        });
        coverage
    }

    /// The exact value of `position` if a solved structure covers it
    /// (4×4 only: every other size is `None`).
    pub fn lookup<const N: usize>(&self, position: &Wyke<N>) -> Option<KnownValue> {
        let markers = position.markers;
        if N != 4 || markers.contains(&NO_MARKER) || position.passes > 1 {
            return None;
        }
        let (structure, plots) = Structure::of(position.owned)?;
        let table = self.tables.get(&structure)?;
        let mut tiles = [0; MAX_OPEN];
        for (label, &plot) in plots.iter().enumerate().take(usize::from(structure.open)) {
            tiles[label] = position.tiles[usize::from(plot)];
        }
        let state = State {
            tiles,
            markers,
            side: position.side.index(),
            after_pass: position.passes == 1,
        };
        Some(match table.value(&state) {
            0 => KnownValue::Draw,
            v if v > 0 => KnownValue::Win(v as u32),
            v => KnownValue::Loss(v.unsigned_abs() as u32),
        })
    }

    /// Structures solved.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// States over every table solved.
    pub fn states(&self) -> usize {
        self.tables
            .keys()
            .map(|s| state_count(usize::from(s.open)))
            .sum()
    }

    /// The longest forced win among the tables, in plies.
    pub fn longest_win(&self) -> i16 {
        self.tables
            .values()
            .flat_map(|t| t.values().iter().copied())
            .max()
            .unwrap_or(0)
    }
}

/// The tables the engine plays from, once [`prepare`] has built them.
static ENGINE_TABLES: OnceLock<LateTables> = OnceLock::new();

/// Builds the tables of every position with at least [`LATE_CLAIMED`]
/// plots claimed if they are not built yet; returns once they are.
pub fn prepare() {
    ENGINE_TABLES.get_or_init(|| {
        let mut tables = LateTables::default();
        tables.solve_claimed(LATE_CLAIMED);
        tables
    });
}

/// The exact value of `position` from the tables [`prepare`] built:
/// `None` until they are, or where they do not reach (fewer than
/// [`LATE_CLAIMED`] plots claimed, a marker missing, another board size).
pub fn known_value<const N: usize>(position: &Wyke<N>) -> Option<KnownValue> {
    ENGINE_TABLES.get()?.lookup(position)
}

/// The position of claim layout `owned` in state `index` of its
/// structure.
fn position_of(owned: [u64; 2], index: usize) -> Wyke4 {
    let (structure, plots) = Structure::of(owned).expect("a layout of the table");
    let state = State::at(index, usize::from(structure.open));
    let mut position = Wyke4 {
        tiles: [0; MAX_PLOTS],
        side: if state.side == 0 {
            Player::First
        } else {
            Player::Second
        },
        markers: state.markers,
        passes: u8::from(state.after_pass),
        hash: 0,
        owned: [0; 2],
    };
    for plot in 0..16 {
        let claimed = if owned[0] & (1 << plot) != 0 { FULL } else { 0 };
        position.set_tiles(plot, claimed);
    }
    for (label, &plot) in plots.iter().enumerate().take(usize::from(structure.open)) {
        position.set_tiles(usize::from(plot), state.tiles[label]);
    }
    position.hash = position.compute_hash();
    position
}

/// Calls `f` with every claim layout of 4×4 Wyke (Builder's plots,
/// Destroyer's) with at least `claimed` plots claimed and at most
/// [`MAX_OPEN`] open, neither side at 7 or 4 ahead — one layout per orbit
/// under the square's symmetries, with the orbit's size.
fn for_each_layout(claimed: u32, mut f: impl FnMut([u64; 2], u64)) {
    // The image of a 16-plot mask under each symmetry, a byte at a time.
    let mut bytes = [[[0u16; 256]; 2]; SQUARE_SYMMETRIES];
    for (symmetry, halves) in bytes.iter_mut().enumerate() {
        for (half, table) in halves.iter_mut().enumerate() {
            for (byte, image) in table.iter_mut().enumerate() {
                for bit in (0..8).filter(|b| byte & (1 << b) != 0) {
                    let plot = half * 8 + bit;
                    let (file, rank) = square_map(4, symmetry, plot / 4, plot % 4);
                    *image |= 1 << (file * 4 + rank);
                }
            }
        }
    }
    let image = |mask: u64, symmetry: usize| -> u64 {
        let table = &bytes[symmetry];
        u64::from(table[0][(mask & 0xFF) as usize] | table[1][(mask >> 8 & 0xFF) as usize])
    };
    let fewest_open = 16 - 2 * 6; // more claimed than two sixes is decided
    let most_open = (16 - claimed.min(16)).min(MAX_OPEN as u32);
    for open in 0u64..1 << 16 {
        let k = open.count_ones();
        if k < fewest_open || k > most_open {
            continue;
        }
        let taken = !open & 0xFFFF;
        let mut builder = 0u64;
        loop {
            let destroyer = taken & !builder;
            let (b, d) = (builder.count_ones(), destroyer.count_ones());
            if b < 7 && d < 7 && b < d + 4 && d < b + 4 {
                let canonical = (1..SQUARE_SYMMETRIES)
                    .all(|s| (image(builder, s), image(destroyer, s)) >= (builder, destroyer));
                if canonical {
                    let mut orbit: Vec<(u64, u64)> = (0..SQUARE_SYMMETRIES)
                        .map(|s| (image(builder, s), image(destroyer, s)))
                        .collect();
                    orbit.sort_unstable();
                    orbit.dedup();
                    f([builder, destroyer], orbit.len() as u64);
                }
            }
            // The next subset of the taken plots.
            builder = builder.wrapping_sub(taken) & taken;
            if builder == 0 {
                break;
            }
        }
    }
}

/// The report of `ludus solve wyke-late`: the tables solved afresh.
pub fn report() -> String {
    let started = Instant::now();
    let mut tables = LateTables::default();
    let coverage = tables.solve_claimed(LATE_CLAIMED);
    let mut text = String::new();
    let _ = writeln!(
        text,
        "4x4 wyke positions with at least {LATE_CLAIMED} plots claimed, by retrograde analysis over their structures"
    );
    let _ = writeln!(text, "claim layouts (nobody winning): {}", coverage.layouts);
    let _ = writeln!(
        text,
        "positions (open plots' tiles, markers, side to move): {}",
        coverage.positions
    );
    let _ = writeln!(text, "wins for the side to move: {}", coverage.wins);
    let _ = writeln!(text, "losses for the side to move: {}", coverage.losses);
    let _ = writeln!(text, "draws: {}", coverage.draws);
    if let Some(fen) = &coverage.example_draw {
        let _ = writeln!(text, "a drawn position: {fen}");
    }
    let _ = writeln!(
        text,
        "structures solved: {} ({} states)",
        tables.len(),
        tables.states()
    );
    let _ = writeln!(text, "longest forced win: {} plies", tables.longest_win());
    let _ = write!(text, "solve time: {:.1} s", started.elapsed().as_secs_f64());
    text
}
