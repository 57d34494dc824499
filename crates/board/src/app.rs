//! The board's state and everything a request can do to it: the game part
//! ([`Record`]: the game, the ply shown, who the engine plays, the clocks)
//! and the engine part ([`Driver`]: its strength, the analysis, the search
//! it runs), the review of the game ([`Review`]), and the search the engine
//! should be running because of them all. Every action either succeeds or
//! changes nothing and says why.

use std::time::Duration;

use web_time::Instant;

use crate::action::{Action, ActionError, EngineSettings};
use crate::driver::Driver;
use crate::pgn::first_side;
use crate::record::Record;
use crate::review::{Retry, Review, Tried, REVIEW_MS, REVIEW_MS_RANGE};
use crate::search::{clocks, Event, Job, Link, Purpose};
use crate::table::{MoveNote, Start};
use ludus_rules::protocol::{Go, ProvenLine, ScoredLine};
use ludus_rules::GameResult;

/// The board's whole state.
pub struct App {
    game: Record,
    engine: Driver,
    review: Option<Review>,
    /// Bumped at every change; the page waits on it.
    version: u64,
}

impl App {
    /// A board with the default game's start and no engine link yet.
    pub fn new() -> App {
        App {
            game: Record::new(),
            engine: Driver::new(),
            review: None,
            version: 1,
        }
    }

    /// Connects the engine: `link` hears every search wanted from now on.
    pub fn attach(&mut self, link: Box<dyn Link>) {
        self.engine.attach(link);
        self.refresh();
    }

    /// The game part.
    pub fn game(&self) -> &Record {
        &self.game
    }

    /// The engine part.
    pub fn engine(&self) -> &Driver {
        &self.engine
    }

    /// The review of the game, if one was asked for.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Bumped at every change.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The game as PGN, the engine named as its player.
    pub fn pgn(&self) -> String {
        let game = self.game.table().name();
        crate::pgn::export(&self.game, &self.engine.player_name(game))
    }

    /// Checks the clocks: a side whose time has run out loses (the state
    /// changes then); whether it changed.
    pub fn tick(&mut self) -> bool {
        self.tick_at(Instant::now())
    }

    /// [`App::tick`] at `now`.
    pub(crate) fn tick_at(&mut self, now: Instant) -> bool {
        let flagged = self.game.check_time(now);
        if flagged {
            self.refresh();
        }
        flagged
    }

