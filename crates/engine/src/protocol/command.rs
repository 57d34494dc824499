//! Parsing protocol lines into commands. Pure text work: nothing here knows a
//! game; moves and positions stay strings until the session reads them.

use ludus_rules::perft::MAX_PERFT_DEPTH;

/// Where a `position` command starts from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionBase {
    /// The game's start position.
    StartPos,
    /// A position in the game's notation (its fields joined by single spaces).
    Fen(String),
}

/// The parameters of `go`. Times are in milliseconds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// The first player's clock (`wtime` or `p1time`).
    pub p1_time: Option<u64>,
    /// The second player's clock (`btime` or `p2time`).
    pub p2_time: Option<u64>,
    /// The first player's increment (`winc` or `p1inc`).
    pub p1_inc: Option<u64>,
    /// The second player's increment (`binc` or `p2inc`).
    pub p2_inc: Option<u64>,
    /// Moves to the next time control.
    pub moves_to_go: Option<u32>,
    /// Depth limit in plies.
    pub depth: Option<u32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Fixed time for the move.
    pub movetime: Option<u64>,
    /// Search for a win in at most this many moves.
    pub mate: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Count leaves to this depth instead of searching.
    pub perft: Option<u32>,
    /// Restrict the search to these root moves.
    pub search_moves: Vec<String>,
}

/// A UGI `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// Is the game over?
    GameOver,
    /// Is it the first player's turn?
    P1Turn,
    /// The result: p1win, p2win, draw or none.
    Result,
    /// The position notation.
    Fen,
    /// Every legal move.
    Moves,
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
    /// `position startpos|fen F [moves …]`.
    Position {
        /// The position the moves start from.
        base: PositionBase,
        /// The moves, as text.
        moves: Vec<String>,
    },
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
        "position" => parse_position(rest)?,
        "go" => Command::Go(parse_go(rest)?),
        "query" => Command::Query(match rest {
            ["gameover"] => Query::GameOver,
            ["p1turn"] => Query::P1Turn,
            ["result"] => Query::Result,
            ["fen"] => Query::Fen,
            ["moves"] => Query::Moves,
            _ => {
                return Err(format!(
                    "unknown query '{}': use gameover, p1turn, result, fen or moves",
                    rest.join(" ")
                ))
            }
        }),
        _ => return Err(format!("unknown command '{}'", truncate(head))),
    };
    Ok(Some(command))
}

/// At most 40 characters of `text`, for error messages about huge input.
pub fn truncate(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
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

fn parse_position(rest: &[&str]) -> Result<Command, String> {
    let split = rest.iter().position(|&w| w == "moves");
    let (base_words, moves) = match split {
        Some(at) => (&rest[..at], &rest[at + 1..]),
        None => (rest, &[][..]),
    };
    let base = match base_words {
        ["startpos"] => PositionBase::StartPos,
        ["fen", fields @ ..] if !fields.is_empty() => PositionBase::Fen(fields.join(" ")),
        ["fen"] => return Err("position fen: the position is missing".to_string()),
        _ => return Err("usage: position startpos|fen <position> [moves <move> ...]".to_string()),
    };
    Ok(Command::Position {
        base,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_go(rest: &[&str]) -> Result<GoParams, String> {
    let mut go = GoParams::default();
    let mut words = rest.iter().copied().peekable();
    while let Some(word) = words.next() {
        let mut number = |name: &str| -> Result<i64, String> {
            let text = words
                .next()
                .ok_or_else(|| format!("go {name}: a number is missing"))?;
            text.parse::<i64>()
                .map_err(|_| format!("go {name}: '{}' is not a whole number", truncate(text)))
        };
        // Clocks may arrive negative from a GUI whose flag fell: that is no
        // time left, not an error.
        let time = |value: i64| value.max(0) as u64;
        let positive = |name: &str, value: i64| -> Result<u64, String> {
            if value > 0 {
                Ok(value as u64)
            } else {
                Err(format!("go {name} must be positive, got {value}"))
            }
        };
        match word {
            "wtime" | "p1time" => go.p1_time = Some(time(number(word)?)),
            "btime" | "p2time" => go.p2_time = Some(time(number(word)?)),
            "winc" | "p1inc" => go.p1_inc = Some(time(number(word)?)),
            "binc" | "p2inc" => go.p2_inc = Some(time(number(word)?)),
            "movestogo" => {
                go.moves_to_go = Some(positive(word, number(word)?)?.min(u32::MAX as u64) as u32)
            }
            "depth" => go.depth = Some(positive(word, number(word)?)?.min(u32::MAX as u64) as u32),
            "nodes" => go.nodes = Some(positive(word, number(word)?)?),
            "movetime" => go.movetime = Some(positive(word, number(word)?)?),
            "mate" => go.mate = Some(positive(word, number(word)?)?.min(u32::MAX as u64) as u32),
            "perft" => {
                let depth = positive(word, number(word)?)?;
                if depth > u64::from(MAX_PERFT_DEPTH) {
                    return Err(format!(
                        "go perft: depth {depth} is too deep (at most {MAX_PERFT_DEPTH})"
                    ));
                }
                go.perft = Some(depth as u32);
            }
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
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

    #[test]
    fn parses_position_with_fen_and_moves() {
        let command = parse("position fen xxxx___oooo   x moves 4-5 8-7")
            .unwrap()
            .unwrap();
        assert_eq!(
            command,
            Command::Position {
                base: PositionBase::Fen("xxxx___oooo x".into()),
                moves: vec!["4-5".into(), "8-7".into()],
            }
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
        assert_eq!(
            (go.p1_time, go.p2_time, go.p1_inc, go.p2_inc),
            (Some(1000), Some(2000), Some(10), Some(20))
        );
        let Command::Go(go) = parse("go wtime -50 btime 2000 searchmoves 4-5 3-5 depth 3")
            .unwrap()
            .unwrap()
        else {
            panic!("not go");
        };
        assert_eq!((go.p1_time, go.depth), (Some(0), Some(3)));
        assert_eq!(go.search_moves, ["4-5", "3-5"]);
        for bad in [
            "go depth",
            "go depth x",
            "go depth 0",
            "go perft 65",
            "go perft 4000000000",
            "go nodes -5",
            "go sideways",
            "go searchmoves",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
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
