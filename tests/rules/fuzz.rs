//! Fuzzing without extra crates: random, truncated and mutated inputs for
//! every game's position and move parsers, and random command streams for
//! the protocol loop. No input may panic; accepted positions must keep the
//! contract; the engine must still answer `isready` afterwards.
//!
//! CI runs a bounded number of inputs; set `LUDUS_FUZZ_ITERATIONS` for long
//! local runs (bench/notes/reliability.md records
//! them).

use crate::common::rng::Rng;
use crate::common::Captured;

use ludus_engine::protocol::{Engine, Output};
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::Searchable;
use ludus_rules::Tooling;

fn iterations(default: usize) -> usize {
    std::env::var("LUDUS_FUZZ_ITERATIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Characters that appear in our notations, and some that never do.
const ALPHABET: &[char] = &[
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'w', 'x', 'o', 'A', 'B', 'D', 'J',
    'W', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', '+', '_', '.', ',', '/', '(', ')',
    ' ', '\t', 'é', '\u{0}', '9',
];

/// One random edit of `text`: delete, insert, replace, duplicate, swap
/// tokens or truncate.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let edits = 1 + rng.below(3);
    for _ in 0..edits {
        let at = rng.below(chars.len() + 1);
        match rng.below(7) {
            0 if !chars.is_empty() => {
                chars.remove(at.min(chars.len() - 1));
            }
            1 => chars.insert(at, *rng.pick(ALPHABET)),
            2 if !chars.is_empty() => {
                let last = chars.len() - 1;
                chars[at.min(last)] = *rng.pick(ALPHABET);
            }
            3 => chars.truncate(at),
            4 => {
                let copy: Vec<char> = chars[at..]
                    .iter()
                    .take(1 + rng.below(12))
                    .copied()
                    .collect();
                for (i, c) in copy.into_iter().enumerate() {
                    chars.insert((at + i).min(chars.len()), c);
                }
            }
            5 => {
                let mut tokens: Vec<String> = chars
                    .iter()
                    .collect::<String>()
                    .split(' ')
                    .map(String::from)
                    .collect();
                let (i, j) = (rng.below(tokens.len()), rng.below(tokens.len()));
                tokens.swap(i, j);
                chars = tokens.join(" ").chars().collect();
            }
            _ => {
                let garbage: String = (0..rng.below(20)).map(|_| *rng.pick(ALPHABET)).collect();
                chars.splice(at..at, garbage.chars());
            }
        }
    }
    chars.into_iter().collect()
}

struct ParserFuzz {
    iterations: usize,
}

/// A position reached by random play, with the text of a few legal moves.
struct Sample<G: Searchable> {
    position: G,
    moves: Vec<String>,
}

/// Random positions from the start and the bench positions. Move lists are
/// generated once here, not per fuzz input: some games have hundreds of
/// thousands of moves in a position.
fn sample_positions<G: Tooling>(rng: &mut Rng, count: usize) -> Vec<Sample<G>> {
    let mut seeds: Vec<G> = vec![G::startpos()];
    seeds.extend(
        G::BENCH_POSITIONS
            .iter()
            .filter_map(|fen| G::from_fen(fen).ok()),
    );
    let mut moves = Vec::new();
    (0..count)
        .map(|_| {
            let mut position = rng.pick(&seeds).clone();
            for _ in 0..rng.below(30) {
                moves.clear();
                position.generate_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                position.make_move(*rng.pick(&moves));
            }
            moves.clear();
            position.generate_moves(&mut moves);
            let texts = (0..moves.len().min(16))
                .map(|_| position.format_move(*rng.pick(&moves)))
                .collect();
            Sample {
                position,
                moves: texts,
            }
        })
        .collect()
}

impl GameVisitor for ParserFuzz {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let mut rng = Rng(0xF022 ^ G::NAME.len() as u64);
        let samples = sample_positions::<G>(&mut rng, 100);
        for _ in 0..self.iterations {
            let sample = rng.pick(&samples);
            let fen = mutate(&mut rng, &sample.position.to_fen());
            if let Ok(parsed) = G::from_fen(&fen) {
                let canonical = parsed.to_fen();
                let again = G::from_fen(&canonical)
                    .unwrap_or_else(|e| panic!("{}: '{canonical}' from '{fen}': {e}", G::NAME));
                assert_eq!(
                    again.to_fen(),
                    canonical,
                    "{}: notation not canonical",
                    G::NAME
                );
                assert_eq!(
                    again.hash(),
                    parsed.hash(),
                    "{}: hash of '{canonical}'",
                    G::NAME
                );
                let _ = (parsed.evaluate(&G::Settings::default()), parsed.result());
            }
            let text = match sample.moves.is_empty() {
                true => "pass".to_string(),
                false => rng.pick(&sample.moves).clone(),
            };
            let mutated = mutate(&mut rng, &text);
            if let Ok(mv) = sample.position.parse_move(&mutated) {
                assert!(
                    sample.position.is_legal(mv),
                    "{}: '{mutated}' parsed to a non-move",
                    G::NAME
                );
                let _ = sample.position.format_move(mv);
            }
        }
    }
}

