//! Unit tests of the referee module.

use super::*;
use crate::config::TimeControl;

#[test]
fn engines_that_announce_the_pair_option_play_for_pairs() {
    let option = Some(("Scoring", "margin"));
    let announced =
        vec!["option name Scoring type combo default game var game var margin".to_string()];
    let set = "setoption name Scoring value margin".to_string();
    assert_eq!(play_for_pairs(option, true, &[], &announced), Some(set));
    // Not without pairs, not for an engine without the option, not over
    // the user's own value, not in a game without one.
    assert_eq!(play_for_pairs(option, false, &[], &announced), None);
    assert_eq!(play_for_pairs(option, true, &[], &[]), None);
    let user = vec![("scoring".to_string(), "game".to_string())];
    assert_eq!(play_for_pairs(option, true, &user, &announced), None);
    assert_eq!(play_for_pairs(None, true, &[], &announced), None);
}

#[test]
fn go_commands_carry_both_clocks() {
    let tc = TimeControl::parse("40/60+0.5").unwrap();
    let limits = [
        Limit {
            tc: Some(tc),
            ..Limit::default()
        },
        Limit {
            tc: Some(tc),
            depth: Some(3),
            ..Limit::default()
        },
    ];
    let clocks = [
        Clock {
            left: Duration::from_millis(1500),
            moves_made: 41,
            ..Clock::default()
        },
        Clock {
            left: Duration::from_millis(2500),
            moves_made: 40,
            ..Clock::default()
        },
    ];
    assert_eq!(
        go_command(Dialect::Uci, &limits, &clocks, Player::First),
        "go wtime 1500 winc 500 btime 2500 binc 500 movestogo 39"
    );
    assert_eq!(
        go_command(Dialect::Ugi, &limits, &clocks, Player::Second),
        "go p1time 1500 p1inc 500 p2time 2500 p2inc 500 movestogo 40 depth 3"
    );
    let st = [Limit {
        movetime: Some(Duration::from_millis(200)),
        nodes: Some(1000),
        ..Limit::default()
    }; 2];
    assert_eq!(
        go_command(Dialect::Uci, &st, &clocks, Player::First),
        "go movetime 200 nodes 1000"
    );
}

#[test]
fn the_margin_forgives_a_clock_once_and_a_move_time_every_move() {
    let ms = Duration::from_millis;
    let tc = Limit {
        tc: Some(TimeControl::parse("1+0.01").unwrap()),
        ..Limit::default()
    };
    let mut clock = Clock {
        left: ms(20),
        ..Clock::default()
    };
    assert_eq!(clock.allowed(tc, ms(100)), Some(ms(120)));
    // 50 ms past the end: owed, and the increment pays 10 ms back.
    clock.charge(tc, ms(70));
    assert_eq!((clock.left, clock.overdrawn), (ms(0), ms(40)));
    assert_eq!(clock.allowed(tc, ms(100)), Some(ms(60)));
    clock.charge(tc, ms(5));
    assert_eq!((clock.left, clock.overdrawn), (ms(0), ms(35)));
    // Paid back, the clock runs again.
    for _ in 0..5 {
        clock.charge(tc, ms(0));
    }
    assert_eq!((clock.left, clock.overdrawn), (ms(15), ms(0)));
    // A move time is forgiven its margin on every move.
    let st = Limit {
        movetime: Some(ms(50)),
        ..Limit::default()
    };
    let mut clock = Clock::default();
    clock.charge(st, ms(120));
    assert_eq!(clock.allowed(st, ms(100)), Some(ms(150)));
}
