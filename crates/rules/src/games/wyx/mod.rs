//! Wyx (Joël Gauvain, Aritma 2009): two horsemen jump by dominoes taken from
//! the bottom of a rack's 8 columns and leave tokens where they land; a
//! single token can be taken back by the next horseman landing on it, a
//! stronghold takes 2 or 3 tokens for good and is barred from then on. The
//! side that places all its tokens wins; otherwise, when the rack is empty or
//! nobody can play, the side with fewer tokens in hand wins.
//!
//! The board is a handful of 64-bit masks (square `rank * 8 + file`, a1 = 0),
//! the rack is [`rack::Rack`], and a move is the id of the domino taken.

mod actions;
mod eval;
mod margin;
mod net;
mod notation;
mod playout;
pub mod rack;
mod svg;
pub mod teach;

use crate::linear::{LinearEval, LinearTerms};
use crate::net_inputs::NetInputs;
use crate::random::zobrist_keys;
use crate::tools::Tooling;
use crate::{
    Game, GameMove, GameOption, GameResult, OptionKind, OptionValue, PairScoring, Player,
    SearchFeatures, Searchable,
};
use rack::{jump, Rack, COLUMNS};

/// Tokens each side owns.
pub const TOKENS: u8 = 32;
/// The seed of the rack shuffle `position startpos` uses (the year of the
/// game); the rack it gives is written out in protocol.md.
pub const STARTPOS_SEED: u64 = 2009;

/// Where a domino takes a horseman: `DESTINATIONS[domino][square]`, or
/// `OFF_BOARD`.
const OFF_BOARD: u8 = 64;
static DESTINATIONS: [[u8; 64]; 64] = {
    let mut table = [[OFF_BOARD; 64]; 64];
    let mut d = 0;
    while d < 64 {
        let (dx, dy) = jump(d as u8);
        let mut sq = 0;
        while sq < 64 {
            let x = (sq % 8) as i8 + dx;
            let y = (sq / 8) as i8 + dy;
            if x >= 0 && x < 8 && y >= 0 && y < 8 {
                table[d][sq] = (y * 8 + x) as u8;
            }
            sq += 1;
        }
        d += 1;
    }
    table
};

/// Zobrist keys, in blocks: single tokens, set strongholds, stronghold
/// layout by worth, horsemen (each a key per player and square), hands
/// (2×33), rack (8 columns × 8 slots × 16 dominoes of the column's
/// colour), side.
const KEYS: [u64; SIDE_INDEX + 1] = zobrist_keys(0x5759_5800_0000_2009);
/// The size of a block of one key per player and square.
const SQUARE_BLOCK: usize = 2 * 64;
const TOKEN_KEYS: usize = 0;
const FORT_KEYS: usize = TOKEN_KEYS + SQUARE_BLOCK;
const LAYOUT_KEYS: usize = FORT_KEYS + SQUARE_BLOCK;
const HORSEMAN_KEYS: usize = LAYOUT_KEYS + SQUARE_BLOCK;
const HAND_KEYS: usize = HORSEMAN_KEYS + SQUARE_BLOCK;
const RACK_KEYS: usize = HAND_KEYS + 2 * 33;
const SIDE_INDEX: usize = RACK_KEYS + 8 * 8 * 16;
const SIDE_KEY: u64 = KEYS[SIDE_INDEX];

#[inline]
fn key(block: usize, player: Player, square: u8) -> u64 {
    KEYS[block + player.index() * 64 + square as usize]
}

#[inline]
fn hand_key(player: Player, hand: u8) -> u64 {
    KEYS[HAND_KEYS + player.index() * 33 + hand.min(TOKENS) as usize]
}

#[inline]
fn rack_key(column: usize, index: usize, domino: u8) -> u64 {
    KEYS[RACK_KEYS + (column * 8 + index) * 16 + (domino % 16) as usize]
}

/// A move: the domino taken (0..64), or [`WyxMove::PASS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WyxMove(u8);

impl WyxMove {
    /// The pass of a side with no playable domino.
    pub const PASS: WyxMove = WyxMove(64);

    /// The move that takes this domino.
    pub fn domino(domino: u8) -> WyxMove {
        WyxMove(domino)
    }

