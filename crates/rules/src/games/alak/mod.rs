//! Alak (A. K. Dewdney, as read by Sean Burke): a row of 11 slots, pieces
//! jump to the nearest empty slot on either side, and runs of enemy pieces
//! bracketed by the landed piece and another own piece are removed.
//!
//! The board is two 11-bit masks, bit `i` for slot `i + 1`, so move
//! generation, capture detection and perft's leaf counting are a few bit
//! operations.

mod actions;
mod eval;
mod net;
pub mod report;
pub mod solution;
mod svg;
pub mod teach;

use crate::linear::{LinearEval, LinearTerms};
use crate::net_inputs::NetInputs;
use crate::random::zobrist_keys;
use crate::tools::Tooling;
use crate::{
    Game, GameMove, GameOption, GameResult, KnownValue, OptionKind, OptionValue, Player,
    SearchFeatures, Searchable, SolveTarget,
};

/// Number of slots on the board.
pub const SLOTS: u32 = 11;
const FULL: u16 = (1 << SLOTS) - 1;
/// Pieces each side starts with, and so the most a legal position can hold.
const START_PIECES: u32 = 4;

/// Zobrist keys: 11 per player, then one for "second player to move".
const KEYS: [u64; 23] = zobrist_keys(0xA1A4_0000_0000_0001);

#[inline]
fn piece_key(player: Player, slot: u32) -> u64 {
    KEYS[player.index() * SLOTS as usize + slot as usize]
}
const SIDE_KEY: u64 = KEYS[22];

/// A move: one piece from one slot to another (0-based slots inside).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlakMove {
    from: u8,
    to: u8,
}

impl GameMove for AlakMove {
    fn to_bits(self) -> u32 {
        u32::from(self.from) | u32::from(self.to) << 8
    }

    fn from_bits(bits: u32) -> Self {
        AlakMove {
            from: bits as u8,
            to: (bits >> 8) as u8,
        }
    }
}

/// An Alak position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alak {
    /// Occupied slots per player (index by [`Player::index`]).
    pieces: [u16; 2],
    side: Player,
    hash: u64,
}

fn player_char(player: Player) -> char {
    match player {
        Player::First => 'x',
        Player::Second => 'o',
    }
}

impl Alak {
    fn empty(&self) -> u16 {
        !(self.pieces[0] | self.pieces[1]) & FULL
    }

    fn count(&self, player: Player) -> u32 {
        self.pieces[player.index()].count_ones()
    }

    /// The opponent pieces removed if `player` moves a piece `from` -> `to`.
    fn captures_by(&self, player: Player, from: u32, to: u32) -> u16 {
        let me = player.index();
        let mine = self.pieces[me] & !(1 << from) | 1 << to;
        let theirs = self.pieces[1 - me];
        bracketed_left(mine, theirs, to) | bracketed_right(mine, theirs, to)
    }

    /// The opponent pieces that `mv` by the side to move would remove.
    fn captures(&self, mv: AlakMove) -> u16 {
        self.captures_by(self.side, mv.from.into(), mv.to.into())
    }

    /// The most pieces `player` could remove with one move if it were to move.
    fn best_capture_for(&self, player: Player) -> u32 {
        let mut best = 0;
        let mut own = self.pieces[player.index()];
        while own != 0 {
            let from = own.trailing_zeros();
            own &= own - 1;
            for to in self.targets(from).into_iter().flatten() {
                best = best.max(self.captures_by(player, from, to).count_ones());
            }
        }
        best
    }

    /// How many moves `player` would have (Alak's mobility has a closed form:
    /// a piece can go left iff some empty slot lies left of it, and likewise
    /// right).
    fn mobility(&self, player: Player) -> u32 {
        let empty = self.empty();
        if empty == 0 {
            return 0;
        }
        let own = self.pieces[player.index()];
        let lowest_empty = empty.trailing_zeros();
        let highest_empty = 15 - empty.leading_zeros();
        let above_lowest = own & !((2u16 << lowest_empty) - 1);
        let below_highest = own & ((1u16 << highest_empty) - 1);
        above_lowest.count_ones() + below_highest.count_ones()
    }

