//! Pylyx (Christian Freeling, 2011): a stacking game on an N×N board without
//! its corners. Checkers are placed on the central (N−2)×(N−2) area, never in
//! a rank or file that already holds one of the placer's own checkers; then
//! pieces move: singles diagonally, doubles orthogonally, triples both, any
//! distance along empty cells, stacking on own pieces. The side that stacks
//! all its N−2 checkers wins. `pylyx` is N = 12, `pylyx10` is N = 10.
//!
//! The board is a mailbox: the N×N grid inside a one-cell border, the border
//! and the missing corners holding a sentinel, so a ray walk is "step until
//! the cell is not empty" with no bounds checks. Cells hold signed stack
//! heights (white positive, black negative).

mod actions;
mod eval;
mod movegen;
mod net;
mod notation;
mod svg;
pub mod teach;

use crate::linear::{LinearEval, LinearTerms};
use crate::net_inputs::NetInputs;
use crate::random::zobrist_keys;
use crate::symmetry::{square_map, SQUARE_SYMMETRIES};
use crate::tools::Tooling;
use crate::{Game, GameMove, GameResult, Player, SearchFeatures, Searchable};

/// The widest mailbox row: 12 cells and a border cell on each side.
const MAX_WIDTH: usize = 14;
/// Mailbox cells for the largest board; smaller boards use a prefix.
const MAILBOX: usize = MAX_WIDTH * MAX_WIDTH;
/// The sentinel of border cells and missing corners.
const OFF: i8 = 64;
/// The most checkers a side has in any variant.
const MAX_CHECKERS: usize = 10;

/// Zobrist keys: per mailbox cell, colour and height; one unused slot; the
/// hands; one or two passes in a row. The side key is its own constant.
const PIECE_KEYS: usize = MAILBOX * 2 * MAX_CHECKERS;
const HAND_KEYS: usize = 2 * (MAX_CHECKERS + 1);
static KEYS: [u64; PIECE_KEYS + 1 + HAND_KEYS + 2] = zobrist_keys(0x9E71_7C00_0000_0004);
const SIDE_KEY: u64 = zobrist_keys::<1>(0x9E71_7C00_0000_0005)[0];

#[inline]
fn piece_key(player: Player, sq: usize, height: u8) -> u64 {
    KEYS[(sq * 2 + player.index()) * MAX_CHECKERS + usize::from(height.clamp(1, 10)) - 1]
}

#[inline]
fn hand_key(player: Player, hand: u8) -> u64 {
    KEYS[PIECE_KEYS + 1 + player.index() * (MAX_CHECKERS + 1) + usize::from(hand)]
}

#[inline]
fn passes_key(passes: u8) -> u64 {
    match passes {
        0 => 0,
        n => KEYS[PIECE_KEYS + 1 + HAND_KEYS + usize::from(n.min(2)) - 1],
    }
}

/// The sign of a player's stacks in the cell array.
#[inline]
fn sign(player: Player) -> i8 {
    match player {
        Player::First => 1,
        Player::Second => -1,
    }
}

/// The height of `player`'s stack in a cell holding `value`, 0 if the cell
/// holds none of its checkers.
#[inline]
fn own_height(value: i8, player: Player) -> u8 {
    let signed = value * sign(player);
    if signed > 0 && signed != OFF {
        signed as u8
    } else {
        0
    }
}

/// A Pylyx move. Cells are mailbox indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PylyxMove {
    /// A checker from the hand onto an empty cell.
    Place(u8),
    /// The top `count` checkers of the stack on `from` move to `to`.
    Move {
        /// Where the piece starts.
        from: u8,
        /// Where it lands (empty, or an own piece to stack on).
        to: u8,
        /// How many checkers move: 1, 2 or 3.
        count: u8,
    },
    /// No legal move: the turn passes.
    Pass,
}

impl GameMove for PylyxMove {
    fn to_bits(self) -> u32 {
        match self {
            PylyxMove::Place(to) => 1 << 24 | u32::from(to),
            PylyxMove::Move { from, to, count } => {
                2 << 24 | u32::from(count) << 16 | u32::from(from) << 8 | u32::from(to)
            }
            PylyxMove::Pass => 3 << 24,
        }
    }

    fn from_bits(bits: u32) -> Self {
        match bits >> 24 {
            1 => PylyxMove::Place(bits as u8),
            2 => PylyxMove::Move {
                from: (bits >> 8) as u8,
                to: bits as u8,
                count: (bits >> 16) as u8,
            },
            _ => PylyxMove::Pass,
        }
    }
}

