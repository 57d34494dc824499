//! The picture of an Alak position: the row of 11 slots with their
//! numbers, as the board draws it.

use super::{player_char, Alak, SLOTS};
use crate::svg::{caption, circle, colour, label, Area, Canvas, Draw, Part};
use crate::{Game, Player};

/// A slot's width.
const SLOT: f64 = 60.0;

impl Draw for Alak {
    fn draw(&self, canvas: &mut Canvas) {
        canvas.set_size(f64::from(SLOTS) * SLOT + 20.0, 136.0);
        for slot in 0..SLOTS {
            let column = if canvas.flipped() {
                SLOTS - 1 - slot
            } else {
                slot
            };
            let x = 10.0 + f64::from(column) * SLOT;
            let area = Area::new(x + 4.0, 20.0, SLOT - 8.0, SLOT - 8.0);
            let name = (slot + 1).to_string();
            let piece = [Player::First, Player::Second]
                .into_iter()
                .find(|player| self.pieces[player.index()] & 1 << slot != 0);
            canvas.part(
                Part::Cell,
                &name,
                area,
                area.rect(10.0).fill("#e9dcc3"),
                |canvas| {
                    if let Some(player) = piece {
                        let (fill, ink) = match player {
                            Player::First => (colour::INK, colour::LIGHT),
                            Player::Second => (colour::LIGHT, colour::INK),
                        };
                        let (cx, cy) = area.centre();
                        canvas.add(circle(cx, cy, 19.0).fill(fill).stroke(colour::INK, 1.5));
                        canvas.add(label(cx, cy, &player_char(player).to_string(), 16.0).fill(ink));
                    }
                },
            );
            canvas.add(label(x + SLOT / 2.0, 98.0, &name, 14.0).fill(colour::MUTED));
        }
        let text = format!("{} to move", player_char(self.side_to_move()));
        canvas.add(caption(14.0, 124.0, &text).fill(colour::INK));
    }
}
