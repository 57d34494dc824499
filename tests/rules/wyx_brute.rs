//! Wyx cross-checked against a deliberately simple, independent reading of
//! rules.md: squares as strings, the rack as lists of jumps, every move made
//! by copying everything. Both must give the same children (as position
//! notation) at every node, and so the same perft counts.

use ludus_rules::games::wyx::Wyx;
use ludus_rules::perft::perft;
use ludus_rules::random::splitmix64;
use ludus_rules::Game;

#[derive(Clone)]
struct Brute {
    squares: Vec<String>,
    horsemen: [(i32, i32); 2],
    /// Columns bottom first.
    rack: Vec<Vec<(i32, i32)>>,
    hands: [i32; 2],
    side: usize,
}

fn sq_name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn parse_jump(s: &str) -> (i32, i32) {
    let b = s.as_bytes();
    let v = |sign: u8, d: u8| {
        let n = (d - b'0') as i32;
        if sign == b'-' {
            -n
        } else {
            n
        }
    };
    (v(b[0], b[1]), v(b[2], b[3]))
}

fn write_jump((dx, dy): (i32, i32)) -> String {
    let f = |v: i32| {
        if v < 0 {
            format!("{v}")
        } else {
            format!("+{v}")
        }
    };
    format!("{}{}", f(dx), f(dy))
}

impl Brute {
    fn parse(fen: &str) -> Brute {
        let f: Vec<&str> = fen.split(' ').collect();
        let mut squares = vec![String::new(); 64];
        for (r, rank) in f[0].split('/').enumerate() {
            let y = 7 - r;
            let mut x = 0;
            let chars: Vec<char> = rank.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                let mut cell = chars[i].to_string();
                if chars[i] == 'W' || chars[i] == 'B' {
                    i += 1;
                    cell.push(chars[i]);
                }
                squares[y * 8 + x] = cell;
                x += 1;
                i += 1;
            }
        }
        let sq = |s: &str| {
            let b = s.as_bytes();
            ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
        };
        let (w, b) = f[1].split_once(',').unwrap();
        let rack = f[2]
            .split('/')
            .map(|c| {
                if c == "-" {
                    vec![]
                } else {
                    c.split(',').map(parse_jump).collect()
                }
            })
            .collect();
        let (hw, hb) = f[3].split_once(',').unwrap();
        Brute {
            squares,
            horsemen: [sq(w), sq(b)],
            rack,
            hands: [hw.parse().unwrap(), hb.parse().unwrap()],
            side: usize::from(f[4] == "b"),
        }
    }

    fn fen(&self) -> String {
        let ranks: Vec<String> = (0..8)
            .rev()
            .map(|y| (0..8).map(|x| self.squares[y * 8 + x].clone()).collect())
            .collect();
        let rack: Vec<String> = self
            .rack
            .iter()
            .map(|c| {
                if c.is_empty() {
                    "-".to_string()
                } else {
                    c.iter()
                        .map(|&j| write_jump(j))
                        .collect::<Vec<_>>()
                        .join(",")
                }
            })
            .collect();
        format!(
            "{} {},{} {} {},{} {}",
            ranks.join("/"),
            sq_name(self.horsemen[0]),
            sq_name(self.horsemen[1]),
            rack.join("/"),
            self.hands[0],
            self.hands[1],
            if self.side == 0 { "w" } else { "b" }
        )
    }

    /// The columns whose bottom domino `player` may take, and where it lands.
    fn playable(&self, player: usize) -> Vec<(usize, (i32, i32))> {
        let (x, y) = self.horsemen[player];
        let mut out = vec![];
        for (c, column) in self.rack.iter().enumerate() {
            let Some(&(dx, dy)) = column.first() else {
                continue;
            };
            let to = (x + dx, y + dy);
            if to.0 < 0 || to.0 > 7 || to.1 < 0 || to.1 > 7 {
                continue;
            }
            if to == self.horsemen[1 - player] {
                continue;
            }
            let cell = &self.squares[(to.1 * 8 + to.0) as usize];
            if cell.starts_with('W') || cell.starts_with('B') {
                continue;
            }
            out.push((c, to));
        }
        out
    }

    fn over(&self) -> bool {
        self.hands[1 - self.side] == 0
            || self.rack.iter().all(|c| c.is_empty())
            || (self.playable(0).is_empty() && self.playable(1).is_empty())
    }

    fn children(&self) -> Vec<Brute> {
        if self.over() {
            return vec![];
        }
        let me = self.side;
        let moves = self.playable(me);
        if moves.is_empty() {
            let mut child = self.clone();
            child.side = 1 - me;
            return vec![child];
        }
        moves
            .into_iter()
            .map(|(c, to)| {
                let mut child = self.clone();
                child.rack[c].remove(0);
                child.horsemen[me] = to;
                let cell = &mut child.squares[(to.1 * 8 + to.0) as usize];
                if cell == "2" || cell == "3" {
                    let worth: i32 = cell.parse().unwrap();
                    let put = worth.min(child.hands[me]);
                    *cell = format!("{}{worth}", if me == 0 { 'W' } else { 'B' });
                    child.hands[me] -= put;
                } else {
                    if cell == "w" {
                        child.hands[0] += 1;
                    }
                    if cell == "b" {
                        child.hands[1] += 1;
                    }
                    *cell = if me == 0 { "w" } else { "b" }.to_string();
                    child.hands[me] -= 1;
                }
                child.side = 1 - me;
                child
            })
            .collect()
    }
}