/// A Pylyx position on an N×N board without corners (N = 12 or 10).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PylyxGame<const N: usize> {
    /// Signed stack heights (white > 0, black < 0), 0 empty, [`OFF`] outside.
    cells: [i8; MAILBOX],
    /// Checkers in hand per player.
    hands: [u8; 2],
    side: Player,
    /// Passes in a row that led here (2 ends the game).
    passes: u8,
    /// The side that just moved made a stack of all its checkers.
    won: bool,
    /// Own pieces (cells, not checkers) per player in each mailbox row.
    rank_pieces: [[u8; MAX_WIDTH]; 2],
    /// Own pieces per player in each mailbox column.
    file_pieces: [[u8; MAX_WIDTH]; 2],
    /// The cells holding a piece, per player: bit `sq % 64` of word `sq / 64`.
    occupancy: [[u64; 4]; 2],
    hash: u64,
}

/// Pylyx on the 12×12 board: 10 checkers each, a stack of 10 wins.
pub type Pylyx = PylyxGame<12>;
/// Pylyx on the 10×10 board: 8 checkers each, a stack of 8 wins.
pub type Pylyx10 = PylyxGame<10>;

impl<const N: usize> PylyxGame<N> {
    /// Mailbox row width.
    const WIDTH: usize = N + 2;
    /// Checkers per side, and the winning stack height.
    pub const CHECKERS: u8 = (N - 2) as u8;
    /// A stack this high is one move from a win: making it is noisy.
    const THREAT_HEIGHT: u8 = Self::CHECKERS - 3;
    const DIAGONALS: [isize; 4] = [
        Self::WIDTH as isize + 1,
        Self::WIDTH as isize - 1,
        -(Self::WIDTH as isize) + 1,
        -(Self::WIDTH as isize) - 1,
    ];
    const ORTHOGONALS: [isize; 4] = [1, -1, Self::WIDTH as isize, -(Self::WIDTH as isize)];

    /// The mailbox index of the cell on `file` and `rank` (both 1..=N).
    #[inline]
    fn square(file: usize, rank: usize) -> usize {
        rank * Self::WIDTH + file
    }

    /// (file, rank) of a mailbox index, both 1..=N on the board.
    #[inline]
    fn coords(sq: usize) -> (usize, usize) {
        (sq % Self::WIDTH, sq / Self::WIDTH)
    }

    fn is_corner(file: usize, rank: usize) -> bool {
        (file == 1 || file == N) && (rank == 1 || rank == N)
    }

    /// Whether `sq` is a board cell (inside the mailbox, not a corner).
    fn on_board(sq: usize) -> bool {
        let (file, rank) = Self::coords(sq);
        sq < Self::WIDTH * Self::WIDTH
            && (1..=N).contains(&file)
            && (1..=N).contains(&rank)
            && !Self::is_corner(file, rank)
    }

    fn in_placement_area(sq: usize) -> bool {
        let (file, rank) = Self::coords(sq);
        sq < Self::WIDTH * Self::WIDTH && (2..N).contains(&file) && (2..N).contains(&rank)
    }

    /// Every board cell, in mailbox order.
    fn board_cells() -> impl Iterator<Item = usize> {
        (1..=N)
            .flat_map(|rank| (1..=N).map(move |file| Self::square(file, rank)))
            .filter(|&sq| Self::on_board(sq))
    }

