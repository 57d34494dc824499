//! Positions of any game by name, from random legal play with a fixed
//! seed, and the legality of a move the engine answers there.

use ludus_rules::games::{visit_game, GameVisitor, GAME_NAMES};
use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameResult};

use super::rng::Rng;
use super::rules::move_names;
use ludus_rules::Tooling;

/// Runs `visitor` (a count of checks done) in every game and asserts
/// that each game did at least `least` of them: a check that found nothing
/// to check must not pass.
pub fn at_least_in_every_game<V>(visitor: V, least: usize, what: &str)
where
    V: GameVisitor<Output = usize> + Copy,
{
    for game in GAME_NAMES {
        let done = visit_game(game, visitor).expect("a listed game");
        assert!(done >= least, "{game}: {done} {what}");
    }
}

/// The start position of `game` and then `count` ongoing positions from
/// one random walk (restarted whenever a game ends), one every 1 to 4
/// plies, in notation. The same `seed` gives the same positions.
pub fn walk_positions(game: &str, count: usize, seed: u64) -> Vec<String> {
    struct Walk(usize, u64);
    impl GameVisitor for Walk {
        type Output = Vec<String>;
        fn visit<G: Tooling>(self) -> Vec<String> {
            let positions: Vec<G> = walk(self.0, self.1, false);
            positions.iter().map(G::to_fen).collect()
        }
    }
    visit_game(game, Walk(count, seed)).expect("a known game")
}

/// The start position of `G` and then `count` ongoing positions from one
/// random walk, one every 1 to 4 plies; the walk restarts whenever a game
/// ends, from the start position, or with `random_starts` from a random
/// start drawn from the walk's randomness if the game has them (Wyx). The
/// same `seed` gives the same positions.
pub fn walk<G: Game>(count: usize, seed: u64, random_starts: bool) -> Vec<G> {
    let mut state = seed;
    let mut random = move || {
        let (next, value) = splitmix64(state);
        state = next;
        value as usize
    };
    let mut position = G::startpos();
    let mut found = vec![position.clone()];
    let mut moves = Vec::new();
    while found.len() <= count {
        for _ in 0..1 + random() % 4 {
            moves.clear();
            position.generate_moves(&mut moves);
            let mut next = position.clone();
            next.make_move(moves[random() % moves.len()]);
            position = match next.result() {
                GameResult::Ongoing => next,
                _ if random_starts => G::random_start(random() as u64).unwrap_or_else(G::startpos),
                _ => G::startpos(),
            };
        }
        found.push(position.clone());
    }
    found
}

/// Random games from a game's start, checked position by position: at
/// most `games` games of `max_plies` plies each, and no new position once
/// the positions checked have had `move_budget` legal moves in all (a
/// game with hundreds of thousands of moves a position gets fewer games).
pub struct Playouts {
    /// The most games played.
    pub games: usize,
    /// The most plies a game.
    pub max_plies: usize,
    /// The legal moves checked, in all, after which no position is.
    pub move_budget: usize,
}

impl Playouts {
    /// Plays the games from `start`: `check` is called on every position
    /// reached (with the generator, for checks that draw) and returns its
    /// legal moves, one of which is played at random; `seed` fixes the
    /// games.
    pub fn run<G: Game>(
        &self,
        start: &G,
        seed: u64,
        mut check: impl FnMut(&G, &mut Rng) -> Vec<G::Move>,
    ) {
        let mut rng = Rng(seed);
        let mut checked = 0;
        for _ in 0..self.games {
            let mut position = start.clone();
            for _ in 0..self.max_plies {
                if checked > self.move_budget {
                    return;
                }
                let moves = check(&position, &mut rng);
                checked += moves.len();
                if moves.is_empty() {
                    break;
                }
                position.make_move(moves[rng.below(moves.len())]);
            }
        }
    }
}

/// Whether `mv` is a legal move of the ongoing position `fen` of `game`.
pub fn is_legal(game: &str, fen: &str, mv: &str) -> bool {
    struct Legal<'a>(&'a str, &'a str);
    impl GameVisitor for Legal<'_> {
        type Output = bool;
        fn visit<G: Tooling>(self) -> bool {
            let position = G::from_fen(self.0).expect("a valid position");
            position.result() == GameResult::Ongoing
                && position
                    .parse_move(self.1)
                    .is_ok_and(|parsed| position.is_legal(parsed))
        }
    }
    visit_game(game, Legal(fen, mv)).expect("a known game")
}

/// Every legal move of the position `fen` of `game`, sorted by name.
pub fn legal_names(game: &str, fen: &str) -> Vec<String> {
    struct Names<'a>(&'a str);
    impl GameVisitor for Names<'_> {
        type Output = Vec<String>;
        fn visit<G: Tooling>(self) -> Vec<String> {
            move_names(&G::from_fen(self.0).expect("a valid position"))
        }
    }
    visit_game(game, Names(fen)).expect("a known game")
}
