//! Alfred's Wyke through the real binary: results after each kind of win
//! (a draw by two passes cannot arise: see `two_passes_in_a_row_cannot_happen`
//! in tests/rules/wyke_rules.rs), a real search from the start, and solved 6-6 endgames
//! reported as mate.

use crate::common::{assert_reported, best_move, Engine};

fn wyke_engine(variant: &str) -> Engine {
    let mut engine = Engine::start(&[]);
    engine.handshake("uci");
    engine.send(&format!("setoption name UCI_Variant value {variant}"));
    engine.send("isready");
    engine.read_until(|l| l == "readyok");
    engine
}

#[test]
fn query_result_after_each_kind_of_win() {
    let cases = [
        ("wyke", "4444/4404/4444/8884 b 2-2 3-1", "4(d1)", "p1win"),
        (
            "wyke",
            "2444/0484/0444/0444 d 4 2-2",
            "2-1-1(a4,b4,c4)",
            "p2win",
        ),
        (
            "wyke",
            "4446/4484/4844/8440 b 3-1 4",
            "2-1-1(d4,a4,b4)",
            "p1win",
        ),
        (
            "wyke",
            "4484/4444/0144/0044 d 2-2 4",
            "1-1-1-1-1(b2,c1,c2,d1,d2)",
            "p2win",
        ),
        (
            "wyke",
            "8800/0088/8800/4447 b 2-2 3-1",
            "1-1-1-1-1(a1,b1,c1,d1)",
            "p1win",
        ),
        ("wyke", "8484/4444/4847/4444 b 4 2-2", "3-1(a1,d2)", "p1win"),
        (
            "wyke6",
            "444444/444444/444444/444844/448444/484444 b 2-2 3-1",
            "4(e4)",
            "p1win",
        ),
        (
            "wyke6",
            "884884/444444/884884/444444/884874/444444 b 4 2-2",
            "3-1(a1,e2)",
            "p1win",
        ),
        ("wyke", "0444/4404/4444/4440 d 2-2 3-1", "4(b2)", "p2win"),
    ];
    for (variant, fen, mv, result) in cases {
        let mut engine = wyke_engine(variant);
        engine.send(&format!("position fen {fen}"));
        assert_eq!(
            engine.ask("query result", "response"),
            "response none",
            "{fen}"
        );
        engine.send(&format!("position fen {fen} moves {mv}"));
        assert_eq!(
            engine.ask("query result", "response"),
            format!("response {result}"),
            "{fen} {mv}"
        );
        assert_eq!(engine.ask("query gameover", "response"), "response true");
    }
}

#[test]
fn go_from_the_start_plays_a_legal_move_with_a_real_pv() {
    let mut engine = wyke_engine("wyke");
    engine.send("position startpos");
    let legal = engine.legal_moves();
    assert_eq!(legal.len(), 6424);
    engine.send("go movetime 1000");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let mv = best_move(lines.last().unwrap()).to_string();
    assert!(legal.contains(&mv), "{mv}");
    let deepest_pv = lines
        .iter()
        .filter_map(|l| l.split(" pv ").nth(1))
        .map(|pv| pv.split_whitespace().count())
        .max()
        .unwrap_or(0);
    assert!(deepest_pv >= 2, "{lines:#?}");
}

#[test]
fn a_solved_six_six_endgame_is_reported_as_mate() {
    let mut engine = wyke_engine("wyke");
    // Builder to move can claim at once: d1 has 7 and 1-1-1-1-1 is free.
    let lines = engine.search("fen 8800/0088/8800/4447 b 2-2 3-1", "depth 3");
    assert_reported(&lines, "score mate 1 ");
    // The table's longest loss: every Builder move loses in 8 plies.
    let lines = engine.search("fen 8800/0088/8800/1444 b 1-1-1-1-1 4", "depth 2");
    assert_reported(&lines, "score mate -4 ");
}
