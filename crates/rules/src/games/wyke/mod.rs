//! Alfred's Wyke (Andrew Perkis, 2008) on 4×4 plots (`wyke`) and its 6×6
//! variant (`wyke6`): the Builder adds tiles, the Destroyer removes them, a
//! plot at 8 belongs to the Builder and one at 0 to the Destroyer, and lines,
//! 2×2 farmsteads or numbers of plots win. Two markers forbid the types the
//! players used last.
//!
//! One implementation serves both sizes through the const parameter `N`.
//! Plots are indexed `file * N + rank` (so index order is the notation's sort
//! order a1 < a2 < …) and claimed plots are `u64` masks derived from tiles.

mod actions;
mod claims;
pub mod endgame;
mod eval;
pub mod late;
mod levels;
mod movegen;
pub mod moves;
mod net;
mod notation;
mod ordering;
mod search;
pub use search::WykeSettings;
mod svg;
mod symmetry;
pub mod teach;
mod tooling;
mod wins;
mod zobrist;

use crate::symmetry::SQUARE_SYMMETRIES;
use crate::{Game, GameResult, Player};
use moves::{format_move, parse_move_text, WykeMove, KINDS};
use zobrist::{marker_key, pass_key, tile_key, SIDE_KEY};

/// Tiles that claim a plot for the Builder.
pub const FULL: u8 = 8;
const MAX_PLOTS: usize = 36;

/// Alfred's Wyke on 4×4 plots.
pub type Wyke4 = Wyke<4>;
/// The 6×6 variant.
pub type Wyke6 = Wyke<6>;

/// No marker yet (the player has not moved).
const NO_MARKER: u8 = KINDS as u8;

/// A Wyke position on `N`×`N` plots (`N` is 4 or 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wyke<const N: usize> {
    /// Tiles per plot, 0..=8 (0 = Destroyer's, 8 = Builder's).
    tiles: [u8; MAX_PLOTS],
    side: Player,
    /// The type each player's marker stands on, or [`NO_MARKER`].
    markers: [u8; 2],
    /// Passes made in a row just before this position (2 = drawn).
    passes: u8,
    hash: u64,
    /// Claimed plots of Builder and Destroyer (derived from `tiles`).
    owned: [u64; 2],
}

impl<const N: usize> Wyke<N> {
    const PLOTS: usize = N * N;

    /// The tiles on plot `index`.
    pub fn tiles(&self, index: usize) -> u8 {
        self.tiles[index]
    }

    /// The plots `player` has claimed.
    #[inline]
    pub fn claimed(&self, player: Player) -> u64 {
        self.owned[player.index()]
    }

    /// The unclaimed plots.
    pub fn open(&self) -> u64 {
        !(self.owned[0] | self.owned[1]) & ((1u64 << Self::PLOTS) - 1)
    }

    /// The types the side to move may play (not under either marker).
    pub fn available_kinds(&self) -> impl Iterator<Item = u8> + '_ {
        (0..KINDS as u8).filter(move |&k| !self.markers.contains(&k))
    }

    /// The marker of `player`, if it has moved.
    pub fn marker(&self, player: Player) -> Option<u8> {
        let marker = self.markers[player.index()];
        (marker != NO_MARKER).then_some(marker)
    }

    /// Passes made in a row just before this position.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Whether both sides hold exactly 6 plots (4×4 only): the 6-6 endgame
    /// where `1-1-1-1-1` goes on the four open plots.
    pub fn is_six_six(&self) -> bool {
        N == 4
            && self.claimed(Player::First).count_ones() == 6
            && self.claimed(Player::Second).count_ones() == 6
    }

    fn set_tiles(&mut self, plot: usize, tiles: u8) {
        self.hash ^= tile_key(plot, self.tiles[plot]) ^ tile_key(plot, tiles);
        self.tiles[plot] = tiles;
        let bit = 1u64 << plot;
        self.owned[0] = self.owned[0] & !bit | if tiles == FULL { bit } else { 0 };
        self.owned[1] = self.owned[1] & !bit | if tiles == 0 { bit } else { 0 };
    }

    fn set_passes(&mut self, passes: u8) {
        self.hash ^= pass_key(self.passes) ^ pass_key(passes);
        self.passes = passes;
    }

    fn switch_side(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= SIDE_KEY;
    }
}