    /// The slots a piece on `from` can jump to: the nearest empty slot on
    /// its left and on its right, if any.
    fn targets(&self, from: u32) -> [Option<u32>; 2] {
        let empty = self.empty();
        let left = empty & ((1u16 << from) - 1);
        let right = empty & !((2u16 << from) - 1);
        [
            (left != 0).then(|| 15 - left.leading_zeros()),
            (right != 0).then(|| right.trailing_zeros()),
        ]
    }

    fn push_moves(&self, moves: &mut Vec<AlakMove>) {
        let mut own = self.pieces[self.side.index()];
        while own != 0 {
            let from = own.trailing_zeros();
            own &= own - 1;
            for to in self.targets(from).into_iter().flatten() {
                moves.push(AlakMove {
                    from: from as u8,
                    to: to as u8,
                });
            }
        }
    }
}

/// The run of `theirs` directly left of `slot`, if an own piece closes it.
fn bracketed_left(mine: u16, theirs: u16, slot: u32) -> u16 {
    let mut run = 0u16;
    let mut i = slot;
    while i > 0 && theirs & (1 << (i - 1)) != 0 {
        run |= 1 << (i - 1);
        i -= 1;
    }
    if run != 0 && i > 0 && mine & (1 << (i - 1)) != 0 {
        run
    } else {
        0
    }
}

/// The run of `theirs` directly right of `slot`, if an own piece closes it.
fn bracketed_right(mine: u16, theirs: u16, slot: u32) -> u16 {
    let mut run = 0u16;
    let mut i = slot + 1;
    while i < SLOTS && theirs & (1 << i) != 0 {
        run |= 1 << i;
        i += 1;
    }
    if run != 0 && i < SLOTS && mine & (1 << i) != 0 {
        run
    } else {
        0
    }
}

/// A slot number as the notation writes it: digits only, no leading zero
/// (`04` and `+4` name no slot), 1 to 11.
fn parse_slot(text: &str) -> Option<u8> {
    if text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match text.parse::<u8>() {
        Ok(slot) if (1..=SLOTS as u8).contains(&slot) => Some(slot - 1),
        _ => None,
    }
}

impl Game for Alak {
    type Move = AlakMove;
    const NAME: &'static str = "alak";

    fn startpos() -> Self {
        Alak::from_fen("xxxx___oooo x").expect("the start position is valid")
    }

