//! A test game played on a small random directed graph: a token stands on
//! a node, and the side to move takes it along one of its own edges (each
//! side has its own). Some nodes end the game in a win for one side; a
//! side with no edge passes, and two passes in a row draw; cycles make
//! draws by repetition. Small graphs with many cycles and dead ends put a
//! solver through every case a real game rarely shows (no position of
//! Wyke or Pylyx has both sides stuck), and a referee can enumerate them.
//!
//! The graph is set per thread ([`GraphGame::set_graph`]) so the position
//! notation (`node side passes`, e.g. `7 1 0`) can be read back, as a
//! proof checker does.

use std::cell::RefCell;
use std::sync::Arc;

use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameMove, GameResult, Player, SearchFeatures, Searchable};

use super::rng::Rng;

/// A graph: per node, per side, the nodes the side may move to; per node,
/// the winner if the game ends there.
#[derive(Debug)]
pub struct Graph {
    edges: Vec<[Vec<u8>; 2]>,
    winner: Vec<Option<Player>>,
}

impl Graph {
    /// A random graph of `nodes` nodes (at most 200): each node ends the
    /// game with chance 1/6, else each side gets 0 to 3 edges (none with
    /// chance 1/5).
    pub fn random(rng: &mut Rng, nodes: usize) -> Graph {
        let mut edges = Vec::new();
        let mut winner = Vec::new();
        for node in 0..nodes {
            let ends = node > 0 && rng.below(6) == 0;
            winner.push(ends.then(|| match rng.below(2) {
                0 => Player::First,
                _ => Player::Second,
            }));
            let mut sides = [Vec::new(), Vec::new()];
            for side in &mut sides {
                if rng.below(5) > 0 {
                    for _ in 0..1 + rng.below(3) {
                        let to = rng.below(nodes) as u8;
                        if !side.contains(&to) {
                            side.push(to);
                        }
                    }
                }
            }
            edges.push(sides);
        }
        Graph { edges, winner }
    }
}

thread_local! {
    static GRAPH: RefCell<Option<Arc<Graph>>> = const { RefCell::new(None) };
}

/// A move: the node moved to, or the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphMove(u8);

const PASS: GraphMove = GraphMove(u8::MAX);

impl GameMove for GraphMove {
    fn to_bits(self) -> u32 {
        u32::from(self.0)
    }
    fn from_bits(bits: u32) -> Self {
        GraphMove(bits as u8)
    }
}

/// A position: the graph, the node, the side to move, passes in a row.
#[derive(Clone, Debug)]
pub struct GraphGame {
    graph: Arc<Graph>,
    node: u8,
    side: Player,
    passes: u8,
}

impl GraphGame {
    /// Makes `graph` the graph of this thread's positions.
    pub fn set_graph(graph: Graph) {
        GRAPH.with(|g| *g.borrow_mut() = Some(Arc::new(graph)));
    }

    fn graph() -> Arc<Graph> {
        GRAPH.with(|g| g.borrow().clone().expect("set_graph first"))
    }

    /// The position at `node` with `side` to move, no passes before.
    pub fn at(node: u8, side: Player) -> Self {
        GraphGame {
            graph: Self::graph(),
            node,
            side,
            passes: 0,
        }
    }

    fn edges(&self) -> &[u8] {
        &self.graph.edges[usize::from(self.node)][self.side.index()]
    }
}

impl Game for GraphGame {
    type Move = GraphMove;
    const NAME: &'static str = "graph";

    fn startpos() -> Self {
        GraphGame::at(0, Player::First)
    }

    fn from_fen(fen: &str) -> Result<Self, String> {
        let fields: Vec<u8> = fen
            .split_whitespace()
            .map(|f| f.parse().map_err(|_| format!("bad field '{f}'")))
            .collect::<Result<_, _>>()?;
        let [node, side, passes] = fields[..] else {
            return Err(format!("'{fen}': node side passes"));
        };
        let graph = Self::graph();
        if usize::from(node) >= graph.edges.len() || side > 1 || passes > 2 {
            return Err(format!("'{fen}' is off the graph"));
        }
        let side = if side == 0 {
            Player::First
        } else {
            Player::Second
        };
        Ok(GraphGame {
            graph,
            node,
            side,
            passes,
        })
    }

    fn to_fen(&self) -> String {
        format!("{} {} {}", self.node, self.side.index(), self.passes)
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn hash(&self) -> u64 {
        let code =
            u64::from(self.node) << 8 | (self.side.index() as u64) << 4 | u64::from(self.passes);
        splitmix64(code ^ 0x6A09_E667).1
    }

    fn parse_move(&self, text: &str) -> Result<GraphMove, String> {
        let mv = match text {
            "pass" => PASS,
            _ => GraphMove(text.parse().map_err(|_| format!("bad move '{text}'"))?),
        };
        match self.is_legal(mv) {
            true => Ok(mv),
            false => Err(format!("illegal move '{text}'")),
        }
    }

    fn format_move(&self, mv: GraphMove) -> String {
        match mv {
            PASS => "pass".to_string(),
            GraphMove(to) => to.to_string(),
        }
    }

    fn generate_moves(&self, moves: &mut Vec<GraphMove>) {
        if self.result() != GameResult::Ongoing {
            return;
        }
        moves.extend(self.edges().iter().map(|&to| GraphMove(to)));
        if moves.is_empty() {
            moves.push(PASS);
        }
    }

    fn make_move(&mut self, mv: GraphMove) {
        if mv == PASS {
            self.passes += 1;
        } else {
            self.node = mv.0;
            self.passes = 0;
        }
        self.side = self.side.opponent();
    }

    fn is_legal(&self, mv: GraphMove) -> bool {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.contains(&mv)
    }

    fn is_irreversible(&self, _: GraphMove) -> bool {
        false
    }

    fn result(&self) -> GameResult {
        match self.graph.winner[usize::from(self.node)] {
            Some(winner) => GameResult::Win(winner),
            None if self.passes >= 2 => GameResult::Draw,
            None => GameResult::Ongoing,
        }
    }

    fn result_reason(&self) -> String {
        format!("the token is on node {}", self.node)
    }

    fn render(&self) -> String {
        self.to_fen()
    }

    const NUM_ACTIONS: usize = 256;

    fn action_of(&self, mv: GraphMove) -> usize {
        usize::from(mv.0)
    }

    const OBSERVATION_SHAPE: [usize; 3] = [1, 1, 1];

    fn observe(&self, out: &mut [f32]) {
        out[0] = 0.0;
    }
}

impl Searchable for GraphGame {
    type Settings = ();
    const MOVE_INDEX_COUNT: usize = 256;
    const SEARCH_FEATURES: SearchFeatures = SearchFeatures::ALL;
    const LOGISTIC_SCALE: f64 = 100.0;

    fn move_index(&self, mv: GraphMove) -> usize {
        usize::from(mv.0)
    }

    fn is_noisy(&self, _: GraphMove) -> bool {
        false
    }

    fn evaluate(&self, _: &()) -> i32 {
        0
    }
}