    /// The cells holding a piece of `player`, in mailbox order.
    #[inline]
    fn pieces(&self, player: Player) -> impl Iterator<Item = usize> + '_ {
        self.occupancy[player.index()]
            .iter()
            .enumerate()
            .flat_map(|(word, &bits)| {
                let mut bits = bits;
                std::iter::from_fn(move || {
                    (bits != 0).then(|| {
                        let bit = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        word * 64 + bit
                    })
                })
            })
    }

    /// An empty board with both hands full, White to move.
    fn empty_board() -> Self {
        let mut cells = [OFF; MAILBOX];
        for sq in Self::board_cells() {
            cells[sq] = 0;
        }
        PylyxGame {
            cells,
            hands: [Self::CHECKERS; 2],
            side: Player::First,
            passes: 0,
            won: false,
            rank_pieces: [[0; MAX_WIDTH]; 2],
            file_pieces: [[0; MAX_WIDTH]; 2],
            occupancy: [[0; 4]; 2],
            hash: 0,
        }
    }

    /// The height of `player`'s stack on `sq` (0 if none).
    #[inline]
    fn height_of(&self, sq: usize, player: Player) -> u8 {
        own_height(self.cells[sq], player)
    }

    /// Sets `player`'s stack on `sq` from `old` to `new` checkers, keeping
    /// the hash and the rank/file piece counts.
    #[inline]
    fn set_height(&mut self, sq: usize, player: Player, old: u8, new: u8) {
        let (file, rank) = Self::coords(sq);
        let p = player.index();
        if (old == 0) != (new == 0) {
            self.occupancy[p][sq / 64] ^= 1 << (sq % 64);
        }
        if old > 0 {
            self.hash ^= piece_key(player, sq, old);
        } else {
            self.rank_pieces[p][rank] = self.rank_pieces[p][rank].wrapping_add(1);
            self.file_pieces[p][file] = self.file_pieces[p][file].wrapping_add(1);
        }
        if new > 0 {
            self.hash ^= piece_key(player, sq, new);
        } else {
            self.rank_pieces[p][rank] = self.rank_pieces[p][rank].wrapping_sub(1);
            self.file_pieces[p][file] = self.file_pieces[p][file].wrapping_sub(1);
        }
        self.cells[sq] = new as i8 * sign(player);
    }

    fn set_hand(&mut self, player: Player, hand: u8) {
        self.hash ^= hand_key(player, self.hands[player.index()]) ^ hand_key(player, hand);
        self.hands[player.index()] = hand;
    }

    fn set_passes(&mut self, passes: u8) {
        self.hash ^= passes_key(self.passes) ^ passes_key(passes);
        self.passes = passes;
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = passes_key(self.passes);
        if self.side == Player::Second {
            hash ^= SIDE_KEY;
        }
        for player in [Player::First, Player::Second] {
            hash ^= hand_key(player, self.hands[player.index()]);
            for sq in Self::board_cells() {
                let height = self.height_of(sq, player);
                if height > 0 {
                    hash ^= piece_key(player, sq, height);
                }
            }
        }
        hash
    }

    /// Where symmetry `symmetry` of the square takes mailbox cell `sq` (a
    /// cell off the board stays where it is).
    fn map_cell(symmetry: usize, sq: usize) -> usize {
        if !Self::on_board(sq) {
            return sq;
        }
        let (file, rank) = Self::coords(sq);
        let (file, rank) = square_map(N, symmetry, file - 1, rank - 1);
        Self::square(file + 1, rank + 1)
    }

    /// Checkers of `player` on the board.
    fn checkers_on_board(&self, player: Player) -> u32 {
        Self::board_cells()
            .map(|sq| u32::from(self.height_of(sq, player)))
            .sum()
    }
}

