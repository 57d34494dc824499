//! One game between two engines, refereed with ludus's own rules: every
//! move is checked, the result is the rules' (plus threefold repetition),
//! the clocks are the runner's own, and every failure of an engine loses.

use std::time::{Duration, Instant};

use super::cli::{EngineSpec, MatchConfig, Proto};
use super::engine::{offers_variant, parse_info, EngineProcess, Failure, SearchReport};
use ludus_rules::{Game, GameLog, GameResult, Player};

/// How a game ended, as PGN's `Termination` tag names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules (or repetition).
    Normal,
    /// A clock ran out.
    TimeForfeit,
    /// An illegal or unparsable move.
    IllegalMove,
    /// An engine exited.
    Crash,
    /// An engine stopped answering.
    Stall,
    /// Move limit or resignation.
    Adjudication,
}

impl Termination {
    /// The PGN `Termination` value.
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove => "rules infraction",
            Termination::Crash | Termination::Stall => "abandoned",
            Termination::Adjudication => "adjudication",
        }
    }
}

/// One move of a finished game.
#[derive(Clone, Debug)]
pub struct PlayedMove {
    /// The move in canonical notation.
    pub text: String,
    /// Who played it.
    pub mover: Player,
    /// The engine's last exact score and depth, if it reported one.
    pub report: Option<SearchReport>,
    /// Time the engine took.
    pub time: Duration,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The start position in the game's notation.
    pub start_fen: String,
    /// Whether that is the game's standard start.
    pub standard_start: bool,
    /// The moves.
    pub moves: Vec<PlayedMove>,
    /// `Win(player)` or `Draw`.
    pub result: GameResult,
    /// Why, e.g. `b loses on time`.
    pub reason: String,
    /// The kind of ending.
    pub termination: Termination,
}

impl GameRecord {
    /// `1-0`, `0-1` or `1/2-1/2` (first player's result first).
    pub fn result_text(&self) -> &'static str {
        match self.result {
            GameResult::Win(Player::First) => "1-0",
            GameResult::Win(Player::Second) => "0-1",
            _ => "1/2-1/2",
        }
    }
}

/// A player's engine: its description and its process, which the caller
/// keeps between games (`None` = start it; a failed engine is left `None`).
pub struct Seat<'a> {
    /// The engine.
    pub spec: &'a EngineSpec,
    /// Its process.
    pub process: &'a mut Option<EngineProcess>,
}

/// An engine's failure, as the game records it.
struct Loss {
    termination: Termination,
    reason: String,
}

impl Loss {
    fn from_failure(name: &str, failure: Failure, what: &str, timeout: Duration) -> Loss {
        match failure {
            Failure::Crashed => Loss {
                termination: Termination::Crash,
                reason: format!("{name} crashes"),
            },
            Failure::TimedOut => Loss {
                termination: Termination::Stall,
                reason: format!(
                    "{name} stalls (no {what} within {:.1} s)",
                    timeout.as_secs_f64()
                ),
            },
        }
    }
}

/// Starts the engine if needed and prepares it for a new game of `G`.
/// `Err(Ok(loss))` loses the game; `Err(Err(text))` ends the match (the
/// engine cannot be run, or does not play this game).
fn prepare<G: Game>(seat: &mut Seat, config: &MatchConfig) -> Result<(), Result<Loss, String>> {
    let name = &seat.spec.name;
    let wait = config.ready_timeout;
    if seat.process.as_mut().is_some_and(|p| p.has_exited()) {
        *seat.process = None;
    }
    if seat.process.is_none() {
        let mut process = EngineProcess::start(seat.spec).map_err(Err)?;
        let declarations = process
            .handshake(wait)
            .map_err(|f| Ok(Loss::from_failure(name, f, "handshake answer", wait)))?;
        if !offers_variant(&declarations, G::NAME) {
            return Err(Err(format!(
                "engine {name} does not offer the variant {}",
                G::NAME
            )));
        }
        let mut setup = vec![format!("setoption name UCI_Variant value {}", G::NAME)];
        for (option, value) in &seat.spec.options {
            setup.push(format!("setoption name {option} value {value}"));
        }
        for line in setup {
            process
                .send(&line)
                .map_err(|f| Ok(Loss::from_failure(name, f, "", wait)))?;
        }
        *seat.process = Some(process);
    }
    let Some(process) = seat.process.as_mut() else {
        return Err(Err("engine process missing".to_string()));
    };
    let newgame = match process.proto() {
        Proto::Uci => "ucinewgame",
        Proto::Ugi => "uginewgame",
    };
    let result = process.send(newgame).and_then(|()| process.sync(wait));
    result.map_err(|f| {
        *seat.process = None;
        Ok(Loss::from_failure(name, f, "readyok", wait))
    })
}

