//! The 64 dominoes and the rack of 8 columns they are drawn from.
//!
//! A domino is an id 0..64: colour `id / 16` (0 up-left, 1 down-left,
//! 2 down-right, 3 up-right) and index `id % 16` inside the colour, read as
//! `dx = base_dx + index % 4`, `dy = base_dy + index / 4`. The four colours
//! are the four quarter turns of one 4×4 block, so all 64 jumps differ.

use crate::random::splitmix64;
use crate::text::slashed;

/// Dominoes in the whole set.
pub const DOMINOES: usize = 64;
/// Columns of the rack; columns `2c` and `2c + 1` hold colour `c`.
pub const COLUMNS: usize = 8;
/// Dominoes a column holds at the start (and at most).
pub const COLUMN_SIZE: usize = 8;

/// The smallest jump of each colour: (dx, dy) of its index 0.
const BASE: [(i8, i8); 4] = [(-3, 1), (-4, -3), (0, -4), (1, 0)];

/// The colours' names, for error messages.
pub const COLOUR_NAMES: [&str; 4] = ["up-left", "down-left", "down-right", "up-right"];

/// The jump (dx right, dy up) of a domino.
pub const fn jump(domino: u8) -> (i8, i8) {
    let (bx, by) = BASE[(domino / 16) as usize % 4];
    let index = (domino % 16) as i8;
    (bx + index % 4, by + index / 4)
}

/// The domino with this jump, if the set has one.
pub fn domino_with_jump(dx: i8, dy: i8) -> Option<u8> {
    (0..DOMINOES as u8).find(|&d| jump(d) == (dx, dy))
}

/// The colour of a domino (0..4).
pub const fn colour(domino: u8) -> usize {
    (domino / 16) as usize
}

/// Writes a domino as `+2-3` (2 right, 3 down); zero is `+0`.
pub fn format_domino(domino: u8) -> String {
    let (dx, dy) = jump(domino);
    format!("{}{}", signed(dx), signed(dy))
}

fn signed(value: i8) -> String {
    if value < 0 {
        format!("-{}", -value)
    } else {
        format!("+{value}")
    }
}

/// Reads a domino written as `+2-3`: two signed single digits.
pub fn parse_domino(text: &str) -> Result<u8, String> {
    let bytes = text.as_bytes();
    let component = |sign: u8, digit: u8| -> Option<i8> {
        let value = match digit {
            b'0'..=b'9' => (digit - b'0') as i8,
            _ => return None,
        };
        match sign {
            b'+' => Some(value),
            b'-' if value != 0 => Some(-value),
            _ => None,
        }
    };
    let parsed = match bytes {
        [s1, d1, s2, d2] => component(*s1, *d1).zip(component(*s2, *d2)),
        _ => None,
    };
    let (dx, dy) = parsed.ok_or_else(|| {
        format!(
            "malformed domino '{text}': write it as the signed jump dx dy, e.g. +2-3 (zero is +0)"
        )
    })?;
    domino_with_jump(dx, dy).ok_or_else(|| {
        format!("domino '{text}' is not in the set (no colour jumps {dx} right, {dy} up)")
    })
}

/// The rack: 8 columns, each stored top first so that a domino keeps its
/// index while the ones below it are taken; the bottom (available) domino of
/// column `c` is `columns[c][len[c] - 1]`. Slots past `len` are zero, so two
/// racks with the same dominoes compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rack {
    columns: [[u8; COLUMN_SIZE]; COLUMNS],
    len: [u8; COLUMNS],
}

impl Rack {
    /// A rack from columns listed bottom first; the caller has checked sizes
    /// (at most 8 per column).
    pub fn from_bottom_first(columns: &[Vec<u8>; COLUMNS]) -> Rack {
        let mut rack = Rack {
            columns: [[0; COLUMN_SIZE]; COLUMNS],
            len: [0; COLUMNS],
        };
        for (c, column) in columns.iter().enumerate() {
            for (i, &domino) in column.iter().rev().take(COLUMN_SIZE).enumerate() {
                rack.columns[c][i] = domino;
            }
            rack.len[c] = column.len().min(COLUMN_SIZE) as u8;
        }
        rack
    }

