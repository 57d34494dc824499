//! The board's game part: the game on the table, the ply shown, who the
//! engine plays in it, what was said of each move, its clock and, in pair
//! mode, the pair it belongs to. Every change either succeeds or changes
//! nothing and says why.

use ludus_rules::games::DEFAULT_GAME;
use ludus_rules::{GameResult, Player, Status};
use web_time::Instant;

use crate::action::Plays;
use crate::clock::{Clock, TimeControl};
use crate::pair::{no_pair_mode, pair_rules, FirstGame, Pair, PairRules};
use crate::table::{has_random_start, new_table, MoveNote, Start, Table};
use ludus_rules::protocol::{PositionCommand, Score};

/// The game on the board and what belongs to it.
pub struct Record {
    table: Box<dyn Table>,
    /// The ply shown (0 = the start).
    view: usize,
    /// The seed of a random start, shown so it can be replayed.
    seed: Option<u64>,
    /// Bumped at every new game: the engine hears `ucinewgame`.
    epoch: u64,
    plays: Plays,
    /// Evaluations per ply, from the first player's side.
    evals: Vec<Option<Score>>,
    /// Per move: what the engine said when it played it.
    notes: Vec<MoveNote>,
    pair: Option<Pair>,
    /// The clocks, in a game on a clock.
    clock: Option<Clock>,
}

impl Record {
    /// The default game's start; the engine plays the second player.
    pub fn new() -> Record {
        Record {
            table: new_table(DEFAULT_GAME, Start::Standard).unwrap_or_else(|e| panic!("{e}")),
            view: 0,
            seed: None,
            epoch: 1,
            plays: Plays::Second,
            evals: vec![None],
            notes: Vec::new(),
            pair: None,
            clock: None,
        }
    }

    /// The game.
    pub fn table(&self) -> &dyn Table {
        &*self.table
    }

    /// The ply shown (0 = the start).
    pub fn view(&self) -> usize {
        self.view
    }

    /// The seed of a random start, so it can be replayed.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Changes at every new game: the engine hears `ucinewgame`.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Who the engine plays in this game.
    pub fn plays(&self) -> Plays {
        self.plays
    }

    /// Evaluations per ply, from the first player's side.
    pub fn evals(&self) -> &[Option<Score>] {
        &self.evals
    }

    /// Per move: what the engine said when it played it.
    pub fn notes(&self) -> &[MoveNote] {
        &self.notes
    }

    /// The pair, in pair mode.
    pub fn pair(&self) -> Option<&Pair> {
        self.pair.as_ref()
    }

    /// The clocks, in a game on a clock.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// How the game stands after `ply` moves: by the rules (repetition
    /// included), and at its end a side whose time ran out has lost.
    pub fn status(&self, ply: usize) -> Status {
        let flagged = self.clock.as_ref().and_then(Clock::flagged);
        match flagged {
            Some(side) if ply >= self.table.moves().len() => Status {
                result: GameResult::Win(side.opponent()),
                reason: format!("{}'s time ran out", self.table.look().players[side.index()]),
            },
            _ => self.table.status_at(ply),
        }
    }

    /// Whether the game is over after all its moves (time included).
    pub fn is_over(&self) -> bool {
        self.status(self.table.moves().len()).result != GameResult::Ongoing
    }

    /// Whether the engine is to move at `ply`: the end of the game, not
    /// over, its side to move.
    pub fn engine_to_move_at(&self, ply: usize) -> bool {
        ply == self.table.moves().len()
            && self.status(ply).result == GameResult::Ongoing
            && self.plays.covers(self.table.side(ply))
    }

    /// Flags a side whose time has run out at `now`; whether one was
    /// flagged just now.
    pub(crate) fn check_time(&mut self, now: Instant) -> bool {
        let Some(clock) = &mut self.clock else {
            return false;
        };
        let before = clock.flagged();
        before.is_none() && clock.check(now).is_some()
    }

    /// How long until the running clock's time is out.
    pub fn until_flag(&self, now: Instant) -> Option<std::time::Duration> {
        self.clock.as_ref().and_then(|clock| clock.until_flag(now))
    }

