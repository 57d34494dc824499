//! One game between two engines, refereed with ludus's own rules: every
//! move is checked, the result is the rules' (plus threefold repetition),
//! the clocks are the runner's own, and every failure of an engine loses.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::config::{EngineSpec, Limit, MatchConfig};
use super::engine::{announces_option, offers_variant, EngineProcess, Failure};
use ludus_rules::protocol::{Dialect, PlayerTime};
use ludus_rules::protocol::{InfoLine, Outcome, PositionCommand, Score};
use ludus_rules::{Game, GameLog, Player};

/// How a game ended, as PGN's `Termination` tag names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
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
    /// The engine's last `info` line of its best line with an exact
    /// score, if it reported one.
    pub report: Option<InfoLine>,
    /// Time the engine took (`None`: a move nobody timed, a person's on
    /// a board).
    pub time: Option<Duration>,
    /// The mover's clock after the move, increment added, where a clock
    /// ran: the PGN's `[%clk]`.
    pub clock: Option<Duration>,
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
    /// The result; `None` for a game still going on (a board's game saved
    /// before its end).
    pub result: Option<Outcome>,
    /// Why, e.g. `b loses on time`.
    pub reason: String,
    /// The kind of ending.
    pub termination: Termination,
    /// Each player's count (first player's first) for a game whose rules
    /// score pairs by count ([`Game::PAIR_SCORING`]) and that the rules
    /// finished; `None` otherwise.
    pub counts: Option<[u32; 2]>,
}

impl GameRecord {
    /// `1-0`, `0-1` or `1/2-1/2` (first player's result first), or `*`
    /// for a game still going on (a board's game saved before its end).
    pub fn result_text(&self) -> &'static str {
        self.result.map_or("*", Outcome::token)
    }
}

/// A player's engine: its description and its process, which the caller
/// keeps between games (`None` = start it; a failed engine is left `None`).
pub struct Seat<'a> {
    /// The engine.
    pub spec: &'a EngineSpec,
    /// Its process.
    pub process: &'a mut Option<EngineProcess>,
    /// Whether a process of this engine has ever finished its handshake in
    /// this match (shared by the match's threads): until one has, an
    /// engine that cannot start stops the match rather than lose games.
    pub started: &'a AtomicBool,
}

/// How a game ended: its result, why, and the kind of ending.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The result.
    pub result: Outcome,
    /// Why, e.g. `b loses on time`.
    pub reason: String,
    /// The kind of ending.
    pub termination: Termination,
}

impl GameEnd {
    /// `loser` loses, for `reason`.
    fn loss(loser: Player, termination: Termination, reason: String) -> GameEnd {
        GameEnd {
            result: Outcome::Win(loser.opponent()),
            reason,
            termination,
        }
    }
}

/// Why play stopped: the game is over, or the match cannot go on.
enum Stop {
    /// The game is over.
    Over(GameEnd),
    /// The match cannot go on (the engine cannot be run, or does not play
    /// this game).
    Fatal(String),
}

impl From<GameEnd> for Stop {
    fn from(verdict: GameEnd) -> Stop {
        Stop::Over(verdict)
    }
}

/// `loser`'s engine (`name`) did not give the `what` awaited within
/// `timeout`: it loses, unless it was stopped from outside, which stops
/// the match with the game unscored (a resumed match plays it again).
fn failed(loser: Player, name: &str, failure: Failure, what: &str, timeout: Duration) -> Stop {
    match failure {
        Failure::Crashed => {
            GameEnd::loss(loser, Termination::Crash, format!("{name} crashes")).into()
        }
        Failure::TimedOut => GameEnd::loss(
            loser,
            Termination::Stall,
            format!(
                "{name} stalls (no {what} within {:.1} s)",
                timeout.as_secs_f64()
            ),
        )
        .into(),
        Failure::Stopped(signal) => Stop::Fatal(format!(
            "engine {name} was stopped by {signal} from outside the match; its game is not scored"
        )),
    }
}

