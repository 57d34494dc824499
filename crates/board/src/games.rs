//! What the board needs of each game beyond its rules: how the page shows
//! it (which drawing, the players' names, an example move), how a legal
//! move is clicked (its click path), and the registry that finds a game's
//! board by name, made from the rules' one list of games. The drawings
//! themselves are the page's (assets/draw.js, keyed by [`Look::drawing`]).

use std::collections::BTreeSet;

use ludus_rules::games::alak::Alak;
use ludus_rules::games::pylyx::{PylyxGame, PylyxMove};
use ludus_rules::games::unknown_game;
use ludus_rules::games::wyke::moves::{parse_plot, plot_name, WykeMove, KIND_NAMES, PASS};
use ludus_rules::games::wyke::teach::fits_slots;
use ludus_rules::games::wyke::Wyke;
use ludus_rules::games::wyx::Wyx;
use ludus_rules::{Game, Tooling};

/// What a selection of clicks leads to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Follow {
    /// The tokens that can be clicked next (cells, move types, choices).
    pub next: Vec<String>,
    /// The move the selection completes, in canonical notation.
    pub complete: Option<String>,
}

/// How the page shows a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The key of its drawing in assets/draw.js's `Draw` (games with boards
    /// of one kind share a drawing).
    pub drawing: &'static str,
    /// The players' names, first player first.
    pub players: [&'static str; 2],
    /// An example move for the typing field.
    pub move_hint: &'static str,
}

/// A game the board can show and take clicks for (and teach: its rules
/// explain a refused click, [`ludus_rules::Teaching`]).
pub trait Board: Tooling {
    /// How the page shows it.
    const LOOK: Look;

    /// The part of a move's notation a click token stands for (the rules'
    /// [`ludus_rules::Teaching::refusal`] reads parts): the token itself
    /// but where the board words a choice its own way.
    fn part(token: &str) -> &str {
        token
    }

    /// The clicks of the move written `text`, where [`Board::follow`]
    /// reads them from the notation: by default one, the whole move.
    fn click_path(text: &str) -> Vec<String> {
        vec![text.to_string()]
    }

    /// What can follow `selection` (the tokens clicked so far, in order)
    /// among the legal `moves` of this position. A selection no legal move
    /// starts with gives nothing to click and no move. By default each
    /// move's clicks are its [`Board::click_path`].
    fn follow(&self, moves: &[Self::Move], selection: &[String]) -> Follow {
        let paths = moves.iter().map(|&mv| {
            let text = self.format_move(mv);
            (Self::click_path(&text), text)
        });
        follow_paths(paths, selection)
    }
}

/// The common case: every move has one click path, and no path is a prefix
/// of another. Keeps the moves whose path starts with `selection`.
fn follow_paths(
    paths: impl Iterator<Item = (Vec<String>, String)>,
    selection: &[String],
) -> Follow {
    let mut next = BTreeSet::new();
    let mut complete = Vec::new();
    for (path, text) in paths {
        if path.len() < selection.len() || path[..selection.len()] != *selection {
            continue;
        }
        match path.get(selection.len()) {
            Some(token) => {
                next.insert(token.clone());
            }
            None => complete.push(text),
        }
    }
    Follow {
        next: next.into_iter().collect(),
        complete: (complete.len() == 1).then(|| complete.remove(0)),
    }
}

/// Alak: the piece, then the slot it goes to (`3-5` is `3`, `5`).
impl Board for Alak {
    const LOOK: Look = Look {
        drawing: "alak",
        players: ["x", "o"],
        move_hint: "4-5",
    };

    fn click_path(text: &str) -> Vec<String> {
        text.split('-').map(str::to_string).collect()
    }
}

/// Wyx: the horseman's destination (or the domino that jumps there, which
/// the page turns into the same square), or `pass`.
impl Board for Wyx {
    const LOOK: Look = Look {
        drawing: "wyx",
        players: ["White", "Black"],
        move_hint: "f2 (the horseman's square) or pass",
    };
}

/// The word of the choice between lifts that reach the same cell, before
/// the count.
const LIFT: &str = "lift ";

/// The word of the choice between lifts that reach the same cell.
fn lift_token(count: u8) -> String {
    format!("{LIFT}{count}")
}

