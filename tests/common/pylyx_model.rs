//! A deliberately simple, independent model of the Pylyx rules, to check
//! the engine against: a 2-D array of signed heights, moves found by walking
//! cell by cell, moves as strings. Slow and obvious on purpose.

/// A position of the model.
#[derive(Clone, Debug)]
pub struct Model {
    /// Board size (12 or 10).
    pub n: i32,
    /// `board[rank][file]`, 0-based; +h white stack, -h black stack.
    pub board: Vec<Vec<i32>>,
    /// Checkers in hand: white, black.
    pub hands: [i32; 2],
    /// +1 white to move, -1 black.
    pub side: i32,
    /// Passes in a row.
    pub passes: i32,
    /// The last mover completed its stack.
    pub won: bool,
}

fn cell(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

impl Model {
    /// Reads the position notation (trusted input).
    pub fn parse(fen: &str) -> Model {
        let fields: Vec<&str> = fen.split(' ').collect();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        let n = ranks.len() as i32;
        let mut board = vec![vec![0; n as usize]; n as usize];
        for (i, text) in ranks.iter().enumerate() {
            let rank = n as usize - 1 - i;
            let mut file = 0;
            let mut digits = String::new();
            for c in text.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    file += digits.parse::<usize>().unwrap();
                    digits.clear();
                }
                if c.is_ascii_uppercase() {
                    board[rank][file] = (c as u8 - b'A' + 1) as i32;
                    file += 1;
                } else if c.is_ascii_lowercase() {
                    board[rank][file] = -((c as u8 - b'a' + 1) as i32);
                    file += 1;
                }
            }
        }
        let checkers = n - 2;
        let won = board.iter().flatten().any(|&h| h.abs() == checkers);
        Model {
            n,
            board,
            hands: [fields[2].parse().unwrap(), fields[3].parse().unwrap()],
            side: if fields[1] == "w" { 1 } else { -1 },
            passes: fields.get(4).map_or(0, |p| p.parse().unwrap()),
            won,
        }
    }

    fn exists(&self, file: i32, rank: i32) -> bool {
        let last = self.n - 1;
        (0..self.n).contains(&file)
            && (0..self.n).contains(&rank)
            && !((file == 0 || file == last) && (rank == 0 || rank == last))
    }

    fn hand(&self) -> i32 {
        self.hands[if self.side == 1 { 0 } else { 1 }]
    }

    /// Every legal move, as text.
    pub fn moves(&self) -> Vec<String> {
        if self.won || self.passes >= 2 {
            return Vec::new();
        }
        let n = self.n;
        let mut moves = Vec::new();
        if self.hand() > 0 {
            for rank in 1..n - 1 {
                for file in 1..n - 1 {
                    if self.board[rank as usize][file as usize] != 0 {
                        continue;
                    }
                    let own_in_line = (0..n).any(|i| {
                        self.board[rank as usize][i as usize] * self.side > 0
                            || self.board[i as usize][file as usize] * self.side > 0
                    });
                    if !own_in_line {
                        moves.push(cell(file, rank));
                    }
                }
            }
            if !moves.is_empty() {
                return moves;
            }
        }
        for rank in 0..n {
            for file in 0..n {
                let height = self.board[rank as usize][file as usize] * self.side;
                if height <= 0 {
                    continue;
                }
                for k in 1..=height.min(3) {
                    for (dx, dy) in [
                        (1, 1),
                        (1, -1),
                        (-1, 1),
                        (-1, -1),
                        (1, 0),
                        (-1, 0),
                        (0, 1),
                        (0, -1),
                    ] {
                        let diagonal = dx != 0 && dy != 0;
                        if (k == 1 && !diagonal) || (k == 2 && diagonal) {
                            continue;
                        }
                        let (mut x, mut y) = (file + dx, rank + dy);
                        while self.exists(x, y) {
                            let there = self.board[y as usize][x as usize] * self.side;
                            if there < 0 {
                                break;
                            }
                            let mut text = format!("{}-{}", cell(file, rank), cell(x, y));
                            if k < height {
                                text.push_str(&format!("/{k}"));
                            }
                            moves.push(text);
                            if there > 0 {
                                break;
                            }
                            x += dx;
                            y += dy;
                        }
                    }
                }
            }
        }
        if moves.is_empty() {
            moves.push("pass".to_string());
        }
        moves
    }

    fn parse_cell(text: &str) -> (usize, usize) {
        let file = (text.as_bytes()[0] - b'a') as usize;
        let rank = text[1..].parse::<usize>().unwrap() - 1;
        (file, rank)
    }

    /// The position after a legal move given as text.
    pub fn play(&self, mv: &str) -> Model {
        let mut next = self.clone();
        let me = if self.side == 1 { 0 } else { 1 };
        if mv == "pass" {
            next.passes += 1;
        } else if let Some((from, rest)) = mv.split_once('-') {
            let (to, k) = match rest.split_once('/') {
                Some((to, k)) => (to, Some(k.parse::<i32>().unwrap())),
                None => (rest, None),
            };
            let (ff, fr) = Model::parse_cell(from);
            let (tf, tr) = Model::parse_cell(to);
            let height = self.board[fr][ff].abs();
            let k = k.unwrap_or(height);
            next.board[fr][ff] -= k * self.side;
            next.board[tr][tf] += k * self.side;
            next.won = next.board[tr][tf].abs() == self.n - 2;
            next.passes = 0;
        } else {
            let (f, r) = Model::parse_cell(mv);
            next.board[r][f] = self.side;
            next.hands[me] -= 1;
            next.passes = 0;
        }
        next.side = -self.side;
        next
    }

    /// Writes the position notation.
    pub fn fen(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..self.n as usize).rev() {
            let mut text = String::new();
            let mut run = 0;
            for file in 0..self.n as usize {
                let h = self.board[rank][file];
                if h == 0 {
                    run += 1;
                    continue;
                }
                if run > 0 {
                    text += &run.to_string();
                    run = 0;
                }
                let base = if h > 0 { b'A' } else { b'a' };
                text.push((base + h.unsigned_abs() as u8 - 1) as char);
            }
            if run > 0 {
                text += &run.to_string();
            }
            ranks.push(text);
        }
        let side = if self.side == 1 { "w" } else { "b" };
        let mut fen = format!(
            "{} {side} {} {}",
            ranks.join("/"),
            self.hands[0],
            self.hands[1]
        );
        if self.passes > 0 {
            fen += &format!(" {}", self.passes);
        }
        fen
    }

    /// Leaves at exactly `depth`, finished positions counting nothing.
    pub fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}
