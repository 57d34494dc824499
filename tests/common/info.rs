//! What tests read of the engine's `info depth` lines.

/// What a test reads of an `info depth` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// Which line (1 = best).
    pub multipv: usize,
    /// The score, comparable across kinds: centipawns as they are, a
    /// forced win in m moves as 1 000 000 − m, a forced loss in m as
    /// −1 000 000 + m.
    pub score: i64,
    /// The score as written: `cp N` or `mate N`.
    pub score_text: String,
    /// Whether the score is only a bound (`lowerbound`/`upperbound`).
    pub bound: bool,
    /// The principal variation.
    pub pv: Vec<String>,
}

impl Info {
    /// The fields of an `info depth` line; `None` for any other line.
    pub fn parse(line: &str) -> Option<Info> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.get(..2) != Some(&["info", "depth"]) {
            return None;
        }
        let after = |key: &str| {
            let at = words.iter().position(|w| *w == key)?;
            words.get(at + 1).copied()
        };
        let number = |key: &str| after(key)?.parse::<i64>().ok();
        let kind = after("score")?;
        let score = match kind {
            "cp" => number("cp")?,
            "mate" => match number("mate")? {
                m if m > 0 => 1_000_000 - m,
                m => -1_000_000 - m,
            },
            _ => return None,
        };
        let score_text = format!("{kind} {}", after(kind)?);
        let pv_at = words.iter().position(|w| *w == "pv")?;
        Some(Info {
            depth: number("depth")? as u32,
            multipv: number("multipv")? as usize,
            score,
            score_text,
            bound: words.contains(&"lowerbound") || words.contains(&"upperbound"),
            pv: words[pv_at + 1..].iter().map(|w| w.to_string()).collect(),
        })
    }

    /// The line's first move.
    pub fn first_move(&self) -> &str {
        self.pv.first().map_or("", String::as_str)
    }
}

/// The `info depth` lines among `lines`, parsed.
pub fn infos(lines: &[String]) -> Vec<Info> {
    lines.iter().filter_map(|l| Info::parse(l)).collect()
}

/// The last `info depth` line among `lines`, parsed; panics if there is
/// none.
pub fn last_info(lines: &[String]) -> Info {
    infos(lines)
        .pop()
        .unwrap_or_else(|| panic!("no info depth line: {lines:#?}"))
}