    /// Stops the clocks (`on`) or starts the clock of the side to move
    /// again; refused while the engine is to move (it thinks on its own
    /// time) and where there is no running game on a clock.
    pub(crate) fn pause(&mut self, on: bool, now: Instant) -> Result<(), String> {
        let end = self.table.moves().len();
        let side = self.table.side(end);
        if self.is_over() {
            return Err("the game is over: there is no clock to pause".to_string());
        }
        if self.plays.covers(side) {
            return Err("the engine is to move: its clock cannot be paused".to_string());
        }
        let clock = self
            .clock
            .as_mut()
            .ok_or("this game is not on a clock: there is nothing to pause")?;
        clock.pause(on, side, now);
        Ok(())
    }

    /// The `position` command of the position after `ply` moves, then the
    /// moves `then` (a move tried instead of the game's).
    pub fn position_command(&self, ply: usize, then: &[String]) -> String {
        let moves = &self.table.moves()[..ply.min(self.table.moves().len())];
        let start = self.table.start_fen();
        let mut moves = moves.to_vec();
        moves.extend_from_slice(then);
        PositionCommand::from_start(&start, self.table.standard_start(), moves).to_string()
    }

    /// A new game of `game` from its start, on a clock of `control` if
    /// one is given; a random start is drawn from `seed`.
    pub(crate) fn new_game(
        &mut self,
        game: &str,
        seed: u64,
        control: Option<TimeControl>,
    ) -> Result<(), String> {
        let table = new_table(game, Start::Seed(seed))?;
        let random = has_random_start(table.name());
        self.replace_table(table, random.then_some(seed));
        self.clock = control.map(Clock::new);
        Ok(())
    }

    /// A game of `game` from `start` (a position, or a random start's
    /// seed, or the standard start) with `moves` played: a game shared
    /// by its address, or kept by the page. Every move is checked; on
    /// error nothing changes.
    pub(crate) fn load(
        &mut self,
        game: &str,
        start: Start,
        seed: Option<u64>,
        moves: &[String],
    ) -> Result<(), String> {
        let mut table = new_table(game, start)?;
        for (ply, text) in moves.iter().enumerate() {
            table
                .play(text)
                .map_err(|e| format!("move {} '{text}': {e}", ply + 1))?;
        }
        let seed = seed.filter(|_| has_random_start(table.name()));
        let plies = table.moves().len();
        self.load_table(
            table,
            vec![None; plies + 1],
            vec![MoveNote::default(); plies],
        );
        self.seed = seed;
        Ok(())
    }

    /// A new game of `game` from the position `fen`.
    pub(crate) fn set_position(&mut self, game: &str, fen: &str) -> Result<(), String> {
        let table = new_table(game, Start::Fen(fen))?;
        self.replace_table(table, None);
        self.clock = None;
        Ok(())
    }

