//! The `Contempt` option through the binary: announced, checked, and
//! deciding between a draw by repetition and playing on.

use crate::common::info::last_info;
use crate::common::{best_move, Engine};
use ludus_rules::games::alak::Alak;
use ludus_rules::{Game, GameLog, GameResult};

/// X to move; 2-1 returns to a position for the third time (a draw by
/// repetition), and the best other move is slightly worse for X by the
/// search (Alak searched, not looked up: `AlakSolution false`).
const REPETITION_OR_PLAY_ON: &str =
    "startpos moves 3-5 11-7 5-6 9-11 2-3 7-9 1-2 9-7 2-1 7-9 1-2 9-7";

/// The move and the `score cp` of a depth-3 search of the position.
fn choice(engine: &mut Engine) -> (String, i32) {
    let lines = engine.search(REPETITION_OR_PLAY_ON, "depth 3");
    let info = last_info(&lines);
    assert!(
        info.depth == 3 && info.score_text.starts_with("cp "),
        "{lines:#?}"
    );
    (
        best_move(lines.last().unwrap()).to_string(),
        info.score as i32,
    )
}

#[test]
fn contempt_is_announced_checked_and_chooses_between_repetition_and_play() {
    // The position is what the test says it is.
    let mut log = GameLog::new(Alak::startpos());
    for text in REPETITION_OR_PLAY_ON.split_whitespace().skip(2) {
        log.play_text(text).unwrap();
    }
    log.play_text("2-1").unwrap();
    assert_eq!(log.status().result, GameResult::Draw);

    let mut engine = Engine::start(&[]);
    let lines = engine.ask("uci", "uciok");
    let declared = engine
        .transcript
        .iter()
        .any(|l| l == "option name Contempt type spin default 20 min -1000 max 1000");
    assert!(declared, "{lines} {:#?}", engine.transcript);
    engine.send("setoption name AlakSolution value false");

    // Default 20: the draw is worth -20 to X, less than playing on.
    let (mv, score) = choice(&mut engine);
    assert_ne!(mv, "2-1");
    assert!((-20..0).contains(&score), "{mv} {score}");
    // 0: the draw is worth more than the slightly worse move.
    engine.send("setoption name Contempt value 0");
    assert_eq!(choice(&mut engine), ("2-1".to_string(), 0));
    // Below 0 the engine wants the draw, and its score says so.
    engine.send("setoption name contempt value -50");
    assert_eq!(choice(&mut engine), ("2-1".to_string(), 50));

    engine.expect_errors(&[
        (
            "setoption name Contempt value 1001",
            "option 'Contempt': 1001 is out of range -1000..1000",
        ),
        (
            "setoption name Contempt value -1001",
            "out of range -1000..1000",
        ),
        ("setoption name Contempt value 0.5", "not a whole number"),
        ("setoption name Contempt", "option 'Contempt' needs a value"),
    ]);
    // The failed setoptions left -50.
    assert_eq!(choice(&mut engine), ("2-1".to_string(), 50));
}