/// Starts `player`'s engine if needed and prepares it for a new game of `G`.
fn prepare<G: Game>(seat: &mut Seat, player: Player, config: &MatchConfig) -> Result<(), Stop> {
    let name = &seat.spec.name;
    let wait = config.timeouts.ready;
    let lost = |failure, what| failed(player, name, failure, what, wait);
    if seat.process.as_mut().is_some_and(|p| p.has_exited()) {
        *seat.process = None;
    }
    if seat.process.is_none() {
        let mut process = EngineProcess::start(seat.spec).map_err(Stop::Fatal)?;
        let declarations = match process.handshake(wait) {
            Ok(declarations) => declarations,
            Err(failure) => {
                let hello = seat.spec.proto.handshake();
                let why = process.explain(&failure, name, &format!(" at its handshake ({hello})"));
                if matches!(failure, Failure::Stopped(_)) {
                    return Err(lost(failure, ""));
                }
                // Never started in this match: it cannot be played at all.
                if !seat.started.load(Ordering::Relaxed) {
                    return Err(Stop::Fatal(why));
                }
                warn(&why);
                return Err(lost(failure, "handshake answer"));
            }
        };
        seat.started.store(true, Ordering::Relaxed);
        if !offers_variant(&declarations, G::NAME) {
            return Err(Stop::Fatal(format!(
                "engine {name} does not offer the variant {}",
                G::NAME
            )));
        }
        let mut setup = vec![format!("setoption name UCI_Variant value {}", G::NAME)];
        for (option, value) in &seat.spec.options {
            setup.push(format!("setoption name {option} value {value}"));
        }
        let pair_option = G::PAIR_SCORING.and_then(|scoring| scoring.option);
        setup.extend(play_for_pairs(
            pair_option,
            config.schedule.repeat,
            &seat.spec.options,
            &declarations,
        ));
        for line in setup {
            process.send(&line).map_err(|f| lost(f, ""))?;
        }
        let answer = process
            .send("isready")
            .and_then(|()| process.wait_for("readyok", wait));
        refuse_setup_errors(&answer.map_err(|f| lost(f, "readyok"))?, name)?;
        *seat.process = Some(process);
    }
    let process = seat.process.as_mut().ok_or_else(missing_process)?;
    let result = process
        .send(process.proto().new_game())
        .and_then(|()| process.sync(wait));
    result.map_err(|failure| {
        give_up(seat.process, &failure, name);
        lost(failure, "readyok")
    })
}

/// Stops the match when an engine answered its setup (`UCI_Variant` and the
/// options given) with an error line (`info string error: …`, as ludus
/// answers a value it refuses, e.g. an `EvalFile` it cannot load): playing
/// on would score another engine than the one asked for.
fn refuse_setup_errors(answer: &[String], name: &str) -> Result<(), Stop> {
    match answer.iter().find(|l| l.starts_with("info string error")) {
        Some(line) => Err(Stop::Fatal(format!(
            "engine {name} refused its setup: {line}"
        ))),
        None => Ok(()),
    }
}

/// Drops a failed engine's `process`, warning on standard error how it
/// ended when it exited (with the last lines of its standard error), or
/// when it stopped answering and had said something there.
fn give_up(process: &mut Option<EngineProcess>, failure: &Failure, name: &str) {
    let Some(mut process) = process.take() else {
        return;
    };
    let why = process.explain(failure, name, "");
    let said_something = why.contains('\n');
    if *failure == Failure::Crashed || (*failure == Failure::TimedOut && said_something) {
        warn(&why);
    }
}

/// Writes a warning on standard error, on a line of its own even when the
/// match's progress line is shown there.
pub fn warn(text: &str) {
    let mut err = std::io::stderr().lock();
    let clear = if err.is_terminal() { "\r\x1b[K" } else { "" };
    let _ = writeln!(err, "{clear}warning: {text}");
}

/// The `setoption` that makes an engine play for the game's pair score
/// (`option`, from [`Game::PAIR_SCORING`]): sent when the match plays pairs
/// (`paired`), the engine announces the option in its handshake
/// (`declarations`) and the user has not set it (`user_options`).
pub fn play_for_pairs(
    option: Option<(&str, &str)>,
    paired: bool,
    user_options: &[(String, String)],
    declarations: &[String],
) -> Option<String> {
    let (name, value) = option.filter(|_| paired)?;
    let set_by_user = user_options
        .iter()
        .any(|(set, _)| set.eq_ignore_ascii_case(name));
    (!set_by_user && announces_option(declarations, name))
        .then(|| format!("setoption name {name} value {value}"))
}

fn missing_process() -> Stop {
    Stop::Fatal("engine process missing".to_string())
}

/// A player's clock. Time used past its end is owed (`overdrawn`): the
/// match's margin forgives that much over the whole game, not on every
/// move, and the time that comes later (increments, a new period) pays it
/// back first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Clock {
    left: Duration,
    overdrawn: Duration,
    moves_made: u32,
}

impl Clock {
    /// Charges a move that took `elapsed` under `limit`.
    fn charge(&mut self, limit: Limit, elapsed: Duration) {
        if let Some(tc) = limit.tc {
            self.overdrawn += elapsed.saturating_sub(self.left);
            self.left = self.left.saturating_sub(elapsed);
            self.credit(tc.increment);
            self.moves_made += 1;
            if tc
                .moves
                .is_some_and(|moves| self.moves_made.is_multiple_of(moves))
            {
                self.credit(tc.base);
            }
        }
    }

    /// Adds `time`, paying back what is owed first.
    fn credit(&mut self, time: Duration) {
        let repaid = time.min(self.overdrawn);
        self.overdrawn -= repaid;
        self.left += time - repaid;
    }

