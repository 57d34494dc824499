//! Parsing protocol lines into commands. Pure text work: nothing here knows a
//! game; moves and positions stay strings until the session reads them.

use std::time::Duration;

use ludus_rules::perft::MAX_PERFT_DEPTH;
use ludus_rules::protocol::words::{number, truncate};
use ludus_rules::protocol::PositionCommand;

use crate::search::{Clock, Limits};

/// The parameters of `go`: the search limits they set, with both players'
/// clocks (the search takes the mover's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Each player's clock, the first player's first (`wtime`/`p1time`
    /// with its increment and `movestogo`); `None` where its time is not
    /// given.
    pub clocks: [Option<Clock>; 2],
    /// The limits (`depth`, `nodes`, `movetime`, `mate`, `infinite`,
    /// `ponder`) but the clock.
    pub limits: Limits,
    /// Count leaves to this depth instead of searching.
    pub perft: Option<u32>,
    /// Restrict the search to these root moves.
    pub search_moves: Vec<String>,
}

/// Which moves `query moves` and `query movecount` take: every word must
/// match the move's notation (letter case aside). A word ending in `*`
/// matches the moves that start with the rest (`2-1-1*`); any other word
/// matches the moves that have it as a token, the tokens being the runs of
/// letters and digits (`b3` in `2-1-1(b3,b1,d2)`, `e5` in `e5-h8/2`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFilter {
    /// The words, in lower case.
    words: Vec<String>,
}

impl MoveFilter {
    /// The filter of `words`; an error for a word with a `*` before its end.
    pub fn new(words: &[&str]) -> Result<Self, String> {
        let words: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
        if let Some(bad) = words.iter().find(|w| {
            let body = w.strip_suffix('*').unwrap_or(w);
            body.is_empty() || body.contains('*')
        }) {
            return Err(format!(
                "query: bad move filter '{}': a token (e.g. b3) or a prefix ending in * (e.g. 2-1-1*)",
                truncate(bad)
            ));
        }
        Ok(MoveFilter { words })
    }

    /// Whether the move written `text` passes.
    pub fn matches(&self, text: &str) -> bool {
        if self.words.is_empty() {
            return true;
        }
        let text = text.to_lowercase();
        self.words.iter().all(|word| match word.strip_suffix('*') {
            Some(prefix) => text.starts_with(prefix),
            None => text
                .split(|c: char| !c.is_alphanumeric())
                .any(|token| token == word),
        })
    }
}

/// A UGI `query`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// Is the game over?
    GameOver,
    /// Is it the first player's turn?
    P1Turn,
    /// The result: p1win, p2win, draw or none.
    Result,
    /// The position notation.
    Fen,
    /// The legal moves that pass the filter.
    Moves(MoveFilter),
    /// How many legal moves pass the filter.
    MoveCount(MoveFilter),
}

/// One protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: handshake in the UCI dialect.
    Uci,
    /// `ugi`: handshake in the UGI dialect.
    Ugi,
    /// `isready`.
    IsReady,
    /// `debug on|off` (accepted, no effect).
    Debug,
    /// `setoption name N [value V]`.
    SetOption {
        /// The option's name.
        name: String,
        /// The value, absent for buttons.
        value: Option<String>,
    },
    /// `ucinewgame` or `uginewgame`.
    NewGame,
    /// `position startpos|fen F|random S [moves …]`.
    Position(PositionCommand),
    /// `go …`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: draw the board.
    Display,
    /// `query …`.
    Query(Query),
}

/// Parses one line. `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = tokens.split_first() else {
        return Ok(None);
    };
    let no_arguments = |command: Command| {
        if rest.is_empty() {
            Ok(command)
        } else {
            Err(format!(
                "'{head}' takes no arguments, got '{}'",
                rest.join(" ")
            ))
        }
    };
    let command = match head {
        "uci" => no_arguments(Command::Uci)?,
        "ugi" => no_arguments(Command::Ugi)?,
        "isready" => no_arguments(Command::IsReady)?,
        "ucinewgame" | "uginewgame" => no_arguments(Command::NewGame)?,
        "stop" => no_arguments(Command::Stop)?,
        "ponderhit" => no_arguments(Command::PonderHit)?,
        "quit" => no_arguments(Command::Quit)?,
        "d" => no_arguments(Command::Display)?,
        "debug" => match rest {
            ["on"] | ["off"] => Command::Debug,
            _ => return Err("usage: debug on|off".to_string()),
        },
        "setoption" => parse_setoption(rest)?,
        "position" => Command::Position(PositionCommand::parse(rest)?),
        "go" => Command::Go(parse_go(rest)?),
        "query" => Command::Query(match rest {
            ["gameover"] => Query::GameOver,
            ["p1turn"] => Query::P1Turn,
            ["result"] => Query::Result,
            ["fen"] => Query::Fen,
            ["moves", filter @ ..] => Query::Moves(MoveFilter::new(filter)?),
            ["movecount", filter @ ..] => Query::MoveCount(MoveFilter::new(filter)?),
            _ => {
                return Err(format!(
                    "unknown query '{}': use gameover, p1turn, result, fen, moves or movecount",
                    truncate(&rest.join(" "))
                ))
            }
        }),
        _ => return Err(format!("unknown command '{}'", truncate(head))),
    };
    Ok(Some(command))
}

