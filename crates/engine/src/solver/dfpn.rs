//! Depth-first proof-number search (df-pn, Nagai 2002) for one question:
//! can `attacker` force a win from here? At the attacker's turns (OR
//! nodes) one proved move proves the node; at the defender's (AND nodes)
//! every move must be proved. Proof and disproof numbers (how many leaves
//! must still be settled to prove or disprove a node) pick the next node to
//! expand, a node is searched until a threshold is crossed (with the
//! 1 + ε trick of Pawlewicz and Lew against thrashing), and a table keeps
//! what every position was found to need, so a later visit resumes.
//!
//! # Draws, repetitions and the graph-history interaction
//!
//! A draw is no win for the attacker: a position the rules end in a draw
//! (two passes in a row), one a solved table calls drawn, and a position
//! already on the current line (a repetition, or an image of one under the
//! game's symmetries) are disproved. A repetition depends on the line that
//! led there: a disproof resting on one is true on that line only (the
//! graph-history-interaction problem). So each disproof carries the line
//! positions its repetitions went back to ([`Dependence`]); a node's
//! disproof is stored in the table as final only when none of them lies
//! above the node (a cycle through the node itself or below it lies
//! inside its own subtree, where a win would avoid it: a forced win never
//! needs to repeat a position). Otherwise it is kept apart, with the keys
//! of those positions, and used again only on a line that holds them all
//! above the node, where it is as true as where it was found. Proofs never
//! rest on repetitions (a repetition disproves), so they are always
//! stored. At the root every disproof is final, so the answer is exact:
//! the position's value under the rules, where threefold repetition
//! draws.

use ludus_rules::symmetry::canonical_hash;
use ludus_rules::{GameResult, KnownValue, Player, Searchable};
use web_time::Instant;

use super::children::{MoveSource, QUIET_BATCH};
use super::dependence::Dependence;
use super::table::{Entry, Table, INF};

/// Lines deeper than this are not followed (a node there stays open):
/// deep enough for every game's longest forced result, and the stack's
/// bound.
pub const MAX_DEPTH: usize = 20_000;

/// A node's numbers as its search leaves them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// A proof's longest line, in plies.
    pub plies: u32,
    /// For a disproof: the line positions it rests on.
    pub dependence: Dependence,
}

impl Numbers {
    const UNKNOWN: Numbers = Numbers {
        pn: 1,
        dn: 1,
        plies: 0,
        dependence: Dependence::NONE,
    };
    const PROVED: Numbers = Numbers {
        pn: 0,
        dn: INF,
        plies: 0,
        dependence: Dependence::NONE,
    };
    const DISPROVED: Numbers = Numbers {
        pn: INF,
        dn: 0,
        plies: 0,
        dependence: Dependence::NONE,
    };

    /// Proved in `plies`.
    fn proved(plies: u32) -> Numbers {
        Numbers {
            plies,
            ..Numbers::PROVED
        }
    }

    /// Whether the node is proved or disproved.
    pub fn is_final(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

/// One generated move of a node and what is known of where it leads.
struct Child<M> {
    mv: M,
    key: u64,
    numbers: Numbers,
}

/// When the search stops.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    /// Stop after this many nodes in all.
    pub nodes: u64,
    /// Stop at this time.
    pub deadline: Option<Instant>,
}

/// One question's search: its attacker, table and counters.
pub struct Dfpn<G: Searchable> {
    /// The side whose win is asked about.
    pub attacker: Player,
    /// What every visited position was found to need.
    pub table: Table,
    settings: Option<G::Settings>,
    history: Vec<i32>,
    path: Vec<u64>,
    /// Nodes searched, over every run.
    pub nodes: u64,
    limit: Limit,
    stopped: bool,
}

impl<G: Searchable> Dfpn<G> {
    /// A search of `attacker`'s wins with a table of `table_bytes`;
    /// `settings` are the game's, whose solved tables settle positions, or
    /// `None` to settle them by search alone.
    pub fn new(attacker: Player, table_bytes: usize, settings: Option<G::Settings>) -> Self {
        Dfpn {
            attacker,
            table: Table::new(table_bytes),
            settings,
            history: vec![0; G::MOVE_INDEX_COUNT],
            path: Vec::new(),
            nodes: 0,
            limit: Limit {
                nodes: 0,
                deadline: None,
            },
            stopped: false,
        }
    }