    /// How long a move may take under `limit` and the match's `margin`
    /// (less what the clock owes); `None` without a clock or a move time.
    fn allowed(&self, limit: Limit, margin: Duration) -> Option<Duration> {
        let margin = margin.saturating_sub(self.overdrawn);
        match (limit.tc, limit.movetime) {
            (Some(_), Some(st)) => Some(self.left.min(st)),
            (Some(_), None) => Some(self.left),
            (None, st) => st,
        }
        .map(|time| time + margin)
    }
}

/// An engine's answer to `go`.
struct Answer {
    /// The `bestmove` word, if any.
    best: Option<String>,
    /// Its last best line with an exact score.
    report: Option<InfoLine>,
    /// From `go` to `bestmove`.
    elapsed: Duration,
}

/// A game being played: the position with its history, the clocks, and
/// what has been played.
struct GameInPlay<G: Game> {
    log: GameLog<G>,
    start_fen: String,
    standard_start: bool,
    clocks: [Clock; 2],
    limits: [Limit; 2],
    /// Consecutive moves each side reported a score at or below the resign
    /// threshold.
    bad_streak: [u32; 2],
    resigned: Option<Player>,
    moves: Vec<PlayedMove>,
    /// How far past its time a move may go in this game.
    margin: Duration,
}

impl<G: Game> GameInPlay<G> {
    fn new(opening: &G, seats: &[Seat; 2], margin: Duration) -> Self {
        let start_fen = opening.to_fen();
        let limits = [seats[0].spec.limit, seats[1].spec.limit];
        GameInPlay {
            log: GameLog::new(opening.clone()),
            standard_start: start_fen == G::startpos().to_fen(),
            start_fen,
            clocks: limits.map(|limit| Clock {
                left: limit.tc.map_or(Duration::ZERO, |tc| tc.base),
                ..Clock::default()
            }),
            limits,
            bad_streak: [0; 2],
            resigned: None,
            moves: Vec::new(),
            margin,
        }
    }

    /// The game's end before the next move, if it has come: by the rules,
    /// by resignation, or by the move limit.
    fn judge(&self, config: &MatchConfig, seats: &[Seat; 2]) -> Result<(), GameEnd> {
        let status = self.log.status();
        if let Some(result) = Outcome::of(status.result) {
            return Err(GameEnd {
                result,
                reason: status.reason,
                termination: Termination::Normal,
            });
        }
        if let Some(loser) = self.resigned {
            let resign = config
                .adjudication
                .resign
                .map_or((0, 0), |r| (r.movecount, r.score));
            let reason = format!(
                "{} resigns (score at or below -{} for {})",
                seats[loser.index()].spec.name,
                resign.1,
                moves(resign.0)
            );
            return Err(GameEnd::loss(loser, Termination::Adjudication, reason));
        }
        match config.adjudication.maxmoves {
            Some(max) if self.moves.len() as u64 >= 2 * u64::from(max) => Err(GameEnd {
                result: Outcome::Draw,
                reason: format!("draw by adjudication after {} each", moves(max)),
                termination: Termination::Adjudication,
            }),
            _ => Ok(()),
        }
    }

    /// The `position` command for the game so far.
    fn position_command(&self) -> String {
        let moves = self.moves.iter().map(|played| played.text.clone());
        PositionCommand::from_start(&self.start_fen, self.standard_start, moves.collect())
            .to_string()
    }

    /// How long `mover` may think, margin included; `None` without a clock
    /// or a move time.
    fn time_limit(&self, mover: Player) -> Option<Duration> {
        let clock = self.clocks[mover.index()];
        clock.allowed(self.limits[mover.index()], self.margin)
    }

    /// One move: judges the position, asks the mover's engine, checks its
    /// time and its move, and plays it.
    fn play_turn(&mut self, config: &MatchConfig, seats: &mut [Seat; 2]) -> Result<(), Stop> {
        self.judge(config, seats)?;
        let mover = self.log.position().side_to_move();
        let time_limit = self.time_limit(mover);
        let go = go_command(
            seats[mover.index()].spec.proto,
            &self.limits,
            &self.clocks,
            mover,
        );
        let seat = &mut seats[mover.index()];
        let name = &seat.spec.name;
        let answer =
            ask(seat, &self.position_command(), &go, time_limit, config).map_err(|failure| {
                give_up(seat.process, &failure, name);
                match (failure, time_limit) {
                    (Failure::TimedOut, Some(_)) => lost_on_time(mover, name).into(),
                    (failure, _) => {
                        failed(mover, name, failure, "bestmove", config.timeouts.per_move)
                    }
                }
            })?;
        if time_limit.is_some_and(|limit| answer.elapsed > limit) {
            *seat.process = None;
            return Err(lost_on_time(mover, name).into());
        }
        self.clocks[mover.index()].charge(self.limits[mover.index()], answer.elapsed);
        let illegal = |reason| GameEnd::loss(mover, Termination::IllegalMove, reason);
        let best = answer
            .best
            .ok_or_else(|| illegal(format!("{name} sends a bestmove without a move")))?;
        let position = self.log.position();
        let mv = position
            .parse_move(&best)
            .map_err(|error| illegal(format!("{name} makes an illegal move: {best} ({error})")))?;
        let text = position.format_move(mv);
        self.watch_resignation(config, mover, answer.report.as_ref());
        self.log.play(mv);
        self.moves.push(PlayedMove {
            text,
            mover,
            report: answer.report,
            time: Some(answer.elapsed),
            clock: None,
        });
        Ok(())
    }

