//! The board's state and everything a request can do to it: the game part
//! ([`Record`]: the game, the ply shown, who the engine plays) and the
//! engine part ([`Driver`]: its strength, the analysis, the search it runs),
//! and the search the engine should be running because of both. Every
//! action either succeeds or changes nothing and says why.

use crate::action::{Action, ActionError, EngineSettings};
use crate::driver::Driver;
use crate::pgn::first_side;
use crate::record::Record;
use crate::search::{Event, Job, Line, Link, Purpose};
use crate::table::MoveNote;
use ludus_rules::GameResult;

/// The board's whole state.
pub struct App {
    game: Record,
    engine: Driver,
    /// Bumped at every change; the page waits on it.
    version: u64,
}

impl App {
    /// A board with the default game's start and no engine link yet.
    pub fn new() -> App {
        App {
            game: Record::new(),
            engine: Driver::new(),
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

    /// Bumped at every change.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The game as PGN, the engine named as its player.
    pub fn pgn(&self) -> String {
        let game = self.game.table().game();
        crate::pgn::export(&self.game, &self.engine.player_name(game))
    }

    /// Runs `action`; on error nothing changed.
    pub fn act(&mut self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::New { game, seed } => {
                self.game.new_game(&game, seed.unwrap_or_else(fresh_seed))
            }
            Action::Position { game, fen } => self.game.set_position(&game, &fen),
            Action::Move { text } => self.play_move(&text),
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
            Action::Unknown => {
                return Err(ActionError::Unknown("unknown action".to_string()));
            }
        }
        .map_err(ActionError::Refused)?;
        self.refresh();
        Ok(())
    }

    /// A person's move in the position shown.
    fn play_move(&mut self, text: &str) -> Result<(), String> {
        let view = self.game.view();
        if self.game.engine_to_move_at(view) {
            return Err(format!(
                "it is the engine's turn here (it plays {})",
                self.game.plays().word()
            ));
        }
        self.game.play(view, text, MoveNote::default())
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
            .load(imported.table, imported.evals, imported.notes);
        Ok(())
    }

    /// The search the state calls for: the engine's move at the end of the
    /// game when it is its turn there and the end is shown; otherwise the
    /// analysis of the position shown, when asked for.
    fn wanted(&self) -> Option<(Purpose, usize)> {
        let view = self.game.view();
        if self.game.engine_to_move_at(view) {
            return Some((Purpose::Move, view));
        }
        let ongoing = self.game.table().status(view).result == GameResult::Ongoing;
        (self.engine.analysing() && ongoing).then_some((Purpose::Analyse, view))
    }

    /// Bumps the version and tells the engine what to search.
    pub fn refresh(&mut self) {
        self.version += 1;
        let wanted = self.wanted().and_then(|(purpose, ply)| {
            let (go, multipv) = self.engine.go(purpose);
            let game = self.game.table().game();
            let elo = match purpose {
                Purpose::Move => self.engine.strength().elo(game),
                Purpose::Analyse => Ok(None),
            };
            // A level the game cannot play is said on the board, as an
            // engine failure would be.
            let elo = elo
                .map_err(|error| self.engine.set_error(Some(error)))
                .ok()?;
            let job = Job {
                id: 0,
                purpose,
                game,
                epoch: self.game.epoch(),
                position: self.game.position_command(ply),
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
            Event::Line(id, line) if current.map(|c| c.0) == Some(id) => self.take_line(line),
            Event::BestMove(id, text) if current == Some((id, Purpose::Move)) => {
                self.engine_move(&text);
            }
            Event::Failed(id, error) if id.is_none() || current.map(|c| c.0) == id => {
                self.engine.set_error(Some(error));
            }
            _ => return,
        }
        self.refresh();
    }

    /// A line of the search; its best line's score is the evaluation of
    /// the position searched.
    fn take_line(&mut self, line: Line) {
        if let Some((ply, score)) = self.engine.take_line(line) {
            let mover = self.game.table().side(ply);
            self.game.set_eval(ply, first_side(score, mover));
        }
    }

    fn engine_move(&mut self, text: &str) {
        let (ply, note) = self.engine.move_note();
        let error = self
            .game
            .play(ply, text, note)
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
mod tests {
    use super::*;
    use crate::action::Plays;
    use ludus_rules::protocol::Score;
    use serde_json::json;

    fn app() -> App {
        let mut app = App::new();
        app.request("engine", json!({"plays": "none"})).unwrap();
        app
    }

    #[test]
    fn bad_actions_change_nothing() {
        let mut app = app();
        app.request("move", json!({"move": "4-5"})).unwrap();
        let version = app.version();
        for (name, args) in [
            ("move", json!({"move": "1-1"})),
            ("move", json!({})),
            ("new", json!({"game": "chess"})),
            ("new", json!({"game": "wyx", "seed": -3})),
            ("position", json!({"game": "alak", "fen": "x"})),
            ("view", json!({"ply": 9})),
            ("engine", json!({"plays": "first", "multipv": 4})),
            ("engine", json!({"strength": {"kind": "time", "value": 0}})),
            ("engine", json!({"strength": {"kind": "speed", "value": 5}})),
            ("analyse", json!({"on": "yes"})),
            ("import", json!({"pgn": "1. 9-9 *"})),
            ("dance", json!({})),
        ] {
            assert!(app.request(name, args.clone()).is_err(), "{name} {args}");
        }
        assert!(matches!(
            app.act(Action::Unknown),
            Err(ActionError::Unknown(_))
        ));
        assert_eq!(app.version(), version);
        assert_eq!(app.game().table().moves(), ["4-5"]);
        assert_eq!(app.game().plays(), Plays::None);
        assert_eq!(app.engine().multipv(), 1);
    }

    #[test]
    fn errors_are_of_their_kind() {
        let mut app = app();
        let kind = |result: Result<(), ActionError>| match result {
            Err(ActionError::Unknown(_)) => "unknown",
            Err(ActionError::BadRequest(_)) => "bad",
            Err(ActionError::Refused(_)) => "refused",
            Ok(()) => "ok",
        };
        assert_eq!(kind(app.request("dance", json!({}))), "unknown");
        assert_eq!(kind(app.request("move", json!({"mv": "4-5"}))), "bad");
        assert_eq!(kind(app.request("move", json!({"move": "1-1"}))), "refused");
        let unknown = app.request("new", json!({"game": "chess"})).unwrap_err();
        assert_eq!(
            unknown,
            ActionError::Refused(ludus_rules::games::unknown_game("chess"))
        );
    }

    #[test]
    fn moves_views_and_takebacks() {
        let mut app = app();
        app.request("move", json!({"move": "4-5"})).unwrap();
        app.request("move", json!({"move": "8-7"})).unwrap();
        app.request("view", json!({"ply": 1})).unwrap();
        app.request("move", json!({"move": "9-7"})).unwrap();
        let game = app.game();
        assert_eq!(game.table().moves(), ["4-5", "9-7"]);
        assert_eq!(
            (game.view(), game.evals().len(), game.notes().len()),
            (2, 3, 2)
        );
        app.request("engine", json!({"plays": "first"})).unwrap();
        app.request("takeback", json!({})).unwrap();
        assert_eq!(app.game().table().moves(), ["4-5"], "back to o's turn");
        app.request("engine", json!({"plays": "second"})).unwrap();
        app.request("takeback", json!({})).unwrap();
        assert_eq!(app.game().table().moves(), [] as [&str; 0]);
        assert!(app.request("takeback", json!({})).is_err());
    }

    #[test]
    fn the_engine_is_asked_for_its_moves_and_analysis() {
        let mut app = app();
        assert!(app.engine().job().is_none());
        let depth = json!({"plays": "second", "strength": {"kind": "depth", "value": 3}});
        app.request("engine", depth).unwrap();
        app.request("move", json!({"move": "4-5"})).unwrap();
        let job = app.engine().job().cloned().unwrap();
        assert_eq!(job.purpose, Purpose::Move);
        assert_eq!(job.position, "position startpos moves 4-5");
        assert_eq!(job.go, "go depth 3");
        assert!(
            app.request("move", json!({"move": "8-7"})).is_err(),
            "engine's turn"
        );
        app.on_event(Event::Line(
            job.id,
            Line::parse("info depth 2 score cp 50 pv 8-7").unwrap(),
        ));
        assert_eq!(app.game().evals()[1], Some(Score::Cp(-50)), "from x's side");
        app.on_event(Event::BestMove(job.id, "8-7".to_string()));
        assert_eq!(app.game().table().moves(), ["4-5", "8-7"]);
        assert_eq!(app.game().notes()[1].score, Some((Score::Cp(50), Some(2))));
        assert!(app.engine().job().is_none());
        app.request("analyse", json!({"on": true})).unwrap();
        app.request("engine", json!({"multipv": 3})).unwrap();
        let job = app.engine().job().cloned().unwrap();
        assert_eq!(
            (job.purpose, job.go.as_str(), job.multipv),
            (Purpose::Analyse, "go infinite", 3)
        );
        app.on_event(Event::BestMove(job.id, "1-2".to_string()));
        assert_eq!(
            app.game().table().moves().len(),
            2,
            "analysis plays nothing"
        );
    }

    #[test]
    fn the_engine_swaps_sides_in_a_pair_and_gets_the_pair_option() {
        let mut app = app();
        let late = crate::record::tests::LATE;
        app.request("position", json!({"game": "wyx", "fen": late}))
            .unwrap();
        app.request("pair", json!({"on": true})).unwrap();
        assert!(
            app.engine().job().is_none(),
            "the engine plays neither side"
        );
        app.request("engine", json!({"plays": "first"})).unwrap();
        let job = app.engine().job().cloned().expect("the engine moves first");
        assert_eq!(job.pair_option, Some(("WyxScoring", "margin")));
        app.request("engine", json!({"pairOption": false})).unwrap();
        let job = app.engine().job().cloned().unwrap();
        assert_eq!(job.pair_option, None, "turned off");
        app.request("engine", json!({"pairOption": true})).unwrap();
        // The engine (first) and a person play the first game out.
        while app.game().pair().map(|pair| pair.game()) == Some(1) {
            let table = app.game().table();
            let mv = table.follow(table.moves().len(), &[]).next[0].clone();
            match app.engine().job().cloned() {
                Some(job) => {
                    assert_eq!(job.pair_option, Some(("WyxScoring", "margin")));
                    app.on_event(Event::BestMove(job.id, mv));
                }
                None => app.request("move", json!({ "move": mv })).unwrap(),
            }
        }
        // In the second, the engine plays second.
        assert_eq!(app.game().plays(), Plays::Second);
        assert!(app.game().table().moves().is_empty() && app.engine().job().is_none());
        // A new pair puts it back on its first game's side.
        app.request("new", json!({"game": "wyx", "seed": 3}))
            .unwrap();
        assert_eq!(app.game().plays(), Plays::First);
        app.request("new", json!({"game": "alak"})).unwrap();
        assert!(app.game().pair().is_none());
        assert!(app
            .engine()
            .job()
            .is_some_and(|job| job.pair_option.is_none()));
    }
}
