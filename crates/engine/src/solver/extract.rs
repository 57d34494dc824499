//! Proof files from a solved position ([`ludus_rules::proof`]): the
//! winner's strategy, or for a draw each side's strategy to hold the
//! other, written position by position as the rules can check them.
//!
//! A win is read off the winner's search: at the winner's turns the proved
//! move of the shortest line (lines shorten at every step, so the strategy
//! never repeats), at the loser's turns every move, each proved; a node the
//! table has lost (a full table drops entries) is searched again. A hold is
//! built depth first, the positions it has taken counting as held while it
//! goes on (a line may go round: a repetition is a draw): at the holder's
//! turns a move into a position the other side's search disproved, one
//! already taken, or failing those one a new search disproves; at the
//! other side's turns every move. A choice that fails is undone with
//! everything taken after it.

use std::collections::{HashMap, VecDeque};

use ludus_rules::proof::{Claim, Node, Proof, Strategy, Value};
use ludus_rules::symmetry::canonical_image;
use ludus_rules::{Game, GameResult, Player, Searchable};

use super::dfpn::{Dfpn, Limit, Numbers};
use super::{Question, Solver, Verdict};

/// The most nodes a proof file may hold.
pub const MAX_PROOF_NODES: usize = 5_000_000;

/// Nodes a search may spend on one position while a proof is written.
const RESEARCH_NODES: u64 = 1_000_000;

impl<G: Searchable> Solver<G> {
    /// The proof of the value found by [`Solver::solve`], as a proof file.
    pub fn proof(&mut self) -> Result<Proof, String> {
        let root = self.root().clone();
        let mover = root.side_to_move();
        let (value, strategies) = match self.verdict() {
            Verdict::Win(_) => {
                let strategy = win_strategy(self.search(Question::MoverWins), &root)?;
                (win_value(&strategy, true), vec![strategy])
            }
            Verdict::Loss(_) => {
                let strategy = win_strategy(self.search(Question::OpponentWins), &root)?;
                (win_value(&strategy, false), vec![strategy])
            }
            Verdict::Draw => {
                let mover_holds = hold_strategy(self.search(Question::OpponentWins), &root, mover)?;
                let opponent_holds =
                    hold_strategy(self.search(Question::MoverWins), &root, mover.opponent())?;
                (Value::Draw, vec![mover_holds, opponent_holds])
            }
            Verdict::Unknown => {
                return Err("the position is not solved: no proof to write".to_string())
            }
        };
        Ok(Proof {
            game: G::NAME.to_string(),
            position: root.to_fen(),
            value,
            strategies,
        })
    }
}

fn win_value(strategy: &Strategy, mover_wins: bool) -> Value {
    let Claim::Win(plies) = strategy.claim else {
        unreachable!("a win strategy claims a win")
    };
    match mover_wins {
        true => Value::Win(plies),
        false => Value::Loss(plies),
    }
}

fn legal_moves<G: Game>(position: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    moves
}

fn child_of<G: Game>(position: &G, mv: G::Move) -> G {
    let mut child = position.clone();
    child.make_move(mv);
    child
}

/// What `search` knows of `position` now, searching it again (as a fresh
/// root) if the table does not say it is proved.
fn proved_numbers<G: Searchable>(search: &mut Dfpn<G>, position: &G) -> Numbers {
    let numbers = search.leaf(position);
    if numbers.pn == 0 || numbers.dn == 0 {
        return numbers;
    }
    let limit = Limit {
        nodes: search.nodes + RESEARCH_NODES,
        deadline: None,
    };
    search.run(position, &[], limit)
}

