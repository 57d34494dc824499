//! The statistics against the references' own test vectors and figures:
//! cutechess (`projects/lib/tests/sprt/tst_sprt.cpp`), fastchess
//! (`app/tests/sprt_test.cpp`, `app/tests/elo_test.cpp`) and fishtest
//! (`server/fishtest/stats/LLRcalc.py`, run on the records below), so a
//! later change cannot drift from them. Each value is checked to half a
//! unit of its last printed digit.

use super::*;

/// `x` within half a unit of the last digit of `printed` (given with
/// `decimals` digits).
fn agrees(x: f64, printed: f64, decimals: i32) {
    let half_unit = 0.5 * 10f64.powi(-decimals);
    assert!(
        (x - printed).abs() <= half_unit,
        "{x} is not {printed:.*}",
        decimals as usize
    );
}

fn wld(wins: u32, losses: u32, draws: u32) -> Trinomial {
    Trinomial {
        wins,
        losses,
        draws,
    }
}

/// In fastchess's order: LL, LD, WL, DD, WD, WW.
fn pairs([ll, ld, wl, dd, wd, ww]: [u32; 6]) -> Pentanomial {
    Pentanomial {
        ll,
        ld,
        wl,
        dd,
        wd,
        ww,
    }
}

#[test]
fn cutechess_trinomial_sprt() {
    // tst_sprt.cpp: elo0 0, elo1 10, alpha = beta = 0.01; its bounds, and
    // its rows test1 and test2 and, since the Jeffreys prior (v1.3.0),
    // test3.
    let tst_sprt = Sprt::new(0.0, 10.0, 0.01, 0.01).unwrap();
    agrees(tst_sprt.lower_bound(), -4.6, 1);
    agrees(tst_sprt.upper_bound(), 4.6, 1);
    // cutechess v1.3.0+ at elo0 0, elo1 10, alpha = beta = 0.05 (issue 23's
    // figures, the formula before the prior in brackets): 25/25/50 →
    // -0.0837 (-0.0828), 30/20/50 → 0.496 (0.5), 100/0/0 → 3.44 and
    // 0/0/100 → -8.03 (both 0: no line).
    let figures = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    for (sprt, [wins, losses, draws], llr, decimals) in [
        (&tst_sprt, [1477, 1351, 2942], 2.52, 2),
        (&tst_sprt, [555, 555, 298], -0.74, 2),
        (&tst_sprt, [3, 149, 1], -4.69, 2),
        (&figures, [25, 25, 50], -0.0837, 4),
        (&figures, [30, 20, 50], 0.496, 3),
        (&figures, [100, 0, 0], 3.44, 2),
        (&figures, [0, 0, 100], -8.03, 2),
        (&figures, [3, 149, 1], -4.69, 2),
    ] {
        agrees(sprt.llr_trinomial(&wld(wins, losses, draws)), llr, decimals);
    }
}

#[test]
fn fastchess_pentanomial_sprt() {
    // sprt_test.cpp, "normalized pentanomial 1" and "2" (alpha = beta =
    // 0.05); fishtest's LLRcalc.LLR_normalized gives 2.250368 and 3.010154.
    // Its third row, 104 pairs won twice at [0, 5], expects 2.94, but
    // fishtest's LLRcalc gives 2.094955 for that record (as ludus does), so
    // it is not a reference here.
    let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05).unwrap();
    let llr = sprt.llr_pentanomial(&pairs([365, 16618, 36029, 200, 16974, 390]));
    agrees(llr, 2.25, 2);
    agrees(llr, 2.250368, 6);
    let sprt = Sprt::new(-1.75, 0.25, 0.05, 0.05).unwrap();
    let llr = sprt.llr_pentanomial(&pairs([127, 4883, 10311, 401, 5150, 104]));
    agrees(llr, 3.01, 2);
    agrees(llr, 3.010154, 6);
}

#[test]
fn fishtest_pentanomial_sprt() {
    // LLRcalc.LLR_normalized run on these records; the all-even records
    // show its MLE tolerance of 1e-9 (fastchess's 1e-4 gives -0.017681 for
    // the first).
    let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
    let even = |n| pairs([0, 0, 0, n, 0, 0]);
    agrees(sprt.llr_pentanomial(&even(50)), -0.017561, 6);
    agrees(sprt.llr_pentanomial(&even(104)), -0.039156, 6);
    agrees(
        sprt.llr_pentanomial(&pairs([0, 0, 0, 0, 0, 104])),
        2.094955,
        6,
    );
    agrees(
        sprt.llr_pentanomial(&pairs([2, 10, 5, 15, 14, 4])),
        0.155933,
        6,
    );
    let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
    agrees(sprt.llr_pentanomial(&even(50)), -0.078194, 6);
    agrees(sprt.llr_pentanomial(&even(100)), -0.160265, 6);
}

#[test]
fn fastchess_normalized_elo() {
    // elo_test.cpp, "EloPentanomial 1" to "3": nElo and its error.
    for (record, nelo, error) in [
        ([34, 54, 31, 32, 64, 75], 57.94, 28.28),
        ([332, 433, 457, 41, 333, 334], -9.17, 10.96),
        ([7895, 8757, 5485, 200, 568, 9999], -19.01, 2.65),
    ] {
        let (x, margin) = normalized_elo(&pairs(record)).unwrap();
        agrees(x, nelo, 2);
        agrees(margin, error, 2);
    }
    // Every pair scoring the same: no figure (fastchess prints inf/nan).
    assert_eq!(normalized_elo(&pairs([0, 0, 0, 7, 0, 0])), None);
    assert_eq!(normalized_elo(&pairs([3, 0, 0, 0, 0, 0])), None);
}

#[test]
fn fastchess_elo() {
    // elo_test.cpp, "EloWDL 2" (W 136, L 96, D 111): Elo 40.70 ± 30.43.
    // fastchess's margin takes the exact z = 1.959964, ludus cutechess's
    // 1.957162 (the module documentation says why), so the margin checked
    // is the reference's scaled by that ratio. Its LOS (99.60 %) counts the
    // draws; cutechess's, printed here, does not: ½(1 + erf(40/√464)).
    let t = wld(136, 96, 111);
    agrees(t.elo(), 40.70, 2);
    agrees(t.margin(), 30.43 * 1.957_162 / Z95, 2);
    agrees(t.los() * 100.0, 99.57, 2);
}