    /// Whether this is the pass.
    pub fn is_pass(self) -> bool {
        self == WyxMove::PASS
    }
}

impl GameMove for WyxMove {
    fn to_bits(self) -> u32 {
        self.0.into()
    }

    fn from_bits(bits: u32) -> Self {
        WyxMove(bits.min(64) as u8)
    }
}

/// A Wyx position: the layout, tokens, horsemen, rack, hands and side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wyx {
    /// Single tokens on simple squares, per player.
    tokens: [u64; 2],
    /// Strongholds set by each player.
    forts: [u64; 2],
    /// Every stronghold square of the layout, set or not.
    strongholds: u64,
    /// The strongholds worth 3 (the others are worth 2).
    worth3: u64,
    horsemen: [u8; 2],
    hands: [u8; 2],
    rack: Rack,
    side: Player,
    hash: u64,
}

/// The name of a square, `a1`..`h8`.
pub fn square_name(square: u8) -> String {
    format!("{}{}", (b'a' + square % 8) as char, square / 8 + 1)
}

fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

impl Wyx {
    /// The worth of stronghold `square`.
    #[inline]
    fn worth(&self, square: u8) -> u8 {
        if self.worth3 & (1 << square) != 0 {
            3
        } else {
            2
        }
    }

    /// Squares no horseman may land on: set strongholds.
    #[inline]
    fn barred(&self) -> u64 {
        self.forts[0] | self.forts[1]
    }

    /// Where `domino` takes `player`'s horseman, if that landing is allowed.
    #[inline]
    fn landing(&self, player: Player, domino: u8) -> Option<u8> {
        let to = DESTINATIONS[domino as usize % 64][self.horsemen[player.index()] as usize];
        let forbidden = to == OFF_BOARD
            || to == self.horsemen[player.opponent().index()]
            || self.barred() & (1 << to) != 0;
        (!forbidden).then_some(to)
    }

    /// Whether `player` could take some available domino.
    fn can_play(&self, player: Player) -> bool {
        (0..COLUMNS).any(|c| {
            self.rack
                .bottom(c)
                .is_some_and(|d| self.landing(player, d).is_some())
        })
    }

    /// Calls `f(domino, landing square)` for every domino `player` could take.
    #[inline]
    fn for_each_playable(&self, player: Player, mut f: impl FnMut(u8, u8)) {
        for c in 0..COLUMNS {
            if let Some(d) = self.rack.bottom(c) {
                if let Some(to) = self.landing(player, d) {
                    f(d, to);
                }
            }
        }
    }

    /// How many tokens `player` would get rid of by landing on `to`: 1 on an
    /// empty simple square, 0 on its own token, 2 on an opponent's (it comes
    /// back to that side's hand), the worth (or the hand) on a stronghold.
    #[inline]
    fn gain(&self, player: Player, to: u8) -> i32 {
        self.gain_with(&self.tokens, &self.hands, player.index(), to)
    }

    /// [`Wyx::gain`] on this layout with other tokens and hands (a
    /// playout's), `player` as an index: on a simple square 1, less 1 on
    /// its own token, plus 1 on the other side's.
    #[inline]
    fn gain_with(&self, tokens: &[u64; 2], hands: &[u8; 2], player: usize, to: u8) -> i32 {
        if self.strongholds & (1 << to) != 0 {
            return i32::from(self.worth(to).min(hands[player]));
        }
        let own = (tokens[player] >> to & 1) as i32;
        let other = (tokens[1 - player] >> to & 1) as i32;
        1 - own + other
    }

    /// The single tokens, strongholds and hand of `player` added up (32 in
    /// every position, except after a stronghold set short at the very end).
    fn token_sum(&self, player: Player) -> u32 {
        let i = player.index();
        let forts = self.forts[i];
        let fort_tokens = 2 * forts.count_ones() + (forts & self.worth3).count_ones();
        self.tokens[i].count_ones() + fort_tokens + u32::from(self.hands[i])
    }

    /// Tokens in `player`'s hand.
    pub fn hand(&self, player: Player) -> u8 {
        self.hands[player.index()]
    }

    /// Dominoes left in the rack.
    pub fn dominoes_left(&self) -> usize {
        self.rack.count()
    }