/// The winning strategy of `search`'s attacker from `root`, proved there.
fn win_strategy<G: Searchable>(search: &mut Dfpn<G>, root: &G) -> Result<Strategy, String> {
    let winner = search.attacker;
    let mut nodes = Vec::new();
    let mut seen: HashMap<u64, ()> = HashMap::new();
    let mut queue = VecDeque::new();
    let start = canonical_image(root);
    seen.insert(start.hash(), ());
    queue.push_back(start);
    while let Some(position) = queue.pop_front() {
        if nodes.len() >= MAX_PROOF_NODES {
            return Err(format!(
                "the proof has more than {MAX_PROOF_NODES} nodes: too large to write"
            ));
        }
        let fen = position.to_fen();
        let (mv, children) = if position.side_to_move() == winner {
            let (mv, child) = best_proved_move(search, &position)
                .ok_or_else(|| format!("no proved move found at {fen}"))?;
            (Some(position.format_move(mv)), vec![child])
        } else {
            let mut children = Vec::new();
            for mv in legal_moves(&position) {
                let child = child_of(&position, mv);
                if child.result() == GameResult::Ongoing && proved_numbers(search, &child).pn != 0 {
                    return Err(format!(
                        "{} at {fen} is not proved: the table lost it and a search of {RESEARCH_NODES} nodes did not find it again",
                        position.format_move(mv)
                    ));
                }
                children.push(child);
            }
            (None, children)
        };
        for child in children {
            if child.result() != GameResult::Ongoing {
                continue;
            }
            let image = canonical_image(&child);
            if seen.insert(image.hash(), ()).is_none() {
                queue.push_back(image);
            }
        }
        nodes.push(Node { fen, mv });
    }
    let mut strategy = Strategy {
        player: winner,
        claim: Claim::Win(0),
        nodes,
    };
    let plies = ludus_rules::proof::verify::strategy_length::<G>(&strategy, root)?;
    strategy.claim = Claim::Win(plies);
    Ok(strategy)
}

/// The winner's move at `position` into a proved position with the
/// shortest line, and that position.
fn best_proved_move<G: Searchable>(search: &mut Dfpn<G>, position: &G) -> Option<(G::Move, G)> {
    let winner = search.attacker;
    let mut best: Option<(u32, G::Move, G)> = None;
    for pass in 0..2 {
        for mv in legal_moves(position) {
            let child = child_of(position, mv);
            let plies = match child.result() {
                GameResult::Win(w) if w == winner => 0,
                GameResult::Ongoing => match search.leaf(&child) {
                    n if n.pn == 0 => n.plies,
                    _ => continue,
                },
                _ => continue,
            };
            if best.as_ref().is_none_or(|(p, _, _)| plies < *p) {
                best = Some((plies, mv, child));
            }
        }
        if best.is_some() || pass == 1 {
            break;
        }
        // The table lost the proof: search the position again.
        if proved_numbers(search, position).pn != 0 {
            return None;
        }
    }
    best.map(|(_, mv, child)| (mv, child))
}

/// The strategy by which `holder` never loses from `root`, where
/// `search` (of the other side's wins) disproved it.
fn hold_strategy<G: Searchable>(
    search: &mut Dfpn<G>,
    root: &G,
    holder: Player,
) -> Result<Strategy, String> {
    let mut builder = HoldBuilder {
        search,
        holder,
        taken: HashMap::new(),
        nodes: Vec::new(),
        line: Vec::new(),
    };
    let start = canonical_image(root);
    if !builder.hold(&start)? {
        return Err(format!(
            "no way found to hold {} at {}",
            side(holder),
            root.to_fen()
        ));
    }
    let nodes = builder
        .nodes
        .into_iter()
        .filter_map(|(_, node)| node)
        .collect();
    Ok(Strategy {
        player: holder,
        claim: Claim::Hold,
        nodes,
    })
}

fn side(player: Player) -> &'static str {
    match player {
        Player::First => "p1",
        Player::Second => "p2",
    }
}

/// The depth-first construction of a hold strategy.
struct HoldBuilder<'a, G: Searchable> {
    search: &'a mut Dfpn<G>,
    holder: Player,
    /// Positions taken (by key), and their index in `nodes`.
    taken: HashMap<u64, usize>,
    /// The strategy's nodes in the order taken, by key (`None` while the
    /// position is still being decided).
    nodes: Vec<(u64, Option<Node>)>,
    /// Keys of the positions of the current line.
    line: Vec<u64>,
}