/// A player's clock.
#[derive(Clone, Copy)]
struct Clock {
    left: Duration,
    moves_made: u32,
}

/// Plays one game from `opening`; `seats[0]` moves first. Returns `Err`
/// only when the match cannot go on.
pub fn play_game<G: Game>(
    config: &MatchConfig,
    opening: &G,
    mut seats: [Seat; 2],
) -> Result<GameRecord, String> {
    let start_fen = opening.to_fen();
    let standard_start = start_fen == G::startpos().to_fen();
    let mut record = GameRecord {
        start_fen,
        standard_start,
        moves: Vec::new(),
        result: GameResult::Draw,
        reason: String::new(),
        termination: Termination::Normal,
    };
    let finish = |record: &mut GameRecord, loser: Player, loss: Loss| {
        record.result = GameResult::Win(loser.opponent());
        record.reason = loss.reason;
        record.termination = loss.termination;
    };
    for player in [Player::First, Player::Second] {
        match prepare::<G>(&mut seats[player.index()], config) {
            Ok(()) => {}
            Err(Ok(loss)) => {
                finish(&mut record, player, loss);
                return Ok(record);
            }
            Err(Err(fatal)) => return Err(fatal),
        }
    }

    let mut clocks = [Player::First, Player::Second].map(|p| Clock {
        left: seats[p.index()]
            .spec
            .limit
            .tc
            .map_or(Duration::ZERO, |tc| tc.base),
        moves_made: 0,
    });
    let mut log = GameLog::new(opening.clone());
    let mut bad_streak = [0u32; 2];
    let mut resigned: Option<Player> = None;
    let mut move_texts: Vec<String> = Vec::new();

    loop {
        let status = log.status();
        if status.result != GameResult::Ongoing {
            record.result = status.result;
            record.reason = status.reason;
            return Ok(record);
        }
        let position = log.position();
        if let Some(loser) = resigned {
            let resign = config.resign.map_or((0, 0), |r| (r.movecount, r.score));
            let reason = format!(
                "{} resigns (score at or below -{} for {})",
                seats[loser.index()].spec.name,
                resign.1,
                moves(resign.0)
            );
            finish(
                &mut record,
                loser,
                Loss {
                    termination: Termination::Adjudication,
                    reason,
                },
            );
            return Ok(record);
        }
        if let Some(max) = config.maxmoves {
            if record.moves.len() as u64 >= 2 * u64::from(max) {
                record.reason = format!("draw by adjudication after {} each", moves(max));
                record.termination = Termination::Adjudication;
                return Ok(record);
            }
        }

        let mover = position.side_to_move();
        let spec = seats[mover.index()].spec;
        let go = go_command(spec.proto, &seats_limits(&seats), &clocks, mover);
        let mut position_line = if record.standard_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", record.start_fen)
        };
        if !move_texts.is_empty() {
            position_line.push_str(" moves ");
            position_line.push_str(&move_texts.join(" "));
        }
        let limit = spec.limit;
        let time_limit = match (limit.tc, limit.movetime) {
            (Some(_), Some(st)) => Some(clocks[mover.index()].left.min(st)),
            (Some(_), None) => Some(clocks[mover.index()].left),
            (None, st) => st,
        }
        .map(|t| t + config.timemargin);
        let seat = &mut seats[mover.index()];
        let Some(process) = seat.process.as_mut() else {
            return Err("engine process missing".to_string());
        };
        // The clock runs from the moment `go` is sent.
        let mut started = Instant::now();
        let answer = process
            .send(&position_line)
            .and_then(|()| process.send(&go))
            .and_then(|()| {
                started = Instant::now();
                let deadline = started + time_limit.unwrap_or(config.move_timeout);
                let mut report = None;
                loop {
                    let line = process.next_line(deadline)?;
                    if let Some(info) = parse_info(&line) {
                        report = Some(info);
                    }
                    let mut words = line.split_whitespace();
                    if words.next() == Some("bestmove") {
                        return Ok((words.next().map(str::to_string), report));
                    }
                }
            });
        let elapsed = started.elapsed();
        let name = &spec.name;
        let (best, report) = match answer {
            Ok(answer) => answer,
            Err(failure) => {
                *seat.process = None;
                let loss = match (failure, time_limit) {
                    (Failure::TimedOut, Some(_)) => Loss {
                        termination: Termination::TimeForfeit,
                        reason: format!("{name} loses on time"),
                    },
                    (failure, _) => {
                        Loss::from_failure(name, failure, "bestmove", config.move_timeout)
                    }
                };
                finish(&mut record, mover, loss);
                return Ok(record);
            }
        };
        if time_limit.is_some_and(|limit| elapsed > limit) {
            *seat.process = None;
            let reason = format!("{name} loses on time");
            let termination = Termination::TimeForfeit;
            finish(
                &mut record,
                mover,
                Loss {
                    termination,
                    reason,
                },
            );
            return Ok(record);
        }
        let clock = &mut clocks[mover.index()];
        if let Some(tc) = limit.tc {
            clock.left = clock.left.saturating_sub(elapsed) + tc.increment;
            clock.moves_made += 1;
            if tc
                .moves
                .is_some_and(|moves| clock.moves_made.is_multiple_of(moves))
            {
                clock.left += tc.base;
            }
        }
        let Some(best) = best else {
            let reason = format!("{name} sends a bestmove without a move");
            let termination = Termination::IllegalMove;
            finish(
                &mut record,
                mover,
                Loss {
                    termination,
                    reason,
                },
            );
            return Ok(record);
        };
        let mv = match position.parse_move(&best) {
            Ok(mv) => mv,
            Err(error) => {
                let reason = format!("{name} makes an illegal move: {best} ({error})");
                let termination = Termination::IllegalMove;
                finish(
                    &mut record,
                    mover,
                    Loss {
                        termination,
                        reason,
                    },
                );
                return Ok(record);
            }
        };
        let text = position.format_move(mv);
        if let (Some(resign), Some(score)) = (config.resign, report.and_then(|r| r.score)) {
            let streak = &mut bad_streak[mover.index()];
            *streak = if score <= -resign.score {
                *streak + 1
            } else {
                0
            };
            if *streak >= resign.movecount {
                resigned = Some(mover);
            }
        }
        log.play(mv);
        move_texts.push(text.clone());
        record.moves.push(PlayedMove {
            text,
            mover,
            report,
            time: elapsed,
        });
    }
}

