//! Every game's position notation (FEN) and move notation. The first byte
//! picks the game; the first line of the rest is a position, each further
//! line a move. A position that parses must write itself back in a form
//! that parses to the same position; a move that parses must be legal and
//! read back from its own notation.

#![no_main]

use libfuzzer_sys::fuzz_target;
use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::Tooling;

struct Texts<'a>(&'a str);

impl GameVisitor for Texts<'_> {
    type Output = ();

    fn visit<G: Tooling>(self) {
        let mut lines = self.0.lines();
        let fen = lines.next().unwrap_or_default();
        let mut position = match G::from_fen(fen) {
            Ok(position) => {
                let written = position.to_fen();
                let again = G::from_fen(&written)
                    .unwrap_or_else(|e| panic!("{fen:?} wrote {written:?}, which fails: {e}"));
                assert_eq!(again.to_fen(), written, "{fen:?}");
                assert_eq!(again.hash(), position.hash(), "{fen:?}");
                position
            }
            Err(_) => G::startpos(),
        };
        for text in lines {
            let Ok(mv) = position.parse_move(text) else {
                continue;
            };
            assert!(position.is_legal(mv), "{text:?} parsed to an illegal move");
            let written = position.format_move(mv);
            assert_eq!(
                position.parse_move(&written),
                Ok(mv),
                "{text:?} -> {written:?}"
            );
            if position.result() == ludus_rules::GameResult::Ongoing {
                position.make_move(mv);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let game = GAME_NAMES[usize::from(pick) % GAME_NAMES.len()];
    visit_game(game, Texts(&String::from_utf8_lossy(rest)));
});
