//! The board's state and everything a request can do to it: the game on
//! the table, who the engine plays, its strength, the analysis, and the
//! search the engine should be running because of all that. Every action
//! either succeeds or changes nothing and says why.

use std::time::{Duration, Instant};

use ludus_rules::games::GAME_NAMES;
use ludus_rules::{GameResult, Player};
use serde_json::Value;

use crate::engine::{EngineLink, Event, Job, Line, Purpose};
use crate::pair::Pair;
use crate::table::{has_random_start, new_table, Start, Table};
use ludus_rules::protocol::{PositionCommand, Score};

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plays {
    /// The first player.
    First,
    /// The second player.
    Second,
    /// Both: engine against engine.
    Both,
    /// Neither: two people.
    None,
}

impl Plays {
    /// The word the page uses.
    pub fn word(self) -> &'static str {
        match self {
            Plays::First => "first",
            Plays::Second => "second",
            Plays::Both => "both",
            Plays::None => "none",
        }
    }

    fn parse(word: &str) -> Option<Plays> {
        [Plays::First, Plays::Second, Plays::Both, Plays::None]
            .into_iter()
            .find(|p| p.word() == word)
    }

    /// The same with the sides swapped (a pair's second game).
    pub fn swapped(self) -> Plays {
        match self {
            Plays::First => Plays::Second,
            Plays::Second => Plays::First,
            other => other,
        }
    }

    /// Whether the engine moves for `player`.
    pub fn covers(self, player: Player) -> bool {
        match self {
            Plays::Both => true,
            Plays::None => false,
            Plays::First => player == Player::First,
            Plays::Second => player == Player::Second,
        }
    }
}

/// How the engine's moves are limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Milliseconds per move.
    Time(u64),
    /// Plies.
    Depth(u64),
    /// Nodes.
    Nodes(u64),
}

impl Strength {
    /// The kind's word and the value.
    pub fn parts(self) -> (&'static str, u64) {
        match self {
            Strength::Time(ms) => ("time", ms),
            Strength::Depth(plies) => ("depth", plies),
            Strength::Nodes(nodes) => ("nodes", nodes),
        }
    }

    fn parse(kind: &str, value: u64) -> Result<Strength, String> {
        let (strength, range) = match kind {
            "time" => (Strength::Time(value), 10..=3_600_000),
            "depth" => (Strength::Depth(value), 1..=100),
            "nodes" => (Strength::Nodes(value), 1..=1_000_000_000_000),
            other => {
                return Err(format!(
                    "unknown strength '{other}': use time (ms per move), depth or nodes"
                ))
            }
        };
        if !range.contains(&value) {
            return Err(format!(
                "{kind} {value} is out of range ({} to {})",
                range.start(),
                range.end()
            ));
        }
        Ok(strength)
    }

    fn go(self) -> String {
        match self {
            Strength::Time(ms) => format!("go movetime {ms}"),
            Strength::Depth(plies) => format!("go depth {plies}"),
            Strength::Nodes(nodes) => format!("go nodes {nodes}"),
        }
    }
}

/// What the engine said about a move it played, for the PGN comments.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// Its score (mover's side) and depth.
    pub score: Option<(Score, Option<u32>)>,
    /// Time spent.
    pub time: Duration,
}