impl<const N: usize> Game for PylyxGame<N> {
    type Move = PylyxMove;
    const NAME: &'static str = match N {
        12 => "pylyx",
        10 => "pylyx10",
        _ => panic!("Pylyx is played on 12x12 or 10x10"),
    };

    fn startpos() -> Self {
        let mut position = Self::empty_board();
        position.hash = position.compute_hash();
        position
    }

    super::notation_and_fields!(notation);

    fn format_move(&self, mv: PylyxMove) -> String {
        notation::write_move(self, mv)
    }

    const NUM_ACTIONS: usize = Self::ACTIONS;

    fn action_of(&self, mv: PylyxMove) -> usize {
        self.action_id(mv)
    }

    // The rotations and reflections of the square: the board, its
    // placement area, ranks and files, and the diagonal and orthogonal
    // moves all map onto themselves.
    const SYMMETRIES: usize = SQUARE_SYMMETRIES;

    fn symmetric(&self, symmetry: usize) -> Self {
        let mut image = Self::empty_board();
        for player in [Player::First, Player::Second] {
            for sq in self.pieces(player) {
                let height = self.height_of(sq, player);
                image.set_height(Self::map_cell(symmetry, sq), player, 0, height);
            }
        }
        image.hands = self.hands;
        image.side = self.side;
        image.passes = self.passes;
        image.won = self.won;
        image.hash = image.compute_hash();
        image
    }

    fn symmetric_hash(&self, symmetry: usize) -> u64 {
        let mut hash = self.hash;
        for player in [Player::First, Player::Second] {
            for sq in self.pieces(player) {
                let height = self.height_of(sq, player);
                hash ^= piece_key(player, sq, height)
                    ^ piece_key(player, Self::map_cell(symmetry, sq), height);
            }
        }
        hash
    }

    fn symmetric_move(&self, symmetry: usize, mv: PylyxMove) -> PylyxMove {
        let map = |sq: u8| Self::map_cell(symmetry, usize::from(sq)) as u8;
        match mv {
            PylyxMove::Place(to) => PylyxMove::Place(map(to)),
            PylyxMove::Move { from, to, count } => PylyxMove::Move {
                from: map(from),
                to: map(to),
                count,
            },
            PylyxMove::Pass => PylyxMove::Pass,
        }
    }

    const OBSERVATION_SHAPE: [usize; 3] = Self::SHAPE;

    fn observe(&self, out: &mut [f32]) {
        self.write_observation(out);
    }

    fn generate_moves(&self, moves: &mut Vec<PylyxMove>) {
        self.generate(movegen::Filter::All, moves);
    }

    fn make_move(&mut self, mv: PylyxMove) {
        let me = self.side;
        // Keeps an illegal move's cells inside the tables (no panic).
        let cell = |sq: u8| usize::from(sq).min(Self::WIDTH * Self::WIDTH - 1);
        match mv {
            PylyxMove::Place(to) => {
                let to = cell(to);
                self.set_height(to, me, 0, 1);
                self.set_hand(me, self.hands[me.index()].saturating_sub(1));
                self.set_passes(0);
            }
            PylyxMove::Move { from, to, count } => {
                let (from, to) = (cell(from), cell(to));
                let source = self.height_of(from, me);
                let target = self.height_of(to, me);
                let count = count.min(source);
                self.set_height(from, me, source, source - count);
                self.set_height(to, me, target, target + count);
                self.won = target + count >= Self::CHECKERS;
                self.set_passes(0);
            }
            PylyxMove::Pass => self.set_passes(self.passes + 1),
        }
        self.side = me.opponent();
        self.hash ^= SIDE_KEY;
    }

    fn is_legal(&self, mv: PylyxMove) -> bool {
        self.result() == GameResult::Ongoing && self.is_legal_move(mv)
    }

    fn is_irreversible(&self, mv: PylyxMove) -> bool {
        // A placement empties the hand a little: no earlier position returns.
        matches!(mv, PylyxMove::Place(_))
    }

    fn result(&self) -> GameResult {
        if self.won {
            GameResult::Win(self.side.opponent())
        } else if self.passes >= 2 {
            GameResult::Draw
        } else {
            GameResult::Ongoing
        }
    }

    fn result_reason(&self) -> String {
        match self.result() {
            GameResult::Ongoing => "the game goes on".to_string(),
            GameResult::Win(player) => format!(
                "{} made a stack of {}",
                notation::player_name(player),
                Self::CHECKERS
            ),
            GameResult::Draw => "neither side has a legal move (two passes)".to_string(),
        }
    }

    fn render(&self) -> String {
        notation::render(self)
    }
}

impl<const N: usize> Searchable for PylyxGame<N> {
    type Settings = ();
    const MOVE_INDEX_COUNT: usize = MAILBOX * MAILBOX;
    // Every technique (bench/notes/ablations.md, "Every feature switched off once"
    // and "The verdicts at 0.1 s a move"). On 12×12 futility pruning and
    // killers gained nothing at 10 000 nodes (switched off: +31.4 ± 34.3
    // and +20.0 ± 34.2 Elo over 400 games), but the search without them
    // lost at 0.1 s a move (−36.6 ± 34.2 over 400 games), so they are back.
    const SEARCH_FEATURES: SearchFeatures = SearchFeatures::ALL;
    // Fitted by `ludus tune --game G --scale-only G.data` on `ludus datagen
    // --game G --games 300 --nodes 2000 --concurrency 1 --out G.data`: 1/K
    // for the search scores, pylyx 102.1 (18 174 positions of the 93 games
    // played in 95 s; 102.5 for the evaluation alone), pylyx10 67.1
    // (10 383 positions of 300 games; 82.3 for the evaluation).
    const LOGISTIC_SCALE: f64 = match N {
        12 => 102.0,
        _ => 67.0,
    };