fn engine_children(position: &Wyx) -> Vec<Wyx> {
    let mut moves = Vec::new();
    position.generate_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = position.clone();
            child.make_move(mv);
            child
        })
        .collect()
}

/// Brute-force perft that also checks the children at every node.
fn checked_perft(brute: &Brute, depth: u32) -> u64 {
    let engine = Wyx::from_fen(&brute.fen()).unwrap();
    let children = brute.children();
    let mut theirs: Vec<String> = children.iter().map(Brute::fen).collect();
    let mut ours: Vec<String> = engine_children(&engine).iter().map(Wyx::to_fen).collect();
    theirs.sort();
    ours.sort();
    assert_eq!(ours, theirs, "children differ at {}", brute.fen());
    if depth == 1 {
        return children.len() as u64;
    }
    children.iter().map(|c| checked_perft(c, depth - 1)).sum()
}

/// Perft from three racks at depths 1-4, by both implementations.
#[test]
fn perft_tables_agree_with_the_brute_force() {
    let tables: [(u64, [u64; 4]); 3] = [
        (2009, [7, 48, 214, 955]),
        (1, [8, 50, 205, 846]),
        (2, [8, 57, 218, 913]),
    ];
    for (seed, expected) in tables {
        let start = Wyx::random_start(seed).unwrap();
        let brute = Brute::parse(&start.to_fen());
        for depth in 1..=4 {
            let count = perft(&start, depth);
            assert_eq!(
                count,
                checked_perft(&brute, depth),
                "seed {seed} depth {depth}"
            );
            assert_eq!(
                count,
                expected[depth as usize - 1],
                "seed {seed} depth {depth}"
            );
        }
    }
}

/// Random games to the end from many racks: the same children at every ply,
/// so captures, strongholds, passes and all three endings are covered.
#[test]
fn random_games_agree_with_the_brute_force() {
    let mut rng = 0x5779_u64;
    let mut endings = [0usize; 3];
    for seed in 0..60 {
        let mut position = Wyx::random_start(seed).unwrap();
        loop {
            let brute = Brute::parse(&position.to_fen());
            checked_perft(&brute, 1);
            let children = engine_children(&position);
            if children.is_empty() {
                let last = 1 - brute.side;
                if brute.hands[last] == 0 {
                    endings[0] += 1;
                } else if brute.rack.iter().all(|c| c.is_empty()) {
                    endings[1] += 1;
                } else {
                    endings[2] += 1;
                }
                break;
            }
            let (state, value) = splitmix64(rng);
            rng = state;
            position = children[(value % children.len() as u64) as usize].clone();
        }
    }
    // Each of the three endings: hand emptied, rack empty, nobody can play.
    assert!(endings.iter().all(|&n| n > 0), "{endings:?}");
}
