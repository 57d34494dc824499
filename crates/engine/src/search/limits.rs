//! Search limits and the time budget a clock allows for one move.

use std::time::Duration;

use ludus_rules::protocol::Go;

use super::params::{
    TM_HARD_PER_OPTIMUM, TM_HARD_SHARE, TM_HORIZON, TM_LAST_MOVES_SHARE, TM_MAX_HORIZON,
    TM_OPTIMUM_SHARE, TM_RESERVE_OVERHEADS,
};

/// The side to move's clock, as `go wtime/btime/...` or `p1time/...` give it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub time_left: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if the control has one.
    pub moves_to_go: Option<u32>,
}

/// What bounds one search. Several limits may be set at once; the first one
/// reached stops the search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes, counted over all threads.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Stop once a forced win in at most this many moves is found.
    pub mate: Option<u32>,
    /// The mover's clock, for the time manager.
    pub clock: Option<Clock>,
    /// Search until `stop`, whatever else is set.
    pub infinite: bool,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
}

impl Limits {
    /// The limits `go` sets for the player `mover` (0 first): its own
    /// clock, the other limits as given.
    pub fn for_mover(go: &Go, mover: usize) -> Limits {
        Limits {
            depth: go.depth,
            nodes: go.nodes,
            movetime: go.movetime,
            mate: go.mate,
            clock: go.clocks[mover].map(|time| Clock {
                time_left: time.left,
                increment: time.increment,
                moves_to_go: go.moves_to_go,
            }),
            infinite: go.infinite,
            ponder: go.ponder,
        }
    }
}

/// How long a search may take: `soft` is the time the move is planned to
/// take (past it no new iteration starts), `hard` the time at which the
/// search stops mid-iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Time after which no new iteration is started: for a clock, the
    /// optimum the search scales by what its iterations show (see
    /// [`super::time_manager`]).
    pub soft: Duration,
    /// Time at which the search is stopped.
    pub hard: Duration,
    /// Whether `soft` comes from a clock and may be scaled; a fixed
    /// `movetime` is spent whole.
    pub adaptive: bool,
}

impl TimeBudget {
    /// The budget for `limits`, keeping `overhead` for the communication
    /// delay; `plies_left` bounds how long the game can last (see
    /// [`ludus_rules::Searchable::plies_left_bound`]). `None` when time
    /// does not limit the search.
    pub fn for_limits(
        limits: &Limits,
        overhead: Duration,
        plies_left: Option<u32>,
    ) -> Option<TimeBudget> {
        let movetime = limits.movetime.map(|time| {
            let usable = time.saturating_sub(overhead).max(Duration::from_millis(1));
            TimeBudget {
                soft: usable,
                hard: usable,
                adaptive: false,
            }
        });
        let clock = limits
            .clock
            .map(|clock| Self::for_clock(&clock, overhead, plies_left));
        match (movetime, clock) {
            (Some(a), Some(b)) => Some(TimeBudget {
                soft: a.soft.min(b.soft),
                hard: a.hard.min(b.hard),
                adaptive: b.soft < a.soft,
            }),
            (a, b) => a.or(b),
        }
    }