    const NET_INPUTS: Option<NetInputs<Self>> = Some(Self::INPUTS);
    // Each size's own network, kept by matches against the linear
    // evaluation (bench/notes/networks.md, "Learned evaluations: the
    // matches").
    const NET: Option<&'static [u8]> = match N {
        10 => Some(include_bytes!("pylyx10.nnue")),
        12 => Some(include_bytes!("pylyx12.nnue")),
        _ => None,
    };

    fn move_index(&self, mv: PylyxMove) -> usize {
        let index = match mv {
            PylyxMove::Place(to) => usize::from(to) * (MAILBOX + 1),
            PylyxMove::Move { from, to, .. } => usize::from(from) * MAILBOX + usize::from(to),
            PylyxMove::Pass => 0,
        };
        index.min(Self::MOVE_INDEX_COUNT - 1)
    }

    fn generate_noisy(&self, moves: &mut Vec<PylyxMove>) {
        self.generate(movegen::Filter::Noisy, moves);
    }

    fn generate_quiet(&self, moves: &mut Vec<PylyxMove>) {
        self.generate(movegen::Filter::Quiet, moves);
    }

    fn is_noisy(&self, mv: PylyxMove) -> bool {
        match mv {
            PylyxMove::Move { to, count, .. } => {
                let target = self.height_of(usize::from(to), self.side);
                target > 0 && target + count >= Self::THREAT_HEIGHT
            }
            PylyxMove::Place(_) | PylyxMove::Pass => false,
        }
    }

    fn evaluate(&self, _: &()) -> i32 {
        self.weighted_eval()
    }
}

impl<const N: usize> Tooling for PylyxGame<N> {
    // Measured on the level ladders (bench/notes/ladders.md, "Strength on
    // an absolute scale"; the games are in bench/ladders/pylyx and pylyx10):
    // `python -m ludus.ladder fit DIR --calibration st:0.1` keeps the levels
    // rated above every weaker one, and the last level of a flat stretch
    // (rated at or below a weaker one) at the Elo of the level it plays as.
    const LEVEL_ELO: &'static [(i8, i32)] = match N {
        10 => &[
            (-20, 0),
            (-18, 0),
            (-12, 162),
            (-10, 372),
            (-8, 587),
            (-4, 870),
            (-2, 1019),
            (0, 1193),
            (2, 1402),
            (4, 1613),
            (6, 1886),
            (8, 1997),
            (10, 2104),
            (12, 2132),
            (14, 2224),
            (16, 2301),
            (18, 2386),
            (19, 2531),
            (20, 2550),
        ],
        12 => &[
            (-20, 0),
            (-15, 39),
            (-12, 136),
            (-10, 312),
            (-9, 428),
            (-8, 534),
            (-7, 617),
            (-6, 743),
            (-5, 808),
            (-4, 914),
            (-2, 1113),
            (0, 1239),
            (1, 1283),
            (2, 1353),
            (3, 1486),
            (4, 1580),
            (5, 1660),
            (6, 1735),
            (7, 1761),
            (8, 1822),
            (9, 1865),
            (10, 1874),
            (11, 1911),
            (12, 1958),
            (13, 1958),
            (14, 1992),
            (15, 2027),
            (16, 2079),
            (17, 2117),
            (18, 2164),
            (19, 2227),
            (20, 2286),
        ],
        _ => &[],
    };

    const BENCH_POSITIONS: &'static [&'static str] = match N {
        12 => &[
            "12/12/12/12/12/12/12/12/12/12/12/12 w 10 10",
            "12/8a3/12/12/3A3a4/6A5/5a1A4/4A1a5/1A10/12/12/12 b 5 6",
            "12/8a1A1/5A6/2a9/3A3a4/6A3a1/5a1A4/4A1a5/1A7a2/4a3A3/9A2/12 b 1 2",
            "12/12/5A6/6a3A1/5A3c2/6acA3/5aCC4/12/5a6/12/12/12 b 0 0",
            "12/12/7C4/4A7/12/5ca1A3/5Dc5/12/6cA4/12/12/12 b 0 0",
            "12/12/12/12/12/4d1A1A3/3CC1Bc4/5c6/12/12/12/12 b 0 0",
        ],
        _ => &[
            "10/10/10/10/10/10/10/10/10/10 w 8 8",
            "10/4A5/3a6/6a3/5A4/4a1A3/3A1a4/8A1/7a2/10 w 3 3",
            "10/1a2A5/1A1a6/2A3a3/5A4/4aB4/3A1ba3/2a5A1/10/10 w 0 0",
            "10/10/5A4/4a1b3/3a6/6A3/4aC1c2/10/5C4/10 w 0 0",
            "10/10/10/4c5/3a3E2/5ac3/10/4C5/10/10 w 0 0",
        ],
    };

    const BENCH_DEPTH: u32 = 5;

    const LINEAR_EVAL: LinearEval<Self> = Self::LINEAR;
}
