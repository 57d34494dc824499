//! The user's guide's Alak match ("Many games on a busy machine" in
//! docs/src/matches.md), run as written but for the number of games: two
//! games at a time on a machine whose other tests keep its cores busy.
//!
//! No time loss here is by design, not by luck: ludus stops its search at
//! the move time less its Move Overhead (10 ms) by its own clock, which
//! starts when it reads `go`, and prints `bestmove` before joining its
//! threads; the runner stops its clock when its reader takes `bestmove`
//! from the pipe and forgives 100 ms past the move time by default. A loss
//! needs the machine to hold an answer back for over 110 ms, ten times the
//! worst delay measured with the machine's cores twice oversubscribed
//! (bench/notes/time.md).

use super::scratch;
use crate::common::{ludus, stdout_of, LUDUS};

#[test]
fn the_guides_alak_match_runs_as_written_without_time_losses() {
    let dir = scratch("guide-match");
    let pgn = dir.join("out.pgn");
    let engine = format!("cmd={LUDUS}");
    let pgn_arg = pgn.display().to_string();
    let out = ludus(&[
        "match",
        "--game",
        "alak",
        "--engine",
        &engine,
        "name=a",
        "--engine",
        &engine,
        "name=b",
        "--st",
        "0.05",
        "--games",
        "4",
        "--concurrency",
        "2",
        "--repeat",
        "--pgnout",
        &pgn_arg,
    ]);
    let text = stdout_of(&out);
    assert!(out.status.success(), "{text}\n{out:?}");
    assert!(text.contains("Finished match: 4 games"), "{text}");
    assert!(!text.contains("on time"), "{text}");
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(games.matches("[Event ").count(), 4, "{games}");
    assert!(!games.contains("time forfeit"), "{games}");
}
