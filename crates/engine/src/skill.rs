//! Playing strength below the engine's best (`Skill Level`,
//! `UCI_LimitStrength`/`UCI_Elo`): a level limits how deep the engine
//! looks, and the move is drawn among the best few lines with a
//! temperature that grows as the level falls, so a weaker level makes the
//! mistakes of a weaker player (a plausible move that is not the best)
//! rather than the blunders of a strong one stopped short. Above level 18
//! the depth cap climbs steeply and most moves are searched with one line,
//! as full strength searches, so the top levels close the gap to it where
//! the clock, not the depth, bounds them.
//!
//! Below level 0 a level plays a share of its moves uniformly at random
//! and the rest as level 0, down to [`RANDOM_LEVEL`], the random mover:
//! the ladders' 0 Elo, so the scale is anchored by levels a person can
//! choose, and a beginner meets an opponent who misses what level 0 never
//! misses (a win in one).
//!
//! A level costs no more time than full strength at the same limit: it
//! only lowers the depth, and the draws happen after the search.

use ludus_rules::random::Rng;
pub use ludus_rules::tools::RANDOM_LEVEL;

use crate::search::{Limits, SearchInfo, MATE_BOUND};

/// The highest level: full strength, no limit and no draw.
pub const MAX_LEVEL: i8 = 20;

/// A playing level, fractional so that an Elo target can fall between two
/// whole levels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    level: f64,
}

/// How many lines a level draws among.
const CANDIDATES: usize = 4;
/// The temperature at level 0, in centipawns: a move this much worse than
/// the best is drawn e (2.718…) times less often.
const COLDEST_TEMPERATURE_CP: f64 = 250.0;
/// The level above which the top levels close in on full strength: the
/// depth cap climbs by [`TOP_PLIES_PER_LEVEL`] and a growing share of the
/// moves is searched with one line ([`Skill::lines`]).
const TOP_RAMP_LEVEL: f64 = 18.0;
/// The plies the depth cap climbs a level above [`TOP_RAMP_LEVEL`]: where
/// full strength searches far deeper in its time than level 18's 10 plies
/// (Wyx: 15–18 at 0.1 s a move), the levels between them would otherwise
/// all play at 10–11 plies, near level 18's strength (bench/notes/ladders.md,
/// "The top of the levels").
const TOP_PLIES_PER_LEVEL: f64 = 4.0;
/// Scores beyond this (wins and losses found by the search) are drawn as
/// if they were this large, so the draw stays finite.
const SCORE_CLAMP_CP: f64 = 2000.0;

impl Skill {
    /// Level `level` of [`RANDOM_LEVEL`]..=[`MAX_LEVEL`] (larger values are
    /// full strength, smaller ones the random mover).
    pub fn new(level: f64) -> Skill {
        Skill {
            level: level.clamp(f64::from(RANDOM_LEVEL), f64::from(MAX_LEVEL)),
        }
    }

    /// The level that plays at `elo` by a game's calibration `table`
    /// ((level, Elo), the levels rising and the Elo never falling:
    /// [`ludus_rules::Tooling::LEVEL_ELO`]), between two calibrated levels
    /// by straight-line interpolation, clamped to the table's range. Where
    /// two levels share an Elo (a flat stretch: the stronger plays as the
    /// weaker), that Elo asks for the weaker and anything above it
    /// interpolates from the stronger.
    pub fn for_elo(table: &[(i8, i32)], elo: i32) -> Skill {
        let upper = table.iter().position(|&(_, rating)| rating >= elo);
        let level = match upper {
            None => f64::from(MAX_LEVEL),
            Some(0) => table.first().map_or(0.0, |&(level, _)| f64::from(level)),
            Some(i) => {
                let ((from, low), (to, high)) = (table[i - 1], table[i]);
                let share = f64::from(elo - low) / f64::from(high - low);
                f64::from(from) + share * (f64::from(to) - f64::from(from))
            }
        };
        Skill::new(level)
    }

    /// The level.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// Whether this is full strength (no limit at all).
    pub fn is_full(&self) -> bool {
        self.level >= f64::from(MAX_LEVEL)
    }

    /// The share of moves played uniformly at random: level / −20 below
    /// level 0 (all of them at [`RANDOM_LEVEL`]), none from level 0 up.
    pub fn random_share(&self) -> f64 {
        (self.level / f64::from(RANDOM_LEVEL)).max(0.0)
    }