impl<G: Searchable> HoldBuilder<'_, G> {
    /// Whether the holder holds `position` (a canonical image), taking it
    /// and what it needs into the strategy if so.
    fn hold(&mut self, position: &G) -> Result<bool, String> {
        let key = position.hash();
        if self.taken.contains_key(&key) {
            return Ok(true);
        }
        if self.nodes.len() >= MAX_PROOF_NODES {
            return Err(format!(
                "the hold has more than {MAX_PROOF_NODES} nodes: too large to write"
            ));
        }
        if self.known_lost(position) {
            return Ok(false);
        }
        let mark = self.nodes.len();
        self.taken.insert(key, mark);
        self.nodes.push((key, None));
        self.line.push(key);
        let chosen = if position.side_to_move() == self.holder {
            self.choose(position)?
        } else {
            self.answer_all(position)?.then_some(None)
        };
        self.line.pop();
        match chosen {
            Some(mv) => {
                self.nodes[mark].1 = Some(Node {
                    fen: position.to_fen(),
                    mv: mv.map(|mv| position.format_move(mv)),
                });
                Ok(true)
            }
            None => {
                // Undo this position and everything taken after it.
                for (taken, _) in self.nodes.drain(mark..) {
                    self.taken.remove(&taken);
                }
                Ok(false)
            }
        }
    }

    /// Whether the other side is known to win `position`: the rules, a
    /// solved table or its search's proof.
    fn known_lost(&self, position: &G) -> bool {
        self.search.leaf(position).pn == 0
    }

    /// The holder's move at `position`: `Some(Some(mv))` if one holds.
    fn choose(&mut self, position: &G) -> Result<Option<Option<G::Move>>, String> {
        let mut candidates = Vec::new();
        for mv in legal_moves(position) {
            let child = child_of(position, mv);
            let rank = match child.result() {
                GameResult::Ongoing => {
                    let image = canonical_image(&child);
                    match self.taken.contains_key(&image.hash()) {
                        true => 1,
                        false => match self.search.leaf(&image) {
                            n if n.pn == 0 => continue,
                            n if n.dn == 0 => 2,
                            n => 3 + u64::from(n.dn),
                        },
                    }
                }
                GameResult::Win(w) if w != self.holder => continue,
                _ => 0,
            };
            candidates.push((rank, mv, child));
        }
        candidates.sort_by_key(|(rank, _, _)| *rank);
        for (rank, mv, child) in candidates {
            if rank == 0 || self.hold_child(&child, rank > 2)? {
                return Ok(Some(Some(mv)));
            }
        }
        Ok(None)
    }

    /// Whether every move of the other side at `position` is held.
    fn answer_all(&mut self, position: &G) -> Result<bool, String> {
        let mut children = Vec::new();
        for mv in legal_moves(position) {
            let child = child_of(position, mv);
            match child.result() {
                GameResult::Ongoing => {}
                GameResult::Win(w) if w != self.holder => return Ok(false),
                _ => continue,
            }
            let image = canonical_image(&child);
            if self.known_lost(&image) {
                return Ok(false);
            }
            children.push(image);
        }
        for child in children {
            if !self.hold_child(&child, true)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the holder holds `child`; an open one (`search_first`) is
    /// first searched, with the line so far before it, so a position the
    /// other side wins is not explored move by move.
    fn hold_child(&mut self, child: &G, search_first: bool) -> Result<bool, String> {
        let image = canonical_image(child);
        if search_first && !self.taken.contains_key(&image.hash()) {
            let numbers = self.search.leaf(&image);
            if !numbers.is_final() {
                let limit = Limit {
                    nodes: self.search.nodes + RESEARCH_NODES,
                    deadline: None,
                };
                let line = self.line.clone();
                if self.search.run(&image, &line, limit).pn == 0 {
                    return Ok(false);
                }
            }
        }
        self.hold(&image)
    }
}