    /// The winner (or a draw) by fewer tokens in hand.
    fn by_hands(&self) -> GameResult {
        match self.hands[0].cmp(&self.hands[1]) {
            std::cmp::Ordering::Less => GameResult::Win(Player::First),
            std::cmp::Ordering::Greater => GameResult::Win(Player::Second),
            std::cmp::Ordering::Equal => GameResult::Draw,
        }
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Player::Second {
            SIDE_KEY
        } else {
            0
        };
        for player in [Player::First, Player::Second] {
            let i = player.index();
            for sq in 0..64u8 {
                let bit = 1u64 << sq;
                if self.tokens[i] & bit != 0 {
                    hash ^= key(TOKEN_KEYS, player, sq);
                }
                if self.forts[i] & bit != 0 {
                    hash ^= key(FORT_KEYS, player, sq);
                }
            }
            hash ^= key(HORSEMAN_KEYS, player, self.horsemen[i]);
            hash ^= hand_key(player, self.hands[i]);
        }
        for sq in 0..64u8 {
            if self.strongholds & (1 << sq) != 0 {
                let worth_block = if self.worth(sq) == 3 {
                    Player::Second
                } else {
                    Player::First
                };
                hash ^= key(LAYOUT_KEYS, worth_block, sq);
            }
        }
        for c in 0..COLUMNS {
            for (index, &domino) in self.rack.column_top_first(c).iter().enumerate() {
                hash ^= rack_key(c, index, domino);
            }
        }
        hash
    }

    fn set_hand(&mut self, player: Player, hand: u8) {
        let i = player.index();
        self.hash ^= hand_key(player, self.hands[i]) ^ hand_key(player, hand);
        self.hands[i] = hand;
    }
}

impl Game for Wyx {
    type Move = WyxMove;
    const NAME: &'static str = "wyx";

    fn startpos() -> Self {
        Wyx::random_start(STARTPOS_SEED).expect("Wyx has random starts")
    }

    fn random_start(seed: u64) -> Option<Self> {
        let mut position = Wyx::default_layout();
        position.rack = Rack::shuffled(seed);
        position.hash = position.compute_hash();
        Some(position)
    }

    super::notation_and_fields!(notation);

    fn format_move(&self, mv: WyxMove) -> String {
        if mv.is_pass() {
            return "pass".to_string();
        }
        let to = DESTINATIONS[mv.0 as usize % 64][self.horsemen[self.side.index()] as usize];
        if to == OFF_BOARD {
            // Not a move of this position; say which domino it was.
            return rack::format_domino(mv.0);
        }
        square_name(to)
    }

    const NUM_ACTIONS: usize = actions::NUM_ACTIONS;

    fn action_of(&self, mv: WyxMove) -> usize {
        actions::action_of(self, mv)
    }

    const OBSERVATION_SHAPE: [usize; 3] = actions::OBSERVATION_SHAPE;

    fn observe(&self, out: &mut [f32]) {
        actions::observe(self, out);
    }

    fn generate_moves(&self, moves: &mut Vec<WyxMove>) {
        if self.result() != GameResult::Ongoing {
            return;
        }
        self.for_each_playable(self.side, |d, _| moves.push(WyxMove(d)));
        if moves.is_empty() {
            moves.push(WyxMove::PASS);
        }
    }

    fn make_move(&mut self, mv: WyxMove) {
        let me = self.side;
        if !mv.is_pass() {
            if let Some(column) = self.rack.column_of_available(mv.0) {
                let index = self.rack.take(column);
                self.hash ^= rack_key(column, index, mv.0);
                self.jump_to(
                    me,
                    DESTINATIONS[mv.0 as usize][self.horsemen[me.index()] as usize],
                );
            }
        }
        self.side = me.opponent();
        self.hash ^= SIDE_KEY;
    }

    fn is_legal(&self, mv: WyxMove) -> bool {
        if self.result() != GameResult::Ongoing {
            return false;
        }
        if mv.is_pass() {
            return !self.can_play(self.side);
        }
        mv.0 < 64
            && self.rack.column_of_available(mv.0).is_some()
            && self.landing(self.side, mv.0).is_some()
    }

    fn is_irreversible(&self, mv: WyxMove) -> bool {
        // Every domino taken leaves the game; a pass is always followed by
        // a domino (see `result`), so no position can ever repeat.
        !mv.is_pass()
    }