    /// The deepest iteration the level searches: 1 at level 0 (and below),
    /// one more every two levels up to level 18 (10 plies), then
    /// [`TOP_PLIES_PER_LEVEL`] more a level towards full strength, which
    /// has no cap. A level between two depths (odd, or fractional for a
    /// `UCI_Elo`) searches the deeper one on its share of the moves, as
    /// `draw` (uniform in `[0, 1)`, one a move) falls: a level's strength
    /// comes mostly from its depth, so this puts it between its neighbours,
    /// where `UCI_Elo`'s interpolation expects it, rather than at the lower
    /// one.
    pub fn depth(&self, draw: f64) -> Option<u32> {
        (!self.is_full()).then(|| {
            let level = self.level.max(0.0);
            let plies = 1.0
                + level.min(TOP_RAMP_LEVEL) / 2.0
                + (level - TOP_RAMP_LEVEL).max(0.0) * TOP_PLIES_PER_LEVEL;
            plies as u32 + u32::from(draw < plies.fract())
        })
    }

    /// `limits` with the level's depth (for `draw`, see [`Skill::depth`])
    /// as a further bound.
    pub fn limit(&self, mut limits: Limits, draw: f64) -> Limits {
        if let Some(depth) = self.depth(draw) {
            limits.depth = Some(limits.depth.map_or(depth, |asked| asked.min(depth)));
        }
        limits
    }

    /// The lines searched (MultiPV) to draw the move among: one at full
    /// strength, [`CANDIDATES`] up to level 18, and above it
    /// [`CANDIDATES`] only on a share of the moves, the square of the
    /// distance to full strength over the top span (level 19: a quarter),
    /// as `draw` (uniform in `[0, 1)`, one a move) falls, and one on the
    /// rest. Where a level is bound by the clock rather than its depth cap,
    /// searching four lines costs it the plies full strength reaches in
    /// the same time; without this the levels between 18 and full strength
    /// all play near level 18. The share falls with the square because a
    /// game is lost by its weaker moves: with half the moves on four lines,
    /// level 19 gained only a fifth of the span (bench/notes/ladders.md, "The
    /// top of the levels").
    pub fn lines(&self, draw: f64) -> usize {
        let top_span = f64::from(MAX_LEVEL) - TOP_RAMP_LEVEL;
        let distance = ((f64::from(MAX_LEVEL) - self.level) / top_span).min(1.0);
        match draw < distance * distance {
            true => CANDIDATES,
            false => 1,
        }
    }

    /// The draw's temperature in centipawns: 250 at level 0 (and below),
    /// falling with the square of the distance to full strength.
    pub fn temperature_cp(&self) -> f64 {
        let distance = (f64::from(MAX_LEVEL) - self.level.max(0.0)) / f64::from(MAX_LEVEL);
        COLDEST_TEMPERATURE_CP * distance * distance
    }
}

/// The lines a limited search reported, kept to draw the move among.
#[derive(Clone, Debug)]
pub struct Candidates<M> {
    /// Each iteration's exact reports: the depth, and each line's score
    /// and PV, one line a first move.
    iterations: Vec<(u32, Vec<ScoredLine<M>>)>,
}

/// A reported line: its score and its moves.
type ScoredLine<M> = (i32, Vec<M>);

impl<M: Copy + PartialEq> Default for Candidates<M> {
    fn default() -> Self {
        Candidates {
            iterations: Vec::new(),
        }
    }
}

impl<M: Copy + PartialEq> Candidates<M> {
    /// Takes one `info` report of the search. Bounds (a failed aspiration
    /// window) are passed over: only exact scores are compared.
    pub fn observe(&mut self, info: &SearchInfo<M>) {
        let Some(&first) = info.pv.first() else {
            return;
        };
        if info.bound.is_some() {
            return;
        }
        if self
            .iterations
            .last()
            .is_none_or(|(depth, _)| *depth != info.depth)
        {
            self.iterations.push((info.depth, Vec::new()));
        }
        let Some((_, lines)) = self.iterations.last_mut() else {
            return;
        };
        // A later report of a move in the same iteration replaces the
        // earlier one.
        lines.retain(|(_, pv)| pv[0] != first);
        lines.push((info.score, info.pv.clone()));
    }

