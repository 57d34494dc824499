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
mod ordering;
mod svg;
pub mod teach;

use crate::net_inputs::NetInputs;
use crate::random::zobrist_keys;
use crate::symmetry::{square_map, SQUARE_SYMMETRIES};
use crate::text::slashed;
use crate::tools::Tooling;
use crate::{
    Game, GameResult, KnownValue, MoveCursor, MoveIndices, Player, SearchFeatures, Searchable,
    SolveTarget,
};
use moves::{format_move, kind_from_name, parse_move_text, WykeMove, KINDS, KIND_NAMES};

/// Tiles that claim a plot for the Builder.
pub const FULL: u8 = 8;
const MAX_PLOTS: usize = 36;

/// Alfred's Wyke on 4×4 plots.
pub type Wyke4 = Wyke<4>;
/// The 6×6 variant.
pub type Wyke6 = Wyke<6>;

/// No marker yet (the player has not moved).
const NO_MARKER: u8 = KINDS as u8;

/// Zobrist keys: 9 tile counts per plot, 6 marker values per player, the
/// side to move, and passes in a row (1 or 2).
const KEYS: [u64; MAX_PLOTS * 9 + 12 + 3] = zobrist_keys(0x3779_4B3E_0000_0004);
const SIDE_KEY: u64 = KEYS[MAX_PLOTS * 9 + 12];

fn tile_key(plot: usize, tiles: u8) -> u64 {
    KEYS[plot * 9 + usize::from(tiles)]
}
fn marker_key(player: usize, marker: u8) -> u64 {
    KEYS[MAX_PLOTS * 9 + player * 6 + usize::from(marker)]
}
fn pass_key(passes: u8) -> u64 {
    match passes {
        0 => 0,
        n => KEYS[MAX_PLOTS * 9 + 12 + usize::from(n.min(2))],
    }
}

/// Every straight line of 4 plots (ranks, files, diagonals) and every 2×2
/// square of an `n`×`n` board as masks; the first `.1` entries are used.
const fn win_masks(n: usize) -> ([u64; 80], usize) {
    let mut masks = [0u64; 80];
    let mut count = 0;
    let directions: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut file = 0;
    while file < n {
        let mut rank = 0;
        while rank < n {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = directions[d];
                let end_file = file as i32 + 3 * df;
                let end_rank = rank as i32 + 3 * dr;
                if end_file >= 0 && end_file < n as i32 && end_rank >= 0 && end_rank < n as i32 {
                    let mut mask = 0u64;
                    let mut step = 0;
                    while step < 4 {
                        let f = file as i32 + step * df;
                        let r = rank as i32 + step * dr;
                        mask |= 1 << (f as usize * n + r as usize);
                        step += 1;
                    }
                    masks[count] = mask;
                    count += 1;
                }
                d += 1;
            }
            if file + 1 < n && rank + 1 < n {
                let p = file * n + rank;
                masks[count] = 1 << p | 1 << (p + 1) | 1 << (p + n) | 1 << (p + n + 1);
                count += 1;
            }
            rank += 1;
        }
        file += 1;
    }
    (masks, count)
}

const WIN4: ([u64; 80], usize) = win_masks(4);
const WIN6: ([u64; 80], usize) = win_masks(6);

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

fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "Builder",
        Player::Second => "Destroyer",
    }
}

impl<const N: usize> Wyke<N> {
    const PLOTS: usize = N * N;