    fn result(&self) -> GameResult {
        let last = self.side.opponent();
        if self.hands[last.index()] == 0 {
            return GameResult::Win(last);
        }
        if self.rack.is_empty() || !(self.can_play(self.side) || self.can_play(last)) {
            return self.by_hands();
        }
        GameResult::Ongoing
    }

    fn result_reason(&self) -> String {
        let last = self.side.opponent();
        let hands = format!(
            "tokens in hand: white {}, black {}",
            self.hands[0], self.hands[1]
        );
        if self.hands[last.index()] == 0 {
            format!("{} placed all its tokens", player_name(last))
        } else if self.rack.is_empty() {
            format!("the rack is empty; {hands}")
        } else if self.result() != GameResult::Ongoing {
            format!("no available domino is playable by either side; {hands}")
        } else {
            "the game goes on".to_string()
        }
    }

    fn render(&self) -> String {
        notation::render(self)
    }

    // "Double Wyx": the rack played twice, horsemen swapped; the player left
    // with fewer tokens to set over both games wins.
    const PAIR_SCORING: Option<PairScoring<Wyx>> = Some(PairScoring {
        name: "Double Wyx",
        counted: "tokens left",
        tag: "TokensLeft",
        option: Some((SCORING_OPTION, "margin")),
        counts: |position| position.hands.map(u32::from),
    });
}

/// The option choosing what a finished game is worth to the search.
const SCORING_OPTION: &str = "WyxScoring";

/// Wyx's settings (its protocol options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WyxSettings {
    /// `WyxScoring margin`: a finished game scores by the difference of
    /// tokens in hand (what "Double Wyx" adds up), not as a win or a loss.
    pub margin: bool,
}

impl Searchable for Wyx {
    type Settings = WyxSettings;
    const OPTIONS: &'static [GameOption<WyxSettings>] = &[GameOption {
        name: SCORING_OPTION,
        kind: OptionKind::Combo {
            default: "game",
            choices: &["game", "margin"],
        },
        apply: |settings, value| settings.margin = value == OptionValue::Combo("margin"),
    }];
    const MOVE_INDEX_COUNT: usize = 65;
    // Quiescence, move-count pruning and killers gained nothing (0.0, 0.0
    // and +2.6 Elo switched off over 400 games each at 10 000 nodes,
    // bench/notes/ablations.md, "Every feature switched off once").
    const SEARCH_FEATURES: SearchFeatures = SearchFeatures {
        quiescence: false,
        move_count_pruning: false,
        killers: false,
        ..SearchFeatures::ALL
    };
    // Fitted by `ludus tune --game wyx --scale-only wyx.data` on `ludus
    // datagen --game wyx --games 300 --nodes 2000 --concurrency 1 --out
    // wyx.data` (6 131 positions): 1/K = 174.3 for the search scores
    // (255.6 for the evaluation alone). The greedy playout widened the
    // scores: before it, the same command gave 109.8 (151.7).
    const LOGISTIC_SCALE: f64 = 174.0;

    const NET_INPUTS: Option<NetInputs<Wyx>> = Some(net::INPUTS);

    fn plies_left_bound(&self) -> Option<u32> {
        // Every move takes a domino, and a pass comes before at most one:
        // after a pass the other side can play, or the game would be over.
        Some(2 * self.rack.count() as u32)
    }

    fn move_index(&self, mv: WyxMove) -> usize {
        usize::from(mv.0.min(64))
    }

    fn is_noisy(&self, mv: WyxMove) -> bool {
        if mv.is_pass() {
            return false;
        }
        let Some(to) = self.landing(self.side, mv.0) else {
            return false;
        };
        let bit = 1u64 << to;
        self.strongholds & bit != 0
            || self.tokens[self.side.opponent().index()] & bit != 0
            || self.gain(self.side, to) >= i32::from(self.hands[self.side.index()])
    }

    fn evaluate(&self, _: &WyxSettings) -> i32 {
        eval::evaluate(self)
    }

    /// Under `margin`, the difference of hands at 100 a token (the
    /// evaluation's scale): a proven ending reports the exact margin.
    fn final_score(&self, settings: &WyxSettings) -> Option<i32> {
        settings.margin.then(|| margin::final_score(self))
    }
}