/// The board's whole state.
pub struct App {
    /// The game.
    pub table: Box<dyn Table>,
    /// The ply shown (0 = the start).
    pub view: usize,
    /// The seed of a random start, shown so it can be replayed.
    pub seed: Option<u64>,
    /// Bumped at every new game: the engine hears `ucinewgame`.
    pub epoch: u64,
    /// Who the engine plays.
    pub plays: Plays,
    /// Its strength.
    pub strength: Strength,
    /// Analysis lines wanted (1 to 3).
    pub multipv: u32,
    /// Whether the viewed position is being analysed.
    pub analysing: bool,
    /// The engine's name, once it has answered.
    pub engine_name: String,
    /// The last engine failure, until the next good news.
    pub engine_error: Option<String>,
    /// The search asked of the engine.
    pub job: Option<Job>,
    /// What the search asked of the engine is for and the ply it searches
    /// (always the ply shown); its lines stay shown after it ends, until
    /// another search, or none, is wanted.
    pub search: Option<(Purpose, usize)>,
    job_ply: usize,
    job_started: Instant,
    next_job: u64,
    /// The latest line per rank of the current search.
    pub lines: Vec<Line>,
    /// Evaluations per ply, from the first player's side.
    pub evals: Vec<Option<Score>>,
    /// Per move: what the engine said when it played it.
    pub notes: Vec<MoveNote>,
    /// Pair mode: the game is one of a pair the rules score together.
    pub pair: Option<Pair>,
    /// Whether the engine gets the pair rules' option in pair mode (the
    /// user may turn it off).
    pub engine_plays_for_pair: bool,
    /// Bumped at every change; the page waits on it.
    pub version: u64,
    link: Option<EngineLink>,
}

impl App {
    /// A board with Alak's start and no engine link yet.
    pub fn new() -> App {
        App {
            table: new_table(GAME_NAMES[0], Start::Standard).unwrap_or_else(|e| panic!("{e}")),
            view: 0,
            seed: None,
            epoch: 1,
            plays: Plays::Second,
            strength: Strength::Time(1000),
            multipv: 1,
            analysing: false,
            engine_name: String::new(),
            engine_error: None,
            job: None,
            search: None,
            job_ply: 0,
            job_started: Instant::now(),
            next_job: 1,
            lines: Vec::new(),
            evals: vec![None],
            notes: Vec::new(),
            pair: None,
            engine_plays_for_pair: true,
            version: 1,
            link: None,
        }
    }

    /// Connects the engine thread.
    pub fn attach(&mut self, link: EngineLink) {
        self.link = Some(link);
        self.refresh();
    }

    /// Runs the action `name` with its JSON arguments.
    pub fn act(&mut self, name: &str, args: &Value) -> Result<(), String> {
        match name {
            "new" => self.new_game(args),
            "position" => self.set_position(args),
            "move" => self.play_move(text_arg(args, "move")?),
            "takeback" => self.take_back(),
            "view" => self.set_view(number_arg(args, "ply")?),
            "engine" => self.set_engine(args),
            "analyse" => {
                self.analysing = bool_arg(args, "on")?;
                Ok(())
            }
            "import" => self.import(args),
            "pair" => self.set_pair(args),
            other => Err(format!("unknown action '{other}'")),
        }?;
        self.refresh();
        Ok(())
    }

    /// A new game on the board; in pair mode, the first game of a new pair
    /// if the game's rules score pairs, else pair mode ends.
    fn replace_table(&mut self, table: Box<dyn Table>, seed: Option<u64>) {
        self.pair_for_new_table(&*table);
        self.table = table;
        self.seed = seed;
        self.clear_game();
    }

    /// Forgets what was said about the game before: a new game starts.
    pub(crate) fn clear_game(&mut self) {
        self.view = 0;
        self.epoch += 1;
        self.evals = vec![None];
        self.notes = Vec::new();
        self.lines.clear();
        self.search = None;
    }

    fn new_game(&mut self, args: &Value) -> Result<(), String> {
        let game = game_arg(args)?;
        let seed = match args.get("seed") {
            None | Some(Value::Null) => fresh_seed(),
            Some(value) => value
                .as_u64()
                .ok_or_else(|| "seed: give a whole number from 0 up".to_string())?,
        };
        let random = has_random_start(game);
        let table = new_table(game, Start::Seed(seed))?;
        self.replace_table(table, random.then_some(seed));
        Ok(())
    }

    fn set_position(&mut self, args: &Value) -> Result<(), String> {
        let game = game_arg(args)?;
        let table = new_table(game, Start::Fen(text_arg(args, "fen")?))?;
        self.replace_table(table, None);
        Ok(())
    }