    /// Every winning line and square of this board.
    pub fn win_masks() -> &'static [u64] {
        if N == 4 {
            &WIN4.0[..WIN4.1]
        } else {
            &WIN6.0[..WIN6.1]
        }
    }

    /// Plots that decide the game by number alone.
    const fn plots_to_win() -> u32 {
        if N == 4 {
            7
        } else {
            12
        }
    }

    /// The claims a side holding `own` plots against `enemy` still needs
    /// to win by number: 7 plots (12 on 6×6), or a lead of 4 (4×4 only).
    fn claims_to_win(own: u32, enemy: u32) -> u32 {
        let by_total = Self::plots_to_win().saturating_sub(own);
        if N == 4 {
            by_total.min((enemy + 4).saturating_sub(own))
        } else {
            by_total
        }
    }

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

    /// How `player` has won by its claims, if it has (no allocation: the
    /// search asks at every node).
    fn win(&self, player: Player) -> Option<Win> {
        let mine = self.claimed(player);
        let theirs = self.claimed(player.opponent());
        if let Some(&mask) = Self::win_masks().iter().find(|&&m| mine & m == m) {
            return Some(Win::Shape(mask));
        }
        let (own, other) = (mine.count_ones(), theirs.count_ones());
        if own >= Self::plots_to_win() {
            return Some(Win::Count(own));
        }
        if N == 4 && own >= other + 4 {
            return Some(Win::Lead(own, other));
        }
        None
    }

    /// Why `player` has won by its claims, if it has.
    fn win_reason(&self, player: Player) -> Option<String> {
        let who = side_name(player);
        Some(match self.win(player)? {
            Win::Shape(mask) if is_square(mask, N) => format!("{who} has a 2x2 farmstead"),
            Win::Shape(_) => format!("{who} has four plots in a row"),
            Win::Count(own) => format!("{who} has {own} plots"),
            Win::Lead(own, other) => {
                format!("{who} leads by {} plots ({own} to {other})", own - other)
            }
        })
    }

    fn has_won(&self, player: Player) -> bool {
        self.win(player).is_some()
    }

    fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Player::Second {
            SIDE_KEY
        } else {
            0
        };
        for plot in 0..Self::PLOTS {
            hash ^= tile_key(plot, self.tiles[plot]);
        }
        hash ^= marker_key(0, self.markers[0]) ^ marker_key(1, self.markers[1]);
        hash ^ pass_key(self.passes)
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

    fn validate(&self) -> Result<(), String> {
        let [builder, destroyer] = self.markers;
        if builder != NO_MARKER && builder == destroyer {
            return Err(format!(
                "both markers on {}: no player may play the type under the other's marker",
                KIND_NAMES[usize::from(builder)]
            ));
        }
        let passed = self.passes > 0;
        if builder == NO_MARKER {
            if destroyer != NO_MARKER {
                return Err(
                    "Destroyer has a marker but Builder has none: Builder moves first".to_string(),
                );
            }
            if self.side == Player::Second && !passed {
                return Err(
                    "no marker is placed, so nobody has moved: Builder is to move (b)".to_string(),
                );
            }
        } else if destroyer == NO_MARKER && self.side == Player::First && !passed {
            return Err(
                "Destroyer has no marker, so it has not moved yet: Destroyer is to move (d)"
                    .to_string(),
            );
        }
        let mover = self.side;
        if self.has_won(mover) {
            return Err(format!(
                "{} to move but it has already won: the game ended before",
                side_name(mover)
            ));
        }
        if self.passes > 0 {
            self.validate_passes()?;
        }
        Ok(())
    }

    /// A pass changes nothing but the side to move, so the passes field
    /// says the last one or two passers stood in this very position with
    /// no legal move, and the move before the passes was a real one (its
    /// mover has a marker) unless the game began with them.
    fn validate_passes(&self) -> Result<(), String> {
        let passer = self.side.opponent();
        // The first passer of the run, and the side that moved before it.
        let (first, before) = if self.passes == 1 {
            (passer, self.side)
        } else {
            (self.side, passer)
        };
        let no_markers = self.markers == [NO_MARKER; 2];
        if self.markers[before.index()] == NO_MARKER && !(no_markers && first == Player::First) {
            let passes = if self.passes == 1 {
                format!("the {}'s pass", side_name(first))
            } else {
                format!(
                    "the passes of the {} and the {}",
                    side_name(first),
                    side_name(passer)
                )
            };
            return Err(format!(
                "{passes} must follow a move of the {}, which has no marker \
                 (only a pass of the Builder can open the game)",
                side_name(before)
            ));
        }
        if self.has_won(passer) {
            return Err(format!(
                "the {} passed but has already won: the game ended before the pass",
                side_name(passer)
            ));
        }
        let mut passers = vec![passer];
        if self.passes == 2 {
            passers.push(self.side);
        }
        for player in passers {
            let mut as_passer = self.clone();
            as_passer.side = player;
            if as_passer.has_any_move(&as_passer.reach()) {
                return Err(format!(
                    "the {} passed here but has a legal move: a side passes only when it \
                     has none, and a pass changes nothing else",
                    side_name(player)
                ));
            }
        }
        Ok(())
    }
}