    /// Counts `mover`'s bad scores toward resignation.
    fn watch_resignation(
        &mut self,
        config: &MatchConfig,
        mover: Player,
        report: Option<&InfoLine>,
    ) {
        let (Some(resign), Some(score)) = (
            config.adjudication.resign,
            report.and_then(InfoLine::exact_score),
        ) else {
            return;
        };
        let streak = &mut self.bad_streak[mover.index()];
        // Being mated is below every evaluation, so it counts too.
        *streak = if score <= Score::Cp(-resign.score) {
            *streak + 1
        } else {
            0
        };
        if *streak >= resign.movecount {
            self.resigned = Some(mover);
        }
    }

    /// The record of the game, ended by `verdict`.
    fn finish(self, verdict: GameEnd) -> GameRecord {
        let counts = match (verdict.termination, G::PAIR_SCORING) {
            (Termination::Normal, Some(scoring)) => Some((scoring.counts)(self.log.position())),
            _ => None,
        };
        GameRecord {
            counts,
            start_fen: self.start_fen,
            standard_start: self.standard_start,
            moves: self.moves,
            result: Some(verdict.result),
            reason: verdict.reason,
            termination: verdict.termination,
        }
    }
}

fn lost_on_time(loser: Player, name: &str) -> GameEnd {
    GameEnd::loss(
        loser,
        Termination::TimeForfeit,
        format!("{name} loses on time"),
    )
}

/// Sends the position and `go`, and reads until `bestmove`; the clock runs
/// from the moment `go` is sent.
fn ask(
    seat: &mut Seat,
    position: &str,
    go: &str,
    time_limit: Option<Duration>,
    config: &MatchConfig,
) -> Result<Answer, Failure> {
    let process = seat.process.as_mut().ok_or(Failure::Crashed)?;
    process.send(position)?;
    process.send(go)?;
    let started = Instant::now();
    let deadline = started + time_limit.unwrap_or(config.timeouts.per_move);
    let mut report = None;
    loop {
        // The clock stops when the reader took `bestmove` from the pipe,
        // not when this thread got to it.
        let line = process.next_read_line(deadline)?;
        if let Some(info) = InfoLine::parse(&line).filter(InfoLine::is_exact_best) {
            report = Some(info);
        }
        let mut words = line.split_whitespace();
        if words.next() == Some("bestmove") {
            return Ok(Answer {
                best: words.next().map(str::to_string),
                report,
                elapsed: line.read_at.saturating_duration_since(started),
            });
        }
    }
}

/// Plays one game from `opening`; `seats[0]` moves first. Returns `Err`
/// only when the match cannot go on.
pub fn play_game<G: Game>(
    config: &MatchConfig,
    opening: &G,
    mut seats: [Seat; 2],
) -> Result<GameRecord, String> {
    let margin = config.timeouts.margin_for_game();
    let mut game = GameInPlay::new(opening, &seats, margin);
    let mut play = || -> Result<std::convert::Infallible, Stop> {
        for player in [Player::First, Player::Second] {
            prepare::<G>(&mut seats[player.index()], player, config)?;
        }
        loop {
            game.play_turn(config, &mut seats)?;
        }
    };
    let Err(stop) = play();
    match stop {
        Stop::Over(verdict) => Ok(game.finish(verdict)),
        Stop::Fatal(error) => Err(error),
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

/// The `go` command for `mover` under its limits, with both clocks.
fn go_command(dialect: Dialect, limits: &[Limit; 2], clocks: &[Clock; 2], mover: Player) -> String {
    let own = limits[mover.index()];
    let mut go = own.go();
    if let Some(tc) = own.tc {
        go.clocks = [0, 1].map(|player| {
            limits[player].tc.map(|tc| PlayerTime {
                left: clocks[player].left,
                increment: tc.increment,
            })
        });
        let made = clocks[mover.index()].moves_made;
        go.moves_to_go = tc.moves.map(|moves| moves - made % moves);
    }
    go.to_line(dialect)
}

#[cfg(test)]
mod tests;