    /// The budget for a clock. The time is planned over the moves to the
    /// next time control (`movestogo`, else [`TM_HORIZON`], fewer if
    /// the game ends sooner): each of them gets an equal share of the clock
    /// and of the increments to come, less a Move Overhead per move. The
    /// hard limit never exceeds the time left minus the overhead and the
    /// reserve, so the engine cannot lose on time by itself.
    pub fn for_clock(clock: &Clock, overhead: Duration, plies_left: Option<u32>) -> TimeBudget {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let usable = ms(clock.time_left.saturating_sub(overhead));
        let reserve = (ms(overhead) * f64::from(TM_RESERVE_OVERHEADS.get())).min(usable);
        let spendable = usable - reserve;
        let mut horizon = clock
            .moves_to_go
            .unwrap_or(TM_HORIZON.get() as u32)
            .clamp(1, TM_MAX_HORIZON.get() as u32);
        if let Some(plies) = plies_left {
            // Our moves are every other ply of what is left.
            horizon = horizon.min(plies.div_ceil(2).max(1));
        }
        let moves = f64::from(horizon);
        let later_increments = (ms(clock.increment) - ms(overhead)).max(0.0) * (moves - 1.0);
        let share = TM_OPTIMUM_SHARE
            .per(100)
            .max(TM_LAST_MOVES_SHARE.per(100) / moves);
        let optimum = ((spendable + later_increments) / moves).min(spendable * share);
        let hard_share = if horizon == 1 {
            1.0
        } else {
            TM_HARD_SHARE.per(100)
        };
        let hard = (optimum * f64::from(TM_HARD_PER_OPTIMUM.get())).min(spendable * hard_share);
        let floor = 1.0;
        let hard = hard.max(floor);
        TimeBudget {
            soft: Duration::from_secs_f64(optimum.clamp(floor, hard) / 1000.0),
            hard: Duration::from_secs_f64(hard / 1000.0),
            adaptive: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(time: u64, inc: u64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            time_left: ms(time),
            increment: ms(inc),
            moves_to_go,
        }
    }

    #[test]
    fn movetime_keeps_the_overhead_and_is_spent_whole() {
        let limits = Limits {
            movetime: Some(ms(1000)),
            ..Limits::default()
        };
        let budget = TimeBudget::for_limits(&limits, ms(10), None).unwrap();
        assert_eq!((budget.soft, budget.hard), (ms(990), ms(990)));
        assert!(!budget.adaptive);
    }

    /// Checks a duration to the microsecond.
    fn assert_ms(duration: Duration, expected: f64) {
        let got = duration.as_secs_f64() * 1000.0;
        assert!((got - expected).abs() < 0.01, "{got} ms, not {expected} ms");
    }

    #[test]
    fn clock_budget_stays_inside_the_clock_and_the_reserve() {
        for time in [
            0, 1, 5, 10, 11, 50, 100, 409, 500, 1000, 2000, 60_000, 3_600_000,
        ] {
            for inc in [0, 20, 100, 5000] {
                for mtg in [None, Some(1), Some(2), Some(40), Some(1000)] {
                    for plies in [None, Some(1), Some(9), Some(400)] {
                        let clock = clock(time, inc, mtg);
                        let budget = TimeBudget::for_clock(&clock, ms(10), plies);
                        assert!(budget.soft <= budget.hard, "{clock:?} {budget:?}");
                        assert!(budget.soft >= ms(1) && budget.adaptive);
                        // Time minus overhead, minus the reserve of 40
                        // overheads, or 1 ms at the least.
                        let limit = time.saturating_sub(10 + 400).max(1);
                        assert!(budget.hard <= ms(limit), "{clock:?} {plies:?} {budget:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_default_plan_spends_a_share_of_clock_and_increments() {
        // 2+0.02: (2000 - 10 - 400 + 34 × 10) / 35 ms, hard 5 times that.
        let budget = TimeBudget::for_clock(&clock(2000, 20, None), ms(10), None);
        assert_ms(budget.soft, 1930.0 / 35.0);
        assert_ms(budget.hard, 5.0 * 1930.0 / 35.0);
        // Without an increment: 1590 / 35.
        let budget = TimeBudget::for_clock(&clock(2000, 0, None), ms(10), None);
        assert_ms(budget.soft, 1590.0 / 35.0);
        // More time, more increment: more to spend.
        let more_time = TimeBudget::for_clock(&clock(4000, 20, None), ms(10), None);
        let more_inc = TimeBudget::for_clock(&clock(2000, 100, None), ms(10), None);
        let base = TimeBudget::for_clock(&clock(2000, 20, None), ms(10), None);
        assert!(more_time.soft > base.soft && more_inc.soft > base.soft);
    }

    #[test]
    fn a_huge_increment_is_not_spent_ahead_of_time() {
        // 1 s on the clock, 10 s increment: the optimum is a fifth of what
        // may be spent now (990 - 400), not a share of increments to come.
        let budget = TimeBudget::for_clock(&clock(1000, 10_000, None), ms(10), None);
        assert_ms(budget.soft, 118.0);
        assert_ms(budget.hard, 442.5); // 3/4 of 590
    }

    #[test]
    fn moves_to_go_divides_the_clock() {
        let budget = |mtg| TimeBudget::for_clock(&clock(60_000, 0, Some(mtg)), ms(10), None);
        // The last move before the control may spend nearly all of it:
        // 60 000 - 10 - 400 = 59 590 ms at most, 90 % of that planned.
        let last = budget(1);
        assert_ms(last.soft, 53_631.0);
        assert_ms(last.hard, 59_590.0);
        assert_ms(budget(2).soft, 26_815.5);
        assert_ms(budget(40).soft, 1489.75);
        // Beyond the horizon, movestogo changes nothing.
        assert_eq!(budget(50), budget(1000));
        assert!(budget(1).soft > budget(2).soft && budget(2).soft > budget(40).soft);
    }

    #[test]
    fn a_game_that_ends_soon_shortens_the_plan() {
        let budget = |plies| TimeBudget::for_clock(&clock(10_000, 0, None), ms(10), plies);
        assert_eq!(budget(None), budget(Some(1000)));
        // Five moves of ours left at most: a fifth of the clock each.
        assert_ms(budget(Some(10)).soft, 1918.0);
        assert_eq!(budget(Some(9)), budget(Some(10)));
        assert!(budget(Some(10)).soft > budget(None).soft);
    }

    #[test]
    fn inside_the_reserve_the_search_takes_a_millisecond() {
        for time in [0, 5, 10, 11, 200, 410] {
            let budget = TimeBudget::for_clock(&clock(time, 20, None), ms(10), None);
            assert_eq!((budget.soft, budget.hard), (ms(1), ms(1)), "{time}");
        }
        // Just above it, a little.
        let budget = TimeBudget::for_clock(&clock(510, 20, None), ms(10), None);
        assert!(budget.hard > ms(1) && budget.hard <= ms(75));
    }

    #[test]
    fn a_clock_and_a_movetime_take_the_smaller_budget() {
        let limits = Limits {
            movetime: Some(ms(50)),
            clock: Some(clock(60_000, 0, None)),
            ..Limits::default()
        };
        let budget = TimeBudget::for_limits(&limits, ms(10), None).unwrap();
        assert_eq!(
            (budget.soft, budget.hard, budget.adaptive),
            (ms(40), ms(40), false)
        );
        let limits = Limits {
            movetime: Some(ms(60_000)),
            clock: Some(clock(2000, 0, None)),
            ..Limits::default()
        };
        let budget = TimeBudget::for_limits(&limits, ms(10), None).unwrap();
        assert!(budget.adaptive && budget.hard < ms(1000));
    }

    #[test]
    fn no_time_limit_without_clock_or_movetime() {
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        assert_eq!(TimeBudget::for_limits(&limits, ms(10), None), None);
    }
}
