//! Wyke's position notation (rules.md), read with strict validation and
//! written back, and the drawing of a position for people.

use super::moves::{kind_from_name, KIND_NAMES};
use super::{Wyke, FULL, MAX_PLOTS, NO_MARKER};
use crate::text::slashed;
use crate::Player;

/// "Builder" or "Destroyer".
pub(super) fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "Builder",
        Player::Second => "Destroyer",
    }
}

fn marker_name(marker: u8) -> &'static str {
    KIND_NAMES.get(usize::from(marker)).copied().unwrap_or("-")
}

impl<const N: usize> Wyke<N> {
    /// Reads a position (`Game::from_fen`) and checks it could arise.
    pub(super) fn parse_position(fen: &str) -> Result<Self, String> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=5).contains(&fields.len()) {
            return Err(format!(
                "Wyke position needs 4 fields (board, side, Builder's marker, Destroyer's marker) \
                 and an optional count of passes in a row, got {}: '{fen}'",
                fields.len()
            ));
        }
        let ranks = slashed(fields[0], N, "board", "ranks")?;
        let mut tiles = [0u8; MAX_PLOTS];
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = N - 1 - row;
            let digits: Vec<char> = rank_text.chars().collect();
            if digits.len() != N {
                return Err(format!(
                    "rank {} '{rank_text}' must have {N} tile counts, has {}",
                    rank + 1,
                    digits.len()
                ));
            }
            for (file, c) in digits.iter().enumerate() {
                match c.to_digit(10) {
                    Some(count) if count <= u32::from(FULL) => tiles[file * N + rank] = count as u8,
                    _ => {
                        return Err(format!(
                            "bad tile count '{c}' on rank {}: counts are 0 to 8",
                            rank + 1
                        ))
                    }
                }
            }
        }
        let side = match fields[1] {
            "b" => Player::First,
            "d" => Player::Second,
            other => return Err(format!("bad side to move '{other}': use b or d")),
        };
        let marker = |text: &str, who: &str| -> Result<u8, String> {
            if text == "-" {
                return Ok(NO_MARKER);
            }
            kind_from_name(text).ok_or_else(|| {
                format!(
                    "bad {who} marker '{text}': use a move type ({}) or -",
                    KIND_NAMES.join(", ")
                )
            })
        };
        let markers = [
            marker(fields[2], "Builder's")?,
            marker(fields[3], "Destroyer's")?,
        ];
        let passes = match fields.get(4) {
            None => 0,
            Some(&"1") => 1,
            Some(&"2") => 2,
            Some(other) => {
                return Err(format!(
                    "bad passes-in-a-row field '{other}': use 1 or 2 (omit it for none)"
                ))
            }
        };
        let mut position = Wyke {
            tiles,
            side,
            markers,
            passes,
            hash: 0,
            owned: [0; 2],
        };
        for (plot, &count) in tiles.iter().enumerate().take(N * N) {
            position.set_tiles(plot, count);
        }
        position.validate()?;
        position.hash = position.compute_hash();
        Ok(position)
    }

    /// Writes the position (`Game::to_fen`).
    pub(super) fn write_position(&self) -> String {
        let ranks: Vec<String> = (0..N)
            .rev()
            .map(|rank| {
                (0..N)
                    .map(|file| char::from(b'0' + self.tiles[file * N + rank]))
                    .collect()
            })
            .collect();
        let side = if self.side == Player::First { 'b' } else { 'd' };
        let mut fen = format!(
            "{} {side} {} {}",
            ranks.join("/"),
            marker_name(self.markers[0]),
            marker_name(self.markers[1])
        );
        if self.passes > 0 {
            fen.push_str(&format!(" {}", self.passes));
        }
        fen
    }

    /// The board as text with the side to move and markers (`Game::render`).
    pub(super) fn drawing(&self) -> String {
        let mut out = String::new();
        for rank in (0..N).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..N {
                let cell = match self.tiles[file * N + rank] {
                    0 => " D".to_string(),
                    FULL => " B".to_string(),
                    t => format!("{t:>2}"),
                };
                out.push_str(&cell);
            }
            out.push('\n');
        }
        out.push_str("  ");
        for file in 0..N {
            out.push_str(&format!(" {}", (b'a' + file as u8) as char));
        }
        out.push_str(&format!(
            "\n{} to move; markers: Builder {}, Destroyer {}",
            side_name(self.side),
            marker_name(self.markers[0]),
            marker_name(self.markers[1])
        ));
        out
    }

    fn validate(&self) -> Result<(), String> {
        let [builder, destroyer] = self.markers;
        if builder != NO_MARKER && builder == destroyer {
            return Err(format!(
                "both markers on {}: no player may play the type under the other's marker",
                KIND_NAMES[usize::from(builder)]
            ));
        }
        let passed = self.passes > 0;
        if builder == NO_MARKER {
            if destroyer != NO_MARKER {
                return Err(
                    "Destroyer has a marker but Builder has none: Builder moves first".to_string(),
                );
            }
            if self.side == Player::Second && !passed {
                return Err(
                    "no marker is placed, so nobody has moved: Builder is to move (b)".to_string(),
                );
            }
        } else if destroyer == NO_MARKER && self.side == Player::First && !passed {
            return Err(
                "Destroyer has no marker, so it has not moved yet: Destroyer is to move (d)"
                    .to_string(),
            );
        }
        let mover = self.side;
        if self.has_won(mover) {
            return Err(format!(
                "{} to move but it has already won: the game ended before",
                side_name(mover)
            ));
        }
        if self.passes > 0 {
            self.validate_passes()?;
        }
        Ok(())
    }

    /// A pass changes nothing but the side to move, so the passes field
    /// says the last one or two passers stood in this very position with
    /// no legal move, and the move before the passes was a real one (its
    /// mover has a marker) unless the game began with them.
    fn validate_passes(&self) -> Result<(), String> {
        let passer = self.side.opponent();
        // The first passer of the run, and the side that moved before it.
        let (first, before) = if self.passes == 1 {
            (passer, self.side)
        } else {
            (self.side, passer)
        };
        let no_markers = self.markers == [NO_MARKER; 2];
        if self.markers[before.index()] == NO_MARKER && !(no_markers && first == Player::First) {
            let passes = if self.passes == 1 {
                format!("the {}'s pass", side_name(first))
            } else {
                format!(
                    "the passes of the {} and the {}",
                    side_name(first),
                    side_name(passer)
                )
            };
            return Err(format!(
                "{passes} must follow a move of the {}, which has no marker \
                 (only a pass of the Builder can open the game)",
                side_name(before)
            ));
        }
        if self.has_won(passer) {
            return Err(format!(
                "the {} passed but has already won: the game ended before the pass",
                side_name(passer)
            ));
        }
        let mut passers = vec![passer];
        if self.passes == 2 {
            passers.push(self.side);
        }
        for player in passers {
            let mut as_passer = self.clone();
            as_passer.side = player;
            if as_passer.has_any_move(&as_passer.reach()) {
                return Err(format!(
                    "the {} passed here but has a legal move: a side passes only when it \
                     has none, and a pass changes nothing else",
                    side_name(player)
                ));
            }
        }
        Ok(())
    }
}
