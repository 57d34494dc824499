//! Pair mode: a game played twice from one start with the sides swapped,
//! scored as the game's rules score pairs ([`ludus_rules::Game::PAIR_SCORING`],
//! Wyx's "Double Wyx"): each player's count added up over both games, the
//! smaller total winning. The scoring and its labels are the match runner's
//! ([`ludus_arena::pair_count`]). The pair's players are named by the first
//! game: player 0 moves first in it and second in the second game.

use std::cmp::Ordering;

use ludus_arena::pair_count::{score_pair, PairLabels};
use ludus_rules::games::GAME_NAMES;
use ludus_rules::{GameResult, Player};
use serde_json::Value;

use crate::app::{bool_arg, text_arg, App, MoveNote, Plays};
use crate::games::{visit_board, Board, BoardVisitor};
use crate::table::{new_table, Start, Table};

/// What a game's rules say about pairs, as the board needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairRules {
    /// The pair's name, what is counted, the PGN tags.
    pub labels: PairLabels,
    /// The engine option and value that make an engine play for the count
    /// (`WyxScoring`, `margin`).
    pub option: Option<(&'static str, &'static str)>,
}

/// The pair rules of the game called `game`, if its rules score pairs.
pub fn pair_rules(game: &str) -> Option<PairRules> {
    struct Rules;
    impl BoardVisitor for Rules {
        type Output = Option<PairRules>;
        fn visit<G: Board>(self) -> Self::Output {
            Some(PairRules {
                labels: PairLabels::of::<G>()?,
                option: G::PAIR_SCORING.and_then(|scoring| scoring.option),
            })
        }
    }
    visit_board(game, Rules).ok().flatten()
}

/// Why the game called `game` has no pair mode, naming the games that do.
pub fn no_pair_mode(game: &str) -> String {
    let paired: Vec<&str> = GAME_NAMES
        .iter()
        .copied()
        .filter(|name| pair_rules(name).is_some())
        .collect();
    format!(
        "{game}'s rules score each game alone: pair mode is for games whose rules score pairs ({})",
        paired.join(", ")
    )
}

/// The pair's first game, kept once the second has started.
pub struct FirstGame {
    /// The game, over.
    pub table: Box<dyn Table>,
    /// What the engine said of its moves.
    pub notes: Vec<MoveNote>,
    /// Who the engine played in it.
    pub plays: Plays,
}

/// A pair on the board: the game on the table is its first game until that
/// is over, then its second.
pub struct Pair {
    /// How the game's rules score the pair.
    pub rules: PairRules,
    /// The first game, once the second is on the table.
    pub first: Option<FirstGame>,
}

/// Where a pair stands, in player order (player 0 moved first in the first
/// game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The game on the board, 1 or 2.
    pub game: u8,
    /// Each game's counts in player order, once the rules have finished it.
    pub counts: [Option<[u32; 2]>; 2],
    /// The counts added up over the games finished so far.
    pub totals: [u32; 2],
    /// Once both games are over, how the pair ends for player 0 (`Greater`:
    /// it wins the pair).
    pub outcome: Option<Ordering>,
}

impl Pair {
    /// A pair whose first game is the one on the table.
    pub fn new(rules: PairRules) -> Pair {
        Pair { rules, first: None }
    }

    /// The game on the board: 1 or 2.
    pub fn game(&self) -> u8 {
        if self.first.is_some() {
            2
        } else {
            1
        }
    }

    /// Who the engine played in the first game (`plays`: who it plays in
    /// the game on the board).
    pub fn first_plays(&self, plays: Plays) -> Plays {
        self.first.as_ref().map_or(plays, |first| first.plays)
    }

