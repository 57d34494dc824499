//! Proof files: a solved position's value written as strategies that the
//! rules alone can check ([`verify`]), so a result does not rest on the
//! solver that found it being right.
//!
//! A file is text, one item a line (blank lines and `#` comments are
//! ignored):
//!
//! ```text
//! ludus-proof 1
//! game wyke
//! position 8800/0088/8800/4555 d 3-1 4
//! result loss 8
//! strategy win p1 8
//! node 8800/0088/8800/4555 d 3-1 4
//! node 0088/8800/0088/5557 b 4 2-1-1 ; 1-1-1-1-1(a1,b1,c1,d1)
//! …
//! end
//! ```
//!
//! `result` is the value for the side to move at `position`: `win N`,
//! `loss N` (N plies at most) or `draw`. Each `strategy` section gives a
//! set of positions (`node` lines) closed under a player's strategy:
//! - `strategy win P N`: player P (`p1` moves first in the game's start,
//!   `p2` second) wins within N plies: at each node where P moves, the move
//!   after ` ; ` leads to a P win or another node; at each node where the
//!   other side moves, every legal move does; and no line of play
//!   through the nodes repeats a position (the longest is N plies);
//! - `strategy hold P`: P never loses: the same closure, with every node
//!   an ongoing position and every end reached a P win or a draw. Lines
//!   may go round (a repetition is a draw), so P holds at least a draw.
//!
//! A win for the side to move is one `win` section for it, a loss one for
//! its opponent, a draw a `hold` section for each side. Nodes are written
//! as one image of the position under the game's symmetries (the one
//! [`crate::symmetry::canonical_hash`] picks); a move leads to a node when
//! the position it reaches is an image of that node.

pub mod proven;
pub mod verify;

use std::fmt;

use crate::game::Player;

/// The first line of every proof file, with its format version.
pub const MAGIC: &str = "ludus-proof 1";

/// The value a proof gives its root, for the side to move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins within this many plies.
    Win(u32),
    /// The side to move loses within this many plies.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(plies) => write!(f, "win {plies}"),
            Value::Loss(plies) => write!(f, "loss {plies}"),
            Value::Draw => write!(f, "draw"),
        }
    }
}

/// What a strategy section claims for its player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The player wins, the longest line taking this many plies.
    Win(u32),
    /// The player never loses.
    Hold,
}

/// One position of a strategy, in notation, with the player's move where
/// it is the player's turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The position (one image of it).
    pub fen: String,
    /// The strategy's move here, where its player moves.
    pub mv: Option<String>,
}

/// A strategy: a player, its claim, and the positions that make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// Whose strategy it is.
    pub player: Player,
    /// What it shows.
    pub claim: Claim,
    /// Its positions.
    pub nodes: Vec<Node>,
}

/// A whole proof file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The game's name.
    pub game: String,
    /// The position proved, in notation.
    pub position: String,
    /// Its value for the side to move.
    pub value: Value,
    /// The strategies that show it.
    pub strategies: Vec<Strategy>,
}

fn player_word(player: Player) -> &'static str {
    match player {
        Player::First => "p1",
        Player::Second => "p2",
    }
}

fn parse_player(word: &str) -> Result<Player, String> {
    match word {
        "p1" => Ok(Player::First),
        "p2" => Ok(Player::Second),
        other => Err(format!("bad player '{other}': use p1 or p2")),
    }
}

fn parse_plies(word: Option<&str>) -> Result<u32, String> {
    let word = word.ok_or("missing the number of plies")?;
    word.parse()
        .map_err(|_| format!("bad number of plies '{word}'"))
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{MAGIC}")?;
        writeln!(f, "game {}", self.game)?;
        writeln!(f, "position {}", self.position)?;
        writeln!(f, "result {}", self.value)?;
        for strategy in &self.strategies {
            let player = player_word(strategy.player);
            match strategy.claim {
                Claim::Win(plies) => writeln!(f, "strategy win {player} {plies}")?,
                Claim::Hold => writeln!(f, "strategy hold {player}")?,
            }
            for node in &strategy.nodes {
                match &node.mv {
                    Some(mv) => writeln!(f, "node {} ; {mv}", node.fen)?,
                    None => writeln!(f, "node {}", node.fen)?,
                }
            }
            writeln!(f, "end")?;
        }
        Ok(())
    }
}

/// A parsed proof and the line of each node (for messages), per strategy.
#[derive(Debug)]
pub struct Parsed {
    /// The proof.
    pub proof: Proof,
    /// `lines[s][n]`: the line number of node `n` of strategy `s`.
    pub lines: Vec<Vec<usize>>,
}

