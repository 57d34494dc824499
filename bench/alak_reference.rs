//! A weak reference player for Alak, speaking the protocol, so that `ludus
//! match` can measure how well the engine exploits an imperfect opponent
//! (the start is a draw: a perfect player can only win by the opponent's
//! mistakes).
//!
//! It looks 3 plies ahead, scores a move by the pieces it captures (a win
//! counts hugely), averages — does not minimax — the replies' scores, and
//! picks at random among equal moves. It knows nothing of repetition.
//!
//! `cargo build --release --example alak_reference`, then e.g.
//! `ludus match --game alak --engine cmd=target/release/ludus name=ludus
//! --engine cmd=target/release/examples/alak_reference name=reference
//! --st 0.05 --games 200 --repeat`. `--seed S` fixes its choices (by
//! default they differ from process to process and from game to game);
//! `--plies N` (1 to 6, default 3) makes it look further ahead, a harder
//! opponent for telling practical choices apart (pass it with
//! `args="--plies 5"`).

use std::io::{BufRead, Write};

use ludus_rules::games::alak::Alak;
use ludus_rules::random::Rng;
use ludus_rules::{Game, GameLog, GameResult};

/// What a win is worth against captured pieces.
const WIN: f64 = 1000.0;
/// Plies looked ahead by default.
const PLIES: u32 = 3;
/// The most plies `--plies` accepts (the lookahead is exhaustive).
const MAX_PLIES: u32 = 6;

/// The number of pieces in the position (both sides).
fn pieces(position: &Alak) -> usize {
    let fen = position.to_fen();
    let board = fen.split_whitespace().next().unwrap_or("");
    board.chars().filter(|&c| c == 'x' || c == 'o').count()
}

/// What the side to move gains by `mv`: the pieces it captures, or a win.
fn gain(position: &Alak, child: &Alak) -> f64 {
    if matches!(child.result(), GameResult::Win(w) if w == position.side_to_move()) {
        return WIN;
    }
    (pieces(position) - pieces(child)) as f64
}

/// The average, over the moves of the side to move, of its gain less the
/// opponent's expected value after it, `plies` deep.
fn expected(position: &Alak, plies: u32) -> f64 {
    if plies == 0 || position.result() != GameResult::Ongoing {
        return 0.0;
    }
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    if moves.is_empty() {
        return 0.0;
    }
    let total: f64 = moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.make_move(mv);
            gain(position, &child) - expected(&child, plies - 1)
        })
        .sum();
    total / moves.len() as f64
}

/// The reference player's choice in `position`, looking `plies` ahead.
fn choose(position: &Alak, plies: u32, rng: &mut Rng) -> Option<String> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    let scored: Vec<(f64, String)> = moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.make_move(mv);
            let score = gain(position, &child) - expected(&child, plies - 1);
            (score, position.format_move(mv))
        })
        .collect();
    let best = scored.iter().map(|(s, _)| *s).fold(f64::MIN, f64::max);
    let equal: Vec<&String> = scored
        .iter()
        .filter(|(s, _)| (s - best).abs() < 1e-9)
        .map(|(_, m)| m)
        .collect();
    (!equal.is_empty()).then(|| equal[rng.below(equal.len())].clone())
}

/// The game a `position` command describes, or why it cannot be read.
fn read_position(words: &[&str]) -> Result<GameLog<Alak>, String> {
    let (start, rest) = match words {
        ["startpos", rest @ ..] => (Alak::startpos(), rest),
        ["fen", board, side, rest @ ..] => (Alak::from_fen(&format!("{board} {side}"))?, rest),
        _ => return Err("position needs startpos or fen".to_string()),
    };
    let mut log = GameLog::new(start);
    if let ["moves", moves @ ..] = rest {
        for text in moves {
            log.play_text(text)?;
        }
    }
    Ok(log)
}

/// The value given after `flag` on the command line, if any; exits with a
/// message if it is there but not a number.
fn argument(flag: &str) -> Option<u64> {
    let text = std::env::args().skip_while(|a| a != flag).nth(1)?;
    match text.parse() {
        Ok(value) => Some(value),
        Err(_) => {
            eprintln!("alak_reference: {flag} needs a whole number, got '{text}'");
            std::process::exit(2);
        }
    }
}

fn main() {
    let plies = argument("--plies").unwrap_or(u64::from(PLIES));
    if !(1..=u64::from(MAX_PLIES)).contains(&plies) {
        eprintln!("alak_reference: --plies must be 1 to {MAX_PLIES}");
        std::process::exit(2);
    }
    let plies = plies as u32;
    let seed = argument("--seed").unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos ^ u64::from(std::process::id())
    });
    let mut rng = Rng::new(seed);
    let mut log = GameLog::new(Alak::startpos());
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut out = stdout.lock();
        let reply = match words.first().copied() {
            Some("uci") => "id name alak-reference\noption name UCI_Variant type combo default alak var alak\nuciok".to_string(),
            Some("ugi") => "id name alak-reference\noption name UCI_Variant type combo default alak var alak\nugiok".to_string(),
            Some("isready") => "readyok".to_string(),
            Some("position") => match read_position(&words[1..]) {
                Ok(next) => {
                    log = next;
                    continue;
                }
                Err(error) => format!("info string error: {error}"),
            },
            Some("go") => match choose(log.position(), plies, &mut rng) {
                Some(mv) => format!("bestmove {mv}"),
                None => "bestmove (none)".to_string(),
            },
            Some("quit") => break,
            _ => continue,
        };
        let _ = writeln!(out, "{reply}").and_then(|()| out.flush());
    }
}