#[test]
fn position_and_move_parsers_survive_mutations() {
    let per_game = iterations(20_000);
    for name in GAME_NAMES {
        visit_game(
            name,
            ParserFuzz {
                iterations: per_game,
            },
        )
        .expect("registered game");
    }
}

const COMMANDS: &[&str] = &[
    "uci",
    "ugi",
    "isready",
    "ucinewgame",
    "uginewgame",
    "position startpos",
    "position startpos moves 4-5 8-7",
    "position fen xxxx___oooo x moves 1-5",
    "go depth 2",
    "go nodes 300",
    "go movetime 1",
    "go wtime 20 btime 20 winc 0 binc 0",
    "go p1time 20 p2time 20",
    "go infinite",
    "go ponder depth 3",
    "go perft 2",
    "go mate 1 searchmoves 4-5",
    "stop",
    "ponderhit",
    "d",
    "query gameover",
    "query p1turn",
    "query result",
    "query fen",
    "query moves",
    "setoption name Hash value 2",
    "setoption name Threads value 2",
    "setoption name MultiPV value 2",
    "setoption name Move Overhead value 0",
    "setoption name Clear Hash",
    "setoption name Ponder value true",
    "setoption name AlakSolution value false",
    "setoption name AlakSolution value true",
    "debug on",
];

#[test]
fn protocol_loop_survives_random_command_streams() {
    let lines = iterations(3_000);
    let mut rng = Rng(0xC0DE);
    let sink = Captured::default();
    let mut engine = Engine::new("alak", Output::new(Box::new(sink.clone()))).unwrap();
    let mut variants: Vec<String> = GAME_NAMES
        .iter()
        .map(|g| format!("setoption name UCI_Variant value {g}"))
        .collect();
    variants.extend(
        GAME_NAMES
            .iter()
            .map(|g| format!("position fen {}", startpos_of(g))),
    );
    // The output is checked and dropped at every sampled `isready`, so a
    // million lines do not pile up megabytes of perft splits and PVs.
    let mut errors_seen = 0;
    let mut check = |output: String| {
        assert!(!output.contains("panicked"), "{output}");
        // A panic caught inside a job comes out as an internal error.
        assert!(!output.contains("error: internal"), "{output}");
        errors_seen += output.matches("info string error:").count();
    };
    for _ in 0..lines {
        let base = if rng.below(10) == 0 {
            rng.pick(&variants).as_str()
        } else {
            *rng.pick(COMMANDS)
        };
        let line = if rng.below(2) == 0 {
            mutate(&mut rng, base)
        } else {
            base.to_string()
        };
        if line.trim() == "quit" {
            continue;
        }
        assert!(engine.handle_line(&line), "'{line}' ended the engine");
        if rng.below(20) == 0 {
            check(sink.take());
            engine.handle_line("isready");
            let answer = sink.take();
            assert!(answer.contains("readyok"), "no readyok after '{line}'");
            check(answer);
        }
    }
    engine.handle_line("stop");
    engine.handle_line("isready");
    let output = sink.take();
    assert!(output.contains("readyok"));
    check(output);
    assert!(errors_seen > 0, "mutations produced no errors at all");
}

fn startpos_of(game: &str) -> String {
    struct Start;
    impl GameVisitor for Start {
        type Output = String;
        fn visit<G: Tooling>(self) -> String {
            G::startpos().to_fen()
        }
    }
    visit_game(game, Start).unwrap_or_default()
}

#[test]
fn every_rejected_line_gets_exactly_one_error() {
    let sink = Captured::default();
    let mut engine = Engine::new("alak", Output::new(Box::new(sink.clone()))).unwrap();
    let mut rng = Rng(7);
    for _ in 0..iterations(2_000) {
        // Garbage that no command accepts: an unknown word first.
        let line = format!("zz{}", mutate(&mut rng, "position startpos moves 4-5"));
        let before = sink.len();
        engine.handle_line(&line);
        let answer = sink.text_from(before);
        assert_eq!(
            answer.matches("info string error:").count(),
            1,
            "'{line}' -> {answer}"
        );
    }
}
