//! The first layer's sums, one set per ply of the searched line, each
//! worked out from its parent's by the inputs the move changed.
//!
//! Positions are copy-made, so nothing tells the accumulator which move
//! was played: each ply keeps its position's active inputs (both sides'
//! views), and a child's sums are its parent's plus the rows of the inputs
//! that came on, minus those that went off, found by merging the two
//! sorted lists. Where more changed than a fresh sum would cost (a Wyke
//! move can change many), the sums are made afresh. A ply's sums are
//! keyed by its position's hash, so they are reused whenever the same
//! position is evaluated again at that ply and never trusted otherwise.

use ludus_rules::net_inputs::NetInputs;
use ludus_rules::{Game, Player};

use super::Network;

/// One ply's sums: each side's view (indexed by [`Player::index`]).
#[derive(Clone, Debug, Default)]
struct Accumulator {
    /// The hash of the position the sums are of; `None` before any.
    key: Option<u64>,
    /// Each side's active inputs, ascending.
    active: [Vec<u32>; 2],
    /// Each side's first-layer sums.
    sums: [Vec<i16>; 2],
}

/// The accumulators of one search thread, one per ply.
#[derive(Debug)]
pub struct NetStack {
    plies: Vec<Accumulator>,
    /// The inputs that changed between a parent and its child.
    changes: Changes,
}

/// Inputs that came on, and went off, between a parent and its child.
#[derive(Debug)]
struct Changes {
    added: Vec<u32>,
    removed: Vec<u32>,
}

impl NetStack {
    /// Accumulators for `plies` plies of `network`, allocated once.
    pub fn new(network: &Network, plies: usize) -> NetStack {
        let accumulator = Accumulator {
            key: None,
            active: [Vec::with_capacity(256), Vec::with_capacity(256)],
            sums: [vec![0; network.hidden], vec![0; network.hidden]],
        };
        NetStack {
            plies: vec![accumulator; plies],
            changes: Changes {
                added: Vec::with_capacity(256),
                removed: Vec::with_capacity(256),
            },
        }
    }

    /// The network's score of `position`, at `ply` of the line, for the
    /// side to move. `parent` is the hash of the position at `ply − 1`
    /// (`None` at the root): its sums, if that ply still holds them, are
    /// the starting point.
    pub fn evaluate<G: Game>(
        &mut self,
        network: &Network,
        inputs: &NetInputs<G>,
        position: &G,
        ply: usize,
        parent: Option<u64>,
    ) -> i32 {
        let key = position.hash();
        if self.plies[ply].key != Some(key) {
            let (before, from_here) = self.plies.split_at_mut(ply);
            let parent = before
                .last()
                .filter(|accumulator| parent.is_some() && accumulator.key == parent);
            from_here[0].update(parent, network, inputs, position, &mut self.changes);
            from_here[0].key = Some(key);
        }
        let sums = &self.plies[ply].sums;
        let to_move = position.side_to_move().index();
        network.output(&sums[to_move], &sums[1 - to_move])
    }
}

impl Accumulator {
    /// Makes these sums those of `position`, from `parent`'s (the
    /// accumulator of its parent position, if one holds it) where fewer
    /// inputs changed than a fresh sum adds.
    fn update<G: Game>(
        &mut self,
        parent: Option<&Accumulator>,
        network: &Network,
        inputs: &NetInputs<G>,
        position: &G,
        changes: &mut Changes,
    ) {
        for active in &mut self.active {
            active.clear();
        }
        (inputs.active)(position, &mut self.active);
        for side in [Player::First, Player::Second] {
            let s = side.index();
            let incremental = parent.is_some_and(|parent| {
                changes.between(&parent.active[s], &self.active[s]);
                changes.added.len() + changes.removed.len() < self.active[s].len()
            });
            match (parent, incremental) {
                (Some(parent), true) => {
                    self.sums[s].copy_from_slice(&parent.sums[s]);
                    for &input in &changes.added {
                        add(&mut self.sums[s], network.row(input));
                    }
                    for &input in &changes.removed {
                        subtract(&mut self.sums[s], network.row(input));
                    }
                }
                _ => refresh(network, &self.active[s], &mut self.sums[s]),
            }
        }
    }
}

/// The sums of `active` from nothing: the bias plus each active row.
pub fn refresh(network: &Network, active: &[u32], sums: &mut [i16]) {
    sums.copy_from_slice(&network.input_bias);
    for &input in active {
        add(sums, network.row(input));
    }
}

