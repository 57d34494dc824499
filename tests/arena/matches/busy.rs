//! The user's guide's Alak match ("Many games on a busy machine" in
//! docs/src/matches.md), run as written but for the number of games: two
//! games at a time on a machine whose other tests keep its cores busy.
//!
//! No time loss here is by design, not by luck: ludus stops its search at
//! the move time less its Move Overhead (10 ms) by its own clock, which
//! starts when it reads `go`, and prints `bestmove` before joining its
//! threads; the runner stops its clock when its reader takes `bestmove`
//! from the pipe and by default forgives 100 ms past the move time, times
//! the machine's load per core when that is above 1. The delays a busy
//! machine adds grow with its load (bench/notes/time.md: a worst move 24
//! ms late at a load of 6–7 on 2 cores, 300 ms at 7–8 with the other
//! sessions' builds), and so does the margin: a loss needs an answer held
//! back past 10 ms plus 50 ms for every unit of load.

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