    /// Searches `root` until it is proved or disproved or `limit` is
    /// reached, the positions of `line` (keys, oldest first) counting as
    /// played before it; returns the root's numbers. With an empty `line`
    /// a disproof is final; else it may rest on a repetition of `line`
    /// (its `repetition` says).
    pub fn run(&mut self, root: &G, line: &[u64], limit: Limit) -> Numbers {
        self.limit = limit;
        self.stopped = false;
        self.path.clear();
        self.path.extend_from_slice(line);
        let numbers = self.leaf(root);
        if numbers.is_final() {
            self.path.clear();
            return numbers;
        }
        let numbers = self.mid(root, canonical_hash(root), INF, INF);
        self.path.clear();
        numbers
    }

    /// Whether the last run stopped at its limit.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// What is known of `position` without searching it: the rules' end,
    /// a repetition of the line, a solved table, or the table; else the
    /// numbers of a new leaf.
    pub fn leaf(&self, position: &G) -> Numbers {
        match position.result() {
            GameResult::Ongoing => {}
            GameResult::Win(winner) if winner == self.attacker => return Numbers::PROVED,
            _ => return Numbers::DISPROVED,
        }
        let key = canonical_hash(position);
        let depth_of = |key: u64| self.path.iter().rposition(|&k| k == key);
        if let Some(depth) = depth_of(key) {
            return Numbers {
                dependence: Dependence::at(depth as u32),
                ..Numbers::DISPROVED
            };
        }
        if let Some(known) = self.known(position) {
            return known;
        }
        for keys in self.table.dependent(key) {
            let depths: Option<Vec<usize>> = keys.iter().map(|&k| depth_of(k)).collect();
            if let Some(depths) = depths {
                let dependence = depths.iter().fold(Dependence::NONE, |d, &at| {
                    d.union(&Dependence::at(at as u32))
                });
                return Numbers {
                    dependence,
                    ..Numbers::DISPROVED
                };
            }
        }
        match self.table.get(key) {
            Some(entry) => Numbers {
                pn: entry.pn,
                dn: entry.dn,
                plies: entry.plies,
                dependence: Dependence::NONE,
            },
            None => Numbers::UNKNOWN,
        }
    }

    /// A solved table's value of `position` as numbers, if it knows it.
    pub fn known(&self, position: &G) -> Option<Numbers> {
        let value = position.known_value(self.settings.as_ref()?)?;
        let mover_attacks = position.side_to_move() == self.attacker;
        Some(match (value, mover_attacks) {
            (KnownValue::Win(plies), true) | (KnownValue::Loss(plies), false) => {
                Numbers::proved(plies)
            }
            _ => Numbers::DISPROVED,
        })
    }

    fn over_limit(&mut self) -> bool {
        if !self.stopped {
            let timed_out = self.nodes.is_multiple_of(1024)
                && self.limit.deadline.is_some_and(|end| Instant::now() >= end);
            self.stopped = self.nodes >= self.limit.nodes || timed_out;
        }
        self.stopped
    }