impl Changes {
    /// Makes these the changes from `before` to `after` (both ascending):
    /// what came on (`added`) and what went off (`removed`).
    fn between(&mut self, before: &[u32], after: &[u32]) {
        let Changes { added, removed } = self;
        added.clear();
        removed.clear();
        let (mut i, mut j) = (0, 0);
        while i < before.len() && j < after.len() {
            match before[i].cmp(&after[j]) {
                std::cmp::Ordering::Less => {
                    removed.push(before[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    added.push(after[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    i += 1;
                    j += 1;
                }
            }
        }
        removed.extend_from_slice(&before[i..]);
        added.extend_from_slice(&after[j..]);
    }
}

#[inline]
fn add(sums: &mut [i16], row: &[i16]) {
    for (sum, &weight) in sums.iter_mut().zip(row) {
        *sum = sum.wrapping_add(weight);
    }
}

#[inline]
fn subtract(sums: &mut [i16], row: &[i16]) {
    for (sum, &weight) in sums.iter_mut().zip(row) {
        *sum = sum.wrapping_sub(weight);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::random_network;
    use crate::nnue::{MAX_FIRST_WEIGHT, QA};
    use ludus_rules::games::pylyx::Pylyx;
    use ludus_rules::games::{visit_every_game, GameVisitor};
    use ludus_rules::net_inputs::checked_active;
    use ludus_rules::random::Rng;
    use ludus_rules::{GameResult, Searchable, Tooling};

    /// The plies of the stack, and the steps of each game's walk.
    const PLIES: usize = 16;
    const STEPS: usize = 600;

    /// Walks random lines of a game that has inputs, evaluating as the
    /// search does, and checks every evaluation against a fresh one;
    /// whether the game has inputs.
    #[derive(Clone)]
    struct Walk;

    impl GameVisitor for Walk {
        type Output = bool;

        fn visit<G: Tooling>(self) -> bool {
            let Some(inputs) = G::NET_INPUTS else {
                return false;
            };
            let network = random_network(G::NAME, inputs.count, 32, 11);
            let mut stack = NetStack::new(&network, PLIES);
            let mut rng = Rng::new(0x5EED_0A11 ^ G::NAME.len() as u64);
            let mut line = vec![start::<G>(0)];
            for step in 1..=STEPS {
                check(&mut stack, &network, &inputs, &line);
                step_line(&mut line, &mut rng, step as u64);
            }
            true
        }
    }

    /// A game's start: a shuffled one (from `seed`) where the game has them.
    fn start<G: Game>(seed: u64) -> G {
        G::random_start(seed).unwrap_or_else(G::startpos)
    }

    /// A random child of `position`, if the game goes on.
    fn child<G: Game>(position: &G, rng: &mut Rng) -> Option<G> {
        let mut moves = Vec::new();
        position.generate_moves(&mut moves);
        let mv = *moves.get(rng.below(moves.len().max(1)))?;
        let mut child = position.clone();
        child.make_move(mv);
        Some(child)
    }

    /// Moves the end of the line as a search does: down to a child, down
    /// two plies (the one between never evaluated), back up to the
    /// parent, or across to a sibling. At the stack's last ply a new
    /// search starts from the end of the line, at a game's end a new game.
    fn step_line<G: Game>(line: &mut Vec<G>, rng: &mut Rng, seed: u64) {
        let last = line.len() - 1;
        let next = match rng.below(4) {
            0 if last > 0 => {
                line.pop();
                return;
            }
            1 if last > 0 => {
                let sibling = child(&line[last - 1], rng);
                line.pop();
                sibling
            }
            2 if last + 2 < PLIES => {
                child(&line[last], rng).map(|between| match child(&between, rng) {
                    Some(grandchild) => {
                        line.push(between);
                        grandchild
                    }
                    None => between,
                })
            }
            _ if last + 1 < PLIES => child(&line[last], rng),
            _ => None,
        };
        match next {
            Some(position) => line.push(position),
            None => {
                let end = line.pop().expect("a line is never empty");
                *line = match end.result() {
                    GameResult::Ongoing => vec![end],
                    _ => vec![start(seed)],
                };
            }
        }
    }

    /// Evaluates the end of `line` at its ply, its parent's hash given as
    /// the search gives it, and checks the sums and the score against a
    /// stack that sees the position alone.
    fn check<G: Game>(stack: &mut NetStack, network: &Network, inputs: &NetInputs<G>, line: &[G]) {
        let ply = line.len() - 1;
        let position = &line[ply];
        let parent = ply.checked_sub(1).map(|p| line[p].hash());
        let score = stack.evaluate(network, inputs, position, ply, parent);
        let mut fresh = NetStack::new(network, 1);
        let expected = fresh.evaluate(network, inputs, position, 0, None);
        let fen = position.to_fen();
        assert_eq!(
            stack.plies[ply].sums,
            fresh.plies[0].sums,
            "{}: {fen}",
            G::NAME
        );
        assert_eq!(score, expected, "{}: {fen}", G::NAME);
    }

    #[test]
    fn sums_kept_along_a_line_equal_sums_made_afresh() {
        assert!(visit_every_game(Walk).contains(&true));
    }

    /// A 12×12 Pylyx game of a network against the linear evaluation
    /// (bench/notes/networks.md, "Why 12×12 Pylyx's network lost"): all
    /// twenty checkers placed, then White gathers a stack of 10 while
    /// Black's network shuffles a triple between i1 and l4.
    const PYLYX_START: &str = "12/12/12/12/12/10A1/10a1/9A2/12/7a4/12/12 w 8 8";
    const PYLYX_MOVES: &str = "f2 e5 h4 f7 i3 b2 d8 g4 g9 i11 c11 j9 e6 c10 b10 \
        f7-c10 d8-h4 f7 f2-h4 j9-l7 i3-h4 k6-l5 k7-h4 f7-c10 b10-h4 c10-c1 c11-i5 \
        h3-j1 j5-h3 j1-l3 h4-h3/2 c1-k1 h3-h4 e5-i1 g9-e7 b2-a3 i5-h4 g4-j1 e6-i2 \
        i11-f8 i2-k4 f8-l2 k4-j5 i1-l4 j5-k6 l4-i1 e7-f6 i1-l4 f6-g5 l4-i1 g5-e7 \
        i1-l4 e7-f6 l4-i1 f6-g5 i1-l4 g5-h4 l4-i1 h4-i5/1 i1-l4 i5-h4 l4-i1 k6-j5 \
        i1-l4 h4-i5/1 l4-i1 i5-h4 i1-e5 h4-i5/1 e5-i1 j5-k6 i1-l4 k6-i4 l4-i1 \
        h4-i4/2 i1-l4 i4-h4 j1-k2 i5-h4";

    /// A network for `inputs` inputs whose first-layer weights and biases
    /// all sit at the trainer's clip, `+` or `−` as `sign` says of each.
    fn network_at_the_clip(inputs: usize, hidden: usize, sign: fn(usize) -> i16) -> Network {
        let largest = (MAX_FIRST_WEIGHT * QA as f32).round() as i16;
        let mut network = random_network("pylyx", inputs, hidden, 5);
        for (i, weight) in network.input_weights.iter_mut().enumerate() {
            *weight = largest * sign(i);
        }
        for (i, bias) in network.input_bias.iter_mut().enumerate() {
            *bias = largest * sign(i + 1);
        }
        network
    }

    /// The most inputs a 12×12 side can have on: every checker placed as a
    /// single, so each side has 20 pieces, 20 "at least k singles", 2
    /// hands and 8 evaluation terms on.
    const PYLYX_ALL_SINGLES: &str =
        "12/1a8A1/2a6A2/3a4A3/4a2A4/5aA5/5Aa5/4A2a4/3A4a3/2A6a2/1A8a1/12 w 0 0";

    /// Checks the sums `stack` keeps at `ply` for `position` against the
    /// exact sums, worked out in `i32`; returns the most inputs a side had.
    fn check_exact(stack: &NetStack, network: &Network, position: &Pylyx, ply: usize) -> usize {
        let inputs = Pylyx::NET_INPUTS.expect("Pylyx has inputs");
        let mut most = 0;
        for side in [Player::First, Player::Second] {
            let active = checked_active(&inputs, position, side);
            most = most.max(active.len());
            let exact: Vec<i32> = (0..network.hidden)
                .map(|j| {
                    let rows = active.iter().map(|&i| i32::from(network.row(i)[j]));
                    i32::from(network.input_bias[j]) + rows.sum::<i32>()
                })
                .collect();
            let kept: Vec<i32> = stack.plies[ply].sums[side.index()]
                .iter()
                .map(|&sum| i32::from(sum))
                .collect();
            assert_eq!(
                kept,
                exact,
                "ply {ply}: {} from {side:?}",
                position.to_fen()
            );
        }
        most
    }

    /// The sums kept move by move along a 12×12 game to its stack of 10
    /// (heights 1 to 10 on the board) are the exact sums with every
    /// first-layer weight at the trainer's clip: no row is lost or left
    /// over by the incremental update, and no sum overflows its `i16`,
    /// even where a side has the most inputs on (50: 51 · 505 < 32 767).
    #[test]
    fn pylyx_sums_along_a_game_to_a_stack_of_ten_are_exact_at_the_clip() {
        let inputs = Pylyx::NET_INPUTS.expect("Pylyx has inputs");
        let mut line = vec![Pylyx::from_fen(PYLYX_START).expect("a valid start")];
        for text in PYLYX_MOVES.split_whitespace() {
            let mut next = line[line.len() - 1].clone();
            let mv = next.parse_move(text).expect("a legal move");
            next.make_move(mv);
            line.push(next);
        }
        let end = &line[line.len() - 1];
        assert_eq!(
            end.result(),
            GameResult::Win(Player::First),
            "{}",
            end.to_fen()
        );
        let all_singles = Pylyx::from_fen(PYLYX_ALL_SINGLES).expect("a valid position");
        let signs: [fn(usize) -> i16; 2] = [|_| 1, |i| if i % 3 == 0 { -1 } else { 1 }];
        for sign in signs {
            let network = network_at_the_clip(inputs.count, 8, sign);
            let mut stack = NetStack::new(&network, line.len());
            for (ply, position) in line.iter().enumerate() {
                let parent = ply.checked_sub(1).map(|p| line[p].hash());
                stack.evaluate(&network, &inputs, position, ply, parent);
                check_exact(&stack, &network, position, ply);
            }
            stack.evaluate(&network, &inputs, &all_singles, 0, None);
            assert_eq!(check_exact(&stack, &network, &all_singles, 0), 50);
        }
    }
}