    /// The lines of the deepest iteration that reported as many lines as
    /// any: the last complete one, so scores of one depth are compared.
    fn complete(&self) -> &[ScoredLine<M>] {
        let most = self.iterations.iter().map(|(_, lines)| lines.len()).max();
        self.iterations
            .iter()
            .rev()
            .find(|(_, lines)| Some(lines.len()) == most)
            .map_or(&[], |(_, lines)| lines.as_slice())
    }

    /// Draws a line by `skill`'s temperature: the move and the expected
    /// reply. `None` when no line was reported.
    pub fn draw(&self, skill: &Skill, rng: &mut Rng) -> Option<(M, Option<M>)> {
        let lines = self.complete();
        let best = lines.iter().map(|(score, _)| *score).max()?;
        let temperature = skill.temperature_cp().max(1e-9);
        let clamp = |score: i32| f64::from(score).clamp(-SCORE_CLAMP_CP, SCORE_CLAMP_CP);
        let weights: Vec<f64> = lines
            .iter()
            .map(|(score, _)| match is_decided(*score) || is_decided(best) {
                // A forced result is never traded for a guess, and a
                // loss never chosen over a move that avoids it.
                true if *score != best => 0.0,
                _ => ((clamp(*score) - clamp(best)) / temperature).exp(),
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let mut ticket = rng.unit() * total;
        let chosen = weights
            .iter()
            .position(|weight| {
                ticket -= weight;
                ticket < 0.0
            })
            .unwrap_or_else(|| weights.iter().rposition(|w| *w > 0.0).unwrap_or(0));
        let pv = &lines[chosen].1;
        Some((pv[0], pv.get(1).copied()))
    }
}

/// Whether a score is a forced win or loss.
fn is_decided(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(multipv: usize, score: i32, pv: &[u8]) -> SearchInfo<u8> {
        SearchInfo {
            depth: 3,
            seldepth: 3,
            multipv,
            score,
            bound: None,
            nodes: 1,
            nps: 1,
            time_ms: 0,
            hashfull: 0,
            pv: pv.to_vec(),
        }
    }

    #[test]
    fn levels_go_deeper_and_colder() {
        for draw in [0.0, 0.99] {
            assert_eq!(Skill::new(0.0).depth(draw), Some(1));
            assert_eq!(Skill::new(18.0).depth(draw), Some(10));
            assert_eq!(Skill::new(20.0).depth(draw), None);
        }
        // Between two depths, the deeper one on the level's share of moves.
        assert_eq!(Skill::new(17.0).depth(0.49), Some(10));
        assert_eq!(Skill::new(17.0).depth(0.5), Some(9));
        // Above level 18 the cap climbs steeply towards full strength.
        assert_eq!(Skill::new(19.0).depth(0.9), Some(14));
        assert_eq!(Skill::new(18.5).depth(0.9), Some(12));
        assert_eq!(Skill::new(19.875).depth(0.49), Some(18));
        assert_eq!(Skill::new(19.875).depth(0.5), Some(17));
        assert_eq!(Skill::new(6.5).depth(0.2), Some(5));
        assert_eq!(Skill::new(6.5).depth(0.3), Some(4));
        assert_eq!(Skill::new(25.0).lines(0.99), 1);
        // Above level 18 a growing share of moves is searched as one line.
        assert_eq!(Skill::new(18.0).lines(0.99), CANDIDATES);
        assert_eq!(Skill::new(3.0).lines(0.99), CANDIDATES);
        assert_eq!(Skill::new(19.0).lines(0.24), CANDIDATES);
        assert_eq!(Skill::new(19.0).lines(0.25), 1);
        assert_eq!(Skill::new(19.9).lines(0.1), 1);
        assert_eq!(Skill::new(20.0).lines(0.0), 1);
        assert!(Skill::new(0.0).temperature_cp() > Skill::new(10.0).temperature_cp());
        assert_eq!(Skill::new(20.0).temperature_cp(), 0.0);
    }

    #[test]
    fn below_level_zero_a_share_of_the_moves_is_random() {
        assert_eq!(Skill::new(0.0).random_share(), 0.0);
        assert_eq!(Skill::new(12.0).random_share(), 0.0);
        assert_eq!(Skill::new(-5.0).random_share(), 0.25);
        assert_eq!(Skill::new(-20.0).random_share(), 1.0);
        assert_eq!(Skill::new(-99.0).level(), -20.0);
        // The rest are level 0's.
        let below = Skill::new(-10.0);
        assert_eq!(below.depth(0.9), Some(1));
        assert_eq!(below.temperature_cp(), Skill::new(0.0).temperature_cp());
        assert_eq!(below.lines(0.0), Skill::new(0.0).lines(0.0));
    }

    #[test]
    fn an_elo_falls_between_two_calibrated_levels() {
        let table = [
            (-20, 0),
            (0, 100),
            (2, 200),
            (4, 300),
            (12, 1000),
            (20, 1500),
        ];
        assert_eq!(Skill::for_elo(&table, -50).level(), -20.0);
        assert_eq!(Skill::for_elo(&table, 0).level(), -20.0);
        assert_eq!(Skill::for_elo(&table, 50).level(), -10.0);
        assert_eq!(Skill::for_elo(&table, 100).level(), 0.0);
        assert_eq!(Skill::for_elo(&table, 250).level(), 3.0);
        assert_eq!(Skill::for_elo(&table, 650).level(), 8.0);
        assert_eq!(Skill::for_elo(&table, 1250).level(), 16.0);
        assert!(Skill::for_elo(&table, 1500).is_full());
        assert!(Skill::for_elo(&table, 9999).is_full());
    }

    #[test]
    fn an_elo_above_a_flat_stretch_asks_for_more_than_its_last_level() {
        // Levels 12 to 16 play alike: 16 is listed at 12's Elo.
        let table = [(-20, 0), (12, 1000), (16, 1000), (19, 1300), (20, 1500)];
        assert_eq!(Skill::for_elo(&table, 500).level(), -4.0);
        assert_eq!(Skill::for_elo(&table, 1000).level(), 12.0);
        assert_eq!(Skill::for_elo(&table, 1100).level(), 17.0);
        assert_eq!(Skill::for_elo(&table, 1400).level(), 19.5);
    }

    #[test]
    fn the_draw_takes_every_plausible_line_and_never_a_forced_loss() {
        let mut lines = Candidates::default();
        lines.observe(&info(1, 30, &[1, 9]));
        lines.observe(&info(2, 0, &[2]));
        lines.observe(&info(3, -MATE_BOUND - 5, &[3]));
        // A later report of move 2 in the same iteration replaces the
        // earlier.
        lines.observe(&info(1, 10, &[2, 7]));
        let mut rng = Rng::new(1);
        let mut seen = [0; 4];
        for _ in 0..2000 {
            let (mv, reply) = lines.draw(&Skill::new(0.0), &mut rng).unwrap();
            seen[mv as usize] += 1;
            if mv == 2 {
                assert_eq!(reply, Some(7));
            }
        }
        assert!(seen[1] > seen[2] && seen[2] > 0, "{seen:?}");
        assert_eq!(seen[3], 0, "a forced loss is never drawn");
    }

    #[test]
    fn the_draw_is_among_the_last_complete_iteration() {
        let mut lines = Candidates::default();
        lines.observe(&info(1, 0, &[1]));
        lines.observe(&info(2, 0, &[2]));
        let mut deeper = info(1, 0, &[3]);
        deeper.depth = 4;
        lines.observe(&deeper);
        deeper.pv = vec![4];
        lines.observe(&deeper);
        let mut deepest = info(1, 0, &[5]);
        deepest.depth = 5;
        lines.observe(&deepest);
        let mut rng = Rng::new(3);
        for _ in 0..100 {
            let (mv, _) = lines.draw(&Skill::new(0.0), &mut rng).unwrap();
            assert!(mv == 3 || mv == 4, "{mv}");
        }
    }

    #[test]
    fn a_forced_win_is_always_kept_and_bounds_are_ignored() {
        let mut lines = Candidates::default();
        lines.observe(&info(1, MATE_BOUND + 3, &[4]));
        lines.observe(&info(2, MATE_BOUND - 1, &[5]));
        let mut bound = info(3, 99_999, &[6]);
        bound.bound = Some(ludus_rules::protocol::Bound::Lower);
        lines.observe(&bound);
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            assert_eq!(lines.draw(&Skill::new(0.0), &mut rng), Some((4, None)));
        }
        assert_eq!(
            Candidates::<u8>::default().draw(&Skill::new(3.0), &mut rng),
            None
        );
    }
}
