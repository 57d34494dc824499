//! Writing observations ([`crate::Game::observe`]): a plane-major,
//! row-major buffer of values in 0..=1, filled plane by plane.

/// An observation buffer being written: `planes × rows × columns` values,
/// all 0 until set.
pub struct Planes<'a> {
    out: &'a mut [f32],
    columns: usize,
    area: usize,
}

impl<'a> Planes<'a> {
    /// Clears `out` for an observation of `shape` ([planes, rows, columns]).
    /// Panics if the length is not the product of the shape: the caller
    /// sized its buffer wrongly (a bug, not bad input).
    pub fn new(out: &'a mut [f32], shape: [usize; 3]) -> Planes<'a> {
        let [planes, rows, columns] = shape;
        assert_eq!(
            out.len(),
            planes * rows * columns,
            "an observation buffer holds {planes}×{rows}×{columns} values"
        );
        out.fill(0.0);
        Planes {
            out,
            columns,
            area: rows * columns,
        }
    }

    /// Sets one value (clamped to 0..=1).
    pub fn set(&mut self, plane: usize, row: usize, column: usize, value: f32) {
        self.out[plane * self.area + row * self.columns + column] = value.clamp(0.0, 1.0);
    }

    /// Sets every value of `plane` to `value` (clamped to 0..=1): a scalar
    /// feature as a constant plane.
    pub fn fill(&mut self, plane: usize, value: f32) {
        let start = plane * self.area;
        self.out[start..start + self.area].fill(value.clamp(0.0, 1.0));
    }

    /// Sets 1 in `plane` at each set bit of `mask`, bit `row * columns +
    /// column` (masks over a board numbered row-major; bits past the
    /// plane would spill into the next one, so callers keep below it).
    pub fn mask(&mut self, plane: usize, mut mask: u64) {
        while mask != 0 {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            self.out[plane * self.area + bit] = 1.0;
        }
    }
}

/// A count as a share of its most, for an observation (0 when `most` is 0).
pub fn share(count: impl Into<f64>, most: impl Into<f64>) -> f32 {
    let most = most.into();
    if most > 0.0 {
        (count.into() / most) as f32
    } else {
        0.0
    }
}