    /// Where the pair stands with `table` the game on the board.
    pub fn standing(&self, table: &dyn Table) -> Standing {
        let games: [Option<&dyn Table>; 2] = match &self.first {
            Some(first) => [Some(&*first.table), Some(table)],
            None => [Some(table), None],
        };
        // Player 0 is the first game's first player, the second's second.
        let sides = [Player::First, Player::Second];
        let counts = [0, 1].map(|i| games[i].and_then(|t| counts_of(t, sides[i])));
        let halves = [0, 1].map(|i| games[i].map_or(0, |t| halves_of(t, sides[i])));
        let over = games.map(|game| game.is_some_and(|t| t.is_over()));
        let totals = counts
            .iter()
            .flatten()
            .fold([0, 0], |[a, b], [c, d]| [a + c, b + d]);
        Standing {
            game: self.game(),
            counts,
            totals,
            outcome: (over[0] && over[1]).then(|| score_pair(counts, halves).0),
        }
    }
}

/// A finished game's counts in player order, player 0 having had `side`.
fn counts_of(table: &dyn Table, side: Player) -> Option<[u32; 2]> {
    let [first, second] = table.counts(table.moves().len())?;
    Some(match side {
        Player::First => [first, second],
        Player::Second => [second, first],
    })
}

/// Player 0's points in halves in a finished game where it had `side`.
fn halves_of(table: &dyn Table, side: Player) -> u32 {
    match table.status(table.moves().len()).result {
        GameResult::Win(winner) if winner == side => 2,
        GameResult::Draw => 1,
        _ => 0,
    }
}

impl App {
    /// The `pair` action: `{"on": true}` starts a pair from the start of
    /// the game on the board (or from `fen`, a position of that game), its
    /// moves dropped; `{"on": false}` leaves pair mode, the game staying.
    pub(crate) fn set_pair(&mut self, args: &Value) -> Result<(), String> {
        if !bool_arg(args, "on")? {
            self.pair = None;
            return Ok(());
        }
        let game = self.table.game();
        let rules = pair_rules(game).ok_or_else(|| no_pair_mode(game))?;
        let table = match args.get("fen") {
            None | Some(Value::Null) => self.table.fresh(),
            Some(_) => new_table(game, Start::Fen(text_arg(args, "fen")?))?,
        };
        if table.is_over() {
            return Err(format!(
                "the position is already over ({}): a pair starts from a game to play",
                table.status(0).reason
            ));
        }
        // Everything checked: a new pair.
        let same_start = table.start_fen() == self.table.start_fen();
        self.seed = self.seed.filter(|_| same_start);
        self.restart_pair(rules);
        self.table = table;
        self.clear_game();
        Ok(())
    }

    /// A new pair with `rules`: the engine back on its side of the first
    /// game, if a pair was on.
    fn restart_pair(&mut self, rules: PairRules) {
        if let Some(pair) = self.pair.take() {
            self.plays = pair.first_plays(self.plays);
        }
        self.pair = Some(Pair::new(rules));
    }

    /// A new game `table` comes on the board: in pair mode, the first game
    /// of a new pair if its rules score pairs and it is not over at its
    /// start; otherwise pair mode ends.
    pub(crate) fn pair_for_new_table(&mut self, table: &dyn Table) {
        let rules = pair_rules(table.game()).filter(|_| !table.is_over());
        match rules {
            Some(rules) if self.pair.is_some() => self.restart_pair(rules),
            _ => self.pair = None,
        }
    }

    /// Once the pair's first game is over, its second starts from the same
    /// start with the sides swapped: the engine plays the other side.
    pub(crate) fn advance_pair(&mut self) {
        let Some(pair) = &mut self.pair else {
            return;
        };
        if pair.first.is_some() || !self.table.is_over() {
            return;
        }
        let second = self.table.fresh();
        pair.first = Some(FirstGame {
            table: std::mem::replace(&mut self.table, second),
            notes: std::mem::take(&mut self.notes),
            plays: self.plays,
        });
        self.plays = self.plays.swapped();
        self.clear_game();
    }

