//! The daemon plays what is proven: a proof file loaded by `ProofFile`
//! (verified first: a tampered one is refused and changes nothing) is
//! played from in every game, with `score mate N` or `score cp 0` and the
//! `info string proven …` line, through the whole proven line and in any
//! image of a proven position.

use crate::common::engine::Engine;
use crate::common::info::last_info;
use crate::common::rng::Rng;
use crate::common::scratch::Scratch;
use crate::common::walk::at_least_in_every_game;
use crate::proofs::{proof_text, ProveAndVerify};
use ludus_rules::games::GameVisitor;
use ludus_rules::proof::{parse, Value};
use ludus_rules::{Game, GameResult, Tooling};

const DRAW_PROOF: &str = "docs/src/proofs/wyke-draw.proof";
const TAMPERED_PROOF: &str = "docs/src/proofs/wyke-draw-tampered.proof";
const DRAW_ROOT: &str = "8508/5000/8501/8828 b 1-1-1-1-1 3-1";

/// An engine playing `game` (at once ready) with `proof` loaded; the load's
/// answer is checked.
fn engine_with_proof(game: &str, proof: &str) -> Engine {
    let mut engine = Engine::start(&[]);
    engine.handshake("ugi");
    engine.ask(
        &format!("setoption name UCI_Variant value {game}"),
        "info string variant",
    );
    let loaded = engine.ask(
        &format!("setoption name ProofFile value {proof}"),
        "info string",
    );
    assert!(
        loaded.starts_with(&format!("info string ProofFile: {game} "))
            && loaded.contains("loaded from"),
        "{loaded}"
    );
    engine.ask("isready", "readyok");
    engine
}

/// The `info string proven …` line among `lines`, if any.
fn proven_line(lines: &[String]) -> Option<&str> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("info string proven "))
}

/// The score (`mate N`, `cp N`) of the last `info depth` line.
fn last_score(lines: &[String]) -> String {
    last_info(lines).score_text
}

/// The protocol's score of a proven value: N moves for N plies rounded up.
fn score_of(value: Value) -> String {
    match value {
        Value::Win(plies) => format!("mate {}", plies.div_ceil(2)),
        Value::Loss(plies) => format!("mate -{}", plies.div_ceil(2)),
        Value::Draw => "cp 0".to_string(),
    }
}

#[derive(Clone, Copy)]
struct PlaysFromItsProof;

impl GameVisitor for PlaysFromItsProof {
    type Output = usize;
    /// Proves a few small positions, loads each proof into the daemon and
    /// plays the proven line out: every answer is the proof's (the root's
    /// score as the file says), and a win ends in a win for the winner
    /// within the plies the proof gives.
    fn visit<G: Tooling>(self) -> usize {
        let scratch = Scratch::new("proof-play");
        let mut rng = Rng(0x960F ^ G::NAME.len() as u64);
        let mut played = 0;
        for (index, root) in ProveAndVerify.positions::<G>(&mut rng).iter().enumerate() {
            let Some((_, text)) = proof_text(root, false) else {
                continue;
            };
            let value = parse(&text).unwrap().proof.value;
            let path = scratch.join(format!("{index}.proof"));
            std::fs::write(&path, &text).unwrap();
            let mut engine = engine_with_proof(G::NAME, path.to_str().unwrap());
            let fen = root.to_fen();
            let lines = engine.search(&format!("fen {fen}"), "depth 1");
            assert_eq!(last_score(&lines), score_of(value), "{}: {fen}", G::NAME);
            play_out(&mut engine, root, value, &fen);
            played += 1;
        }
        played
    }
}

