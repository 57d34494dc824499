//! How well Wyx's evaluation estimates the final margin (tokens in hand,
//! opponent's less own, at 100 a token): self-play games from the random
//! racks of seeds 1..=games, each move a search of `nodes` nodes with
//! `WyxScoring margin`; every position's evaluation (split into the hand
//! balance and the rest) is set against the margin the game ended with,
//! from the same side's point of view. Per stage of the game (dominoes
//! left), it prints the least-squares fit `margin ≈ a·balance + b·rest`, the
//! fit of the evaluation scaled as a whole (`margin ≈ k·eval`), and the
//! root-mean-square error of the evaluation as it is and as fitted.
//!
//! `cargo run --release --example wyx_margin -- <games> <nodes>`

use ludus_engine::search::{self, Limits, SearchRequest, Signals, TranspositionTable};
use ludus_rules::games::wyx::{Wyx, WyxSettings};
use ludus_rules::{Game, GameResult, Player, Searchable};

/// One position of a game: the stage, the side to move, its evaluation
/// split into hand balance and the rest.
struct Sample {
    dominoes: usize,
    side: Player,
    balance: f64,
    rest: f64,
}

/// Sums for a least-squares fit of `y ≈ a·x1 + b·x2` and of `y ≈ k·(x1 + x2)`.
#[derive(Default)]
struct Fit {
    n: f64,
    x11: f64,
    x12: f64,
    x22: f64,
    x1y: f64,
    x2y: f64,
    yy: f64,
}

impl Fit {
    fn add(&mut self, x1: f64, x2: f64, y: f64) {
        self.n += 1.0;
        self.x11 += x1 * x1;
        self.x12 += x1 * x2;
        self.x22 += x2 * x2;
        self.x1y += x1 * y;
        self.x2y += x2 * y;
        self.yy += y * y;
    }

    /// `(a, b)` of the two-term fit.
    fn two_terms(&self) -> (f64, f64) {
        let det = self.x11 * self.x22 - self.x12 * self.x12;
        (
            (self.x1y * self.x22 - self.x2y * self.x12) / det,
            (self.x2y * self.x11 - self.x1y * self.x12) / det,
        )
    }

    /// The root-mean-square error of `y ≈ a·x1 + b·x2`.
    fn rms(&self, a: f64, b: f64) -> f64 {
        let sse = self.yy - 2.0 * (a * self.x1y + b * self.x2y)
            + a * a * self.x11
            + 2.0 * a * b * self.x12
            + b * b * self.x22;
        (sse.max(0.0) / self.n).sqrt()
    }

    /// `k` of the one-factor fit `y ≈ k·(x1 + x2)`.
    fn scale(&self) -> f64 {
        (self.x1y + self.x2y) / (self.x11 + 2.0 * self.x12 + self.x22)
    }
}

fn main() {
    let number = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .map_or(Ok(default), |a| a.parse::<u64>())
    };
    let (Ok(games), Ok(nodes)) = (number(1, 100), number(2, 20_000)) else {
        eprintln!("usage: wyx_margin [games] [nodes per move]");
        std::process::exit(2);
    };
    let settings = WyxSettings { margin: true };
    let tt = TranspositionTable::new(16).expect("16 MiB");
    const STAGES: usize = 8;
    let mut fits: Vec<Fit> = (0..STAGES).map(|_| Fit::default()).collect();
    for seed in 1..=games {
        let mut position = Wyx::random_start(seed).expect("Wyx has random starts");
        let mut samples = Vec::new();
        tt.clear();
        while position.result() == GameResult::Ongoing {
            let me = position.side_to_move();
            let eval = f64::from(position.evaluate(&settings));
            let balance =
                100.0 * (f64::from(position.hand(me.opponent())) - f64::from(position.hand(me)));
            samples.push(Sample {
                dominoes: position.dominoes_left(),
                side: me,
                balance,
                rest: eval - balance,
            });
            let limits = Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
            let request = SearchRequest::new(&position, &settings, &limits);
            let outcome = search::search(&request, &tt, &Signals::new(false), &mut |_| {});
            let Some(mv) = outcome.best_move else { break };
            position.make_move(mv);
        }
        let hand = |p: Player| f64::from(position.hand(p));
        for sample in samples {
            let margin = 100.0 * (hand(sample.side.opponent()) - hand(sample.side));
            let stage = (sample.dominoes.saturating_sub(1) * STAGES / 64).min(STAGES - 1);
            fits[stage].add(sample.balance, sample.rest, margin);
        }
    }
    println!("dominoes  positions      a      b      k  rms(eval)  rms(a,b)  rms(k)");
    for (stage, fit) in fits.iter().enumerate().rev() {
        if fit.n < 3.0 {
            continue;
        }
        let (a, b) = fit.two_terms();
        let k = fit.scale();
        println!(
            "{:>2}..{:<2}   {:>9} {:>6.2} {:>6.2} {:>6.2} {:>10.0} {:>9.0} {:>7.0}",
            stage * 64 / STAGES + 1,
            (stage + 1) * 64 / STAGES,
            fit.n,
            a,
            b,
            k,
            fit.rms(1.0, 1.0),
            fit.rms(a, b),
            fit.rms(k, k),
        );
    }
}
