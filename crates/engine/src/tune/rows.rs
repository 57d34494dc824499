//! Rows of varying length stored flat, one allocation for all: the
//! positions' sparse features of `ludus tune`, the network inputs of
//! `ludus-train`.

/// Rows of `T`: row `i` is `items[starts[i]..starts[i + 1]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows<T> {
    /// Where each row starts in `items`, and where the last one ends.
    starts: Vec<usize>,
    items: Vec<T>,
}

impl<T> Default for Rows<T> {
    fn default() -> Self {
        Rows {
            starts: vec![0],
            items: Vec::new(),
        }
    }
}

impl<T> Rows<T> {
    /// Appends a row of `items`.
    pub fn push(&mut self, items: impl IntoIterator<Item = T>) {
        self.items.extend(items);
        self.starts.push(self.items.len());
    }

    /// Row `i`.
    pub fn row(&self, i: usize) -> &[T] {
        &self.items[self.starts[i]..self.starts[i + 1]]
    }

    /// How many rows there are.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::Rows;

    #[test]
    fn rows_come_back_as_pushed_empty_ones_included() {
        let mut rows = Rows::default();
        assert!(rows.is_empty());
        rows.push([1, 2]);
        rows.push([]);
        rows.push([3]);
        assert_eq!(rows.len(), 3);
        assert_eq!(
            [rows.row(0), rows.row(1), rows.row(2)],
            [&[1, 2][..], &[], &[3]]
        );
    }
}
