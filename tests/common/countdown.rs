//! Countdown, a tiny game with known theory for testing the search: a
//! counter; a move takes 1 or 2 from it; whoever takes the last wins. With
//! `waits` on, a side may also "wait" (pass), which makes repetitions.
//!
//! Theory: without waits, the side to move loses iff the counter is a
//! multiple of 3, in exactly 2·(n/3) plies, and otherwise wins in
//! 2·(n/3)+1 plies. With waits, multiples of 3 are draws by repetition
//! (both sides wait forever) and the rest are wins as before.
//! `panic_at` plants a bug: evaluation panics at that counter (only on the
//! main search thread, the one named "search", with `main`).

use ludus_rules::{Game, GameMove, GameResult, Player, SearchFeatures, Searchable};

/// A countdown position: `<counter> <side 1|2> <waits 0|1> [panic-at [main]]`.
#[derive(Clone, Debug)]
pub struct Countdown {
    pub counter: u32,
    pub side: Player,
    pub waits: bool,
    pub panic_at: Option<u32>,
    pub panic_on_main_thread_only: bool,
}

/// Take 1, take 2, or wait (0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take(pub u32);

impl GameMove for Take {
    fn to_bits(self) -> u32 {
        self.0
    }
    fn from_bits(bits: u32) -> Self {
        Take(bits)
    }
}

impl Game for Countdown {
    type Move = Take;
    const NAME: &'static str = "countdown";

    fn startpos() -> Self {
        Countdown::from_fen("20 1 0").unwrap()
    }
    fn from_fen(fen: &str) -> Result<Self, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let number = |i: usize| fields.get(i).and_then(|f| f.parse::<u32>().ok());
        Ok(Countdown {
            counter: number(0).ok_or("bad counter")?,
            side: if number(1) == Some(2) {
                Player::Second
            } else {
                Player::First
            },
            waits: number(2) == Some(1),
            panic_at: number(3),
            panic_on_main_thread_only: fields.get(4) == Some(&"main"),
        })
    }
    fn to_fen(&self) -> String {
        format!(
            "{} {} {}",
            self.counter,
            self.side.index() + 1,
            u8::from(self.waits)
        )
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn hash(&self) -> u64 {
        // Mixed like a Zobrist key: the table indexes by the high bits.
        let state =
            (u64::from(self.counter) * 2 + self.side.index() as u64) * 2 + u64::from(self.waits);
        ludus_rules::random::splitmix64(state).1
    }
    fn parse_move(&self, text: &str) -> Result<Take, String> {
        let take = text.parse().map(Take).map_err(|_| "not a number")?;
        if self.is_legal(take) {
            Ok(take)
        } else {
            Err("illegal".to_string())
        }
    }
    fn format_move(&self, mv: Take) -> String {
        mv.0.to_string()
    }
    // Take 0 (wait), 1 or 2.
    const NUM_ACTIONS: usize = 3;
    fn action_of(&self, mv: Take) -> usize {
        mv.0.min(2) as usize
    }
    // The counter as 1/(1 + counter), and whether the first player moves.
    const OBSERVATION_SHAPE: [usize; 3] = [2, 1, 1];
    fn observe(&self, out: &mut [f32]) {
        out[0] = 1.0 / (1.0 + self.counter as f32);
        out[1] = f32::from(u8::from(self.side == Player::First));
    }
    fn generate_moves(&self, moves: &mut Vec<Take>) {
        if self.counter > 0 {
            moves.extend((1..=2.min(self.counter)).map(Take));
            if self.waits {
                moves.push(Take(0));
            }
        }
    }
    fn make_move(&mut self, mv: Take) {
        self.counter -= mv.0.min(self.counter);
        self.side = self.side.opponent();
    }
    fn is_legal(&self, mv: Take) -> bool {
        self.counter > 0 && mv.0 <= self.counter.min(2) && (mv.0 > 0 || self.waits)
    }
    fn is_irreversible(&self, mv: Take) -> bool {
        mv.0 > 0
    }
    fn result(&self) -> GameResult {
        match self.counter {
            0 => GameResult::Win(self.side.opponent()),
            _ => GameResult::Ongoing,
        }
    }
    fn result_reason(&self) -> String {
        "the counter reached 0".to_string()
    }
    fn render(&self) -> String {
        self.to_fen()
    }
}

impl Searchable for Countdown {
    type Settings = ();
    const MOVE_INDEX_COUNT: usize = 3;
    const SEARCH_FEATURES: SearchFeatures = SearchFeatures::ALL;
    // Its evaluation is always 0: any scale will do.
    const LOGISTIC_SCALE: f64 = 100.0;
    fn move_index(&self, mv: Take) -> usize {
        mv.0 as usize
    }
    fn is_noisy(&self, _: Take) -> bool {
        false
    }
    // The evaluation is 0: no features.
    fn evaluate(&self, _: &()) -> i32 {
        let this_thread =
            !self.panic_on_main_thread_only || std::thread::current().name() == Some("search");
        assert!(
            !(this_thread && Some(self.counter) == self.panic_at),
            "planted bug"
        );
        0
    }
}
