//! Reading the numbers of protocol lines and quoting what was sent, the
//! same way in every command, so errors read alike.

/// At most 40 characters of `text`, for error messages about huge input.
pub fn truncate(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Reads a whole number in `min..=max`; the error says whether `text` is
/// no whole number or one out of range, and then gives the range.
pub fn number(text: &str, min: i128, max: i128) -> Result<i128, String> {
    use std::num::IntErrorKind::{NegOverflow, PosOverflow};
    let out_of_range = || format!("{} is out of range {min}..{max}", truncate(text));
    match text.parse::<i128>() {
        Ok(value) if (min..=max).contains(&value) => Ok(value),
        Ok(_) => Err(out_of_range()),
        Err(e) if matches!(e.kind(), PosOverflow | NegOverflow) => Err(out_of_range()),
        Err(_) => Err(format!("'{}' is not a whole number", truncate(text))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_say_what_is_wrong() {
        assert_eq!(number("7", 0, 9), Ok(7));
        assert_eq!(number("10", 0, 9).unwrap_err(), "10 is out of range 0..9");
        assert_eq!(number("x", 0, 9).unwrap_err(), "'x' is not a whole number");
        let huge = "9".repeat(60);
        assert!(number(&huge, 0, 9).unwrap_err().contains("…"));
        assert_eq!(truncate("short"), "short");
    }
}