    /// A full rack with each colour's 16 dominoes shuffled into its two
    /// columns by a Fisher-Yates shuffle driven by SplitMix64 from `seed`.
    pub fn shuffled(seed: u64) -> Rack {
        let mut state = seed;
        let mut columns: [Vec<u8>; COLUMNS] = Default::default();
        for c in 0..4u8 {
            let mut set: Vec<u8> = (c * 16..c * 16 + 16).collect();
            for i in (1..set.len()).rev() {
                let (next, value) = splitmix64(state);
                state = next;
                let j = (value % (i as u64 + 1)) as usize;
                set.swap(i, j);
            }
            columns[2 * c as usize] = set[..8].to_vec();
            columns[2 * c as usize + 1] = set[8..].to_vec();
        }
        Rack::from_bottom_first(&columns)
    }

    /// The available domino of column `c`, if the column is not empty.
    #[inline]
    pub fn bottom(&self, c: usize) -> Option<u8> {
        let len = self.len[c] as usize;
        (len > 0).then(|| self.columns[c][len - 1])
    }

    /// The domino just above the bottom one of column `c` (the one the next
    /// player gets once the bottom one is taken).
    #[inline]
    pub fn second(&self, c: usize) -> Option<u8> {
        let len = self.len[c] as usize;
        (len > 1).then(|| self.columns[c][len - 2])
    }

    /// The column whose bottom domino is `domino`, if it is available.
    #[inline]
    pub fn column_of_available(&self, domino: u8) -> Option<usize> {
        let first = 2 * colour(domino);
        (first..first + 2).find(|&c| self.bottom(c) == Some(domino))
    }

    /// How many dominoes each column holds.
    #[inline]
    pub fn heights(&self) -> [u8; COLUMNS] {
        self.len
    }

    /// The domino of column `c` that is available once the column is down
    /// to `height` dominoes (1 up to its height now): the rack read as it
    /// will be, without taking anything.
    #[inline]
    pub fn available_at(&self, c: usize, height: u8) -> u8 {
        self.columns[c][usize::from(height) - 1]
    }

    /// Takes the bottom domino of column `c`; returns its index from the top
    /// (for hashing).
    #[inline]
    pub fn take(&mut self, c: usize) -> usize {
        let index = self.len[c] as usize - 1;
        self.columns[c][index] = 0;
        self.len[c] -= 1;
        index
    }

    /// Dominoes left in the rack.
    pub fn count(&self) -> usize {
        self.len.iter().map(|&l| l as usize).sum()
    }

    /// Whether the rack is empty.
    pub fn is_empty(&self) -> bool {
        self.len == [0; COLUMNS]
    }

    /// The dominoes of column `c`, top first.
    pub fn column_top_first(&self, c: usize) -> &[u8] {
        &self.columns[c][..self.len[c] as usize]
    }

    /// The rack notation: columns bottom first, `,` between dominoes, `/`
    /// between columns, `-` for an empty column.
    pub fn to_notation(&self) -> String {
        let columns: Vec<String> = (0..COLUMNS)
            .map(|c| {
                if self.len[c] == 0 {
                    "-".to_string()
                } else {
                    let column = self.column_top_first(c);
                    let names: Vec<String> =
                        column.iter().rev().map(|&d| format_domino(d)).collect();
                    names.join(",")
                }
            })
            .collect();
        columns.join("/")
    }

    /// Parses the rack notation; every domino must be in the set, in a column
    /// of its colour, and in the rack at most once.
    pub fn parse(text: &str) -> Result<Rack, String> {
        let parts = slashed(text, COLUMNS, "rack", "columns")?;
        let mut columns: [Vec<u8>; COLUMNS] = Default::default();
        let mut seen = [false; DOMINOES];
        for (c, part) in parts.iter().enumerate() {
            if *part == "-" {
                continue;
            }
            for name in part.split(',') {
                let domino =
                    parse_domino(name).map_err(|e| format!("rack column {}: {e}", c + 1))?;
                if colour(domino) != c / 2 {
                    return Err(format!(
                        "rack column {} holds {} dominoes, but {name} is {}",
                        c + 1,
                        COLOUR_NAMES[c / 2],
                        COLOUR_NAMES[colour(domino)]
                    ));
                }
                if seen[domino as usize] {
                    return Err(format!("domino {name} is in the rack twice"));
                }
                seen[domino as usize] = true;
                columns[c].push(domino);
            }
            if columns[c].len() > COLUMN_SIZE {
                return Err(format!(
                    "rack column {} holds {} dominoes; a column holds at most {COLUMN_SIZE}",
                    c + 1,
                    columns[c].len()
                ));
            }
        }
        Ok(Rack::from_bottom_first(&columns))
    }
}