/// Pylyx: a cell to place on; or the piece, then its destination, then,
/// only where several lifts reach that destination, how many to lift.
impl<const N: usize> Board for PylyxGame<N>
where
    PylyxGame<N>: Game<Move = PylyxMove>,
{
    const LOOK: Look = Look {
        drawing: "pylyx",
        players: ["White", "Black"],
        move_hint: "f6 or e5-h8/2",
    };

    fn part(token: &str) -> &str {
        token.strip_prefix(LIFT).unwrap_or(token)
    }

    fn follow(&self, moves: &[Self::Move], selection: &[String]) -> Follow {
        let texts: Vec<(PylyxMove, String)> =
            moves.iter().map(|&mv| (mv, self.format_move(mv))).collect();
        let cells = |text: &str| -> Vec<String> {
            let main = text.split('/').next().unwrap_or(text);
            main.split('-').map(str::to_string).collect()
        };
        let paths = texts.iter().map(|(mv, text)| {
            let mut path = cells(text);
            if let PylyxMove::Move { from, to, count } = *mv {
                let shared = texts.iter().any(|(other, _)| {
                    matches!(*other, PylyxMove::Move { from: f, to: t, count: c }
                        if f == from && t == to && c != count)
                });
                if shared {
                    path.push(lift_token(count));
                }
            }
            (path, text.clone())
        });
        follow_paths(paths, selection)
    }
}

/// Wyke: the move type on the chart, then its plots in the order of the
/// type's amounts; plots of equal amounts in any order. Works on the move
/// values (6×6 Wyke has 400 000 moves at the start).
impl<const N: usize> Board for Wyke<N>
where
    Wyke<N>: Game<Move = WykeMove>,
{
    const LOOK: Look = Look {
        drawing: "wyke",
        players: ["Builder", "Destroyer"],
        move_hint: "2-1-1(b3,b1,d2)",
    };

    fn follow(&self, moves: &[Self::Move], selection: &[String]) -> Follow {
        let Some(first) = selection.first() else {
            let kinds: BTreeSet<String> = moves.iter().map(|mv| kind_token(mv.kind)).collect();
            return Follow {
                next: kinds.into_iter().collect(),
                complete: None,
            };
        };
        let Some(chosen): Option<Vec<u8>> = selection[1..]
            .iter()
            .map(|token| parse_plot(token, N))
            .collect()
        else {
            return Follow::default();
        };
        let mut next = BTreeSet::new();
        let mut complete = Vec::new();
        for &mv in moves.iter().filter(|mv| kind_token(mv.kind) == *first) {
            let used = mv.used();
            if !fits_slots(&mv, &chosen) {
                continue;
            }
            match chosen.len() {
                n if n == used.len() => complete.push(mv),
                n => {
                    let amount = mv.amount(n);
                    for (slot, &plot) in used.iter().enumerate() {
                        if mv.amount(slot) == amount && !chosen.contains(&plot) {
                            next.insert(plot_name(plot, N));
                        }
                    }
                }
            }
        }
        Follow {
            next: next.into_iter().collect(),
            complete: (complete.len() == 1).then(|| self.format_move(complete[0])),
        }
    }
}

/// The chart's word for a Wyke move type (`pass` for the pass).
fn kind_token(kind: u8) -> String {
    match KIND_NAMES.get(usize::from(kind)) {
        Some(name) => name.to_string(),
        None if kind == PASS => "pass".to_string(),
        None => "?".to_string(),
    }
}

/// Something to do with a game's board chosen by name at run time.
pub trait BoardVisitor {
    /// What the work produces.
    type Output;
    /// Does the work for game `G`.
    fn visit<G: Board>(self) -> Self::Output;
}

macro_rules! boards {
    ($($game:ty),+ $(,)?) => {
        /// Runs `visitor` for the board of the game called `name` (in any
        /// case); the error is the rules' "unknown game".
        pub fn visit_board<V: BoardVisitor>(name: &str, visitor: V) -> Result<V::Output, String> {
            $(
                if name.eq_ignore_ascii_case(<$game as Game>::NAME) {
                    return Ok(visitor.visit::<$game>());
                }
            )+
            Err(unknown_game(name))
        }
    };
}

// The rules' one list: a game without a board does not compile.
ludus_rules::for_each_game!(boards);

