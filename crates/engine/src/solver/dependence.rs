//! What a disproof rests on above its node: the positions of the current
//! line its repetitions went back to (the graph-history interaction of
//! [`super::dfpn`]). A disproof is true wherever all of them are on the
//! line above it; with none above it, it is true on any line.

/// The most line positions a stored disproof may rest on.
pub const MAX_DEPENDENCIES: usize = 64;

/// The depths (on the current line, the root's line at 0) of the
/// positions a disproof's repetitions went back to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dependence {
    depths: [u32; MAX_DEPENDENCIES],
    len: u8,
    /// More depths than fit: the disproof cannot be stored.
    overflow: bool,
    /// The smallest depth of all, kept even on overflow.
    highest: u32,
}

impl Dependence {
    /// None: the disproof holds on any line.
    pub const NONE: Dependence = Dependence {
        depths: [0; MAX_DEPENDENCIES],
        len: 0,
        overflow: false,
        highest: u32::MAX,
    };

    /// A repetition of the line position at `depth`.
    pub fn at(depth: u32) -> Dependence {
        let mut dependence = Dependence::NONE;
        dependence.add(depth);
        dependence
    }

    fn add(&mut self, depth: u32) {
        self.highest = self.highest.min(depth);
        if self.depths[..usize::from(self.len)].contains(&depth) {
            return;
        }
        match self.depths.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = depth;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// Both dependences together (a disproof resting on two others).
    pub fn union(&self, other: &Dependence) -> Dependence {
        let mut union = *self;
        for &depth in other.depths() {
            union.add(depth);
        }
        union.overflow |= other.overflow;
        union.highest = union.highest.min(other.highest);
        union
    }

    /// The part above a node at `depth`: repetitions of the node itself or
    /// of positions below it lie inside its subtree, where a forced win
    /// would never go round, so its disproof does not rest on them.
    pub fn above(&self, depth: u32) -> Dependence {
        if self.highest >= depth {
            return Dependence::NONE;
        }
        let mut above = Dependence { len: 0, ..*self };
        for &d in self.depths() {
            if d < depth {
                above.depths[usize::from(above.len)] = d;
                above.len += 1;
            }
        }
        above
    }

    /// Whether the disproof holds on any line.
    pub fn is_none(&self) -> bool {
        self.highest == u32::MAX
    }

    /// The depths, unless there were more than fit.
    pub fn storable(&self) -> Option<&[u32]> {
        (!self.overflow).then(|| self.depths())
    }

    fn depths(&self) -> &[u32] {
        &self.depths[..usize::from(self.len)]
    }

    /// How much the disproof rests on: fewer positions, and higher up
    /// the line, is less (a better disproof to keep).
    pub fn weight(&self) -> (bool, u8, std::cmp::Reverse<u32>) {
        (self.overflow, self.len, std::cmp::Reverse(self.highest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dependences_combine_and_drop_what_lies_below_a_node() {
        let a = Dependence::at(3).union(&Dependence::at(7));
        assert_eq!(a.storable(), Some(&[3, 7][..]));
        assert_eq!(a.above(5).storable(), Some(&[3][..]));
        assert!(
            a.above(3).is_none(),
            "repetitions of the node itself are inside it"
        );
        let many = (0..MAX_DEPENDENCIES as u32 + 2)
            .fold(Dependence::NONE, |d, i| d.union(&Dependence::at(10 + i)));
        assert_eq!(many.storable(), None);
        assert!(many.above(10).is_none());
        assert!(!many.above(11).is_none());
        assert!(Dependence::NONE.weight() < a.weight());
    }
}
