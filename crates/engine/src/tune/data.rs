//! The training-data format `ludus datagen` writes and `ludus tune` reads.
//!
//! A text file, one record per line:
//!
//! ```text
//! # ludus datagen pylyx10
//! p 37 10/10/5A4/4a1b3/3a6/6A3/4aC1c2/10/5C4/10 w 0 0
//! p -12 10/10/5A4/4a1b3/3a6/6A3/4aC1c2/10/5C4/10 b 0 0
//! r 1-0
//! ```
//!
//! - the first line names the game;
//! - `p SCORE FEN`: a recorded position and the search's score of it, in
//!   centipawns from the side to move's view (forced results as the search
//!   scores them, beyond ±31 000);
//! - `r RESULT`: the end of a game, `1-0` (the first player won), `0-1` or
//!   `1/2-1/2`; every `p` line since the previous `r` line is from this
//!   game.
//!
//! A game is written whole, so an interrupted run leaves at most one
//! unfinished game at the end, which readers ignore and a resumed run cuts
//! off before appending.

use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use ludus_rules::protocol::Outcome;
use ludus_rules::Game;

/// One recorded position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sample {
    /// The position in the game's notation.
    pub fen: String,
    /// The search's score, from the side to move's view.
    pub score: i32,
}

/// One finished game: its recorded positions and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The recorded positions, in the order played.
    pub samples: Vec<Sample>,
    /// How the game ended.
    pub result: Outcome,
}

/// The first line of a file for `game`.
pub fn header(game: &str) -> String {
    format!("# ludus datagen {game}\n")
}

impl GameRecord {
    /// The game's lines, its result line last.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        for sample in &self.samples {
            let _ = writeln!(text, "p {} {}", sample.score, sample.fen);
        }
        let _ = writeln!(text, "r {}", self.result);
        text
    }
}

/// What a data file holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DataFile {
    /// The game named in the header.
    pub game: String,
    /// The finished games, in file order.
    pub games: Vec<GameRecord>,
    /// The length in bytes of the file up to the end of the last finished
    /// game (where a resumed run appends).
    pub complete_len: u64,
}

/// Parses a data file's text; the error names the line.
pub fn parse(text: &str) -> Result<DataFile, String> {
    let mut data = DataFile::default();
    let mut pending = Vec::new();
    let mut offset = 0u64;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        offset += line.len() as u64;
        let content = line.trim_end_matches(['\n', '\r']);
        if !line.ends_with('\n') {
            // A last line cut off mid-write: part of an unfinished game.
            break;
        }
        let at = |what: &str| format!("line {}: {what}", number + 1);
        if number == 0 {
            data.game = content
                .strip_prefix("# ludus datagen ")
                .ok_or_else(|| at("not a ludus datagen file (no '# ludus datagen GAME' header)"))?
                .trim()
                .to_string();
            data.complete_len = offset;
            continue;
        }
        if let Some(rest) = content.strip_prefix("p ") {
            let (score, fen) = rest
                .split_once(' ')
                .ok_or_else(|| at("a position line is 'p SCORE FEN'"))?;
            let score = score
                .parse()
                .map_err(|_| at(&format!("'{score}' is not a score")))?;
            pending.push(Sample {
                fen: fen.to_string(),
                score,
            });
        } else if let Some(result) = content.strip_prefix("r ") {
            let result = result.trim().parse::<Outcome>().map_err(|e| at(&e))?;
            data.games.push(GameRecord {
                samples: std::mem::take(&mut pending),
                result,
            });
            data.complete_len = offset;
        } else if !content.is_empty() {
            return Err(at(&format!("unexpected '{content}'")));
        }
    }
    if data.game.is_empty() {
        return Err("empty file: no '# ludus datagen GAME' header".to_string());
    }
    Ok(data)
}

/// Reads and parses a data file.
pub fn read(path: &Path) -> Result<DataFile, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&String::from_utf8_lossy(&bytes)).map_err(|e| format!("{}: {e}", path.display()))
}

/// What the data says of a recorded position, both from its side to
/// move's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    /// The search's score.
    pub score: i32,
    /// The game's result: 1, 0.5 or 0.
    pub result: f64,
}

/// Reads `files`, all `ludus datagen` data for `G`, and calls `visit` with
/// every recorded position in order and whether its game is held out of
/// the fit: one game in `every` (counted from 1 across the files, the
/// last of each run of `every`), so `ludus tune` and `ludus-train` hold
/// out the same games. Returns how many games were read; the error names
/// the file, and the position when one is not valid.
pub fn visit_samples<G: Game>(
    files: &[PathBuf],
    every: usize,
    mut visit: impl FnMut(&G, Label, bool),
) -> Result<usize, String> {
    let mut games = 0usize;
    for path in files {
        let file = read(path)?;
        if !file.game.eq_ignore_ascii_case(G::NAME) {
            return Err(format!(
                "{} holds {} data, not {}",
                path.display(),
                file.game,
                G::NAME
            ));
        }
        for game in &file.games {
            games += 1;
            let held_out = games.is_multiple_of(every);
            for sample in &game.samples {
                let position = G::from_fen(&sample.fen)
                    .map_err(|e| format!("{}: '{}': {e}", path.display(), sample.fen))?;
                let result = game.result.points(position.side_to_move());
                let label = Label {
                    score: sample.score,
                    result,
                };
                visit(&position, label, held_out);
            }
        }
    }
    Ok(games)
}