/// How the page shows the game called `name`.
pub fn look(name: &str) -> Result<Look, String> {
    struct Looks;
    impl BoardVisitor for Looks {
        type Output = Look;
        fn visit<G: Board>(self) -> Look {
            G::LOOK
        }
    }
    visit_board(name, Looks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_rules::games::pylyx::Pylyx;
    use ludus_rules::games::wyke::{Wyke4, Wyke6};
    use ludus_rules::games::GAME_NAMES;

    fn follow<G: Board>(position: &G, selection: &[&str]) -> Follow {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let selection: Vec<String> = selection.iter().map(|s| s.to_string()).collect();
        position.follow(&moves, &selection)
    }

    struct Named;
    impl BoardVisitor for Named {
        type Output = &'static str;
        fn visit<G: Board>(self) -> &'static str {
            G::NAME
        }
    }

    #[test]
    fn every_game_has_a_board() {
        for name in GAME_NAMES {
            assert_eq!(visit_board(name, Named), Ok(*name));
        }
        for name in GAME_NAMES {
            let look = look(name).unwrap();
            assert!(look.players.iter().all(|p| !p.is_empty()) && !look.move_hint.is_empty());
        }
        let unknown = visit_board("chess", Named).unwrap_err();
        assert_eq!(unknown, ludus_rules::games::unknown_game("chess"));
    }

    #[test]
    fn alak_piece_then_slot() {
        let start = Alak::startpos();
        assert_eq!(follow(&start, &[]).next, ["1", "2", "3", "4"]);
        assert_eq!(follow(&start, &["4"]).next, ["5"]);
        assert_eq!(follow(&start, &["4", "5"]).complete.as_deref(), Some("4-5"));
        assert_eq!(follow(&start, &["9"]), Follow::default());
    }

    #[test]
    fn wyke_type_then_plots_in_any_order_within_an_amount() {
        let start = Wyke4::startpos();
        assert_eq!(
            follow(&start, &[]).next,
            ["1-1-1-1-1", "2-1-1", "2-2", "3-1", "4"]
        );
        let after_two = follow(&start, &["2-1-1", "b3"]);
        assert_eq!(after_two.next.len(), 15);
        assert!(!after_two.next.contains(&"b3".to_string()));
        let done = follow(&start, &["2-1-1", "b3", "d2", "b1"]);
        assert_eq!(done.complete.as_deref(), Some("2-1-1(b3,b1,d2)"));
        assert!(done.next.is_empty());
        assert_eq!(
            follow(&start, &["2-2", "c3", "a1"]).complete.as_deref(),
            Some("2-2(a1,c3)")
        );
        assert_eq!(follow(&start, &["2-1-1", "b3", "b3"]), Follow::default());
        assert_eq!(follow(&start, &["4", "z9"]), Follow::default());
    }

    #[test]
    fn wyke6_first_click_lists_types_only() {
        let start = Wyke6::startpos();
        assert_eq!(follow(&start, &[]).next.len(), 5);
        assert_eq!(follow(&start, &["4"]).next.len(), 36);
    }

    #[test]
    fn pylyx_lift_asked_only_when_two_lifts_reach_a_cell() {
        // White stacks of 3 on e5 and 7 on j10, black stacks of 5 on b2 and k9.
        let position =
            Pylyx::from_fen("12/12/9G2/10e1/12/12/12/4C7/12/12/1e10/12 w 0 0").expect("position");
        let from_e5 = follow(&position, &["e5"]);
        assert!(from_e5.next.contains(&"f6".to_string()), "{from_e5:?}");
        let diagonal = follow(&position, &["e5", "f6"]);
        assert_eq!(diagonal.complete, None);
        assert_eq!(diagonal.next, ["lift 1", "lift 3"]);
        assert_eq!(
            follow(&position, &["e5", "f6", "lift 1"])
                .complete
                .as_deref(),
            Some("e5-f6/1")
        );
        let start = Pylyx::startpos();
        assert_eq!(follow(&start, &[]).next.len(), 100);
        assert_eq!(follow(&start, &["e5"]).complete.as_deref(), Some("e5"));
    }

    #[test]
    fn wyx_destination() {
        let start = Wyx::startpos();
        let first = follow(&start, &[]);
        assert!(!first.next.is_empty());
        let target = first.next[0].clone();
        assert_eq!(follow(&start, &[&target]).complete, Some(target));
    }
}