    /// A person's move in the position shown.
    fn play_move(&mut self, text: &str) -> Result<(), String> {
        if self.engine_to_move_at(self.view) {
            return Err(format!(
                "it is the engine's turn here (it plays {})",
                self.plays.word()
            ));
        }
        let ply = self.view;
        self.table.play(ply, text)?;
        self.after_move(ply, MoveNote::default());
        Ok(())
    }

    /// Keeps the per-ply lists in step after a move at `ply`; a pair's
    /// first game that it ends gives way to the second.
    fn after_move(&mut self, ply: usize, note: MoveNote) {
        self.evals.truncate(ply + 1);
        self.evals.push(None);
        self.notes.truncate(ply);
        self.notes.push(note);
        self.view = ply + 1;
        self.advance_pair();
    }

    fn take_back(&mut self) -> Result<(), String> {
        let mut plies = self.table.moves().len();
        if plies == 0 {
            return Err("there is no move to take back".to_string());
        }
        plies -= 1;
        // Against the engine, back to the person's turn.
        if plies > 0 && self.plays != Plays::Both && self.plays.covers(self.table.side(plies)) {
            plies -= 1;
        }
        self.table.truncate(plies);
        self.lines.clear();
        self.search = None;
        self.evals.truncate(plies + 1);
        self.notes.truncate(plies);
        self.view = plies;
        Ok(())
    }

    fn set_view(&mut self, ply: u64) -> Result<(), String> {
        let last = self.table.moves().len();
        match usize::try_from(ply) {
            Ok(ply) if ply <= last => {
                self.view = ply;
                Ok(())
            }
            _ => Err(format!("ply {ply} is not in the game (0 to {last})")),
        }
    }

    fn set_engine(&mut self, args: &Value) -> Result<(), String> {
        let plays = match args.get("plays") {
            Some(value) => {
                let word = value.as_str().unwrap_or("");
                Some(Plays::parse(word).ok_or_else(|| {
                    format!("plays: '{word}' is not one of first, second, both, none")
                })?)
            }
            None => None,
        };
        let strength = match args.get("strength") {
            Some(value) => Some(Strength::parse(
                text_arg(value, "kind")?,
                number_arg(value, "value")?,
            )?),
            None => None,
        };
        let multipv = match args.get("multipv") {
            Some(_) => match number_arg(args, "multipv")? {
                lines @ 1..=3 => Some(lines as u32),
                other => return Err(format!("multipv {other}: show 1 to 3 lines")),
            },
            None => None,
        };
        let for_pair = match args.get("pairOption") {
            Some(_) => Some(bool_arg(args, "pairOption")?),
            None => None,
        };
        // Everything checked: now change.
        self.engine_plays_for_pair = for_pair.unwrap_or(self.engine_plays_for_pair);
        self.plays = plays.unwrap_or(self.plays);
        self.strength = strength.unwrap_or(self.strength);
        self.multipv = multipv.unwrap_or(self.multipv);
        Ok(())
    }

    fn import(&mut self, args: &Value) -> Result<(), String> {
        let index = match args.get("index") {
            None | Some(Value::Null) => 1,
            Some(_) => number_arg(args, "index")?,
        };
        let imported = crate::pgn::import(text_arg(args, "pgn")?, index)?;
        // An imported game is a game of its own.
        self.pair = None;
        self.replace_table(imported.table, None);
        self.evals = imported.evals;
        self.notes = imported.notes;
        self.view = self.table.moves().len();
        Ok(())
    }

    /// Whether the engine is to move at `ply`: the end of the game, not
    /// over, its side to move.
    pub(crate) fn engine_to_move_at(&self, ply: usize) -> bool {
        ply == self.table.moves().len()
            && self.table.status(ply).result == GameResult::Ongoing
            && self.plays.covers(self.table.side(ply))
    }