/// How a side has won.
enum Win {
    /// A line or a square (its mask).
    Shape(u64),
    /// This many plots.
    Count(u32),
    /// A lead: own plots, the opponent's.
    Lead(u32, u32),
}

fn is_square(mask: u64, n: usize) -> bool {
    let low = mask.trailing_zeros() as usize;
    mask == 1 << low | 1 << (low + 1) | 1 << (low + n) | 1 << (low + n + 1)
}

fn marker_name(marker: u8) -> &'static str {
    KIND_NAMES.get(usize::from(marker)).copied().unwrap_or("-")
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
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=5).contains(&fields.len()) {
            return Err(format!(
                "Wyke position needs 4 fields (board, side, Builder's marker, Destroyer's marker) \
                 and an optional count of passes in a row, got {}: '{fen}'",
                fields.len()
            ));
        }
        let ranks = slashed(fields[0], N, "board", "ranks")?;
        let mut tiles = [0u8; MAX_PLOTS];
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = N - 1 - row;
            let digits: Vec<char> = rank_text.chars().collect();
            if digits.len() != N {
                return Err(format!(
                    "rank {} '{rank_text}' must have {N} tile counts, has {}",
                    rank + 1,
                    digits.len()
                ));
            }
            for (file, c) in digits.iter().enumerate() {
                match c.to_digit(10) {
                    Some(count) if count <= u32::from(FULL) => tiles[file * N + rank] = count as u8,
                    _ => {
                        return Err(format!(
                            "bad tile count '{c}' on rank {}: counts are 0 to 8",
                            rank + 1
                        ))
                    }
                }
            }
        }
        let side = match fields[1] {
            "b" => Player::First,
            "d" => Player::Second,
            other => return Err(format!("bad side to move '{other}': use b or d")),
        };
        let marker = |text: &str, who: &str| -> Result<u8, String> {
            if text == "-" {
                return Ok(NO_MARKER);
            }
            kind_from_name(text).ok_or_else(|| {
                format!(
                    "bad {who} marker '{text}': use a move type ({}) or -",
                    KIND_NAMES.join(", ")
                )
            })
        };
        let markers = [
            marker(fields[2], "Builder's")?,
            marker(fields[3], "Destroyer's")?,
        ];
        let passes = match fields.get(4) {
            None => 0,
            Some(&"1") => 1,
            Some(&"2") => 2,
            Some(other) => {
                return Err(format!(
                    "bad passes-in-a-row field '{other}': use 1 or 2 (omit it for none)"
                ))
            }
        };
        let mut position = Wyke {
            tiles,
            side,
            markers,
            passes,
            hash: 0,
            owned: [0; 2],
        };
        for (plot, &count) in tiles.iter().enumerate().take(N * N) {
            position.set_tiles(plot, count);
        }
        position.validate()?;
        position.hash = position.compute_hash();
        Ok(position)
    }

    fn to_fen(&self) -> String {
        let ranks: Vec<String> = (0..N)
            .rev()
            .map(|rank| {
                (0..N)
                    .map(|file| char::from(b'0' + self.tiles[file * N + rank]))
                    .collect()
            })
            .collect();
        let side = if self.side == Player::First { 'b' } else { 'd' };
        let mut fen = format!(
            "{} {side} {} {}",
            ranks.join("/"),
            marker_name(self.markers[0]),
            marker_name(self.markers[1])
        );
        if self.passes > 0 {
            fen.push_str(&format!(" {}", self.passes));
        }
        fen
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
        let mut image = self.clone();
        for plot in 0..Self::PLOTS {
            image.set_tiles(Self::map_plot(symmetry, plot), self.tiles[plot]);
        }
        image.hash = image.compute_hash();
        image
    }

    fn symmetric_hash(&self, symmetry: usize) -> u64 {
        let mut hash = self.hash;
        for plot in 0..Self::PLOTS {
            let tiles = self.tiles[plot];
            hash ^= tile_key(plot, tiles) ^ tile_key(Self::map_plot(symmetry, plot), tiles);
        }
        hash
    }

    fn symmetric_move(&self, symmetry: usize, mv: WykeMove) -> WykeMove {
        if mv.kind == moves::PASS {
            return mv;
        }
        let mut plots: Vec<u8> = mv
            .used()
            .iter()
            .map(|&plot| Self::map_plot(symmetry, usize::from(plot) % Self::PLOTS) as u8)
            .collect();
        // Back to the canonical order: plots of equal amounts ascending.
        match mv.kind {
            moves::TWO_ONE_ONE => plots[1..].sort_unstable(),
            moves::THREE_ONE | moves::FOUR => {}
            _ => plots.sort_unstable(),
        }
        WykeMove::new(mv.kind, &plots)
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
        let mut out = String::new();
        for rank in (0..N).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..N {
                let cell = match self.tiles[file * N + rank] {
                    0 => " D".to_string(),
                    FULL => " B".to_string(),
                    t => format!("{t:>2}"),
                };
                out.push_str(&cell);
            }
            out.push('\n');
        }
        out.push_str("  ");
        for file in 0..N {
            out.push_str(&format!(" {}", (b'a' + file as u8) as char));
        }
        out.push_str(&format!(
            "\n{} to move; markers: Builder {}, Destroyer {}",
            side_name(self.side),
            marker_name(self.markers[0]),
            marker_name(self.markers[1])
        ));
        out
    }
}