impl Tooling for Wyx {
    // Measured on the level ladder (bench/notes/ladders.md, "Strength on
    // an absolute scale"; the games are in bench/ladders/wyx): `python -m
    // ludus.ladder fit DIR --calibration st:0.1` keeps the levels rated above
    // every weaker one, and the last level of a flat stretch (rated at or
    // below a weaker one) at the Elo of the level it plays as.
    const LEVEL_ELO: &'static [(i8, i32)] = &[
        (-20, 0),
        (-18, 55),
        (-16, 101),
        (-14, 160),
        (-12, 211),
        (-10, 258),
        (-8, 301),
        (-6, 343),
        (-4, 389),
        (-2, 442),
        (0, 499),
        (2, 639),
        (4, 860),
        (6, 1025),
        (8, 1206),
        (10, 1412),
        (12, 1597),
        (14, 1739),
        (16, 1864),
        (18, 1959),
        (19, 2124),
        (20, 2248),
    ];

    const BENCH_POSITIONS: &'static [&'static str] = &[
        // The start (seed 2009), then seeds 5, 1, 2, 3, 4, 6 played down
        // at random to 56, 48, 40, 32, 24 and 26 dominoes left
        // (bench/wyx_late.rs).
        "..2..2../......../2.3..3.2/......../......../2.3..3.2/......../..2..2.. d4,e5 -2+1,+0+3,-1+2,-1+4,-3+2,-2+3,-3+4,+0+4/-1+3,-2+2,-1+1,-3+1,+0+1,-2+4,+0+2,-3+3/-1-1,-1-3,-4-2,-2+0,-4+0,-2-3,-4-1,-3-1/-3+0,-2-2,-4-3,-3-3,-1+0,-3-2,-1-2,-2-1/+3-3,+1-4,+2-4,+2-3,+0-1,+3-2,+3-1,+0-3/+3-4,+2-1,+2-2,+0-4,+0-2,+1-2,+1-3,+1-1/+4+1,+3+3,+3+0,+2+1,+3+2,+4+3,+1+3,+2+2/+2+0,+2+3,+3+1,+1+2,+1+1,+4+0,+4+2,+1+0 32,32 w",
        "..2b.2../...b..../2.3..3b2/...w..../.....b../2.W3..3.2/w......./..2..W2.. f1,g6 +0+2,+0+4,-1+1,-3+4,-1+4,+0+1,-3+3,-3+1/+0+3,-2+1,-2+2,-2+3,-3+2,-1+3/-2+0,-3+0,-2-3,-3-2,-1+0,-1-2/-1-3,-3-3,-4-3,-4+0,-4-2,-3-1,-4-1,-2-2/+1-1,+1-4,+2-2,+3-4,+0-4,+0-2,+1-2,+0-3/+2-1,+3-1,+1-3,+0-1,+3-3/+1+3,+4+1,+1+1,+2+2,+4+3,+3+0,+2+3/+4+2,+1+0,+3+1,+2+1,+1+2,+2+0,+3+2,+4+0 25,28 w",
        "..2..2w./....b.b./2.W3.b3w2/..w....b/....wb../2.3..B3wB2/..b..w.w/..2..2.. g8,e6 -1+2,+0+2,-2+4,-1+4,-3+1/+0+4,-2+3,+0+1,-3+3,-3+2,-2+1/-4+0,-1-3,-1-2,-2-1,-1+0,-3-1/-4-2,-3-3,-2+0,-3+0,-3-2,-4-3,-1-1/+1-3,+2-3,+3-1,+2-4,+0-2,+0-4/+3-3,+3-4,+1-2,+1-1,+0-1,+0-3/+1+1,+2+1,+2+2,+3+1,+2+3,+3+3,+1+0/+3+0,+4+1,+4+3,+4+0,+1+2 22,21 w",
        ".b2.bW2../b...b.../W2wW3wb3.2/..b.w..w/....w..b/W2.3wb3.2/...b.b../..2..2.. e4,b8 +0+4,-2+4/-3+2,-2+1,-3+1,+0+2,+0+3,-1+4/-4-1,-4-3,-4+0,-3+0,-4-2,-2-2/-3-2,-1+0,-2-1,-2+0,-3-1/+0-4,+2-2,+0-1,+2-4,+3-2,+2-1/+1-4,+1-3,+3-3,+1-1,+1-2/+4+0,+1+0,+2+1,+3+3,+3+1/+4+2,+4+3,+3+0,+2+3,+3+2 17,22 w",
        ".w2.w2../..w..b.b/2w3..3.2/.b.wwbw./.bwbb.../B2wB3..W3.2/bb.bww../.bW2w.2.. b8,b5 -2+2,-2+1,-3+1,+0+1,-1+3/-1+4,+0+2,+0+4,-1+2,-2+4/-3+0,-4+0/-3-3,-1-1,-1-3,-1+0,-2-1/+1-3,+2-4,+2-1,+3-1,+0-2/+1-1,+3-3,+2-3,+3-2,+1-2,+1-4/+4+1/+2+3,+3+2,+4+0 15,16 w",
        "..2w.2w./.....w.b/W2.W3.b3.B2/.bbbbw.w/.w.b..b./2.B3wbW3w2/.w..ww../.wB2..W2bb f5,g4 -3+4,-3+3,+0+2,-2+3,-3+1,-1+1,+0+1,+0+3/-1+3/-1-3/-3-2,-4-3,-2-2,-3-3/+1-2,+3-4,+3-3,+2-4/+0-3,+2-1/+3+3,+3+2/+4+3,+1+1 10,14 w",
        "..2..W2../w.w.bb../2wB3..W3b2/.ww.wb.w/.bwb..w./2.W3bwB3.B2/.b.b.www/..2b.2bb b6,h1 -2+4,+0+3/-3+2,-3+3,-3+1/-1+0,-3-3,-3-2,-1-2,-3-1/-4-2,-2-1/+1-1,+0-3/+0-1,+3-3,+1-3,+2-1,+0-2/+1+3,+2+3,+2+2,+4+0/+4+3,+4+2,+3+1 11,12 w",
    ];

    const BENCH_DEPTH: u32 = 16;

    const LINEAR_EVAL: LinearEval<Self> = Self::LINEAR;
}

