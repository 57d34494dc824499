//! A small PGN reader for the files `ludus match` writes (crates/arena's
//! pgn.rs): tag pairs, move numbers, moves in ludus notation, `{score/depth
//! time}` comments and the result. Moves are only split into words here;
//! the rules check them when the game is replayed.

use std::time::Duration;

use crate::info::Score;

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnGame {
    /// The tag pairs in file order.
    pub tags: Vec<(String, String)>,
    /// The moves with what their comment says.
    pub moves: Vec<PgnMove>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), if there was one.
    pub result: Option<String>,
}

impl PgnGame {
    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }
}

/// A move and the engine report its comment carried.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PgnMove {
    /// The move as written.
    pub text: String,
    /// The score (from the mover's side) and depth, if the comment had one.
    pub score: Option<(Score, Option<u32>)>,
    /// The time spent, if the comment had one.
    pub time: Option<Duration>,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game of `text`. A game is tag pairs followed by movetext;
/// an unterminated comment or tag is an error naming the line.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut in_moves = false;
    let mut comment: Option<String> = None;
    for (number, line) in text.lines().enumerate() {
        let mut rest = line.trim();
        if comment.is_none() && rest.starts_with('[') {
            if in_moves {
                games.push(std::mem::take(&mut game));
                in_moves = false;
            }
            game.tags.push(
                read_tag(rest)
                    .ok_or_else(|| format!("PGN line {}: malformed tag '{rest}'", number + 1))?,
            );
            continue;
        }
        while !rest.is_empty() {
            if let Some(open) = comment.as_mut() {
                match rest.split_once('}') {
                    Some((inside, after)) => {
                        open.push(' ');
                        open.push_str(inside);
                        let done = comment.take().unwrap_or_default();
                        attach_comment(&mut game, &done);
                        rest = after.trim_start();
                    }
                    None => {
                        open.push(' ');
                        open.push_str(rest);
                        rest = "";
                    }
                }
                continue;
            }
            if let Some(after) = rest.strip_prefix('{') {
                comment = Some(String::new());
                rest = after;
                continue;
            }
            if rest.starts_with(';') {
                break;
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{')
                .unwrap_or(rest.len());
            let (word, after) = rest.split_at(end);
            rest = after.trim_start();
            in_moves = true;
            read_word(&mut game, word);
        }
    }
    if comment.is_some() {
        return Err("PGN: a comment is not closed with '}'".to_string());
    }
    if in_moves || !game.tags.is_empty() {
        games.push(game);
    }
    Ok(games)
}

/// `[Name "value"]` with `\"` and `\\` escapes.
fn read_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, quoted) = inner.split_once(char::is_whitespace)?;
    let quoted = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// A word of movetext: a move number, a result, a NAG or a move.
fn read_word(game: &mut PgnGame, word: &str) {
    let number = word.trim_end_matches('.');
    if word.ends_with('.') && number.bytes().all(|b| b.is_ascii_digit()) {
        return;
    }
    if word.starts_with('$') {
        return;
    }
    if RESULTS.contains(&word) {
        game.result = Some(word.to_string());
        return;
    }
    game.moves.push(PgnMove {
        text: word.to_string(),
        ..PgnMove::default()
    });
}

/// The first comment after a move says `{+0.35/6 0.250s}`, `{+M2/5 …}` or
/// `{0.250s}`; other comments (the reason at the end) are kept out.
fn attach_comment(game: &mut PgnGame, comment: &str) {
    let Some(last) = game.moves.last_mut() else {
        return;
    };
    if last.score.is_some() || last.time.is_some() {
        return;
    }
    for word in comment.split_whitespace() {
        if let Some(seconds) = word.strip_suffix('s').and_then(|s| s.parse::<f64>().ok()) {
            if (0.0..1e9).contains(&seconds) {
                last.time = Some(Duration::from_secs_f64(seconds));
            }
        } else if let Some(score) = read_score(word) {
            last.score = Some(score);
        }
    }
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

    const MATCH: &str = "[Event \"test \\\"x\\\"\"]\n[Site \"?\"]\n[Game \"alak\"]\n\
        [FEN \"xxxx___oooo o\"]\n[SetUp \"1\"]\n\n\
        1... 4-5 {-0.35/6 0.250s} 2. 8-7 {+M2/5 0.250s} 2... 1-2 {0.250s}\n\
        {a loses on time} 0-1\n\n\
        [Event \"second\"]\n[Game \"wyke\"]\n\n\
        1. 2-1-1(b3,b1,d2) {+0.10/3\n 1.000s} *\n";

    #[test]
    fn games_of_a_match_file() {
        let games = read_games(MATCH).unwrap();
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(first.tag("event"), Some("test \"x\""));
        assert_eq!(first.tag("FEN"), Some("xxxx___oooo o"));
        let texts: Vec<&str> = first.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["4-5", "8-7", "1-2"]);
        assert_eq!(first.moves[0].score, Some((Score::Cp(-35), Some(6))));
        assert_eq!(first.moves[0].time, Some(Duration::from_millis(250)));
        assert_eq!(first.moves[1].score, Some((Score::Mate(2), Some(5))));
        assert_eq!(first.moves[2].score, None, "the reason is not a report");
        assert_eq!(first.result.as_deref(), Some("0-1"));
        let second = &games[1];
        assert_eq!(second.moves[0].text, "2-1-1(b3,b1,d2)");
        assert_eq!(second.moves[0].score, Some((Score::Cp(10), Some(3))));
        assert_eq!(second.result.as_deref(), Some("*"));
    }

    #[test]
    fn bad_input() {
        assert!(read_games("[Game alak]\n").is_err());
        assert!(read_games("1. 4-5 {never closed").is_err());
        assert_eq!(read_games("").unwrap(), []);
        let games = read_games("4-5 ; a comment\n8-7 $1 1/2-1/2").unwrap();
        assert_eq!(games[0].moves.len(), 2);
        assert_eq!(read_score("+x"), None);
        assert_eq!(read_score("-1.5/2"), Some((Score::Cp(-150), Some(2))));
    }
}
