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
        for side in [Player::First, Player::Second] {
            let s = side.index();
            self.active[s].clear();
            (inputs.active)(position, side, &mut self.active[s]);
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
    use ludus_rules::games::{visit_every_game, GameVisitor};
    use ludus_rules::random::Rng;
    use ludus_rules::{GameResult, Tooling};

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
}