    /// The search the state calls for: the engine's move at the end of the
    /// game when it is its turn there and the end is shown; otherwise the
    /// analysis of the position shown, when asked for.
    fn wanted(&self) -> Option<(Purpose, usize)> {
        if self.engine_to_move_at(self.view) {
            return Some((Purpose::Move, self.view));
        }
        let ongoing = self.table.status(self.view).result == GameResult::Ongoing;
        (self.analysing && ongoing).then_some((Purpose::Analyse, self.view))
    }

    /// Bumps the version and tells the engine thread what to search.
    pub fn refresh(&mut self) {
        self.version += 1;
        let wanted = self.wanted().map(|(purpose, ply)| {
            let moves = &self.table.moves()[..ply];
            let start = self.table.start_fen();
            let standard = self.table.standard_start();
            let position =
                PositionCommand::from_start(&start, standard, moves.to_vec()).to_string();
            let (go, multipv) = match purpose {
                Purpose::Move => (self.strength.go(), 1),
                Purpose::Analyse => ("go infinite".to_string(), self.multipv),
            };
            (
                ply,
                Job {
                    id: 0,
                    purpose,
                    game: self.table.game(),
                    epoch: self.epoch,
                    position,
                    go,
                    multipv,
                    pair_option: self.pair_option(),
                },
            )
        });
        let same = match (&self.job, &wanted) {
            (Some(old), Some((_, new))) => {
                Job {
                    id: old.id,
                    ..new.clone()
                } == *old
            }
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        // Lines belong to the search that made them: a new search, or none,
        // leaves none from another position on show.
        self.lines.clear();
        self.search = None;
        self.job = wanted.map(|(ply, job)| {
            self.search = Some((job.purpose, ply));
            self.job_ply = ply;
            self.job_started = Instant::now();
            self.next_job += 1;
            Job {
                id: self.next_job,
                ..job
            }
        });
        if let Some(link) = &self.link {
            link.want(self.job.clone());
        }
    }

    /// Takes in what the engine thread reports.
    pub fn on_event(&mut self, event: Event) {
        let current = self.job.as_ref().map(|j| (j.id, j.purpose));
        match event {
            Event::Ready(name) => {
                self.engine_name = name;
                self.engine_error = None;
            }
            Event::Line(id, line) if current.map(|c| c.0) == Some(id) => {
                self.take_line(line);
            }
            Event::BestMove(id, text) if current == Some((id, Purpose::Move)) => {
                self.engine_move(&text);
            }
            Event::Failed(id, error) if id.is_none() || current.map(|c| c.0) == id => {
                self.engine_error = Some(error);
            }
            _ => return,
        }
        self.refresh();
    }

    fn take_line(&mut self, line: Line) {
        let rank = line.multipv.max(1) as usize;
        if rank > self.lines.len() + 1 || rank > 3 {
            return;
        }
        if rank == 1 {
            let first_view = match self.table.side(self.job_ply) {
                Player::First => line.score,
                Player::Second => line.score.negated(),
            };
            if let Some(slot) = self.evals.get_mut(self.job_ply) {
                *slot = Some(first_view);
            }
        }
        if rank <= self.lines.len() {
            self.lines[rank - 1] = line;
        } else {
            self.lines.push(line);
        }
    }

    fn engine_move(&mut self, text: &str) {
        let ply = self.job_ply;
        let note = MoveNote {
            score: self.lines.first().map(|l| (l.score, Some(l.depth))),
            time: self.job_started.elapsed(),
        };
        match self.table.play(ply, text) {
            Ok(_) => {
                self.after_move(ply, note);
                self.engine_error = None;
            }
            Err(error) => {
                self.engine_error = Some(format!("the engine played '{text}': {error}"));
            }
        }
    }
}

impl Default for App {
    fn default() -> Self {
        App::new()
    }
}

/// A seed for a new random start.
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() as u64 ^ d.as_secs());
    ludus_rules::random::Rng::new(nanos).next_u64() % 1_000_000
}

fn game_arg(args: &Value) -> Result<&'static str, String> {
    let name = text_arg(args, "game")?;
    GAME_NAMES
        .iter()
        .copied()
        .find(|g| g.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown game '{name}'; games: {}", GAME_NAMES.join(", ")))
}