/// "1 move", "3 moves".
fn moves(count: u32) -> String {
    if count == 1 {
        "1 move".to_string()
    } else {
        format!("{count} moves")
    }
}

fn seats_limits(seats: &[Seat; 2]) -> [super::cli::Limit; 2] {
    [seats[0].spec.limit, seats[1].spec.limit]
}

/// The `go` command for `mover` under its limits, with both clocks.
fn go_command(
    proto: Proto,
    limits: &[super::cli::Limit; 2],
    clocks: &[Clock; 2],
    mover: Player,
) -> String {
    let names = match proto {
        Proto::Uci => [["wtime", "winc"], ["btime", "binc"]],
        Proto::Ugi => [["p1time", "p1inc"], ["p2time", "p2inc"]],
    };
    let mut go = String::from("go");
    let own = limits[mover.index()];
    if own.tc.is_some() {
        for player in [Player::First, Player::Second] {
            if let Some(tc) = limits[player.index()].tc {
                let [time, inc] = names[player.index()];
                let clock = clocks[player.index()];
                go.push_str(&format!(" {time} {}", clock.left.as_millis()));
                go.push_str(&format!(" {inc} {}", tc.increment.as_millis()));
            }
        }
        if let Some(moves) = own.tc.and_then(|tc| tc.moves) {
            let made = clocks[mover.index()].moves_made;
            go.push_str(&format!(" movestogo {}", moves - made % moves));
        }
    }
    if let Some(st) = own.movetime {
        go.push_str(&format!(" movetime {}", st.as_millis().max(1)));
    }
    if let Some(nodes) = own.nodes {
        go.push_str(&format!(" nodes {nodes}"));
    }
    if let Some(depth) = own.depth {
        go.push_str(&format!(" depth {depth}"));
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Limit, TimeControl};

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
            },
            Clock {
                left: Duration::from_millis(2500),
                moves_made: 40,
            },
        ];
        assert_eq!(
            go_command(Proto::Uci, &limits, &clocks, Player::First),
            "go wtime 1500 winc 500 btime 2500 binc 500 movestogo 39"
        );
        assert_eq!(
            go_command(Proto::Ugi, &limits, &clocks, Player::Second),
            "go p1time 1500 p1inc 500 p2time 2500 p2inc 500 movestogo 40 depth 3"
        );
        let st = [Limit {
            movetime: Some(Duration::from_millis(200)),
            nodes: Some(1000),
            ..Limit::default()
        }; 2];
        assert_eq!(
            go_command(Proto::Uci, &st, &clocks, Player::First),
            "go movetime 200 nodes 1000"
        );
    }
}