impl<const N: usize> Game for Wyke<N> {
    type Move = WykeMove;
    const NAME: &'static str = if N == 4 { "wyke" } else { "wyke6" };

    fn startpos() -> Self {
        let start = if N == 4 {
            "3444/4444/4444/4443 b - -"
        } else {
            "444444/434444/444444/444444/444434/444444 b - -"
        };
        Self::from_fen(start).expect("the start position is valid")
    }

    fn from_fen(fen: &str) -> Result<Self, String> {
        Self::parse_position(fen)
    }

    fn to_fen(&self) -> String {
        self.write_position()
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn parse_move(&self, text: &str) -> Result<WykeMove, String> {
        let mv = parse_move_text(text, N)?;
        if self.result() != GameResult::Ongoing {
            return Err(format!("illegal move '{text}': the game is over"));
        }
        if self.is_legal(mv) {
            return Ok(mv);
        }
        Err(format!("illegal move '{text}': {}", self.why_illegal(mv)))
    }

    fn format_move(&self, mv: WykeMove) -> String {
        format_move(mv, N)
    }

    const NUM_ACTIONS: usize = Self::ACTIONS;

    fn action_of(&self, mv: WykeMove) -> usize {
        Self::action_id(mv)
    }

    fn move_of_action(&self, action: usize) -> Option<WykeMove> {
        Self::move_with_id(action).filter(|&mv| self.is_legal(mv))
    }

    // The rotations and reflections of the square map lines to lines and
    // 2×2 squares to 2×2 squares; the start's two 3-tile plots stay a set
    // under 4 of them.
    const SYMMETRIES: usize = SQUARE_SYMMETRIES;

    fn symmetric(&self, symmetry: usize) -> Self {
        self.image(symmetry)
    }

    fn symmetric_hash(&self, symmetry: usize) -> u64 {
        self.image_hash(symmetry)
    }

    fn symmetric_move(&self, symmetry: usize, mv: WykeMove) -> WykeMove {
        Self::image_move(symmetry, mv)
    }

    const OBSERVATION_SHAPE: [usize; 3] = Self::SHAPE;

    fn observe(&self, out: &mut [f32]) {
        self.write_observation(out);
    }

    fn generate_moves(&self, moves: &mut Vec<WykeMove>) {
        self.generate(moves, movegen::Filter::All);
    }

    fn make_move(&mut self, mv: WykeMove) {
        if mv.kind == moves::PASS {
            self.set_passes(self.passes + 1);
            self.switch_side();
            return;
        }
        let builder = self.side == Player::First;
        for (slot, &plot) in mv.used().iter().enumerate() {
            let plot = usize::from(plot) % MAX_PLOTS;
            let amount = mv.amount(slot);
            let tiles = if builder {
                self.tiles[plot].saturating_add(amount).min(FULL)
            } else {
                self.tiles[plot].saturating_sub(amount)
            };
            self.set_tiles(plot, tiles);
        }
        let me = self.side.index();
        let kind = mv.kind.min(moves::FOUR);
        self.hash ^= marker_key(me, self.markers[me]) ^ marker_key(me, kind);
        self.markers[me] = kind;
        self.set_passes(0);
        self.switch_side();
    }

    fn is_legal(&self, mv: WykeMove) -> bool {
        self.result() == GameResult::Ongoing && self.check_move(mv).is_ok()
    }

    fn is_irreversible(&self, mv: WykeMove) -> bool {
        // Tiles only go one way for each side, but the other side can undo
        // them; only a claim can never be undone.
        self.claims(mv) != 0
    }

    fn result(&self) -> GameResult {
        if self.passes >= 2 {
            GameResult::Draw
        } else if self.has_won(self.side.opponent()) {
            GameResult::Win(self.side.opponent())
        } else {
            GameResult::Ongoing
        }
    }

    fn result_reason(&self) -> String {
        if self.passes >= 2 {
            return "two passes in a row".to_string();
        }
        self.win_reason(self.side.opponent())
            .unwrap_or_else(|| "the game goes on".to_string())
    }

    fn render(&self) -> String {
        self.drawing()
    }
}
