//! The `go` command and the dialect's fixed words, as both sides of the
//! protocol see them: the engine parses a [`Go`], the match runner, the
//! analyser and the board write one, so no client spells `wtime` or
//! `uginewgame` itself.

use std::fmt::Write;
use std::time::Duration;

use super::words::{number, truncate};
use crate::perft::MAX_PERFT_DEPTH;

/// The protocol dialect a session speaks: UCI (`wtime`, `ucinewgame`) or
/// UGI (`p1time`, `uginewgame`). Both carry the same commands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The Universal Chess Interface's words.
    #[default]
    Uci,
    /// The Universal Game Interface's words.
    Ugi,
}

impl Dialect {
    /// The dialect a handshake word (`uci`, `ugi`) opens, if it is one.
    pub fn from_word(word: &str) -> Option<Dialect> {
        match word {
            "uci" => Some(Dialect::Uci),
            "ugi" => Some(Dialect::Ugi),
            _ => None,
        }
    }

    /// The client's first word: `uci` or `ugi`.
    pub fn handshake(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ugi => "ugi",
        }
    }

    /// The engine's answer that ends its handshake: `uciok` or `ugiok`.
    pub fn handshake_done(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        }
    }

    /// The word that starts a new game: `ucinewgame` or `uginewgame`.
    pub fn new_game(self) -> &'static str {
        match self {
            Dialect::Uci => "ucinewgame",
            Dialect::Ugi => "uginewgame",
        }
    }

    /// The `go` words of `player`'s (0 first, 1 second) time and
    /// increment.
    fn clock_words(self, player: usize) -> [&'static str; 2] {
        match (self, player) {
            (Dialect::Uci, 0) => ["wtime", "winc"],
            (Dialect::Uci, _) => ["btime", "binc"],
            (Dialect::Ugi, 0) => ["p1time", "p1inc"],
            (Dialect::Ugi, _) => ["p2time", "p2inc"],
        }
    }
}

/// One player's clock as `go` states it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerTime {
    /// Time left on the clock.
    pub left: Duration,
    /// Time added after each move.
    pub increment: Duration,
}

/// A `go` command: every limit it may carry. Several may be set; the
/// engine stops at the first one reached.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// Each player's clock, the first player's first (`wtime`/`p1time`
    /// with its increment); `None` where its time is not given.
    pub clocks: [Option<PlayerTime>; 2],
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
    /// Search to this depth in plies.
    pub depth: Option<u32>,
    /// Search this many nodes.
    pub nodes: Option<u64>,
    /// Spend this long on the move.
    pub movetime: Option<Duration>,
    /// Stop at a forced win in at most this many moves.
    pub mate: Option<u32>,
    /// Count leaves to this depth instead of searching.
    pub perft: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the search to these root moves, as written.
    pub search_moves: Vec<String>,
}

impl Go {
    /// A `go` with a fixed time for the move.
    pub fn movetime(time: Duration) -> Go {
        Go {
            movetime: Some(time),
            ..Go::default()
        }
    }

    /// A `go` to a fixed depth.
    pub fn depth(plies: u32) -> Go {
        Go {
            depth: Some(plies),
            ..Go::default()
        }
    }

    /// A `go` of a fixed node count.
    pub fn nodes(nodes: u64) -> Go {
        Go {
            nodes: Some(nodes),
            ..Go::default()
        }
    }

    /// A `go infinite`.
    pub fn infinite() -> Go {
        Go {
            infinite: true,
            ..Go::default()
        }
    }