impl<const N: usize> Searchable for Wyke<N> {
    type Settings = ();
    // Every technique but history (bench/notes/ablations.md, "Every feature
    // switched off once" and "The verdicts at 0.1 s a move"): the best-first order by
    // plot gains is better alone (history switched on at 0.1 s a move:
    // −86.9 ± 34.8 Elo over 400 games on 4×4, −137.0 ± 36.9 on 6×6). On
    // 4×4 aspiration windows and killers gained nothing at 10 000 nodes
    // but do at 0.1 s a move (+29.6 ± 33.7 and +66.8 ± 34.3, together
    // +39.3 ± 34.0 over killers alone).
    const SEARCH_FEATURES: SearchFeatures = SearchFeatures {
        history: false,
        ..SearchFeatures::ALL
    };
    // One per plot and amount: a move's history is the sum over its plots.
    const MOVE_INDEX_COUNT: usize = ordering::HISTORY_INDICES;
    // Fitted by `ludus tune --game G --scale-only G.data` on `ludus datagen
    // --game G --games 300 --nodes 2000 --concurrency 1 --out G.data`: 1/K
    // for the search scores, wyke 171.3 (6 938 positions of 300 games;
    // 160.5 for the evaluation alone), wyke6 372.2 (7 280 positions of the
    // 234 games played in 95 s; 456.8 for the evaluation).
    const LOGISTIC_SCALE: f64 = match N {
        4 => 171.0,
        _ => 372.0,
    };