/// Reads a proof file's text. The error names the line and what is wrong.
pub fn parse(text: &str) -> Result<Parsed, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(at, line)| (at + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    let mut header = |key: &str| -> Result<String, String> {
        let (at, line) = lines
            .next()
            .ok_or_else(|| format!("the file ends before its '{key}' line"))?;
        match line.strip_prefix(key) {
            Some(rest) if key == MAGIC && rest.is_empty() => Ok(String::new()),
            Some(rest) if rest.starts_with(' ') => Ok(rest.trim().to_string()),
            _ => Err(format!("line {at}: expected '{key}', found '{line}'")),
        }
    };
    header(MAGIC).map_err(|e| format!("{e} (not a ludus proof file?)"))?;
    let game = header("game")?;
    let position = header("position")?;
    let value_text = header("result")?;
    let mut words = value_text.split_whitespace();
    let value = match words.next() {
        Some("win") => Value::Win(parse_plies(words.next())?),
        Some("loss") => Value::Loss(parse_plies(words.next())?),
        Some("draw") => Value::Draw,
        _ => {
            return Err(format!(
                "bad result '{value_text}': use win N, loss N or draw"
            ))
        }
    };
    let mut strategies = Vec::new();
    let mut node_lines = Vec::new();
    while let Some((at, line)) = lines.next() {
        let fail = |what: String| format!("line {at}: {what}");
        let words: Vec<&str> = line.split_whitespace().collect();
        let claim = match words.as_slice() {
            ["strategy", "win", player, plies] => (
                parse_player(player),
                parse_plies(Some(plies)).map(Claim::Win),
            ),
            ["strategy", "hold", player] => (parse_player(player), Ok(Claim::Hold)),
            _ => return Err(fail(format!("expected a 'strategy' line, found '{line}'"))),
        };
        let (player, claim) = (claim.0.map_err(fail)?, claim.1.map_err(fail)?);
        let mut nodes = Vec::new();
        let mut at_lines = Vec::new();
        loop {
            let (at, line) = lines
                .next()
                .ok_or_else(|| "the file ends inside a strategy: no 'end' line".to_string())?;
            if line == "end" {
                break;
            }
            let body = line.strip_prefix("node ").ok_or_else(|| {
                format!("line {at}: expected a 'node' or 'end' line, found '{line}'")
            })?;
            let node = match body.split_once(" ; ") {
                Some((fen, mv)) => Node {
                    fen: fen.trim().to_string(),
                    mv: Some(mv.trim().to_string()),
                },
                None => Node {
                    fen: body.trim().to_string(),
                    mv: None,
                },
            };
            nodes.push(node);
            at_lines.push(at);
        }
        strategies.push(Strategy {
            player,
            claim,
            nodes,
        });
        node_lines.push(at_lines);
    }
    Ok(Parsed {
        proof: Proof {
            game,
            position,
            value,
            strategies,
        },
        lines: node_lines,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proof_reads_back_as_written() {
        let proof = Proof {
            game: "alak".to_string(),
            position: "xx_o_____o_ x".to_string(),
            value: Value::Draw,
            strategies: vec![
                Strategy {
                    player: Player::First,
                    claim: Claim::Hold,
                    nodes: vec![Node {
                        fen: "xx_o_____o_ x".to_string(),
                        mv: Some("2-3".to_string()),
                    }],
                },
                Strategy {
                    player: Player::Second,
                    claim: Claim::Win(3),
                    nodes: vec![Node {
                        fen: "xx_o_____o_ x".to_string(),
                        mv: None,
                    }],
                },
            ],
        };
        let text = proof.to_string();
        assert_eq!(parse(&text).unwrap().proof, proof);
        assert_eq!(parse(&text).unwrap().lines, vec![vec![6], vec![9]]);
    }

    #[test]
    fn bad_files_are_refused_with_the_line() {
        assert!(parse("hello").unwrap_err().contains("not a ludus proof"));
        let text = "ludus-proof 1\ngame alak\nposition xx_o_____o_ x\nresult maybe\n";
        assert!(parse(text).unwrap_err().contains("bad result 'maybe'"));
        let text = "ludus-proof 1\ngame alak\nposition p\nresult draw\nstrategy hold p3\n";
        assert!(parse(text).unwrap_err().contains("line 5: bad player 'p3'"));
        let text = "ludus-proof 1\ngame alak\nposition p\nresult draw\nstrategy hold p1\nnode x\n";
        assert!(parse(text).unwrap_err().contains("no 'end' line"));
    }
}
