//! PGN output: one game at a time, in ludus notation, with the engines'
//! `{score/depth time}` comments.

use std::time::Duration;

use super::referee::{GameRecord, PlayedMove};
use ludus_rules::Player;

/// The tags of one game that do not come from its record.
pub struct PgnHeader<'a> {
    /// `Event`.
    pub event: &'a str,
    /// `Round` (the game's number in the match).
    pub round: u32,
    /// The first mover's engine.
    pub white: &'a str,
    /// The second mover's engine.
    pub black: &'a str,
    /// The game's name (`Game` tag).
    pub game: &'a str,
    /// PGN `TimeControl` values of the first and second mover.
    pub time_controls: [String; 2],
    /// `Date`, as `YYYY.MM.DD`.
    pub date: &'a str,
    /// Further tags, after the standard ones (a game's counts, its pair's
    /// totals).
    pub extra: Vec<(String, String)>,
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The whole game as PGN text, ending with a blank line. A record whose
/// result is `Ongoing` is written unfinished: result `*`, termination
/// `unterminated`, no reason comment.
pub fn format_game(header: &PgnHeader, record: &GameRecord) -> String {
    let ongoing = record.result.is_none();
    let mut tags = vec![
        ("Event", header.event.to_string()),
        ("Site", "?".to_string()),
        ("Date", header.date.to_string()),
        ("Round", header.round.to_string()),
        ("White", header.white.to_string()),
        ("Black", header.black.to_string()),
        ("Result", record.result_text().to_string()),
        ("Game", header.game.to_string()),
    ];
    if !record.standard_start {
        tags.push(("FEN", record.start_fen.clone()));
        tags.push(("SetUp", "1".to_string()));
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    let termination = if ongoing {
        "unterminated"
    } else {
        record.termination.pgn()
    };
    tags.push(("Termination", termination.to_string()));
    let [white_tc, black_tc] = &header.time_controls;
    if white_tc == black_tc {
        tags.push(("TimeControl", white_tc.clone()));
    } else {
        tags.push(("WhiteTimeControl", white_tc.clone()));
        tags.push(("BlackTimeControl", black_tc.clone()));
    }
    let extra = header
        .extra
        .iter()
        .map(|(name, value)| (name.as_str(), value));
    let mut text = format_tags(
        tags.iter()
            .map(|(name, value)| (*name, value))
            .chain(extra)
            .map(|(name, value)| (name, value.as_str())),
    );

    let mut words: Vec<String> = Vec::new();
    let mut number = 1;
    let mut needs_number = true;
    for played in &record.moves {
        match played.mover {
            Player::First => words.push(format!("{number}.")),
            Player::Second if needs_number => words.push(format!("{number}...")),
            Player::Second => {}
        }
        words.push(played.text.clone());
        if let Some(comment) = move_comment(played) {
            words.push(comment);
        }
        // After a comment a second-player move takes its own number.
        needs_number = true;
        if played.mover == Player::Second {
            number += 1;
        }
    }
    if !ongoing {
        words.push(comment(&record.reason));
    }
    words.push(record.result_text().to_string());
    text.push_str(&wrap_movetext(&words));
    text
}

/// A move's comment: the engine's score (pawns with a sign, or `+M3` /
/// `-M2` for mates) and depth, the time it took, and the mover's clock
/// after it as Lichess writes it (`[%clk 0:02:58]`); `None` when there is
/// nothing to say.
fn move_comment(played: &PlayedMove) -> Option<String> {
    let mut parts = Vec::new();
    let report = played.report.as_ref();
    if let Some((score, depth)) = report.and_then(|r| r.exact_score().map(|s| (s.text(), r.depth)))
    {
        parts.push(match depth {
            Some(depth) => format!("{score}/{depth}"),
            None => score,
        });
    }
    if let Some(time) = played.time {
        parts.push(format!("{:.3}s", time.as_secs_f64()));
    }
    if let Some(clock) = played.clock {
        parts.push(format!("[%clk {}]", clock_text(clock)));
    }
    (!parts.is_empty()).then(|| format!("{{{}}}", parts.join(" ")))
}

/// A clock as `[%clk]` writes it: `h:mm:ss`, whole seconds (rounded down).
pub fn clock_text(clock: Duration) -> String {
    let seconds = clock.as_secs();
    format!(
        "{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

/// The tag section: one `[Name "value"]` line per tag, then a blank line.
pub fn format_tags<'a>(tags: impl IntoIterator<Item = (&'a str, &'a str)>) -> String {
    let mut text = String::new();
    for (name, value) in tags {
        text.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    text.push('\n');
    text
}

/// `{text}` as a PGN comment (which cannot hold a `}`).
pub fn comment(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ")"))
}

/// The movetext words in lines of at most 79 characters (a longer word
/// stands alone), ending with a blank line.
pub fn wrap_movetext(words: &[String]) -> String {
    let mut text = String::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    text
}

/// Today's date (UTC) as PGN writes it.
pub fn today() -> String {
    let days = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{PlayedMove, Termination};
    use ludus_rules::protocol::{InfoLine, Outcome, Score};

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    #[test]
    fn an_unfinished_game() {
        let record = GameRecord {
            start_fen: "xxxx___oooo x".to_string(),
            standard_start: true,
            moves: vec![PlayedMove {
                text: "4-5".to_string(),
                mover: Player::First,
                report: None,
                time: Some(Duration::ZERO),
                clock: None,
            }],
            result: None,
            reason: String::new(),
            termination: Termination::Normal,
            counts: None,
        };
        let header = PgnHeader {
            event: "board",
            round: 1,
            white: "person",
            black: "ludus",
            game: "alak",
            time_controls: ["-".to_string(), "-".to_string()],
            date: "2026.11.25",
            extra: Vec::new(),
        };
        let text = format_game(&header, &record);
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert!(text.contains("[Termination \"unterminated\"]"), "{text}");
        assert!(text.ends_with("1. 4-5 {0.000s} *\n\n"), "{text}");
    }

    #[test]
    fn untimed_moves_say_nothing_and_clocks_are_written_as_lichess_writes_them() {
        let played = |time, clock| PlayedMove {
            text: "4-5".to_string(),
            mover: Player::First,
            report: None,
            time,
            clock,
        };
        assert_eq!(move_comment(&played(None, None)), None, "a person's move");
        let clocked = played(None, Some(Duration::from_millis(178_900)));
        assert_eq!(move_comment(&clocked).as_deref(), Some("{[%clk 0:02:58]}"));
        let engine = played(
            Some(Duration::from_millis(250)),
            Some(Duration::from_secs(3723)),
        );
        assert_eq!(
            move_comment(&engine).as_deref(),
            Some("{0.250s [%clk 1:02:03]}")
        );
    }

    #[test]
    fn a_game_in_pgn() {
        let played = |text: &str, mover, report| PlayedMove {
            text: text.to_string(),
            mover,
            report,
            time: Some(Duration::from_millis(250)),
            clock: None,
        };
        let record = GameRecord {
            start_fen: "xxxx___oooo o".to_string(),
            standard_start: false,
            moves: vec![
                played(
                    "4-5",
                    Player::Second,
                    Some(InfoLine {
                        depth: Some(6),
                        score: Some(Score::Cp(-35)),
                        ..InfoLine::default()
                    }),
                ),
                played(
                    "8-7",
                    Player::First,
                    Some(InfoLine {
                        depth: Some(5),
                        score: Some(Score::Mate(2)),
                        ..InfoLine::default()
                    }),
                ),
                played("1-2", Player::Second, None),
            ],
            result: Some(Outcome::Win(Player::Second)),
            reason: "a loses on time".to_string(),
            termination: Termination::TimeForfeit,
            counts: None,
        };
        let header = PgnHeader {
            event: "test \"x\"",
            round: 3,
            white: "a",
            black: "b",
            game: "alak",
            time_controls: ["10+0.1".to_string(), "10+0.1".to_string()],
            date: "2026.11.22",
            extra: vec![("TokensLeft".to_string(), "3,7".to_string())],
        };
        let text = format_game(&header, &record);
        assert!(
            text.starts_with("[Event \"test \\\"x\\\"\"]\n[Site \"?\"]\n[Date \"2026.11.22\"]\n")
        );
        for tag in [
            "[Round \"3\"]",
            "[White \"a\"]",
            "[Black \"b\"]",
            "[Result \"0-1\"]",
            "[Game \"alak\"]",
            "[FEN \"xxxx___oooo o\"]",
            "[PlyCount \"3\"]",
            "[Termination \"time forfeit\"]",
            "[TimeControl \"10+0.1\"]\n[TokensLeft \"3,7\"]\n",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(text.lines().all(|line| line.len() <= 79));
        assert!(text.ends_with("0-1\n\n"));
        assert!(
            text.replace('\n', " ").contains(
                "1... 4-5 {-0.35/6 0.250s} 2. 8-7 {+M2/5 0.250s} 2... 1-2 {0.250s} {a loses on time} 0-1"
            ),
            "{text}"
        );
    }
}
