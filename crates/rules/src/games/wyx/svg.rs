//! The picture of a Wyx position: the board with its strongholds, tokens
//! and horsemen, the rack of dominoes and the hands, as the board draws it.

use super::rack::{colour as colour_of, format_domino, jump, COLUMNS, COLUMN_SIZE};
use super::Wyx;
use crate::svg::{cell_name, circle, colour, label, path, Area, Canvas, Draw, Grid, Part};
use crate::{Game, Player};

/// A square's side.
const SQUARE: f64 = 60.0;
/// A domino's width and height on the rack.
const DOMINO: (f64, f64) = (46.0, 40.0);
/// The dominoes' colours: up-left, down-left, down-right, up-right.
const DOMINO_COLOURS: [&str; 4] = ["#3f8f5a", "#3a6fb0", "#b0503a", "#b08a2a"];
/// Strongholds' outlines and worth.
const STRONGHOLD: &str = "#8a6a2a";

impl Draw for Wyx {
    fn draw(&self, canvas: &mut Canvas) {
        let grid = Grid::square(8, SQUARE);
        let rack_x = 30.0 + 8.0 * SQUARE + 30.0;
        canvas.set_size(
            rack_x + COLUMNS as f64 * DOMINO.0 + 10.0,
            8.0 * SQUARE + 90.0,
        );
        for square in 0..64u8 {
            let area = grid.area(canvas, usize::from(square % 8), usize::from(square / 8));
            self.draw_square(canvas, square, area);
        }
        grid.coordinates(canvas);
        self.draw_rack(canvas, rack_x);
        for player in [Player::First, Player::Second] {
            let mover = player == self.side_to_move();
            let text = format!(
                "{} in hand: {}{}",
                if player == Player::First {
                    "White"
                } else {
                    "Black"
                },
                self.hands[player.index()],
                if mover { " (to move)" } else { "" }
            );
            let y = 8.0 * SQUARE + 50.0 + player.index() as f64 * 22.0;
            canvas.add(
                label(30.0 + 2.5 * SQUARE, y, &text, 14.0)
                    .attr("font-weight", if mover { 700 } else { 400 })
                    .fill(colour::INK),
            );
        }
    }
}

impl Wyx {
    /// One square: its colour by owner or stronghold, its tokens, a
    /// horseman (ringed when it is to move).
    fn draw_square(&self, canvas: &mut Canvas, square: u8, area: Area) {
        let bit = 1u64 << square;
        let stronghold = self.strongholds & bit != 0;
        let owner = [Player::First, Player::Second]
            .into_iter()
            .find(|player| (self.forts[player.index()] | self.tokens[player.index()]) & bit != 0);
        let fill = match (owner, stronghold) {
            (Some(Player::First), true) => "#f4ecd9",
            (Some(Player::Second), true) => "#8f8372",
            (None, true) => "#e6cf98",
            // The board's checkering: a1 light.
            _ if (square % 8 + square / 8).is_multiple_of(2) => "#efe6d2",
            _ => "#e4d8bf",
        };
        let name = cell_name(usize::from(square % 8), usize::from(square / 8));
        canvas.part(
            Part::Cell,
            &name,
            area,
            area.rect(0.0).fill(fill),
            |canvas| {
                let (x, y) = (area.x, area.y);
                if stronghold {
                    let frame = area
                        .inset(4.0)
                        .rect(0.0)
                        .fill("none")
                        .stroke(STRONGHOLD, 2.0);
                    canvas.add(if owner.is_some() {
                        frame
                    } else {
                        frame.attr("stroke-dasharray", "4 3")
                    });
                    canvas.add(
                        label(x + 11.0, y + 12.0, &self.worth(square).to_string(), 12.0)
                            .attr("font-weight", 700)
                            .fill(STRONGHOLD),
                    );
                }
                if let Some(player) = owner {
                    let tokens = if stronghold { self.worth(square) } else { 1 };
                    for k in 0..tokens {
                        let offset = (f64::from(k) - f64::from(tokens - 1) / 2.0) * 13.0;
                        canvas.add(
                            circle(x + SQUARE / 2.0 + offset, y + SQUARE - 14.0, 7.0)
                                .fill(light_or_dark(player))
                                .stroke(colour::INK, 1.0),
                        );
                    }
                }
                if let Some(index) = self.horsemen.iter().position(|&at| at == square) {
                    let player = if index == 0 {
                        Player::First
                    } else {
                        Player::Second
                    };
                    self.draw_horseman(canvas, player, area);
                }
            },
        );
    }

    /// A horseman: a house shape with an H.
    fn draw_horseman(&self, canvas: &mut Canvas, player: Player, area: Area) {
        let (cx, cy) = (area.centre().0, area.centre().1 - 6.0);
        let d = format!(
            "M{} {} L{} {} L{} {} L{} {} L{} {} Z",
            cx - 13.0,
            cy + 12.0,
            cx - 13.0,
            cy - 6.0,
            cx,
            cy - 15.0,
            cx + 13.0,
            cy - 6.0,
            cx + 13.0,
            cy + 12.0
        );
        let shape = path(&d).fill(light_or_dark(player));
        canvas.add(if player == self.side_to_move() {
            shape.stroke(colour::ACCENT, 3.0)
        } else {
            shape.stroke(colour::INK, 1.5)
        });
        let ink = light_or_dark(player.opponent());
        canvas.add(label(cx, cy, "H", 14.0).attr("font-weight", 700).fill(ink));
    }

    /// The rack's columns, each domino named by its jump; the bottom one of
    /// each column (the one that can be taken) drawn solid.
    fn draw_rack(&self, canvas: &mut Canvas, x: f64) {
        let title_x = x + COLUMNS as f64 / 2.0 * DOMINO.0;
        canvas.add(label(title_x, 18.0, "rack (bottom row available)", 13.0).fill(colour::MUTED));
        for column in 0..COLUMNS {
            let bottom_first = self.rack.column_top_first(column).iter().rev();
            for (height, &domino) in bottom_first.enumerate() {
                let row = (COLUMN_SIZE - 1 - height) as f64;
                let area = Area::new(
                    x + column as f64 * DOMINO.0,
                    30.0 + row * DOMINO.1,
                    DOMINO.0,
                    DOMINO.1,
                );
                let shape = area
                    .inset(2.0)
                    .rect(5.0)
                    .fill(DOMINO_COLOURS[colour_of(domino)]);
                let background = if height == 0 {
                    shape
                } else {
                    shape.num("opacity", 0.45)
                };
                let name = format_domino(domino);
                canvas.part(Part::Domino, &name, area, background, |canvas| {
                    let (cx, cy) = area.centre();
                    let (dx, dy) = jump(domino);
                    let text = format!("{} {}", signed(dx), signed(dy));
                    canvas.add(
                        label(cx, cy, &text, 12.0)
                            .attr("font-weight", 600)
                            .fill("#fff"),
                    );
                });
            }
        }
    }
}

/// The colour of a player's tokens and horseman.
fn light_or_dark(player: Player) -> &'static str {
    match player {
        Player::First => colour::LIGHT,
        Player::Second => colour::INK,
    }
}

/// A jump's component with its sign, as the board writes it: `+2`, `−3`.
fn signed(value: i8) -> String {
    if value < 0 {
        format!("\u{2212}{}", -value)
    } else {
        format!("+{value}")
    }
}