/// Plays `root`'s proven line from the daemon's answers, each one checked.
fn play_out<G: Game>(engine: &mut Engine, root: &G, value: Value, fen: &str) {
    let mover = root.side_to_move();
    let winner = match value {
        Value::Win(_) => Some(mover),
        Value::Loss(_) => Some(mover.opponent()),
        Value::Draw => None,
    };
    let plies = match value {
        Value::Win(plies) | Value::Loss(plies) => plies,
        Value::Draw => 12,
    };
    let (mut position, mut moves) = (root.clone(), Vec::<String>::new());
    while position.result() == GameResult::Ongoing && moves.len() < plies as usize {
        let lines = engine.search(&format!("fen {fen} moves {}", moves.join(" ")), "depth 1");
        // A draw by repetition ends the game where the position alone
        // does not show it.
        if lines
            .iter()
            .any(|l| l.starts_with("info string game over: draw"))
        {
            assert_eq!(winner, None, "{fen} moves {moves:?}");
            return;
        }
        let expected = match winner {
            Some(w) if w == position.side_to_move() => "win (proof)",
            Some(_) => "loss (proof)",
            None => "draw (proof)",
        };
        assert_eq!(
            proven_line(&lines),
            Some(expected),
            "{fen} moves {moves:?}: {lines:#?}"
        );
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        let mv = position.parse_move(best).expect("a legal proven move");
        position.make_move(mv);
        moves.push(best.to_string());
    }
    match winner {
        Some(player) => assert_eq!(
            position.result(),
            GameResult::Win(player),
            "{fen} {moves:?}"
        ),
        None => assert!(
            !matches!(position.result(), GameResult::Win(_)),
            "{fen} {moves:?}"
        ),
    }
}

#[test]
fn a_loaded_proof_is_played_from_in_every_game() {
    at_least_in_every_game(PlaysFromItsProof, 2, "proofs played from");
}

#[test]
fn a_proof_is_played_in_every_image_of_its_positions() {
    use ludus_rules::games::wyke::Wyke4;
    let root = Wyke4::from_fen(DRAW_ROOT).unwrap();
    let mut engine = engine_with_proof("wyke", DRAW_PROOF);
    for symmetry in 0..Wyke4::SYMMETRIES {
        let image = root.symmetric(symmetry);
        let lines = engine.search(&format!("fen {}", image.to_fen()), "depth 1");
        assert_eq!(proven_line(&lines), Some("draw (proof)"), "{lines:#?}");
        assert_eq!(last_score(&lines), "cp 0");
        let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(image.parse_move(best).is_ok(), "{best}");
    }
}

#[test]
fn a_tampered_proof_is_refused_and_changes_nothing() {
    let mut engine = Engine::start(&[]);
    engine.handshake("ugi");
    engine.ask(
        "setoption name UCI_Variant value wyke",
        "info string variant",
    );
    // Refused as the first file: the engine searches as before.
    engine.expect_errors(&[(
        &format!("setoption name ProofFile value {TAMPERED_PROOF}"),
        &format!("ProofFile: '{TAMPERED_PROOF}': proof refused: line 6: "),
    )]);
    let lines = engine.search(&format!("fen {DRAW_ROOT}"), "nodes 500");
    assert_eq!(proven_line(&lines), None, "{lines:#?}");

    // Refused over a sound one: the sound one stays.
    let loaded = engine.ask(
        &format!("setoption name ProofFile value {DRAW_PROOF}"),
        "info string",
    );
    assert!(
        loaded.contains("draw (12 positions proven) loaded"),
        "{loaded}"
    );
    engine.expect_errors(&[
        (
            &format!("setoption name ProofFile value {TAMPERED_PROOF}"),
            "bad move: illegal move '2-1-1(c1,a3,d3)'",
        ),
        (
            "setoption name ProofFile value no/such.proof",
            "ProofFile: 'no/such.proof': cannot read it",
        ),
        (
            "setoption name ProofFile value Cargo.toml",
            "not a ludus proof file",
        ),
    ]);
    let lines = engine.search(&format!("fen {DRAW_ROOT}"), "nodes 500");
    assert_eq!(proven_line(&lines), Some("draw (proof)"), "{lines:#?}");

    // `<empty>` unloads it.
    let cleared = engine.ask("setoption name ProofFile value <empty>", "info string");
    assert_eq!(cleared, "info string ProofFile: no proof loaded");
    let lines = engine.search(&format!("fen {DRAW_ROOT}"), "nodes 500");
    assert_eq!(proven_line(&lines), None, "{lines:#?}");
}

#[test]
fn a_proof_of_another_game_or_a_level_below_full_strength_is_not_played() {
    let mut engine = engine_with_proof("wyke", DRAW_PROOF);
    engine.send("setoption name Skill Level value 5");
    let lines = engine.search(&format!("fen {DRAW_ROOT}"), "nodes 500");
    assert_eq!(proven_line(&lines), None, "{lines:#?}");
    engine.send("setoption name Skill Level value 20");
    engine.send("setoption name UCI_Variant value wyke6");
    let lines = engine.search("startpos", "nodes 500");
    assert_eq!(proven_line(&lines), None, "{lines:#?}");
}
