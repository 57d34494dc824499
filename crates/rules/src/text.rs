//! Small helpers for the wording of messages.

/// `count` and the noun in the number it needs: `1 checker`, `3 checkers`.
pub fn counted(count: impl Into<u64>, one: &str, many: &str) -> String {
    let count = count.into();
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn singular_for_one_only() {
        assert_eq!(counted(1u8, "domino", "dominoes"), "1 domino");
        assert_eq!(counted(0u32, "domino", "dominoes"), "0 dominoes");
        assert_eq!(counted(2u64, "ply", "plies"), "2 plies");
    }
}
