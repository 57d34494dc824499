//! Small helpers for text: the wording of messages, and notation split
//! into its parts.

/// `count` and the noun in the number it needs: `1 checker`, `3 checkers`.
pub fn counted(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The `count` parts of `text` separated by '/' (the ranks of a board,
/// the columns of a rack); the error names the `whole` and its `parts`.
pub fn slashed<'a>(
    text: &'a str,
    count: usize,
    whole: &str,
    parts: &str,
) -> Result<Vec<&'a str>, String> {
    let split: Vec<&str> = text.split('/').collect();
    if split.len() != count {
        return Err(format!(
            "{whole} '{text}' has {} {parts}, needs {count} {parts} separated by '/'",
            split.len()
        ));
    }
    Ok(split)
}

#[cfg(test)]
mod tests {
    use super::{counted, slashed};

    #[test]
    fn slashed_parts_are_counted() {
        assert_eq!(slashed("a/b", 2, "board", "ranks"), Ok(vec!["a", "b"]));
        assert_eq!(
            slashed("a/b/c", 2, "board", "ranks").unwrap_err(),
            "board 'a/b/c' has 3 ranks, needs 2 ranks separated by '/'"
        );
    }

    #[test]
    fn singular_for_one_only() {
        assert_eq!(counted(1u8, "domino", "dominoes"), "1 domino");
        assert_eq!(counted(0u32, "domino", "dominoes"), "0 dominoes");
        assert_eq!(counted(2u64, "ply", "plies"), "2 plies");
    }
}
