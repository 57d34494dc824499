//! The proof-number solver: the value of a position of any game under its
//! rules — win, loss or draw for the side to move — by two df-pn searches
//! ([`dfpn`]): "does the side to move win?" and "does its opponent?". A
//! win is a proof of the first, a loss of the second, a draw a disproof of
//! both (each side can hold the other to at most a draw). The two share
//! the budget, turn about, in slices that double. Proofs can be written as
//! files ([`extract`]) that the rules crate checks alone
//! ([`ludus_rules::proof::verify`]).

pub mod children;
pub mod dependence;
pub mod dfpn;
pub mod extract;
pub mod report;
pub mod table;

use std::time::Duration;

use ludus_rules::{Player, Searchable};
use web_time::Instant;

use dfpn::{Dfpn, Limit, Numbers};

/// What a solve may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Nodes over both searches.
    pub nodes: Option<u64>,
    /// Time.
    pub time: Option<Duration>,
}

impl Budget {
    /// The budget when none is given: ten million nodes.
    pub const DEFAULT: Budget = Budget {
        nodes: Some(10_000_000),
        time: None,
    };

    /// Reads `--budget`: a number of nodes (`500000`, `2M`, `1G`) or a
    /// time (`30s`, `5m`, `2h`, `250ms`).
    pub fn parse(text: &str) -> Result<Budget, String> {
        let bad = || {
            format!("bad budget '{text}': give nodes (e.g. 500000, 2M, 1G) or a time (e.g. 30s, 5m, 2h, 250ms)")
        };
        let text = text.trim();
        let digits = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(digits);
        let number: u64 = number.parse().map_err(|_| bad())?;
        if number == 0 {
            return Err(bad());
        }
        let nodes = |scale: u64| number.checked_mul(scale).ok_or_else(bad);
        let time = |scale: u64| -> Result<Duration, String> {
            Ok(Duration::from_millis(
                number.checked_mul(scale).ok_or_else(bad)?,
            ))
        };
        let (nodes, time) = match unit {
            "" => (Some(number), None),
            "k" | "K" => (Some(nodes(1_000)?), None),
            "M" => (Some(nodes(1_000_000)?), None),
            "G" => (Some(nodes(1_000_000_000)?), None),
            "ms" => (None, Some(time(1)?)),
            "s" => (None, Some(time(1_000)?)),
            "m" | "min" => (None, Some(time(60_000)?)),
            "h" => (None, Some(time(3_600_000)?)),
            _ => return Err(bad()),
        };
        Ok(Budget { nodes, time })
    }
}

/// How to solve.
#[derive(Clone, Debug)]
pub struct SolveConfig {
    /// What to spend.
    pub budget: Budget,
    /// Memory for the two searches' tables, in MiB.
    pub table_mib: usize,
    /// Whether the game's solved tables settle the positions they know
    /// (Alak's solution, Wyke's endgames); else search alone decides.
    pub use_tables: bool,
}

/// The value found for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It wins; the proof's longest line takes this many plies.
    Win(u32),
    /// It loses; the opponent's proof's longest line takes this many plies.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
    /// The budget ran out first.
    Unknown,
}

/// Which of the two questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Does the side to move win?
    MoverWins,
    /// Does its opponent win?
    OpponentWins,
}

/// A position being solved: the two searches and what they found.
pub struct Solver<G: Searchable> {
    root: G,
    /// "Does the side to move win?" and "does its opponent?".
    searches: [Dfpn<G>; 2],
    /// The root's numbers in each search.
    numbers: [Numbers; 2],
    started: Instant,
    elapsed: Duration,
}

/// Nodes a search is given at its first turn; each later turn doubles it.
const FIRST_SLICE: u64 = 4_096;