    /// Parses the words after `go`; UCI and UGI clock words are both read.
    /// An error names the bad word: an unknown parameter, a missing or
    /// out-of-range number, a parameter given twice.
    pub fn parse(words: &[&str]) -> Result<Go, String> {
        let mut go = Go::default();
        let (mut times, mut increments) = ([None; 2], [None; 2]);
        let mut given: Vec<&str> = Vec::new();
        let mut words = words.iter().copied().peekable();
        while let Some(word) = words.next() {
            check_once(&mut given, word)?;
            let mut value = |min: i128, max: i128| -> Result<i128, String> {
                let text = words
                    .next()
                    .ok_or_else(|| format!("go {word}: a number is missing"))?;
                number(text, min, max).map_err(|e| format!("go {word}: {e}"))
            };
            // Clocks may arrive negative from a GUI whose flag fell: that
            // is no time left, not an error.
            let mut time = || {
                value(i64::MIN.into(), i64::MAX.into())
                    .map(|t| Duration::from_millis(t.max(0) as u64))
            };
            match word {
                "wtime" | "p1time" => times[0] = Some(time()?),
                "btime" | "p2time" => times[1] = Some(time()?),
                "winc" | "p1inc" => increments[0] = Some(time()?),
                "binc" | "p2inc" => increments[1] = Some(time()?),
                "movestogo" => go.moves_to_go = Some(value(1, u32::MAX.into())? as u32),
                "depth" => go.depth = Some(value(1, u32::MAX.into())? as u32),
                "nodes" => go.nodes = Some(value(1, u64::MAX.into())? as u64),
                "movetime" => {
                    go.movetime = Some(Duration::from_millis(value(1, u64::MAX.into())? as u64))
                }
                "mate" => go.mate = Some(value(1, u32::MAX.into())? as u32),
                "perft" => go.perft = Some(value(0, MAX_PERFT_DEPTH.into())? as u32),
                "infinite" => go.infinite = true,
                "ponder" => go.ponder = true,
                "searchmoves" => {
                    while let Some(mv) = words.next_if(|w| !is_keyword(w)) {
                        go.search_moves.push(mv.to_string());
                    }
                    if go.search_moves.is_empty() {
                        return Err("go searchmoves: no move given".to_string());
                    }
                }
                _ => return Err(format!("go: unknown parameter '{}'", truncate(word))),
            }
        }
        go.clocks = [0, 1].map(|player| {
            times[player].map(|left| PlayerTime {
                left,
                increment: increments[player].unwrap_or_default(),
            })
        });
        Ok(go)
    }

    /// The command line in `dialect`, `go` first; times in whole
    /// milliseconds (a fixed move time of at least 1).
    pub fn to_line(&self, dialect: Dialect) -> String {
        let mut line = String::from("go");
        let mut put = |word: &str, value: &dyn std::fmt::Display| {
            let _ = write!(line, " {word} {value}");
        };
        for (player, clock) in self.clocks.iter().enumerate() {
            if let Some(clock) = clock {
                let [time, increment] = dialect.clock_words(player);
                put(time, &clock.left.as_millis());
                put(increment, &clock.increment.as_millis());
            }
        }
        if let Some(moves) = self.moves_to_go {
            put("movestogo", &moves);
        }
        if let Some(time) = self.movetime {
            put("movetime", &time.as_millis().max(1));
        }
        if let Some(nodes) = self.nodes {
            put("nodes", &nodes);
        }
        if let Some(depth) = self.depth {
            put("depth", &depth);
        }
        if let Some(moves) = self.mate {
            put("mate", &moves);
        }
        if let Some(depth) = self.perft {
            put("perft", &depth);
        }
        for (set, word) in [(self.infinite, "infinite"), (self.ponder, "ponder")] {
            if set {
                line.push(' ');
                line.push_str(word);
            }
        }
        if !self.search_moves.is_empty() {
            line.push_str(" searchmoves ");
            line.push_str(&self.search_moves.join(" "));
        }
        line
    }
}

/// Records a `go` keyword, refusing one whose parameter was given already
/// (`wtime` and `p1time` are one parameter). Other words pass.
fn check_once<'a>(given: &mut Vec<&'a str>, word: &'a str) -> Result<(), String> {
    if !is_keyword(word) {
        return Ok(());
    }
    if let Some(&earlier) = given.iter().find(|&&w| parameter(w) == parameter(word)) {
        return Err(if earlier == word {
            format!("go: '{word}' is given twice")
        } else {
            format!("go: '{word}' and '{earlier}' are the same parameter, given twice")
        });
    }
    given.push(word);
    Ok(())
}

/// The parameter a `go` word sets: UCI and UGI names of one clock are one
/// parameter.
fn parameter(word: &str) -> &str {
    match word {
        "wtime" => "p1time",
        "btime" => "p2time",
        "winc" => "p1inc",
        "binc" => "p2inc",
        other => other,
    }
}

fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "p1time"
            | "p2time"
            | "p1inc"
            | "p2inc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "movetime"
            | "mate"
            | "perft"
            | "infinite"
            | "ponder"
            | "searchmoves"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Result<Go, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        Go::parse(&words)
    }

    #[test]
    fn a_written_go_reads_back_the_same_in_both_dialects() {
        let ms = Duration::from_millis;
        let full = Go {
            clocks: [
                Some(PlayerTime {
                    left: ms(1500),
                    increment: ms(500),
                }),
                Some(PlayerTime {
                    left: ms(0),
                    increment: ms(0),
                }),
            ],
            moves_to_go: Some(39),
            depth: Some(7),
            nodes: Some(1000),
            movetime: Some(ms(200)),
            mate: Some(3),
            perft: Some(2),
            infinite: true,
            ponder: true,
            search_moves: vec!["4-5".into(), "a1".into()],
        };
        let one_clock = Go {
            clocks: [
                None,
                Some(PlayerTime {
                    left: ms(9),
                    increment: ms(1),
                }),
            ],
            ..Go::default()
        };
        for go in [full, one_clock, Go::default(), Go::infinite(), Go::depth(3)] {
            for dialect in [Dialect::Uci, Dialect::Ugi] {
                let line = go.to_line(dialect);
                let words: Vec<&str> = line.split_whitespace().collect();
                assert_eq!(words[0], "go");
                assert_eq!(Go::parse(&words[1..]), Ok(go.clone()), "{line}");
            }
        }
    }

    #[test]
    fn lines_are_written_in_each_dialects_words() {
        let ms = Duration::from_millis;
        let clocks = [
            Some(PlayerTime {
                left: ms(1500),
                increment: ms(500),
            }),
            Some(PlayerTime {
                left: ms(2500),
                increment: ms(500),
            }),
        ];
        let go = Go {
            clocks,
            moves_to_go: Some(39),
            ..Go::default()
        };
        for (go, uci, ugi) in [
            (
                go,
                "go wtime 1500 winc 500 btime 2500 binc 500 movestogo 39",
                "go p1time 1500 p1inc 500 p2time 2500 p2inc 500 movestogo 39",
            ),
            (
                Go::movetime(Duration::from_micros(10)),
                "go movetime 1",
                "go movetime 1",
            ),
        ] {
            assert_eq!(go.to_line(Dialect::Uci), uci);
            assert_eq!(go.to_line(Dialect::Ugi), ugi);
        }
    }

    #[test]
    fn both_dialects_clock_words_are_read_and_negative_time_is_none_left() {
        let go = parse("p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 5").unwrap();
        assert_eq!(go.clocks[1].unwrap().left, Duration::from_millis(2000));
        assert_eq!(go.moves_to_go, Some(5));
        let go = parse("wtime -50 btime 2000 searchmoves 4-5 3-5 depth 3").unwrap();
        assert_eq!(go.clocks[0].unwrap().left, Duration::ZERO);
        assert_eq!(go.search_moves, ["4-5", "3-5"]);
        assert_eq!(go.depth, Some(3));
    }

    #[test]
    fn bad_go_words_are_refused_with_a_reason() {
        for (line, reason) in [
            ("depth", "a number is missing"),
            ("depth x", "not a whole number"),
            ("depth 0", "out of range"),
            ("perft 65", "out of range"),
            ("nodes -5", "out of range"),
            ("sideways", "unknown parameter"),
            ("searchmoves", "no move given"),
            ("depth 3 depth 4", "given twice"),
            ("wtime 5 p1time 6", "the same parameter"),
        ] {
            let error = parse(line).unwrap_err();
            assert!(error.contains(reason), "{line}: {error}");
        }
    }

    #[test]
    fn handshake_words_name_their_dialect() {
        for dialect in [Dialect::Uci, Dialect::Ugi] {
            assert_eq!(Dialect::from_word(dialect.handshake()), Some(dialect));
            assert!(dialect.handshake_done().starts_with(dialect.handshake()));
            assert!(dialect.new_game().starts_with(dialect.handshake()));
        }
        assert_eq!(Dialect::from_word("xboard"), None);
    }
}
