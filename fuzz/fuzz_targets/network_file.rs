//! A network file (`EvalFile`). The first byte picks a game with network
//! inputs; the rest is the file, read as it is and again with its checksum
//! made right (so the fuzzer reaches what lies behind it). A network that
//! loads must write itself back byte for byte and evaluate in a search.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_engine::nnue::file::fnv1a;
use ludus_engine::nnue::Network;
use ludus_engine::protocol::networks::NetGame;
use ludus_engine::search::{search, Limits, SearchRequest, Signals, TranspositionTable};
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::{Searchable, Tooling};

struct Load<'a>(&'a [u8]);

impl GameVisitor for Load<'_> {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let Some(inputs) = NetGame::of::<G>().inputs else {
            return;
        };
        let mut fixed = self.0.to_vec();
        if fixed.len() >= 4 {
            let body = fixed.len() - 4;
            let sum = fnv1a(&fixed[..body]).to_le_bytes();
            fixed[body..].copy_from_slice(&sum);
        }
        for bytes in [self.0, &fixed[..]] {
            let Ok(network) = Network::from_bytes(bytes, G::NAME, inputs) else {
                continue;
            };
            assert_eq!(network.to_bytes(), bytes);
            evaluate::<G>(&network);
        }
    }
}

/// A two-ply search of the start with `network`.
fn evaluate<G: Searchable>(network: &Network) {
    let Ok(tt) = TranspositionTable::new(1) else {
        return;
    };
    let root = G::startpos();
    let settings = G::Settings::default();
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    let request = SearchRequest::new(&root, &settings, &limits).with_net(Some(network));
    let _ = search(&request, &tt, &Signals::new(false), &mut |_| {});
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let game = GAME_NAMES[usize::from(pick) % GAME_NAMES.len()];
    visit_game(game, Load(rest));
});
