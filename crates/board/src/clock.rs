//! A game on a clock: each side's time left, the increment added after
//! each of its moves, the clock that runs, a pause, and the side whose time
//! ran out. The clocks start with the game's first move (the first player
//! may look at the start as long as they like); a side whose time runs
//! out loses the game.

use std::time::Duration;

use ludus_rules::Player;
use serde::Deserialize;
use web_time::Instant;

/// A time control: the time each side starts with and what each move adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "ControlRequest")]
pub struct TimeControl {
    /// Each side's time at the start, in milliseconds.
    pub base_ms: u64,
    /// What each move adds to its mover's time, in milliseconds.
    pub increment_ms: u64,
}

/// A time control as the page sends it, before its range is checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ControlRequest {
    base: u64,
    #[serde(default)]
    increment: u64,
}

/// The most a side may start with: three hours.
const MAX_BASE_MS: u64 = 3 * 3600 * 1000;
/// The largest increment: a minute.
const MAX_INCREMENT_MS: u64 = 60_000;

impl TryFrom<ControlRequest> for TimeControl {
    type Error = String;

    fn try_from(request: ControlRequest) -> Result<TimeControl, String> {
        if !(1000..=MAX_BASE_MS).contains(&request.base) {
            return Err(format!(
                "clock: a side's time is 1 second to 3 hours, not {} ms",
                request.base
            ));
        }
        if request.increment > MAX_INCREMENT_MS {
            return Err(format!(
                "clock: the increment is at most a minute, not {} ms",
                request.increment
            ));
        }
        Ok(TimeControl {
            base_ms: request.base,
            increment_ms: request.increment,
        })
    }
}

impl TimeControl {
    /// As people say it: `3+2` (minutes, and seconds a move), `0.5+0`;
    /// under a minute, `20s+0`.
    pub fn text(self) -> String {
        let base = if self.base_ms < 60_000 {
            format!("{}s", seconds(self.base_ms))
        } else {
            minutes(self.base_ms)
        };
        format!("{base}+{}", seconds(self.increment_ms))
    }

    /// As PGN's `TimeControl` tag writes it: `180+2` (seconds).
    pub fn pgn(self) -> String {
        format!("{}+{}", seconds(self.base_ms), seconds(self.increment_ms))
    }
}

/// Milliseconds as whole or decimal minutes.
fn minutes(ms: u64) -> String {
    trimmed(ms as f64 / 60_000.0)
}

/// Milliseconds as whole or decimal seconds.
fn seconds(ms: u64) -> String {
    trimmed(ms as f64 / 1000.0)
}