fn parse_setoption(rest: &[&str]) -> Result<Command, String> {
    let usage = "usage: setoption name <name> [value <value>]";
    let ["name", words @ ..] = rest else {
        return Err(usage.to_string());
    };
    let split = words.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(at) => (&words[..at], Some(words[at + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err(usage.to_string());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

/// The parameter a `go` word sets: UCI and UGI names of one clock are one
/// parameter.
fn go_parameter(word: &str) -> &str {
    match word {
        "wtime" => "p1time",
        "btime" => "p2time",
        "winc" => "p1inc",
        "binc" => "p2inc",
        other => other,
    }
}

fn parse_go(rest: &[&str]) -> Result<GoParams, String> {
    let mut go = GoParams::default();
    // Milliseconds per player, the first player's first.
    let (mut times, mut increments) = ([None; 2], [None; 2]);
    let mut moves_to_go = None;
    let mut given: Vec<&str> = Vec::new();
    let mut words = rest.iter().copied().peekable();
    while let Some(word) = words.next() {
        if is_go_keyword(word) {
            if let Some(&earlier) = given
                .iter()
                .find(|&&w| go_parameter(w) == go_parameter(word))
            {
                return Err(if earlier == word {
                    format!("go: '{word}' is given twice")
                } else {
                    format!("go: '{word}' and '{earlier}' are the same parameter, given twice")
                });
            }
            given.push(word);
        }
        let mut value = |min: i128, max: i128| -> Result<i128, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("go {word}: a number is missing"))?;
            number(text, min, max).map_err(|e| format!("go {word}: {e}"))
        };
        // Clocks may arrive negative from a GUI whose flag fell: that is no
        // time left, not an error.
        let mut time = || value(i64::MIN.into(), i64::MAX.into()).map(|t| t.max(0) as u64);
        let limits = &mut go.limits;
        match word {
            "wtime" | "p1time" => times[0] = Some(time()?),
            "btime" | "p2time" => times[1] = Some(time()?),
            "winc" | "p1inc" => increments[0] = Some(time()?),
            "binc" | "p2inc" => increments[1] = Some(time()?),
            "movestogo" => moves_to_go = Some(value(1, u32::MAX.into())? as u32),
            "depth" => limits.depth = Some(value(1, u32::MAX.into())? as u32),
            "nodes" => limits.nodes = Some(value(1, u64::MAX.into())? as u64),
            "movetime" => {
                let millis = value(1, u64::MAX.into())? as u64;
                limits.movetime = Some(Duration::from_millis(millis));
            }
            "mate" => limits.mate = Some(value(1, u32::MAX.into())? as u32),
            "perft" => go.perft = Some(value(0, MAX_PERFT_DEPTH.into())? as u32),
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                while let Some(&mv) = words.peek() {
                    if is_go_keyword(mv) {
                        break;
                    }
                    go.search_moves.push(mv.to_string());
                    words.next();
                }
                if go.search_moves.is_empty() {
                    return Err("go searchmoves: no move given".to_string());
                }
            }
            _ => return Err(format!("go: unknown parameter '{}'", truncate(word))),
        }
    }
    go.clocks = [0, 1].map(|player| {
        times[player].map(|left| Clock {
            time_left: Duration::from_millis(left),
            increment: Duration::from_millis(increments[player].unwrap_or(0)),
            moves_to_go,
        })
    });
    Ok(go)
}

fn is_go_keyword(word: &str) -> bool {
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
    use ludus_rules::protocol::PositionBase;

    #[test]
    fn parses_position_with_fen_and_moves() {
        let command = parse("position fen xxxx___oooo   x moves 4-5 8-7")
            .unwrap()
            .unwrap();
        assert_eq!(
            command,
            Command::Position(PositionCommand {
                base: PositionBase::Fen("xxxx___oooo x".into()),
                moves: vec!["4-5".into(), "8-7".into()],
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen moves 1-2").is_err());
        assert!(parse("position startpos extra").is_err());
    }

    #[test]
    fn parses_go_in_both_dialects() {
        let Command::Go(go) = parse("go p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 5")
            .unwrap()
            .unwrap()
        else {
            panic!("not go");
        };
        let clock = |time, increment| Clock {
            time_left: Duration::from_millis(time),
            increment: Duration::from_millis(increment),
            moves_to_go: Some(5),
        };
        assert_eq!(go.clocks, [Some(clock(1000, 10)), Some(clock(2000, 20))]);
        let Command::Go(go) = parse("go wtime -50 btime 2000 searchmoves 4-5 3-5 depth 3")
            .unwrap()
            .unwrap()
        else {
            panic!("not go");
        };
        let p1_time = go.clocks[0].map(|clock| clock.time_left);
        assert_eq!((p1_time, go.limits.depth), (Some(Duration::ZERO), Some(3)));
        assert_eq!(go.search_moves, ["4-5", "3-5"]);
        for bad in [
            "go depth",
            "go depth x",
            "go depth 0",
            "go perft 65",
            "go perft 4000000000",
            "go depth 4294967296",
            "go nodes -5",
            "go sideways",
            "go searchmoves",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn numbers_out_of_range_say_so_and_give_the_range() {
        let error = |line: &str| parse(line).unwrap_err();
        assert_eq!(
            error("go depth 99999999999999999999"),
            "go depth: 99999999999999999999 is out of range 1..4294967295"
        );
        assert_eq!(
            error("go depth 0"),
            "go depth: 0 is out of range 1..4294967295"
        );
        assert_eq!(error("go nodes x"), "go nodes: 'x' is not a whole number");
        assert_eq!(error("go perft 65"), "go perft: 65 is out of range 0..64");
        let huge = "9".repeat(60);
        assert!(
            error(&format!("go movetime {huge}")).contains("out of range 1..18446744073709551615")
        );
        assert_eq!(
            parse("go perft 0").unwrap(),
            Some(Command::Go(GoParams {
                perft: Some(0),
                ..GoParams::default()
            }))
        );
        assert!(error(&format!("go wtime -{huge}")).contains("out of range"));
        assert!(parse("go wtime -50").is_ok(), "a fallen flag is no error");
    }

    #[test]
    fn repeated_go_parameters_are_refused() {
        assert_eq!(
            parse("go movetime 100 movetime 1000").unwrap_err(),
            "go: 'movetime' is given twice"
        );
        assert_eq!(
            parse("go wtime 100 p1time 100").unwrap_err(),
            "go: 'p1time' and 'wtime' are the same parameter, given twice"
        );
        assert!(parse("go infinite infinite").is_err());
        assert!(parse("go searchmoves 1-5 depth 2 searchmoves 2-5").is_err());
        assert!(parse("go wtime 100 btime 100 winc 1 binc 1").is_ok());
    }

    #[test]
    fn move_filters_match_tokens_and_prefixes() {
        let filter = |words: &[&str]| MoveFilter::new(words).unwrap();
        let wyke = "2-1-1(b3,b1,d2)";
        assert!(filter(&[]).matches(wyke));
        assert!(filter(&["B3"]).matches(wyke));
        assert!(filter(&["2-1-1*", "d2"]).matches(wyke));
        assert!(!filter(&["b"]).matches(wyke), "tokens are whole");
        assert!(!filter(&["2-2*"]).matches(wyke));
        assert!(
            !filter(&["b3", "c4"]).matches(wyke),
            "every word must match"
        );
        assert!(filter(&["h8"]).matches("e5-h8/2"));
        assert!(filter(&["1"]).matches("4-1") && !filter(&["1"]).matches("11-10"));
        for bad in ["*", "a*b", "**"] {
            assert!(MoveFilter::new(&[bad]).is_err(), "{bad}");
        }
        assert_eq!(
            parse("query movecount 4*").unwrap(),
            Some(Command::Query(Query::MoveCount(filter(&["4*"]))))
        );
        assert!(parse("query moves a*b").is_err());
    }

    #[test]
    fn position_random_takes_a_seed() {
        assert_eq!(
            parse("position random 7 moves c3").unwrap(),
            Some(Command::Position(PositionCommand {
                base: PositionBase::Random(7),
                moves: vec!["c3".into()]
            }))
        );
        assert!(parse("position random").is_err());
        assert!(parse("position random -1")
            .unwrap_err()
            .contains("out of range 0..18446744073709551615"));
    }

    #[test]
    fn parses_setoption_names_with_spaces() {
        assert_eq!(
            parse("setoption name Move Overhead value 30").unwrap(),
            Some(Command::SetOption {
                name: "Move Overhead".into(),
                value: Some("30".into())
            })
        );
        assert_eq!(
            parse("setoption name Clear Hash").unwrap(),
            Some(Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            })
        );
        assert!(parse("setoption Hash 5").is_err());
    }

    #[test]
    fn blank_and_unknown_lines() {
        assert_eq!(parse("   ").unwrap(), None);
        assert!(parse("fly away")
            .unwrap_err()
            .contains("unknown command 'fly'"));
        assert!(parse("isready now").is_err());
    }
}