    fn from_fen(fen: &str) -> Result<Self, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let [board, side] = fields[..] else {
            return Err(format!(
                "Alak position needs 2 fields (board, side to move), got {}: '{fen}'",
                fields.len()
            ));
        };
        let slots: Vec<char> = board.chars().collect();
        if slots.len() != SLOTS as usize {
            return Err(format!(
                "Alak board '{board}' must have 11 slots, has {}",
                slots.len()
            ));
        }
        let mut pieces = [0u16; 2];
        for (i, c) in slots.iter().enumerate() {
            match c {
                'x' => pieces[0] |= 1 << i,
                'o' => pieces[1] |= 1 << i,
                '_' | '.' => {}
                _ => {
                    return Err(format!(
                        "bad slot '{c}' in Alak board '{board}': use x, o, _ or ."
                    ))
                }
            }
        }
        let side = match side {
            "x" => Player::First,
            "o" => Player::Second,
            _ => return Err(format!("bad side to move '{side}': use x or o")),
        };
        let mut position = Alak {
            pieces,
            side,
            hash: 0,
        };
        for player in [Player::First, Player::Second] {
            if position.count(player) > START_PIECES {
                return Err(format!(
                    "{} has {} pieces; no Alak position has more than {START_PIECES}",
                    player_char(player),
                    position.count(player)
                ));
            }
        }
        if position.count(side.opponent()) < 2 {
            return Err(format!(
                "{} has fewer than 2 pieces yet {} is to move: the game ended before",
                player_char(side.opponent()),
                player_char(side)
            ));
        }
        position.hash = position.compute_hash();
        Ok(position)
    }

    fn to_fen(&self) -> String {
        let board: String = (0..SLOTS)
            .map(|i| {
                if self.pieces[0] & (1 << i) != 0 {
                    'x'
                } else if self.pieces[1] & (1 << i) != 0 {
                    'o'
                } else {
                    '_'
                }
            })
            .collect();
        format!("{board} {}", player_char(self.side))
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<AlakMove, String> {
        let (from, to) = text
            .split_once('-')
            .and_then(|(a, b)| Some((parse_slot(a)?, parse_slot(b)?)))
            .ok_or_else(|| {
                format!(
                    "malformed move '{text}': Alak moves are from-to with slot numbers \
                     1-11 written without signs or leading zeros, e.g. 3-5"
                )
            })?;
        let mv = AlakMove { from, to };
        if self.result() != GameResult::Ongoing {
            return Err(format!("illegal move '{text}': the game is over"));
        }
        if !self.is_legal(mv) {
            return Err(format!(
                "illegal move '{text}': {} cannot move from {} to {} here",
                player_char(self.side),
                from + 1,
                to + 1
            ));
        }
        Ok(mv)
    }

    fn format_move(&self, mv: AlakMove) -> String {
        format!("{}-{}", mv.from + 1, mv.to + 1)
    }

    const NUM_ACTIONS: usize = actions::NUM_ACTIONS;

    fn action_of(&self, mv: AlakMove) -> usize {
        actions::action_of(mv)
    }

    // The mirror: the rules read the same from either end of the row.
    const SYMMETRIES: usize = 2;

    fn symmetric(&self, symmetry: usize) -> Self {
        if symmetry == 0 {
            return self.clone();
        }
        let mirror = |mask: u16| mask.reverse_bits() >> (16 - SLOTS);
        let mut image = Alak {
            pieces: self.pieces.map(mirror),
            side: self.side,
            hash: 0,
        };
        image.hash = image.compute_hash();
        image
    }

    fn symmetric_move(&self, symmetry: usize, mv: AlakMove) -> AlakMove {
        let last = SLOTS as u8 - 1;
        match symmetry {
            0 => mv,
            _ => AlakMove {
                from: last.saturating_sub(mv.from),
                to: last.saturating_sub(mv.to),
            },
        }
    }

    const OBSERVATION_SHAPE: [usize; 3] = actions::OBSERVATION_SHAPE;

    fn observe(&self, out: &mut [f32]) {
        actions::observe(self, out);
    }

    fn generate_moves(&self, moves: &mut Vec<AlakMove>) {
        if self.result() == GameResult::Ongoing {
            self.push_moves(moves);
        }
    }

    fn make_move(&mut self, mv: AlakMove) {
        let me = self.side;
        let captured = self.captures(mv);
        let (from, to) = (u32::from(mv.from), u32::from(mv.to));
        self.pieces[me.index()] ^= 1 << from | 1 << to;
        self.hash ^= piece_key(me, from) ^ piece_key(me, to);
        let them = me.opponent();
        self.pieces[them.index()] &= !captured;
        let mut removed = captured;
        while removed != 0 {
            self.hash ^= piece_key(them, removed.trailing_zeros());
            removed &= removed - 1;
        }
        self.side = them;
        self.hash ^= SIDE_KEY;
    }

    fn is_legal(&self, mv: AlakMove) -> bool {
        let from = u32::from(mv.from);
        from < SLOTS
            && self.pieces[self.side.index()] & (1 << from) != 0
            && self.result() == GameResult::Ongoing
            && self.targets(from).contains(&Some(mv.to.into()))
    }

    fn is_irreversible(&self, mv: AlakMove) -> bool {
        self.captures(mv) != 0
    }

    fn result(&self) -> GameResult {
        if self.count(self.side) < 2 {
            GameResult::Win(self.side.opponent())
        } else {
            GameResult::Ongoing
        }
    }

    fn result_reason(&self) -> String {
        match self.result() {
            GameResult::Ongoing => "the game goes on".to_string(),
            _ => format!("{} has fewer than 2 pieces", player_char(self.side)),
        }
    }

    fn render(&self) -> String {
        let numbers: String = (1..=SLOTS).map(|n| format!("{n:>3}")).collect();
        let board: String = self.to_fen()[..SLOTS as usize]
            .chars()
            .map(|c| format!("{c:>3}"))
            .collect();
        format!(
            "slot{numbers}\n    {board}\n{} to move",
            player_char(self.side)
        )
    }
}

/// Alak's own settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AlakSettings {
    /// Whether the search takes exact values from the solved table (option
    /// `AlakSolution`; off for library searches, so `ludus bench` measures
    /// the search itself).
    pub use_solution: bool,
}