    const NET_INPUTS: Option<NetInputs<Self>> = Some(Self::INPUTS);
    // Each kept by matches against the linear evaluation (bench/notes/networks.md,
    // "Learned evaluations: the matches").
    const NET: Option<&'static [u8]> = match N {
        4 => Some(include_bytes!("wyke.nnue")),
        6 => Some(include_bytes!("wyke6.nnue")),
        _ => None,
    };

    fn move_index(&self, mv: WykeMove) -> usize {
        ordering::move_indices(mv).iter().next().unwrap_or(0)
    }

    fn move_indices(&self, mv: WykeMove) -> MoveIndices {
        ordering::move_indices(mv)
    }

    fn next_quiets(
        &self,
        history: &[i32],
        cursor: &mut MoveCursor<WykeMove>,
        wanted: usize,
        batch: &mut Vec<WykeMove>,
    ) {
        self.next_quiet_batch(history, cursor, wanted, batch);
    }

    fn next_noisy(
        &self,
        _: &[i32],
        cursor: &mut MoveCursor<WykeMove>,
        wanted: usize,
        batch: &mut Vec<WykeMove>,
    ) {
        self.next_winning_batch(cursor, wanted, batch);
    }

    fn generate_noisy(&self, moves: &mut Vec<WykeMove>) {
        self.generate(moves, movegen::Filter::Noisy);
    }

    fn generate_quiet(&self, moves: &mut Vec<WykeMove>) {
        self.generate(moves, movegen::Filter::Quiet);
    }

    fn is_noisy(&self, mv: WykeMove) -> bool {
        // Claims come so thick (every `4` claims on the opening board) that
        // following them all in quiescence explodes; the evaluation weighs
        // plots within reach, and quiescence follows only game-winning moves.
        self.wins(mv)
    }

    fn evaluate(&self, _: &()) -> i32 {
        eval::evaluate(self)
    }

    fn known_value(&self, _: &()) -> Option<KnownValue> {
        if N == 4 && self.is_six_six() {
            endgame::lookup(self.open_tiles(), self.markers, self.side, self.passes)
        } else {
            None
        }
    }

    fn prepare(_: &()) {
        if N == 4 {
            endgame::prepare();
        }
    }
}

impl<const N: usize> Tooling for Wyke<N> {
    const LEVEL_ELO: &'static [(i8, i32)] = match N {
        4 => levels::WYKE,
        6 => levels::WYKE6,
        _ => &[],
    };

    const SOLVE_TARGETS: &'static [SolveTarget] = if N == 4 {
        &[
            SolveTarget {
                name: "wyke-endgames",
                about: "every 6-6 endgame of 4×4 Wyke, by retrograde analysis",
                solve: endgame::report,
            },
            SolveTarget {
                name: "wyke-late",
                about:
                    "every 4×4 Wyke position with at least 11 plots claimed, by retrograde analysis",
                solve: late::report,
            },
        ]
    } else {
        &[]
    };

    const BENCH_POSITIONS: &'static [&'static str] = if N == 4 {
        &[
            "3444/4444/4444/4443 b - -",
            "3444/4464/4424/4443 d 2-2 -",
            "5262/4708/4374/1443 b 3-1 2-1-1",
            "2650/3617/8472/1543 d 2-1-1 4",
            "7813/5078/2685/1444 b 4 3-1",
            "8713/5078/2685/1044 d 1-1-1-1-1 2-2",
        ]
    } else {
        &[
            "444444/434444/444444/444444/444434/444444 b - -",
            "464444/434454/444244/442444/444434/444644 b 3-1 2-2",
            "564804/434454/474240/462447/144634/444644 d 2-1-1 4",
        ]
    };

    const BENCH_DEPTH: u32 = 6;

    const LINEAR_EVAL: crate::linear::LinearEval<Self> = Self::LINEAR;
}

impl<const N: usize> Wyke<N> {
    /// Where symmetry `symmetry` of the square takes plot `plot`.
    fn map_plot(symmetry: usize, plot: usize) -> usize {
        let (file, rank) = square_map(N, symmetry, plot / N, plot % N);
        file * N + rank
    }

    /// The tile counts of the four open plots of a 6-6 endgame, in plot
    /// order (`None` if there are more).
    fn open_tiles(&self) -> Option<[u8; 4]> {
        let mut tiles = [0u8; 4];
        let mut count = 0;
        for &t in &self.tiles[..Self::PLOTS] {
            if t != 0 && t != FULL {
                *tiles.get_mut(count)? = t;
                count += 1;
            }
        }
        (count == 4).then_some(tiles)
    }
}