    /// Searches `position` (key `key`) until its proof number reaches
    /// `th_pn` or its disproof number `th_dn`.
    fn mid(&mut self, position: &G, key: u64, th_pn: u32, th_dn: u32) -> Numbers {
        self.nodes += 1;
        let depth = self.path.len();
        if depth >= MAX_DEPTH {
            // Too deep to follow: open, and at its thresholds, so the
            // parent looks elsewhere.
            return Numbers {
                pn: th_pn.clamp(1, INF - 1),
                dn: th_dn.clamp(1, INF - 1),
                ..Numbers::UNKNOWN
            };
        }
        let nodes_before = self.nodes;
        let or_node = position.side_to_move() == self.attacker;
        self.path.push(key);
        let mut source = MoveSource::default();
        let mut children: Vec<Child<G::Move>> = Vec::new();
        self.expand(position, &mut source, &mut children);
        let mut numbers;
        loop {
            numbers = summarize(or_node, &children, !source.is_exhausted());
            if numbers.pn >= th_pn || numbers.dn >= th_dn || numbers.is_final() {
                break;
            }
            if self.over_limit() {
                break;
            }
            let Some((best, second)) = select(or_node, &children) else {
                self.expand(position, &mut source, &mut children);
                continue;
            };
            // The rest of the moves, not listed yet, count as fresh leaves:
            // list them once every listed child looks harder than one.
            let best_number = |c: &Child<G::Move>| match or_node {
                true => c.numbers.pn,
                false => c.numbers.dn,
            };
            if !source.is_exhausted() && best_number(&children[best]) > 1 {
                self.expand(position, &mut source, &mut children);
                continue;
            }
            let (child_pn, child_dn) = child_thresholds(
                or_node,
                &numbers,
                &children[best].numbers,
                second,
                th_pn,
                th_dn,
            );
            let mut next = position.clone();
            next.make_move(children[best].mv);
            let result = self.mid(&next, children[best].key, child_pn, child_dn);
            children[best].numbers = result;
        }
        self.path.pop();
        let work = (self.nodes - nodes_before + 1).min(u64::from(u32::MAX)) as u32;
        numbers.dependence = numbers.dependence.above(depth as u32);
        self.store(key, &numbers, work);
        numbers
    }

    /// Stores `numbers` of `key` (at the end of the current line). A
    /// disproof that rests on line positions above it is kept apart with
    /// their keys (if they are few enough), the table keeping its last
    /// estimate for other lines.
    fn store(&mut self, key: u64, numbers: &Numbers, work: u32) {
        if numbers.dn == 0 && !numbers.dependence.is_none() {
            if let Some(depths) = numbers.dependence.storable() {
                let keys: Vec<u64> = depths.iter().map(|&d| self.path[d as usize]).collect();
                self.table.store_dependent(key, &keys);
            }
            return;
        }
        let work = self
            .table
            .get(key)
            .map_or(work, |e| e.work.saturating_add(work));
        self.table.store(
            key,
            Entry {
                pn: numbers.pn,
                dn: numbers.dn,
                plies: numbers.plies,
                work,
            },
        );
    }

