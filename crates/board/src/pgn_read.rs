//! What the comments of a `ludus match` PGN say about a move: the
//! engine's score and depth and the time it took (`{+0.35/6 0.250s}`,
//! `{+M2/5 …}`, `{0.250s}`). The PGN itself is read by the arena's reader.

use std::time::Duration;

use ludus_rules::protocol::Score;

/// A move's score (from the mover's side) with its depth, and its time,
/// from the first of its comments that says either; the reason comment at
/// the end of a game says neither.
pub fn move_report(comments: &[String]) -> (Option<(Score, Option<u32>)>, Option<Duration>) {
    for comment in comments {
        let (mut score, mut time) = (None, None);
        for word in comment.split_whitespace() {
            if let Some(seconds) = word.strip_suffix('s').and_then(|s| s.parse::<f64>().ok()) {
                if (0.0..1e9).contains(&seconds) {
                    time = Some(Duration::from_secs_f64(seconds));
                }
            } else if let Some(read) = read_score(word) {
                score = Some(read);
            }
        }
        if score.is_some() || time.is_some() {
            return (score, time);
        }
    }
    (None, None)
}

/// The mover's clock after a move, from the `[%clk h:mm:ss]` of its
/// comments (as Lichess and the board write it).
pub fn move_clock(comments: &[String]) -> Option<Duration> {
    comments.iter().find_map(|comment| {
        let rest = comment.split("[%clk").nth(1)?;
        let text = rest.trim_start().split(']').next()?.trim();
        let mut seconds = 0.0;
        for part in text.split(':') {
            let value: f64 = part
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v >= 0.0)?;
            seconds = seconds * 60.0 + value;
        }
        (seconds < 1e9).then(|| Duration::from_secs_f64(seconds))
    })
}

/// `+0.35/6`, `-1.20`, `+M3/9`, `-M2`.
fn read_score(word: &str) -> Option<(Score, Option<u32>)> {
    let (score, depth) = match word.split_once('/') {
        Some((score, depth)) => (score, Some(depth.parse().ok()?)),
        None => (word, None),
    };
    let sign = match score.chars().next()? {
        '+' => 1,
        '-' => -1,
        _ => return None,
    };
    let body = &score[1..];
    let score = if let Some(moves) = body.strip_prefix('M') {
        Score::Mate(sign * moves.parse::<i32>().ok()?)
    } else {
        let pawns: f64 = body.parse().ok()?;
        if !pawns.is_finite() || pawns.abs() > 1e6 {
            return None;
        }
        Score::Cp(sign * (pawns * 100.0).round() as i32)
    };
    Some((score, depth))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn comments(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn scores_depths_and_times_of_match_comments() {
        assert_eq!(
            move_report(&comments(&["-0.35/6 0.250s"])),
            (
                Some((Score::Cp(-35), Some(6))),
                Some(Duration::from_millis(250))
            )
        );
        assert_eq!(
            move_report(&comments(&["+M2/5 0.250s"])).0,
            Some((Score::Mate(2), Some(5)))
        );
        assert_eq!(
            move_report(&comments(&["0.250s", "a loses on time"])),
            (None, Some(Duration::from_millis(250)))
        );
        assert_eq!(move_report(&comments(&["a loses on time"])), (None, None));
        assert_eq!(
            move_clock(&comments(&["+0.10/4 0.2s [%clk 0:02:58]"])),
            Some(Duration::from_secs(178))
        );
        assert_eq!(
            move_clock(&comments(&["[%clk 1:00:00.5]"])),
            Some(Duration::from_millis(3_600_500))
        );
        assert_eq!(move_clock(&comments(&["[%clk x]", "0.250s"])), None);
        assert_eq!(read_score("+x"), None);
        assert_eq!(read_score("-1.5/2"), Some((Score::Cp(-150), Some(2))));
    }
}