impl<G: Searchable> Solver<G> {
    /// A solver of `root` under `config`'s tables and memory.
    pub fn new(root: G, config: &SolveConfig) -> Self {
        let settings = config.use_tables.then(|| {
            let settings = crate::protocol::options::game_settings::<G>(&[])
                .expect("no options given, none can be wrong");
            G::prepare(&settings);
            settings
        });
        let bytes = config.table_mib.max(1) << 19;
        let mover = root.side_to_move();
        let searches = [
            Dfpn::new(mover, bytes, settings.clone()),
            Dfpn::new(mover.opponent(), bytes, settings),
        ];
        let numbers = [searches[0].leaf(&root), searches[1].leaf(&root)];
        Solver {
            root,
            searches,
            numbers,
            started: Instant::now(),
            elapsed: Duration::ZERO,
        }
    }

    /// The position solved.
    pub fn root(&self) -> &G {
        &self.root
    }

    /// Searches until the value is known or `budget` is spent.
    pub fn solve(&mut self, budget: Budget) -> Verdict {
        self.started = Instant::now();
        let deadline = budget.time.map(|time| self.started + time);
        let total = budget.nodes.unwrap_or(u64::MAX);
        let mut slice = FIRST_SLICE;
        while self.verdict() == Verdict::Unknown {
            let spent = self.nodes();
            if spent >= total || deadline.is_some_and(|end| Instant::now() >= end) {
                break;
            }
            for index in self.open_questions() {
                let left = total.saturating_sub(self.nodes());
                let search = &mut self.searches[index];
                let limit = Limit {
                    nodes: search.nodes + slice.min(left),
                    deadline,
                };
                self.numbers[index] = search.run(&self.root, &[], limit);
                if self.verdict() != Verdict::Unknown {
                    break;
                }
            }
            slice = slice.saturating_mul(2);
        }
        self.elapsed = self.started.elapsed();
        self.verdict()
    }

    /// The questions still worth searching: a proof of either settles the
    /// value; a disproof of one leaves the other.
    fn open_questions(&self) -> Vec<usize> {
        (0..2).filter(|&i| !self.numbers[i].is_final()).collect()
    }

    /// The value as far as the searches have gone.
    pub fn verdict(&self) -> Verdict {
        let [mover, opponent] = self.numbers;
        if mover.pn == 0 {
            Verdict::Win(mover.plies)
        } else if opponent.pn == 0 {
            Verdict::Loss(opponent.plies)
        } else if mover.dn == 0 && opponent.dn == 0 {
            Verdict::Draw
        } else {
            Verdict::Unknown
        }
    }

    /// The root's proof and disproof numbers in the search of `question`.
    pub fn root_numbers(&self, question: Question) -> Numbers {
        self.numbers[question as usize]
    }

    /// The search of `question`.
    pub fn search(&mut self, question: Question) -> &mut Dfpn<G> {
        &mut self.searches[question as usize]
    }

    /// Nodes searched over both questions.
    pub fn nodes(&self) -> u64 {
        self.searches.iter().map(|s| s.nodes).sum()
    }

    /// Entries held in both tables.
    pub fn table_entries(&self) -> usize {
        self.searches.iter().map(|s| s.table.len()).sum()
    }

    /// The time the last [`Solver::solve`] took.
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// The side whose win `question` asks about.
    pub fn attacker(&self, question: Question) -> Player {
        self.searches[question as usize].attacker
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_are_nodes_or_times() {
        assert_eq!(Budget::parse("500000").unwrap().nodes, Some(500_000));
        assert_eq!(Budget::parse("2M").unwrap().nodes, Some(2_000_000));
        assert_eq!(Budget::parse("3k").unwrap().nodes, Some(3_000));
        assert_eq!(
            Budget::parse("30s").unwrap().time,
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            Budget::parse("5m").unwrap().time,
            Some(Duration::from_secs(300))
        );
        assert_eq!(
            Budget::parse("250ms").unwrap().time,
            Some(Duration::from_millis(250))
        );
        for bad in ["", "0", "-3", "12x", "s", "1.5s", "99999999999999999999"] {
            let error = Budget::parse(bad).unwrap_err();
            assert!(error.starts_with("bad budget"), "{bad}: {error}");
        }
    }
}