    /// Runs `action`; on error nothing changed (but a clock that ran out
    /// before it was looked at).
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        self.tick();
        let now = Instant::now();
        match action {
            Action::New { game, seed, clock } => {
                self.game
                    .new_game(&game, seed.unwrap_or_else(fresh_seed), clock)
            }
            Action::Load {
                game,
                fen,
                seed,
                moves,
            } => {
                let start = match (&fen, seed) {
                    (Some(fen), _) => Start::Fen(fen),
                    (None, Some(seed)) => Start::Seed(seed),
                    (None, None) => Start::Standard,
                };
                self.game.load(&game, start, seed, &moves)
            }
            Action::Position { game, fen } => self.game.set_position(&game, &fen),
            Action::Move { text } => self.play_move(&text, now),
            Action::Takeback => self.game.take_back(),
            Action::View { ply } => self.game.set_view(ply),
            Action::Engine(settings) => {
                self.set_engine(&settings);
                Ok(())
            }
            Action::Analyse { on } => {
                self.engine.set_analysing(on);
                Ok(())
            }
            Action::Import { pgn, index } => self.import(&pgn, index.unwrap_or(1)),
            Action::Pair { on, fen } => self.game.set_pair(on, fen.as_deref()),
            Action::Flag => Ok(()),
            Action::Pause { on } => self.game.pause(on, now),
            Action::Review { on, ms } => self.set_review(on, ms),
            Action::Retry { ply } => self.set_retry(ply),
            Action::Unknown => {
                return Err(ActionError::Unknown("unknown action".to_string()));
            }
        }
        .map_err(ActionError::Refused)?;
        self.refresh();
        Ok(())
    }

    /// A person's move in the position shown; while a reviewed move is
    /// tried again there, a move tried instead of it.
    fn play_move(&mut self, text: &str, now: Instant) -> Result<(), String> {
        let view = self.game.view();
        if let Some(retry) = self.review.as_mut().and_then(|r| r.retry.as_mut()) {
            if retry.ply == view {
                let (canonical, _) = self.game.table().trial(view, text)?;
                retry.tried = Some(Tried {
                    text: canonical,
                    after: None,
                });
                self.review_after_trial();
                return Ok(());
            }
        }
        if self.game.engine_to_move_at(view) {
            return Err(format!(
                "it is the engine's turn here (it plays {})",
                self.game.plays().word()
            ));
        }
        self.game.play(view, text, MoveNote::default(), now)
    }

    /// A move tried again that ends the game is judged by its end at once.
    fn review_after_trial(&mut self) {
        let Some(review) = &mut self.review else {
            return;
        };
        let Some(retry) = &mut review.retry else {
            return;
        };
        let Some(tried) = &mut retry.tried else {
            return;
        };
        let table = self.game.table();
        let mover = table.side(retry.ply);
        if let Ok((_, after)) = table.trial(retry.ply, &tried.text) {
            let ending = ludus_arena::analyse::judge::Ending::of(after.status().result, mover);
            tried.after = ending.map(ludus_arena::analyse::judge::After::Ended);
        }
    }

    fn set_engine(&mut self, settings: &EngineSettings) {
        if let Some(plays) = settings.plays {
            self.game.set_plays(plays);
        }
        self.engine.configure(settings);
    }

    fn import(&mut self, pgn: &str, index: u64) -> Result<(), String> {
        let imported = crate::pgn::import(pgn, index)?;
        self.game
            .load_table(imported.table, imported.evals, imported.notes);
        Ok(())
    }

    /// Starts (`on`) a review of the game on the board, each position
    /// searched for `ms` milliseconds, or ends it.
    fn set_review(&mut self, on: bool, ms: Option<u64>) -> Result<(), String> {
        if !on {
            self.review = None;
            return Ok(());
        }
        let ms = ms.unwrap_or(REVIEW_MS);
        if !REVIEW_MS_RANGE.contains(&ms) {
            return Err(format!(
                "review: a position is searched for {} to {} ms, not {ms}",
                REVIEW_MS_RANGE.start(),
                REVIEW_MS_RANGE.end()
            ));
        }
        if self.game.table().moves().is_empty() {
            return Err("there is no move to review yet".to_string());
        }
        if !self.game.is_over() && self.game.plays() != crate::action::Plays::None {
            return Err(
                "finish the game first: a game against the engine is reviewed once it is over"
                    .to_string(),
            );
        }
        self.review = Some(Review::new(&self.game, ms));
        Ok(())
    }

    /// Tries reviewed move `ply` (from 1) again: the position before it is
    /// shown, and a move made there is judged instead of played; `None`:
    /// back to the game.
    fn set_retry(&mut self, ply: Option<u64>) -> Result<(), String> {
        let review = self
            .review
            .as_mut()
            .ok_or("there is no review: review the game first")?;
        let Some(ply) = ply else {
            review.retry = None;
            return Ok(());
        };
        let moves = self.game.table().moves().len();
        let before = usize::try_from(ply)
            .ok()
            .filter(|p| (1..=moves).contains(p))
            .map(|p| p - 1)
            .ok_or_else(|| format!("move {ply} is not in the game (1 to {moves})"))?;
        if review.verdict(before).is_none() {
            return Err(format!(
                "move {ply} is not reviewed yet: wait for the review to reach it"
            ));
        }
        self.game.set_view(before as u64)?;
        review.retry = Some(Retry {
            ply: before,
            tried: None,
        });
        Ok(())
    }

    /// The search the state calls for: the engine's move at the end of the
    /// game when it is its turn there and the end is shown; then a move
    /// tried again in a review, the review's next position, and the
    /// analysis of the position shown, when asked for.
    fn wanted(&self) -> Option<(Purpose, usize, Vec<String>)> {
        let view = self.game.view();
        if self.game.engine_to_move_at(view) {
            return Some((Purpose::Move, view, Vec::new()));
        }
        if let Some(review) = &self.review {
            let trial = review.retry.as_ref().and_then(|retry| {
                let tried = retry.tried.as_ref().filter(|t| t.after.is_none())?;
                Some((Purpose::Retry, retry.ply, vec![tried.text.clone()]))
            });
            if trial.is_some() {
                return trial;
            }
            if let Some(ply) = review.next_ply(&self.game) {
                return Some((Purpose::Review, ply, Vec::new()));
            }
        }
        let ongoing = self.game.status(view).result == GameResult::Ongoing;
        (self.engine.analysing() && ongoing).then_some((Purpose::Analyse, view, Vec::new()))
    }

    /// The `go` of a search for `purpose`: the clocks for the engine's
    /// move in a game on a clock, else the driver's limit.
    fn go(&self, purpose: Purpose) -> (Go, u32) {
        let clock = self.game.clock().filter(|_| purpose == Purpose::Move);
        if let Some(clock) = clock {
            let increment = clock.control().increment_ms;
            let time = clock.stored().map(|left| left.as_millis() as u64);
            return (clocks(time, increment), 1);
        }
        match (purpose, &self.review) {
            (Purpose::Review | Purpose::Retry, Some(review)) => {
                (Go::movetime(Duration::from_millis(review.movetime)), 1)
            }
            _ => self.engine.go(purpose),
        }
    }

    /// Bumps the version and tells the engine what to search.
    pub fn refresh(&mut self) {
        self.version += 1;
        if self.review.as_ref().is_some_and(|r| !r.is_of(&self.game)) {
            self.review = None;
        }
        let wanted = self.wanted().and_then(|(purpose, ply, then)| {
            let (go, multipv) = self.go(purpose);
            let game = self.game.table().name();
            let elo = match purpose {
                Purpose::Move => self.engine.strength().elo(game),
                _ => Ok(None),
            };
            // A level the game cannot play is said on the board, as an
            // engine failure would be.
            let elo = elo
                .map_err(|error| self.engine.set_error(Some(error)))
                .ok()?;
            let position = self.game.position_command(ply, then.as_slice());
            let job = Job {
                id: 0,
                purpose,
                game,
                epoch: self.game.epoch(),
                position,
                go,
                multipv,
                pair_option: self.game.pair_option(self.engine.plays_for_pair()),
                elo,
            };
            Some((ply, job))
        });
        self.engine.want(wanted);
    }

    /// Takes in what the engine reports.
    pub fn on_event(&mut self, event: Event) {
        let current = self.engine.current();
        match event {
            Event::Ready(name) => self.engine.ready(name),
            Event::Info(id, line) if current.map(|c| c.0) == Some(id) => self.take_info(line),
            Event::BestMove(id, text) if current.map(|c| c.0) == Some(id) => {
                match current.map(|c| c.1) {
                    Some(Purpose::Move) => self.engine_move(&text),
                    Some(Purpose::Review) => self.reviewed(&text),
                    Some(Purpose::Retry) => self.retried(&text),
                    _ => {}
                }
            }
            Event::Failed(id, error) if id.is_none() || current.map(|c| c.0) == id => {
                if let Some(review) = &mut self.review {
                    review.clear_lines();
                }
                self.engine.set_error(Some(error));
            }
            _ => return,
        }
        self.refresh();
    }

    /// An `info` line of the search: its best line's score is the
    /// evaluation of the position searched; a review keeps the lines.
    fn take_info(&mut self, text: String) {
        if let Some(proven) = ProvenLine::parse(&text) {
            self.engine.set_proven(proven);
        }
        if let Some(line) = ScoredLine::parse(&text) {
            if let Some((ply, score)) = self.engine.take_line(line) {
                let searching = self.engine.current().map(|c| c.1);
                if searching != Some(Purpose::Retry) {
                    let mover = self.game.table().side(ply);
                    self.game.set_eval(ply, first_side(score, mover));
                }
            }
        }
        let reviewing = matches!(
            self.engine.current().map(|c| c.1),
            Some(Purpose::Review | Purpose::Retry)
        );
        if let Some(review) = self.review.as_mut().filter(|_| reviewing) {
            review.take_line(text);
        }
    }

    /// A review search ended with `best`: its verdict is kept.
    fn reviewed(&mut self, best: &str) {
        let ply = self.engine.search().map(|(_, ply)| ply);
        let (Some(review), Some(ply)) = (&mut self.review, ply) else {
            return;
        };
        let lines = review.take_lines();
        match self.game.table().verdict(ply, best, &lines) {
            Ok(verdict) => review.set_verdict(ply, verdict),
            Err(error) => self.engine.set_error(Some(format!(
                "the engine's review answered '{best}': {error}"
            ))),
        }
    }

    /// The search after a move tried again ended with `best`.
    fn retried(&mut self, best: &str) {
        let Some(review) = &mut self.review else {
            return;
        };
        let lines = review.take_lines();
        let Some(retry) = &mut review.retry else {
            return;
        };
        let Some(tried) = &mut retry.tried else {
            return;
        };
        let table = self.game.table();
        let Ok((_, after)) = table.trial(retry.ply, &tried.text) else {
            return;
        };
        if let Ok(verdict) = after.verdict(retry.ply + 1, best, &lines) {
            let turned = table.side(retry.ply) != after.side_to_move();
            tried.after = Some(ludus_arena::analyse::judge::After::Searched(
                verdict, turned,
            ));
        }
    }

    fn engine_move(&mut self, text: &str) {
        let (ply, note) = self.engine.move_note();
        let error = self
            .game
            .play(ply, text, note, Instant::now())
            .err()
            .map(|error| format!("the engine played '{text}': {error}"));
        self.engine.set_error(error);
    }
}

impl Default for App {
    fn default() -> Self {
        App::new()
    }
}

/// A seed for a new random start.
fn fresh_seed() -> u64 {
    // web_time: std's clock natively, the browser's in a page.
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64 ^ d.as_secs());
    ludus_rules::random::Rng::new(nanos).next_u64() % 1_000_000
}

#[cfg(test)]
impl App {
    /// The action `name` with the JSON `args`, as the server runs it.
    pub(crate) fn request(
        &mut self,
        name: &str,
        args: serde_json::Value,
    ) -> Result<(), ActionError> {
        self.act(Action::parse(name, args)?)
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod tests;
