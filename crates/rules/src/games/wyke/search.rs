//! What the generic search asks of Wyke: its feature switches, history
//! indices, staged move picking, evaluation, network and known endgames.

use super::moves::WykeMove;
use super::{endgame, late, movegen, ordering, Wyke, FULL};
use crate::linear::LinearTerms;
use crate::net_inputs::NetInputs;
use crate::{
    GameOption, KnownValue, MoveCursor, MoveIndices, MoveKind, OptionKind, OptionValue,
    SearchFeatures, Searchable,
};

/// Wyke's own settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WykeSettings {
    /// Whether 4×4 positions with at least [`late::LATE_CLAIMED`] plots
    /// claimed are answered from the late tables (option `WykeLateTable`,
    /// off by default: building them takes about 20 s of CPU and 52 MB).
    pub late_table: bool,
}

/// The option that switches the late tables on (4×4 only).
const LATE_TABLE_OPTION: GameOption<WykeSettings> = GameOption {
    name: "WykeLateTable",
    kind: OptionKind::Check { default: false },
    apply: |settings, value| settings.late_table = value == OptionValue::Check(true),
};

impl<const N: usize> Searchable for Wyke<N> {
    type Settings = WykeSettings;
    const OPTIONS: &'static [GameOption<WykeSettings>] = match N {
        4 => &[LATE_TABLE_OPTION],
        _ => &[],
    };
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

    /// Quiet moves by type and plots, best first by history; noisy moves
    /// are the winning claims, whatever the history.
    fn next_batch(
        &self,
        kind: MoveKind,
        history: &[i32],
        cursor: &mut MoveCursor<WykeMove>,
        wanted: usize,
        batch: &mut Vec<WykeMove>,
    ) {
        match kind {
            MoveKind::Quiet => self.next_quiet_batch(history, cursor, wanted, batch),
            MoveKind::Noisy => self.next_winning_batch(cursor, wanted, batch),
        }
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

    fn evaluate(&self, _: &WykeSettings) -> i32 {
        self.weighted_eval()
    }

    /// From the 6-6 endgame table, and with `WykeLateTable` on from the
    /// late tables (each once built).
    fn known_value(&self, settings: &WykeSettings) -> Option<KnownValue> {
        if N != 4 {
            return None;
        }
        if settings.late_table {
            if let Some(value) = late::known_value(self) {
                return Some(value);
            }
        }
        match self.is_six_six() {
            true => endgame::lookup(self.open_tiles(), self.markers, self.side, self.passes),
            false => None,
        }
    }

    fn without_solutions(_: &WykeSettings) -> WykeSettings {
        WykeSettings { late_table: false }
    }

    fn prepare(settings: &WykeSettings) {
        if N == 4 {
            endgame::prepare();
            if settings.late_table {
                late::prepare();
            }
        }
    }
}

impl<const N: usize> Wyke<N> {
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
