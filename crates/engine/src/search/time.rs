//! Search limits and the time manager.

use std::time::Duration;

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

/// How long a search may take: past `soft` no new iteration starts, at
/// `hard` the search stops mid-iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeBudget {
    /// Time after which no new iteration is started.
    pub soft: Duration,
    /// Time at which the search is stopped.
    pub hard: Duration,
}

/// Moves the game is assumed to last beyond this one when the clock has no
/// `movestogo`: a budget of 1/25 of the clock per move keeps a reserve for a
/// long game while spending enough early.
const ASSUMED_MOVES_TO_GO: u32 = 25;

impl TimeBudget {
    /// The budget for `limits`, keeping `overhead` for the communication
    /// delay; `None` when time does not limit the search.
    pub fn for_limits(limits: &Limits, overhead: Duration) -> Option<TimeBudget> {
        let movetime = limits.movetime.map(|time| {
            let usable = time.saturating_sub(overhead).max(Duration::from_millis(1));
            TimeBudget {
                soft: usable,
                hard: usable,
            }
        });
        let clock = limits.clock.map(|clock| Self::for_clock(&clock, overhead));
        match (movetime, clock) {
            (Some(a), Some(b)) => Some(TimeBudget {
                soft: a.soft.min(b.soft),
                hard: a.hard.min(b.hard),
            }),
            (a, b) => a.or(b),
        }
    }

    /// The budget for a clock. The hard limit never exceeds the time left
    /// minus the overhead, so the engine cannot lose on time by itself.
    pub fn for_clock(clock: &Clock, overhead: Duration) -> TimeBudget {
        let usable = clock.time_left.saturating_sub(overhead);
        let moves_to_go = clock
            .moves_to_go
            .unwrap_or(ASSUMED_MOVES_TO_GO)
            .clamp(1, 60);
        // The increment comes back after the move, so most of it is spendable.
        let share = usable / moves_to_go + clock.increment * 3 / 4;
        let ceiling = if moves_to_go == 1 {
            usable * 9 / 10
        } else {
            usable * 2 / 5
        };
        let hard = (share * 4).min(ceiling).max(Duration::from_millis(1));
        let soft = share.min(hard).max(Duration::from_millis(1));
        TimeBudget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let limits = Limits {
            movetime: Some(ms(1000)),
            ..Limits::default()
        };
        let budget = TimeBudget::for_limits(&limits, ms(10)).unwrap();
        assert_eq!((budget.soft, budget.hard), (ms(990), ms(990)));
    }

    #[test]
    fn clock_budget_stays_inside_the_clock() {
        for time in [0, 1, 5, 10, 11, 50, 1000, 60_000] {
            for inc in [0, 100, 5000] {
                for mtg in [None, Some(1), Some(2), Some(40)] {
                    let clock = Clock {
                        time_left: ms(time),
                        increment: ms(inc),
                        moves_to_go: mtg,
                    };
                    let budget = TimeBudget::for_clock(&clock, ms(10));
                    assert!(budget.soft <= budget.hard);
                    assert!(
                        budget.hard <= ms(time.saturating_sub(10)).max(ms(1)),
                        "{clock:?} {budget:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn no_time_limit_without_clock_or_movetime() {
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        assert_eq!(TimeBudget::for_limits(&limits, ms(10)), None);
    }
}
