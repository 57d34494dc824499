//! Parsing protocol lines into commands. Pure text work: nothing here knows a
//! game; moves and positions stay strings until the session reads them.

use ludus_rules::protocol::words::truncate;
use ludus_rules::protocol::{Dialect, Go, PositionCommand};

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
    /// `uci` or `ugi`: the handshake, in its dialect.
    Handshake(Dialect),
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
    Go(Go),
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
        "uci" | "ugi" => no_arguments(Command::Handshake(
            Dialect::from_word(head).expect("a handshake word"),
        ))?,
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
        "go" => Command::Go(Go::parse(rest)?),
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
    fn go_and_the_handshake_are_read_in_both_dialects() {
        let go = parse("go p1time 1000 p2time 2000 movestogo 5").unwrap();
        let Some(Command::Go(go)) = go else {
            panic!("not go: {go:?}");
        };
        assert_eq!(
            (go.clocks[1].map(|c| c.left.as_millis()), go.moves_to_go),
            (Some(2000), Some(5))
        );
        for dialect in [Dialect::Uci, Dialect::Ugi] {
            let line = dialect.handshake();
            assert_eq!(parse(line).unwrap(), Some(Command::Handshake(dialect)));
            assert_eq!(parse(dialect.new_game()).unwrap(), Some(Command::NewGame));
        }
        assert!(parse("uci now").is_err());
        assert!(parse("go sideways").is_err());
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
            Some(Command::Go(Go {
                perft: Some(0),
                ..Go::default()
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