    /// The engine option to set for the game on the board: the pair rules'
    /// option in pair mode, unless the user turned it off.
    pub(crate) fn pair_option(&self) -> Option<(&'static str, &'static str)> {
        let pair = self.pair.as_ref()?;
        pair.rules.option.filter(|_| self.engine_plays_for_pair)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::Event;
    use serde_json::json;

    #[test]
    fn only_games_whose_rules_score_pairs_have_pair_rules() {
        let wyx = pair_rules("wyx").expect("Double Wyx");
        assert_eq!(wyx.labels.name, "Double Wyx");
        assert_eq!(wyx.option, Some(("WyxScoring", "margin")));
        assert_eq!(pair_rules("alak"), None);
        assert_eq!(pair_rules("chess"), None);
        let why = no_pair_mode("alak");
        assert!(
            why.starts_with("alak's rules") && why.ends_with("(wyx)"),
            "{why}"
        );
    }

    /// Six dominoes left: a few moves to the end.
    pub(crate) const LATE: &str = "..2..W2../w.w.bb../2wB3..W3b2/.ww.wb.w/.bwb..w./2.W3bwB3.B2/\
        .b.b.www/..2b.2bb b6,h1 -2+4/-3+2/-/-/+1-1/+0-1/+1+3/+4+3 11,12 w";

    /// Plays the game on the board to its end by hand, always the first
    /// legal move (`last`: the last one); returns its counts.
    pub(crate) fn play_out(app: &mut App, last: bool) -> [u32; 2] {
        let game = app.pair.as_ref().map(Pair::game);
        while !app.table.is_over() {
            let ply = app.table.moves().len();
            let next = app.table.follow(ply, &[]).next;
            let pick = if last { next.last() } else { next.first() };
            app.act("move", &json!({ "move": pick.unwrap() })).unwrap();
            if app.pair.as_ref().map(Pair::game) != game {
                break;
            }
        }
        // A first game that ended is the pair's first now.
        let moved_on = app.pair.as_ref().map(Pair::game) != game;
        let first = app.pair.as_ref().and_then(|pair| pair.first.as_ref());
        let table = match first {
            Some(first) if moved_on => &first.table,
            _ => &app.table,
        };
        table
            .counts(table.moves().len())
            .expect("a finished game's counts")
    }

    /// A board in pair mode on `LATE`, two people playing.
    pub(crate) fn wyx_pair() -> App {
        let mut app = App::new();
        app.act("engine", &json!({"plays": "none"})).unwrap();
        app.act("position", &json!({"game": "wyx", "fen": LATE}))
            .unwrap();
        app.act("pair", &json!({"on": true})).unwrap();
        app
    }

    #[test]
    fn the_second_game_starts_from_the_same_start_and_fewer_tokens_win() {
        let mut app = wyx_pair();
        let start = app.table.start_fen();
        let epoch = app.epoch;
        assert_eq!(app.table.counts(0), None, "no counts before the end");
        let [w1, b1] = play_out(&mut app, false);
        let pair = app.pair.as_ref().unwrap();
        assert_eq!(pair.game(), 2);
        assert_eq!(app.table.start_fen(), start);
        assert!(app.table.moves().is_empty() && app.epoch > epoch);
        assert!(app.notes.is_empty() && app.view == 0);
        let standing = pair.standing(&*app.table);
        assert_eq!(standing.counts, [Some([w1, b1]), None]);
        assert_eq!((standing.totals, standing.outcome), ([w1, b1], None));
        // The second game: player 0 has Black's count.
        let [w2, b2] = play_out(&mut app, true);
        let pair = app.pair.as_ref().unwrap();
        assert_eq!(pair.game(), 2, "the pair stays on the board when done");
        let done = pair.standing(&*app.table);
        assert_eq!(done.counts, [Some([w1, b1]), Some([b2, w2])]);
        let totals = [w1 + b2, b1 + w2];
        assert_eq!(done.totals, totals);
        assert_eq!(done.outcome, Some(totals[1].cmp(&totals[0])), "fewer wins");
        assert_ne!(totals[0], totals[1], "a pair the games do not draw");
        assert!(app.act("move", &json!({"move": "pass"})).is_err());
    }

    #[test]
    fn the_engine_swaps_sides_and_gets_the_pair_option() {
        let mut app = wyx_pair();
        assert!(app.job.is_none(), "the engine plays neither side");
        app.act("engine", &json!({"plays": "first"})).unwrap();
        let job = app.job.clone().expect("the engine moves first");
        assert_eq!(job.pair_option, Some(("WyxScoring", "margin")));
        app.act("engine", &json!({"pairOption": false})).unwrap();
        assert_eq!(app.job.as_ref().unwrap().pair_option, None, "turned off");
        app.act("engine", &json!({"pairOption": true})).unwrap();
        // The engine (first) and a person play the first game out.
        while app.pair.as_ref().unwrap().game() == 1 {
            let ply = app.table.moves().len();
            let mv = app.table.follow(ply, &[]).next[0].clone();
            match app.job.clone() {
                Some(job) => {
                    assert_eq!(job.pair_option, Some(("WyxScoring", "margin")));
                    app.on_event(Event::BestMove(job.id, mv));
                }
                None => app.act("move", &json!({ "move": mv })).unwrap(),
            }
        }
        // In the second, the engine plays second.
        assert_eq!(app.plays, Plays::Second);
        assert!(app.table.moves().is_empty() && app.job.is_none());
        // A new game of the pair's game is a new pair, the engine back on
        // its first game's side; another game ends pair mode.
        app.act("new", &json!({"game": "wyx", "seed": 3})).unwrap();
        assert_eq!(app.pair.as_ref().map(Pair::game), Some(1));
        assert_eq!((app.plays, app.seed), (Plays::First, Some(3)));
        app.act("new", &json!({"game": "alak"})).unwrap();
        assert!(app.pair.is_none());
        assert!(app
            .job
            .as_ref()
            .is_some_and(|job| job.pair_option.is_none()));
    }

    #[test]
    fn a_game_without_pair_scoring_has_no_pair_mode_and_nothing_changes() {
        let mut app = App::new();
        app.act("engine", &json!({"plays": "none"})).unwrap();
        app.act("move", &json!({"move": "4-5"})).unwrap();
        let version = app.version;
        let error = app.act("pair", &json!({"on": true})).unwrap_err();
        assert!(
            error.contains("alak's rules score each game alone"),
            "{error}"
        );
        assert_eq!(
            (app.table.moves(), app.version),
            (&["4-5".to_string()][..], version)
        );
        assert!(app.pair.is_none());
        app.act("position", &json!({"game": "wyx", "fen": LATE}))
            .unwrap();
        let version = app.version;
        for (args, words) in [
            (json!({}), "on: missing"),
            (json!({"on": "yes"}), "on: missing"),
            (json!({"on": true, "fen": 7}), "fen: missing"),
            (json!({"on": true, "fen": "x"}), "bad position"),
        ] {
            let error = app.act("pair", &args).unwrap_err();
            assert!(error.contains(words), "{args}: {error}");
        }
        let error = app
            .act("engine", &json!({"pairOption": "yes"}))
            .unwrap_err();
        assert!(error.contains("pairOption"), "{error}");
        assert!(app.pair.is_none() && app.engine_plays_for_pair);
        assert_eq!(app.version, version);
        // A pair from a finished position is refused too.
        let mut done = wyx_pair();
        play_out(&mut done, false);
        let over = &done.pair.as_ref().unwrap().first.as_ref().unwrap().table;
        let fen = over.fen(over.moves().len());
        let version = done.version;
        let error = done
            .act("pair", &json!({"on": true, "fen": fen}))
            .unwrap_err();
        assert!(error.contains("already over"), "{error}");
        assert_eq!(
            (done.pair.as_ref().unwrap().game(), done.version),
            (2, version)
        );
    }
}