impl Wyx {
    /// The default layout (rules.md) with horsemen on d4 and e5, full hands,
    /// white to move, and an empty rack.
    fn default_layout() -> Wyx {
        let square = |name: &str| -> u8 {
            let b = name.as_bytes();
            (b[1] - b'1') * 8 + (b[0] - b'a')
        };
        let mut strongholds = 0u64;
        let mut worth3 = 0u64;
        for name in ["c3", "f3", "c6", "f6"] {
            worth3 |= 1 << square(name);
        }
        for name in ["c1", "f1", "a3", "h3", "a6", "h6", "c8", "f8"] {
            strongholds |= 1 << square(name);
        }
        strongholds |= worth3;
        Wyx {
            tokens: [0; 2],
            forts: [0; 2],
            strongholds,
            worth3,
            horsemen: [square("d4"), square("e5")],
            hands: [TOKENS; 2],
            rack: Rack::from_bottom_first(&Default::default()),
            side: Player::First,
            hash: 0,
        }
    }

    /// Moves `player`'s horseman to `to` and leaves its tokens there.
    fn jump_to(&mut self, player: Player, to: u8) {
        let me = player.index();
        self.hash ^= key(HORSEMAN_KEYS, player, self.horsemen[me]) ^ key(HORSEMAN_KEYS, player, to);
        self.horsemen[me] = to;
        let bit = 1u64 << to;
        if self.strongholds & bit != 0 {
            let placed = self.worth(to).min(self.hands[me]);
            self.forts[me] |= bit;
            self.hash ^= key(FORT_KEYS, player, to);
            self.set_hand(player, self.hands[me] - placed);
            return;
        }
        for owner in [player.opponent(), player] {
            let o = owner.index();
            if self.tokens[o] & bit != 0 {
                self.tokens[o] &= !bit;
                self.hash ^= key(TOKEN_KEYS, owner, to);
                self.set_hand(owner, self.hands[o] + 1);
            }
        }
        self.tokens[me] |= bit;
        self.hash ^= key(TOKEN_KEYS, player, to);
        self.set_hand(player, self.hands[me].saturating_sub(1));
    }
}