    /// Lists the next batch of `position`'s moves as children.
    fn expand(
        &mut self,
        position: &G,
        source: &mut MoveSource<G::Move>,
        children: &mut Vec<Child<G::Move>>,
    ) {
        let moves = source.next(position, &self.history);
        children.reserve(moves.len());
        for &mv in moves {
            let mut next = position.clone();
            next.make_move(mv);
            children.push(Child {
                mv,
                key: canonical_hash(&next),
                numbers: self.leaf(&next),
            });
        }
    }
}

/// A node's numbers from its children's (and `more` moves not listed yet,
/// which count as at least one fresh leaf and a batch's worth of work).
///
/// The number that needs every child (the proof number of an AND node,
/// the disproof number of an OR node) is the weak sum of Ueda et al.
/// (2008): the largest child's number plus one for every other child not
/// yet settled. A plain sum counts a position reached by several lines
/// once per line, which in a game with many transpositions (and long
/// lines: Alak's) grows without bound and stalls the search.
fn summarize<M>(or_node: bool, children: &[Child<M>], more: bool) -> Numbers {
    let (mut min, mut max, mut open) = (INF, 0u32, 0u64);
    // The proved child with the shortest line (OR) or the longest (AND);
    // what all disproved children rest on (OR), and the disproved child
    // that rests on least (AND).
    let (mut shortest, mut longest) = (u32::MAX, 0u32);
    let mut all_rest_on = Dependence::NONE;
    let mut least: Option<Dependence> = None;
    for child in children {
        let n = &child.numbers;
        let (small, summed) = match or_node {
            true => (n.pn, n.dn),
            false => (n.dn, n.pn),
        };
        min = min.min(small);
        max = max.max(summed);
        open += u64::from(summed > 0);
        if n.pn == 0 {
            shortest = shortest.min(n.plies);
            longest = longest.max(n.plies);
        }
        if n.dn == 0 {
            all_rest_on = all_rest_on.union(&n.dependence);
            if least.is_none_or(|d| n.dependence.weight() < d.weight()) {
                least = Some(n.dependence);
            }
        }
    }
    if more {
        min = min.min(1);
        max = max.max(1);
        open += QUIET_BATCH as u64;
    }
    let sum = match max >= INF {
        true => INF,
        false => (u64::from(max) + open.saturating_sub(1)).min(u64::from(INF - 1)) as u32,
    };
    let (pn, dn) = match or_node {
        true => (min, sum),
        false => (sum, min),
    };
    let plies = match (pn, or_node) {
        (0, true) => shortest + 1,
        (0, false) => longest + 1,
        _ => 0,
    };
    let dependence = match (dn, or_node) {
        (0, true) => all_rest_on,
        (0, false) => least.unwrap_or(Dependence::NONE),
        _ => Dependence::NONE,
    };
    Numbers {
        pn,
        dn,
        plies,
        dependence,
    }
}

/// The child to search next (smallest proof number at an OR node, smallest
/// disproof number at an AND node; the first of equals, in move order)
/// and the second smallest number; `None` if no child is listed.
fn select<M>(or_node: bool, children: &[Child<M>]) -> Option<(usize, u32)> {
    let mut best: Option<(usize, u32)> = None;
    let mut second = INF;
    for (index, child) in children.iter().enumerate() {
        let number = match or_node {
            true => child.numbers.pn,
            false => child.numbers.dn,
        };
        match best {
            Some((_, b)) if number >= b => second = second.min(number),
            Some((_, b)) => {
                second = b;
                best = Some((index, number));
            }
            None => best = Some((index, number)),
        }
    }
    best.map(|(index, _)| (index, second))
}

/// The thresholds of the child to search: it may run until its number
/// passes the second best by a quarter (1 + ε), or its other number uses
/// up what the node's threshold leaves.
fn child_thresholds(
    or_node: bool,
    node: &Numbers,
    child: &Numbers,
    second: u32,
    th_pn: u32,
    th_dn: u32,
) -> (u32, u32) {
    let widened = second.saturating_add(1 + second / 4).min(INF);
    if or_node {
        (
            th_pn.min(widened),
            (th_dn - node.dn).saturating_add(child.dn).min(INF),
        )
    } else {
        (
            (th_pn - node.pn).saturating_add(child.pn).min(INF),
            th_dn.min(widened),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(pn: u32, dn: u32) -> Child<u8> {
        Child {
            mv: 0,
            key: 0,
            numbers: Numbers {
                pn,
                dn,
                plies: 3,
                dependence: Dependence::NONE,
            },
        }
    }

    #[test]
    fn numbers_add_up_as_proof_number_search_says() {
        let children = [child(2, 5), child(4, 1), child(3, 3)];
        let or = summarize(true, &children, false);
        assert_eq!((or.pn, or.dn), (2, 5 + 2), "the weak sum: max + others");
        let and = summarize(false, &children, false);
        assert_eq!((and.pn, and.dn), (4 + 2, 1));
        let more = summarize(true, &children, true);
        assert_eq!((more.pn, more.dn), (1, 5 + 2 + QUIET_BATCH as u32));
        assert_eq!(select(true, &children), Some((0, 3)));
        assert_eq!(select(false, &children), Some((1, 3)));
    }

    #[test]
    fn a_proof_needs_every_move_at_the_defenders_turn() {
        let proved = [child(0, INF), child(0, INF)];
        assert_eq!(summarize(false, &proved, false).pn, 0);
        assert_eq!(summarize(false, &proved, false).plies, 4);
        assert_ne!(
            summarize(false, &proved, true).pn,
            0,
            "unlisted moves remain"
        );
        let disproved = || {
            let mut disproved = child(INF, 0);
            disproved.numbers.dependence = Dependence::at(2);
            disproved
        };
        let or = summarize(true, &[disproved(), child(INF, 0)], false);
        assert_eq!((or.pn, or.dn, or.dependence), (INF, 0, Dependence::at(2)));
        let and = summarize(false, &[disproved(), child(INF, 0)], false);
        assert!(and.dependence.is_none(), "the disproof that holds anywhere");
    }
}