pub(crate) fn text_arg<'a>(args: &'a Value, name: &str) -> Result<&'a str, String> {
    args.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{name}: missing (a text is needed)"))
}

fn number_arg(args: &Value, name: &str) -> Result<u64, String> {
    args.get(name)
        .and_then(Value::as_u64)
        .ok_or_else(|| format!("{name}: missing (a whole number from 0 up is needed)"))
}

pub(crate) fn bool_arg(args: &Value, name: &str) -> Result<bool, String> {
    args.get(name)
        .and_then(Value::as_bool)
        .ok_or_else(|| format!("{name}: missing (true or false)"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn app() -> App {
        let mut app = App::new();
        app.act("engine", &json!({"plays": "none"})).unwrap();
        app
    }

    #[test]
    fn bad_actions_change_nothing() {
        let mut app = app();
        app.act("move", &json!({"move": "4-5"})).unwrap();
        let version = app.version;
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
            assert!(app.act(name, &args).is_err(), "{name} {args}");
        }
        assert_eq!(app.version, version);
        assert_eq!(app.table.moves(), ["4-5"]);
        assert_eq!(app.plays, Plays::None);
        assert_eq!(app.multipv, 1);
    }

    #[test]
    fn moves_views_and_takebacks() {
        let mut app = app();
        app.act("move", &json!({"move": "4-5"})).unwrap();
        app.act("move", &json!({"move": "8-7"})).unwrap();
        app.act("view", &json!({"ply": 1})).unwrap();
        app.act("move", &json!({"move": "9-7"})).unwrap();
        assert_eq!(app.table.moves(), ["4-5", "9-7"]);
        assert_eq!((app.view, app.evals.len(), app.notes.len()), (2, 3, 2));
        app.act("engine", &json!({"plays": "first"})).unwrap();
        app.act("takeback", &json!({})).unwrap();
        assert_eq!(app.table.moves(), ["4-5"], "back to o's turn");
        app.act("engine", &json!({"plays": "second"})).unwrap();
        app.act("takeback", &json!({})).unwrap();
        assert_eq!(app.table.moves(), [] as [&str; 0]);
        assert!(app.act("takeback", &json!({})).is_err());
    }

    #[test]
    fn the_engine_is_asked_for_its_moves_and_analysis() {
        let mut app = app();
        assert!(app.job.is_none());
        app.act(
            "engine",
            &json!({"plays": "second", "strength": {"kind": "depth", "value": 3}}),
        )
        .unwrap();
        app.act("move", &json!({"move": "4-5"})).unwrap();
        let job = app.job.clone().unwrap();
        assert_eq!(job.purpose, Purpose::Move);
        assert_eq!(job.position, "position startpos moves 4-5");
        assert_eq!(job.go, "go depth 3");
        assert!(
            app.act("move", &json!({"move": "8-7"})).is_err(),
            "engine's turn"
        );
        app.on_event(Event::Line(
            job.id,
            Line::parse("info depth 2 score cp 50 pv 8-7").unwrap(),
        ));
        assert_eq!(app.evals[1], Some(Score::Cp(-50)), "from x's side");
        app.on_event(Event::BestMove(job.id, "8-7".to_string()));
        assert_eq!(app.table.moves(), ["4-5", "8-7"]);
        assert_eq!(app.notes[1].score, Some((Score::Cp(50), Some(2))));
        assert!(app.job.is_none());
        app.act("analyse", &json!({"on": true})).unwrap();
        app.act("engine", &json!({"multipv": 3})).unwrap();
        let job = app.job.clone().unwrap();
        assert_eq!(
            (job.purpose, job.go.as_str(), job.multipv),
            (Purpose::Analyse, "go infinite", 3)
        );
        app.on_event(Event::BestMove(job.id, "1-2".to_string()));
        assert_eq!(app.table.moves().len(), 2, "analysis plays nothing");
    }
}