fn trimmed(value: f64) -> String {
    let text = format!("{value:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Both sides' clocks in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time left when its clock last stopped (or started).
    left: [Duration; 2],
    /// The side whose clock runs, since when.
    running: Option<(Player, Instant)>,
    /// Stopped by a pause (the side to move's clock runs again on resume).
    paused: bool,
    /// The side whose time ran out.
    flagged: Option<Player>,
}

impl Clock {
    /// Both sides at the control's time, no clock running yet.
    pub fn new(control: TimeControl) -> Clock {
        let base = Duration::from_millis(control.base_ms);
        Clock {
            control,
            left: [base; 2],
            running: None,
            paused: false,
            flagged: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// `player`'s time left at `now`.
    pub fn left(&self, player: Player, now: Instant) -> Duration {
        let stored = self.left[player.index()];
        match self.running {
            Some((side, since)) if side == player => {
                stored.saturating_sub(now.saturating_duration_since(since))
            }
            _ => stored,
        }
    }

    /// Each side's time left when its clock last started or stopped: what
    /// the engine is told when its clock starts (it does not change while
    /// the clock runs).
    pub fn stored(&self) -> [Duration; 2] {
        self.left
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Player> {
        self.running.map(|(side, _)| side)
    }

    /// Whether a pause stopped the clocks.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The side whose time ran out.
    pub fn flagged(&self) -> Option<Player> {
        self.flagged
    }

    /// Flags the side whose clock runs if its time is out at `now`; the
    /// side flagged (now or before).
    pub fn check(&mut self, now: Instant) -> Option<Player> {
        if let Some((side, _)) = self.running {
            if self.left(side, now).is_zero() {
                self.left[side.index()] = Duration::ZERO;
                self.running = None;
                self.flagged = Some(side);
            }
        }
        self.flagged
    }

    /// How long until the running clock's time is out at `now`.
    pub fn until_flag(&self, now: Instant) -> Option<Duration> {
        self.running.map(|(side, _)| self.left(side, now))
    }

    /// `mover` moved at `now`: its clock stops and gains the increment,
    /// and `next`'s clock starts (unless the game is over: `next` none).
    /// Returns the mover's time left after the move. Call [`Clock::check`]
    /// first: a side whose time ran out has no move.
    pub fn moved(&mut self, mover: Player, next: Option<Player>, now: Instant) -> Duration {
        let left = self.left(mover, now) + Duration::from_millis(self.control.increment_ms);
        self.left[mover.index()] = left;
        self.paused = false;
        self.running = next.map(|side| (side, now));
        left
    }

    /// Stops the clocks at `now` (`on`), or starts the clock of `to_move`
    /// again.
    pub fn pause(&mut self, on: bool, to_move: Player, now: Instant) {
        if on {
            if let Some((side, _)) = self.running {
                self.left[side.index()] = self.left(side, now);
                self.running = None;
                self.paused = true;
            }
        } else if self.paused {
            self.paused = false;
            self.running = Some((to_move, now));
        }
    }

    /// Stops both clocks for good (the game ended by the rules).
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running.take() {
            self.left[side.index()] = self.left(side, now);
        }
        self.paused = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn control(base_ms: u64, increment_ms: u64) -> TimeControl {
        TimeControl {
            base_ms,
            increment_ms,
        }
    }

    #[test]
    fn controls_are_read_in_range_and_written_for_people_and_pgn() {
        let read = |json: &str| serde_json::from_str::<TimeControl>(json);
        assert_eq!(
            read(r#"{"base": 180000, "increment": 2000}"#).unwrap(),
            control(180_000, 2000)
        );
        assert!(read(r#"{"base": 10}"#)
            .unwrap_err()
            .to_string()
            .contains("1 second to 3 hours"));
        assert!(read(r#"{"base": 60000, "increment": 70000}"#).is_err());
        assert!(read(r#"{"base": 60000, "inc": 1}"#).is_err());
        assert_eq!(control(180_000, 2000).text(), "3+2");
        assert_eq!(control(180_000, 2000).pgn(), "180+2");
        assert_eq!(control(30_000, 500).text(), "30s+0.5");
        assert_eq!(control(90_000, 0).text(), "1.5+0");
    }

    #[test]
    fn the_running_clock_runs_and_the_mover_gains_the_increment() {
        let start = Instant::now();
        let at = |ms| start + Duration::from_millis(ms);
        let mut clock = Clock::new(control(10_000, 1000));
        assert_eq!(
            clock.left(Player::First, at(5000)),
            Duration::from_secs(10),
            "not started"
        );
        let after = clock.moved(Player::First, Some(Player::Second), at(0));
        assert_eq!(after, Duration::from_secs(11));
        assert_eq!(clock.left(Player::Second, at(4000)), Duration::from_secs(6));
        clock.pause(true, Player::Second, at(4000));
        assert_eq!(
            clock.left(Player::Second, at(9000)),
            Duration::from_secs(6),
            "paused"
        );
        clock.pause(false, Player::Second, at(9000));
        assert_eq!(clock.check(at(14_000)), None);
        assert_eq!(clock.until_flag(at(14_000)), Some(Duration::from_secs(1)));
        assert_eq!(clock.check(at(15_001)), Some(Player::Second));
        assert_eq!(clock.left(Player::Second, at(20_000)), Duration::ZERO);
        assert_eq!(clock.running(), None);
    }
}
