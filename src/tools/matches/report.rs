//! The running score: counts per engine, per side and per pair, printed in
//! cutechess-cli's format (so scripts that parse cutechess output work).

use super::stats::{normalized_elo, Pentanomial, Sprt, SprtDecision, Trinomial};
use crate::game::{GameResult, Player};

/// The match so far, from the first engine's point of view.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// All games.
    pub total: Trinomial,
    /// Games where the first engine moved first.
    pub as_first: Trinomial,
    /// Games where it moved second.
    pub as_second: Trinomial,
    /// Complete pairs (with `--repeat`).
    pub pairs: Pentanomial,
}

impl Tally {
    /// Counts a game; returns the first engine's score in halves (0, 1, 2).
    pub fn add(&mut self, result: GameResult, first_engine_moved_first: bool) -> u32 {
        let engine_side = if first_engine_moved_first {
            Player::First
        } else {
            Player::Second
        };
        let halves = match result {
            GameResult::Win(winner) if winner == engine_side => 2,
            GameResult::Win(_) => 0,
            _ => 1,
        };
        let side = if first_engine_moved_first {
            &mut self.as_first
        } else {
            &mut self.as_second
        };
        for t in [&mut self.total, side] {
            match halves {
                2 => t.wins += 1,
                0 => t.losses += 1,
                _ => t.draws += 1,
            }
        }
        halves
    }

    /// Which model decides the SPRT: the pentanomial one once pairs are
    /// played (`--repeat`), the trinomial one otherwise.
    pub fn llr(&self, sprt: &Sprt, paired: bool) -> f64 {
        if paired {
            sprt.llr_pentanomial(&self.pairs)
        } else {
            sprt.llr_trinomial(&self.total)
        }
    }
}

fn score_line(t: &Trinomial) -> String {
    format!(
        "{} - {} - {}  [{:.3}] {}",
        t.wins,
        t.losses,
        t.draws,
        t.score(),
        t.games()
    )
}

fn sprt_line(label: &str, sprt: &Sprt, llr: f64, decided: bool) -> String {
    let mut line = format!(
        "{label}: llr {:.2} ({:.1}%), lbound {:.2}, ubound {:.2}",
        llr,
        sprt.progress(llr),
        sprt.lower_bound(),
        sprt.upper_bound()
    );
    if decided {
        match sprt.decide(llr) {
            SprtDecision::AcceptH0 => line.push_str(" - H0 was accepted"),
            SprtDecision::AcceptH1 => line.push_str(" - H1 was accepted"),
            SprtDecision::Continue => {}
        }
    }
    line
}

/// The score report: `Score of A vs B: ...`, per side, Elo, SPRT, and with
/// pairs the pentanomial counts and normalized-Elo SPRT. `decided` adds the
/// verdict to the deciding SPRT line.
pub fn summary(
    tally: &Tally,
    names: [&str; 2],
    sprt: Option<&Sprt>,
    paired: bool,
    decided: bool,
) -> Vec<String> {
    let [a, b] = names;
    let t = &tally.total;
    let mut lines = vec![
        format!("Score of {a} vs {b}: {}", score_line(t)),
        format!(
            "...      {a} playing first: {}",
            score_line(&tally.as_first)
        ),
        format!(
            "...      {a} playing second: {}",
            score_line(&tally.as_second)
        ),
        format!(
            "Elo difference: {:.1} +/- {:.1}, LOS: {:.1} %, DrawRatio: {:.1} %",
            t.elo(),
            t.margin(),
            t.los() * 100.0,
            t.draw_ratio() * 100.0
        ),
    ];
    if let Some(sprt) = sprt {
        let llr = sprt.llr_trinomial(t);
        lines.push(sprt_line("SPRT", sprt, llr, decided && !paired));
    }
    if paired {
        let p = &tally.pairs;
        let [ll, ld, even, wd, ww] = p.buckets();
        let mut line = format!(
            "Ptnml(0-2): [{ll}, {ld}, {even}, {wd}, {ww}], WL/DD: {}/{}",
            p.wl, p.dd
        );
        if let Some((nelo, margin)) = normalized_elo(p) {
            line.push_str(&format!(", nElo: {nelo:.1} +/- {margin:.1}"));
        }
        lines.push(line);
        if let Some(sprt) = sprt {
            let llr = sprt.llr_pentanomial(p);
            lines.push(sprt_line(
                "SPRT (pentanomial, normalized Elo)",
                sprt,
                llr,
                decided,
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tally_and_summary() {
        let mut tally = Tally::default();
        assert_eq!(tally.add(GameResult::Win(Player::First), true), 2);
        assert_eq!(tally.add(GameResult::Win(Player::First), false), 0);
        assert_eq!(tally.add(GameResult::Draw, true), 1);
        assert_eq!(tally.add(GameResult::Win(Player::Second), false), 2);
        tally.pairs.add(2, 0);
        tally.pairs.add(1, 2);
        assert_eq!(
            tally.total,
            Trinomial {
                wins: 2,
                losses: 1,
                draws: 1
            }
        );
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        let lines = summary(&tally, ["a", "b"], Some(&sprt), true, false);
        assert_eq!(lines[0], "Score of a vs b: 2 - 1 - 1  [0.625] 4");
        assert_eq!(lines[1], "...      a playing first: 1 - 0 - 1  [0.750] 2");
        assert_eq!(lines[2], "...      a playing second: 1 - 1 - 0  [0.500] 2");
        assert!(
            lines[3].starts_with("Elo difference: 88.7 +/- "),
            "{}",
            lines[3]
        );
        assert!(lines[3].ends_with(", DrawRatio: 25.0 %"), "{}", lines[3]);
        let llr = sprt.llr_trinomial(&tally.total);
        assert_eq!(
            lines[4],
            format!(
                "SPRT: llr {llr:.2} ({:.1}%), lbound -2.94, ubound 2.94",
                sprt.progress(llr)
            )
        );
        assert!(
            lines[5].starts_with("Ptnml(0-2): [0, 0, 1, 1, 0], WL/DD: 1/0"),
            "{}",
            lines[5]
        );
        assert!(lines[6].starts_with("SPRT (pentanomial, normalized Elo): llr "));
    }
}