/// A data file open for appending finished games.
pub struct Writer {
    file: File,
}

impl Writer {
    /// Opens `path` for `game`: a new file gets its header; an existing one
    /// must be for the same game, loses any unfinished game at its end, and
    /// is returned with the games it already holds.
    pub fn open(path: &Path, game: &str) -> Result<(Writer, usize), String> {
        let show = path.display();
        let existing = match std::fs::metadata(path) {
            Ok(meta) if meta.len() > 0 => Some(read(path)?),
            Ok(_) => None,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("cannot read {show}: {e}")),
        };
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("cannot open {show}: {e}"))?;
        let mut writer = Writer { file };
        match existing {
            Some(data) => {
                if !data.game.eq_ignore_ascii_case(game) {
                    return Err(format!(
                        "{show} holds {} data, not {game}: choose another --out",
                        data.game
                    ));
                }
                writer
                    .file
                    .set_len(data.complete_len)
                    .map_err(|e| format!("cannot cut the unfinished game off {show}: {e}"))?;
                Ok((writer, data.games.len()))
            }
            None => {
                writer.write_text(&header(game), path)?;
                Ok((writer, 0))
            }
        }
    }

    /// Appends one finished game.
    pub fn append(&mut self, record: &GameRecord, path: &Path) -> Result<(), String> {
        self.write_text(&record.to_text(), path)
    }

    fn write_text(&mut self, text: &str, path: &Path) -> Result<(), String> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// Puts data files of one game together into `out`, a new file: the
/// files' finished games dealt round-robin (the first game of each file,
/// then the second of each, …), so the shards `1/N` to `N/N` of one
/// `ludus datagen` run, given in that order, come back in the run's own
/// order. Returns the games and positions written.
pub fn merge(files: &[&Path], out: &Path) -> Result<(usize, usize), String> {
    if out.exists() {
        return Err(format!("{} exists: merge into a new file", out.display()));
    }
    let data = files
        .iter()
        .map(|path| read(path))
        .collect::<Result<Vec<_>, _>>()?;
    let game = data
        .first()
        .map(|d| d.game.clone())
        .ok_or("no files to merge")?;
    if let Some((path, other)) = files
        .iter()
        .zip(&data)
        .find(|(_, d)| !d.game.eq_ignore_ascii_case(&game))
    {
        return Err(format!(
            "{} holds {} data, not {game}",
            path.display(),
            other.game
        ));
    }
    let (mut writer, _) = Writer::open(out, &game)?;
    let (mut games, mut positions) = (0, 0);
    let longest = data.iter().map(|d| d.games.len()).max().unwrap_or(0);
    for round in 0..longest {
        for record in data.iter().filter_map(|d| d.games.get(round)) {
            writer.append(record, out)?;
            games += 1;
            positions += record.samples.len();
        }
    }
    Ok((games, positions))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_rules::Player;

    fn record(result: Outcome, scores: &[i32]) -> GameRecord {
        GameRecord {
            samples: scores
                .iter()
                .map(|&score| Sample {
                    fen: format!("xx_o_{score} x"),
                    score,
                })
                .collect(),
            result,
        }
    }

    #[test]
    fn games_round_trip() {
        let games = vec![
            record(Outcome::Win(Player::First), &[12, -40, 31_990]),
            record(Outcome::Draw, &[]),
            record(Outcome::Win(Player::Second), &[0]),
        ];
        let mut text = header("alak");
        for game in &games {
            text.push_str(&game.to_text());
        }
        let data = parse(&text).unwrap();
        assert_eq!(data.game, "alak");
        assert_eq!(data.games, games);
        assert_eq!(data.complete_len, text.len() as u64);
    }

    #[test]
    fn an_unfinished_game_is_left_out() {
        let mut text = header("wyx");
        text.push_str(&record(Outcome::Draw, &[5]).to_text());
        let complete = text.len() as u64;
        text.push_str("p 7 some position\np 8 cut off mid-li");
        let data = parse(&text).unwrap();
        assert_eq!(data.games.len(), 1);
        assert_eq!(data.complete_len, complete);
    }

    #[test]
    fn bad_lines_are_named() {
        assert!(parse("").unwrap_err().contains("header"));
        assert!(parse("hello\n").unwrap_err().contains("line 1"));
        let bad = format!("{}p x fen\n", header("alak"));
        assert!(parse(&bad).unwrap_err().contains("line 2"));
        let bad = format!("{}r 2-0\n", header("alak"));
        assert!(parse(&bad).unwrap_err().contains("'2-0'"));
        let unfinished = format!("{}r *\n", header("alak"));
        assert_eq!(
            parse(&unfinished).unwrap_err(),
            "line 2: '*' is not a result (1-0, 0-1 or 1/2-1/2)"
        );
    }
}