    /// A game read from PGN, shown at its end; it is a game of its own,
    /// out of any pair and off the clock.
    pub(crate) fn load_table(
        &mut self,
        table: Box<dyn Table>,
        evals: Vec<Option<Score>>,
        notes: Vec<MoveNote>,
    ) {
        self.pair = None;
        self.replace_table(table, None);
        self.clock = None;
        self.evals = evals;
        self.notes = notes;
        self.view = self.table.moves().len();
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
    fn clear_game(&mut self) {
        self.view = 0;
        self.epoch += 1;
        self.evals = vec![None];
        self.notes = Vec::new();
    }

    /// Plays `text` after `ply` moves, dropping what followed; `note` is
    /// what the engine said of it. A pair's first game that it ends gives
    /// way to the second.
    pub(crate) fn play(
        &mut self,
        ply: usize,
        text: &str,
        mut note: MoveNote,
        now: Instant,
    ) -> Result<(), String> {
        let end = self.table.moves().len();
        if self.clock.is_some() {
            let status = self.status(end);
            if status.result != GameResult::Ongoing {
                return Err(format!("the game is over ({})", status.reason));
            }
            if ply != end {
                return Err("on a clock, moves are played at the end of the game".to_string());
            }
        }
        let mover = self.table.side(ply);
        self.table.play_at(ply, text)?;
        if let Some(clock) = &mut self.clock {
            let next = (!self.table.is_over()).then(|| self.table.side(ply + 1));
            note.clock = Some(clock.moved(mover, next, now));
        }
        self.evals.truncate(ply + 1);
        self.evals.push(None);
        self.notes.truncate(ply);
        self.notes.push(note);
        self.view = ply + 1;
        self.advance_pair();
        Ok(())
    }

    /// Takes back the last move; against the engine, back to the person's
    /// turn.
    pub(crate) fn take_back(&mut self) -> Result<(), String> {
        if self.clock.is_some() {
            return Err("a game on a clock has no takebacks".to_string());
        }
        let mut plies = self.table.moves().len();
        if plies == 0 {
            return Err("there is no move to take back".to_string());
        }
        plies -= 1;
        if plies > 0 && self.plays != Plays::Both && self.plays.covers(self.table.side(plies)) {
            plies -= 1;
        }
        self.table.truncate(plies);
        self.evals.truncate(plies + 1);
        self.notes.truncate(plies);
        self.view = plies;
        Ok(())
    }

    /// Shows the position after `ply` moves.
    pub(crate) fn set_view(&mut self, ply: u64) -> Result<(), String> {
        let last = self.table.moves().len();
        match usize::try_from(ply) {
            Ok(ply) if ply <= last => {
                self.view = ply;
                Ok(())
            }
            _ => Err(format!("ply {ply} is not in the game (0 to {last})")),
        }
    }

    /// Whether `player`'s moves in this game were the engine's: any of
    /// them (a side with no move yet: whether the engine plays it now).
    pub fn engine_played(&self, player: Player) -> bool {
        played_by_engine(&*self.table, &self.notes, self.plays, player)
    }

    /// Who the engine plays from now on.
    pub(crate) fn set_plays(&mut self, plays: Plays) {
        self.plays = plays;
    }

    /// The evaluation of the position after `ply` moves, from the first
    /// player's side.
    pub(crate) fn set_eval(&mut self, ply: usize, eval: Score) {
        if let Some(slot) = self.evals.get_mut(ply) {
            *slot = Some(eval);
        }
    }

    /// Starts a pair from the start of the game on the board (or from
    /// `fen`, a position of that game), its moves dropped; or, `on` false,
    /// leaves pair mode, the game staying.
    pub(crate) fn set_pair(&mut self, on: bool, fen: Option<&str>) -> Result<(), String> {
        if !on {
            self.pair = None;
            return Ok(());
        }
        let game = self.table.name();
        let rules = pair_rules(game).ok_or_else(|| no_pair_mode(game))?;
        let table = match fen {
            None => self.table.fresh(),
            Some(fen) => new_table(game, Start::Fen(fen))?,
        };
        if table.is_over() {
            return Err(format!(
                "the position is already over ({}): a pair starts from a game to play",
                table.status_at(0).reason
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
    fn pair_for_new_table(&mut self, table: &dyn Table) {
        let rules = pair_rules(table.name()).filter(|_| !table.is_over());
        match rules {
            Some(rules) if self.pair.is_some() => self.restart_pair(rules),
            _ => self.pair = None,
        }
    }

    /// Once the pair's first game is over, its second starts from the same
    /// start with the sides swapped: the engine plays the other side.
    fn advance_pair(&mut self) {
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
        self.clock = self.clock.as_ref().map(|clock| Clock::new(clock.control()));
        self.plays = self.plays.swapped();
        self.clear_game();
    }

    /// The engine option to set for the game on the board: the pair rules'
    /// option in pair mode, if `wanted` (the user may turn it off).
    pub fn pair_option(&self, wanted: bool) -> Option<(&'static str, &'static str)> {
        let pair = self.pair.as_ref()?;
        pair.rules.option.filter(|_| wanted)
    }
}

/// Whether `player`'s moves in the game on `table` (with what was said of
/// them, `notes`) were the engine's: any of them; with no move yet,
/// whether `plays` has the engine play that side.
pub fn played_by_engine(
    table: &dyn Table,
    notes: &[MoveNote],
    plays: Plays,
    player: Player,
) -> bool {
    let mut moved = false;
    for (ply, note) in notes.iter().enumerate() {
        if table.side(ply) == player {
            if note.by_engine {
                return true;
            }
            moved = true;
        }
    }
    !moved && plays.covers(player)
}

impl Default for Record {
    fn default() -> Self {
        Record::new()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Six dominoes left: a few moves to the end.
    pub(crate) const LATE: &str = "..2..W2../w.w.bb../2wB3..W3b2/.ww.wb.w/.bwb..w./2.W3bwB3.B2/\
        .b.b.www/..2b.2bb b6,h1 -2+4/-3+2/-/-/+1-1/+0-1/+1+3/+4+3 11,12 w";

    /// Plays the game on the board to its end by hand, always the first
    /// legal move (`last`: the last one); returns its counts.
    pub(crate) fn play_out(record: &mut Record, last: bool) -> [u32; 2] {
        let game = record.pair().map(Pair::game);
        while !record.table().is_over() {
            let ply = record.table().moves().len();
            let next = record.table().follow(ply, &[]).next;
            let pick = if last { next.last() } else { next.first() };
            let pick = pick.expect("a legal move").clone();
            record
                .play(ply, &pick, MoveNote::default(), Instant::now())
                .unwrap();
            if record.pair().map(Pair::game) != game {
                break;
            }
        }
        // A first game that ended is the pair's first now.
        let moved_on = record.pair().map(Pair::game) != game;
        let first = record.pair().and_then(|pair| pair.first.as_ref());
        let table = match first {
            Some(first) if moved_on => &*first.table,
            _ => record.table(),
        };
        table
            .counts(table.moves().len())
            .expect("a finished game's counts")
    }

    /// A game in pair mode on `LATE`, two people playing.
    pub(crate) fn wyx_pair() -> Record {
        let mut record = Record::new();
        record.set_plays(Plays::None);
        record.set_position("wyx", LATE).unwrap();
        record.set_pair(true, None).unwrap();
        record
    }

    #[test]
    fn the_second_game_starts_from_the_same_start_and_fewer_tokens_win() {
        let mut record = wyx_pair();
        let start = record.table().start_fen();
        let epoch = record.epoch();
        assert_eq!(record.table().counts(0), None, "no counts before the end");
        let [w1, b1] = play_out(&mut record, false);
        let pair = record.pair().unwrap();
        assert_eq!(pair.game(), 2);
        assert_eq!(record.table().start_fen(), start);
        assert!(record.table().moves().is_empty() && record.epoch() > epoch);
        assert!(record.notes().is_empty() && record.view() == 0);
        let standing = pair.standing(record.table());
        assert_eq!(standing.counts, [Some([w1, b1]), None]);
        assert_eq!((standing.totals, standing.outcome), ([w1, b1], None));
        // The second game: player 0 has Black's count.
        let [w2, b2] = play_out(&mut record, true);
        let pair = record.pair().unwrap();
        assert_eq!(pair.game(), 2, "the pair stays on the board when done");
        let done = pair.standing(record.table());
        assert_eq!(done.counts, [Some([w1, b1]), Some([b2, w2])]);
        let totals = [w1 + b2, b1 + w2];
        assert_eq!(done.totals, totals);
        assert_eq!(done.outcome, Some(totals[1].cmp(&totals[0])), "fewer wins");
        assert_ne!(totals[0], totals[1], "a pair the games do not draw");
        assert!(record
            .play(0, "pass", MoveNote::default(), Instant::now())
            .is_err());
    }

    #[test]
    fn a_new_game_of_the_pairs_game_is_a_new_pair_and_another_game_ends_it() {
        let mut record = wyx_pair();
        record.set_plays(Plays::First);
        play_out(&mut record, false);
        assert_eq!(record.plays(), Plays::Second, "sides swapped");
        record.new_game("wyx", 3, None).unwrap();
        assert_eq!(record.pair().map(Pair::game), Some(1));
        assert_eq!((record.plays(), record.seed()), (Plays::First, Some(3)));
        assert_eq!(record.pair_option(true), Some(("WyxScoring", "margin")));
        assert_eq!(record.pair_option(false), None);
        record.new_game("alak", 3, None).unwrap();
        assert!(record.pair().is_none() && record.pair_option(true).is_none());
    }

    #[test]
    fn a_pair_is_refused_where_it_cannot_start_and_nothing_changes() {
        let mut record = Record::new();
        record.set_plays(Plays::None);
        record
            .play(0, "4-5", MoveNote::default(), Instant::now())
            .unwrap();
        let error = record.set_pair(true, None).unwrap_err();
        assert!(
            error.contains("alak's rules score each game alone"),
            "{error}"
        );
        assert_eq!(record.table().moves(), ["4-5"]);
        assert!(record.pair().is_none());
        record.set_position("wyx", LATE).unwrap();
        let error = record.set_pair(true, Some("x")).unwrap_err();
        assert!(error.contains("bad position"), "{error}");
        assert!(record.pair().is_none());
        // A pair from a finished position is refused too.
        let mut done = wyx_pair();
        play_out(&mut done, false);
        let over = &done.pair().unwrap().first.as_ref().unwrap().table;
        let fen = over.fen();
        let epoch = done.epoch();
        let error = done.set_pair(true, Some(&fen)).unwrap_err();
        assert!(error.contains("already over"), "{error}");
        assert_eq!((done.pair().unwrap().game(), done.epoch()), (2, epoch));
    }
}
