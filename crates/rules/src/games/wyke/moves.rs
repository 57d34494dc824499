//! Wyke moves: the five move types, the canonical move value, its 32-bit
//! packing, and the text notation `2-1-1(b3,b1,d2)`.

use crate::game::GameMove;
use crate::text::counted;

/// The number of move types (markers stand on one of them).
pub const KINDS: usize = 5;
/// `1-1-1-1-1`: one tile on each of five plots (four in the 6-6 form).
pub const FIVE: u8 = 0;
/// `2-1-1`.
pub const TWO_ONE_ONE: u8 = 1;
/// `2-2`.
pub const TWO_TWO: u8 = 2;
/// `3-1`.
pub const THREE_ONE: u8 = 3;
/// `4`.
pub const FOUR: u8 = 4;
/// Not a move type: the pass of a side with no legal move.
pub const PASS: u8 = 5;

/// The filler for unused plot slots of a move (fits the 6 packing bits).
pub const NO_PLOT: u8 = 63;

/// The amounts of each move type, in notation order.
pub const AMOUNTS: [&[u8]; KINDS] = [&[1, 1, 1, 1, 1], &[2, 1, 1], &[2, 2], &[3, 1], &[4]];

/// Type names as the notation writes them.
pub const KIND_NAMES: [&str; KINDS] = ["1-1-1-1-1", "2-1-1", "2-2", "3-1", "4"];

/// The kind named `text`, if any.
pub fn kind_from_name(text: &str) -> Option<u8> {
    KIND_NAMES
        .iter()
        .position(|&name| name == text)
        .map(|kind| kind as u8)
}

/// A move. Plots (index `file * size + rank`, so numeric order is the
/// notation's sort order a1 < a2 < … ) are listed in the order of the type's
/// amounts, plots of equal amounts ascending, unused slots [`NO_PLOT`]; so
/// every move has exactly one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WykeMove {
    /// The move type, or [`PASS`].
    pub kind: u8,
    /// The plots, in the order of the amounts.
    pub plots: [u8; 5],
}

impl WykeMove {
    /// The pass.
    pub const PASS: WykeMove = WykeMove {
        kind: PASS,
        plots: [NO_PLOT; 5],
    };

    /// A move of `kind` on `plots` (already in canonical order).
    pub fn new(kind: u8, plots: &[u8]) -> WykeMove {
        let mut all = [NO_PLOT; 5];
        all[..plots.len()].copy_from_slice(plots);
        WykeMove { kind, plots: all }
    }

    /// The plots actually used.
    pub fn used(&self) -> &[u8] {
        let count = self.plots.iter().take_while(|&&p| p != NO_PLOT).count();
        &self.plots[..count]
    }

    /// The amount applied to the plot in slot `slot` (1 for the 6-6 form).
    pub fn amount(&self, slot: usize) -> u8 {
        AMOUNTS[usize::from(self.kind.min(FOUR))]
            .get(slot)
            .copied()
            .unwrap_or(0)
    }
}

// Packing: bit 31 clear = 1-1-1-1-1 with five 6-bit plots in bits 0..30;
// bit 31 set = another kind in bits 28..31 and up to three plots in 0..18.
impl GameMove for WykeMove {
    fn to_bits(self) -> u32 {
        let plot_bits = |count: usize| {
            (0..count).fold(0u32, |bits, i| {
                bits | u32::from(self.plots[i] & 63) << (6 * i)
            })
        };
        if self.kind == FIVE {
            plot_bits(5)
        } else {
            1 << 31 | u32::from(self.kind & 7) << 28 | plot_bits(3)
        }
    }

    fn from_bits(bits: u32) -> Self {
        let plot = |i: usize| ((bits >> (6 * i)) & 63) as u8;
        if bits >> 31 == 0 {
            WykeMove {
                kind: FIVE,
                plots: [plot(0), plot(1), plot(2), plot(3), plot(4)],
            }
        } else {
            WykeMove {
                kind: ((bits >> 28) & 7) as u8,
                plots: [plot(0), plot(1), plot(2), NO_PLOT, NO_PLOT],
            }
        }
    }
}

/// The name of plot `index` on a board of `size` files: `b3`.
pub fn plot_name(index: u8, size: usize) -> String {
    let file = (b'a' + index / size as u8) as char;
    format!("{file}{}", index % size as u8 + 1)
}

/// The plot named `text` (any case) on a board of `size` files.
pub fn parse_plot(text: &str, size: usize) -> Option<u8> {
    let mut chars = text.chars();
    let file = chars.next()?.to_ascii_lowercase();
    let digits = chars.as_str();
    // Only plain digits: `parse` alone would take `+3` and `03` too.
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    let file = (file as usize).checked_sub('a' as usize)?;
    if file >= size || !(1..=size).contains(&rank) {
        return None;
    }
    Some((file * size + rank - 1) as u8)
}

/// Writes a move in canonical notation.
pub fn format_move(mv: WykeMove, size: usize) -> String {
    if mv.kind == PASS {
        return "pass".to_string();
    }
    let plots: Vec<String> = mv.used().iter().map(|&p| plot_name(p, size)).collect();
    let name = KIND_NAMES.get(usize::from(mv.kind)).copied().unwrap_or("?");
    format!("{name}({})", plots.join(","))
}

/// Reads a move's text into a canonical move value; only the shape is
/// checked here (legality is the position's business).
pub fn parse_move_text(text: &str, size: usize) -> Result<WykeMove, String> {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("pass") {
        return Ok(WykeMove::PASS);
    }
    let malformed = || {
        format!(
            "malformed move '{text}': write a type and its plots, e.g. 2-1-1(b3,b1,d2), or pass"
        )
    };
    let (name, rest) = trimmed.split_once('(').ok_or_else(malformed)?;
    let list = rest.strip_suffix(')').ok_or_else(malformed)?;
    let kind = kind_from_name(name.trim()).ok_or_else(|| {
        format!(
            "unknown move type '{}' in '{text}': types are {}",
            name.trim(),
            KIND_NAMES.join(", ")
        )
    })?;
    let mut plots = Vec::new();
    for token in list.split(',') {
        let plot = parse_plot(token.trim(), size)
            .ok_or_else(|| format!("bad plot '{}' in move '{text}'", token.trim()))?;
        if plots.contains(&plot) {
            return Err(format!(
                "plot '{}' appears twice in move '{text}': each amount goes to a different plot",
                token.trim()
            ));
        }
        plots.push(plot);
    }
    let amounts = AMOUNTS[usize::from(kind)];
    let four_plot_form = kind == FIVE && plots.len() == 4;
    if plots.len() != amounts.len() && !four_plot_form {
        return Err(format!(
            "move '{text}': type {} takes {}, got {}",
            KIND_NAMES[usize::from(kind)],
            counted(amounts.len() as u64, "plot", "plots"),
            plots.len()
        ));
    }
    // Plots of equal amounts are interchangeable: sort each group.
    match kind {
        TWO_ONE_ONE => plots[1..].sort_unstable(),
        THREE_ONE | FOUR => {}
        _ => plots.sort_unstable(),
    }
    Ok(WykeMove::new(kind, &plots))
}