impl Searchable for Alak {
    type Settings = AlakSettings;
    const OPTIONS: &'static [GameOption<AlakSettings>] = &[GameOption {
        name: "AlakSolution",
        kind: OptionKind::Check { default: true },
        apply: |settings, value| settings.use_solution = value == OptionValue::Check(true),
    }];
    const MOVE_INDEX_COUNT: usize = (SLOTS * SLOTS) as usize;
    // Reductions, move-count pruning and killers gained
    // nothing when the table is off (+0.9, 0.0 and 0.0 Elo switched off over
    // 400 games each at 10 000 nodes, bench/notes/ablations.md): an 11-slot board is
    // searched nearly to the end anyway.
    const SEARCH_FEATURES: SearchFeatures = SearchFeatures {
        reductions: false,
        move_count_pruning: false,
        killers: false,
        ..SearchFeatures::ALL
    };
    // The searched scores (`AlakSolution` off: with the table on, every
    // score is exact, a forced result or a draw's 0, and the scale does not
    // matter). Fitted by `ludus tune --game alak --scale-only alak.data` on
    // `ludus datagen --game alak --games 300 --nodes 2000 --concurrency 1
    // --option AlakSolution=false --out alak.data` (4 820 positions): 1/K =
    // 128.4 for the search scores (164.9 for the evaluation alone).
    const LOGISTIC_SCALE: f64 = 128.0;

    const NET_INPUTS: Option<NetInputs<Alak>> = Some(net::INPUTS);

    fn move_index(&self, mv: AlakMove) -> usize {
        usize::from(mv.from) * SLOTS as usize + usize::from(mv.to)
    }

    fn is_noisy(&self, mv: AlakMove) -> bool {
        self.captures(mv) != 0
    }

    fn evaluate(&self, _: &AlakSettings) -> i32 {
        self.weighted_eval()
    }

    /// From the solved table (see [`solution`]) when it is switched on.
    fn known_value(&self, settings: &AlakSettings) -> Option<KnownValue> {
        if settings.use_solution {
            solution::known_value(self)
        } else {
            None
        }
    }

    fn without_solutions(_: &AlakSettings) -> AlakSettings {
        AlakSettings {
            use_solution: false,
        }
    }

    fn prepare(settings: &AlakSettings) {
        if settings.use_solution {
            solution::table();
        }
    }
}

impl Tooling for Alak {
    // Measured on the level ladder (bench/notes/ladders.md, "Strength on
    // an absolute scale"; the games are in bench/ladders/alak): `python -m
    // ludus.ladder fit DIR --calibration st:0.1` keeps the levels rated above
    // every weaker one, and the last level of a flat stretch (rated at or
    // below a weaker one) at the Elo of the level it plays as.
    const LEVEL_ELO: &'static [(i8, i32)] = &[
        (-20, 0),
        (-18, 47),
        (-16, 78),
        (-14, 114),
        (-12, 149),
        (-10, 200),
        (-8, 239),
        (-6, 305),
        (-4, 351),
        (-2, 413),
        (0, 491),
        (2, 561),
        (4, 613),
        (6, 740),
        (8, 822),
        (10, 892),
        (12, 1009),
        (14, 1153),
        (16, 1245),
        (18, 1275),
        (20, 1336),
    ];

    const SOLVE_TARGETS: &'static [SolveTarget] = &[SolveTarget {
        name: "alak",
        about: "the whole game, by retrograde analysis",
        solve: || report::AlakReport::compute().to_string(),
    }];

    const BENCH_POSITIONS: &'static [&'static str] = &[
        "xxxx___oooo x",
        "xxx_x__oooo o",
        "x_xx__oo_o_ x",
        "_xx_x_o_oo_ o",
        "xx___x_oo_o x",
        "x_x__x_o__o o",
        "xx_____oo__ x",
        "_x_xo_x_o_o o",
    ];

    const BENCH_DEPTH: u32 = 24;

    const LINEAR_EVAL: LinearEval<Self> = Self::LINEAR;
}

impl Alak {
    fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Player::Second {
            SIDE_KEY
        } else {
            0
        };
        for player in [Player::First, Player::Second] {
            for slot in 0..SLOTS {
                if self.pieces[player.index()] & (1 << slot) != 0 {
                    hash ^= piece_key(player, slot);
                }
            }
        }
        hash
    }
}
