//! The picture of a Pylyx position: the board without its corners, the
//! placement area shaded, stacks with their heights, and the checkers in
//! hand, as the board draws it.

use super::notation::player_name;
use super::PylyxGame;
use crate::svg::{caption, cell_name, circle, colour, label, Canvas, Draw, Grid, Part};
use crate::{Game, Player};

impl<const N: usize> Draw for PylyxGame<N> {
    fn draw(&self, canvas: &mut Canvas) {
        let cell = if N == 12 { 44.0 } else { 52.0 };
        let grid = Grid::square(N, cell);
        let board = N as f64 * cell;
        canvas.set_size(30.0 + board + 20.0, board + 90.0);
        for file in 1..=N {
            for rank in 1..=N {
                if !Self::is_corner(file, rank) {
                    self.draw_cell(canvas, &grid, file, rank);
                }
            }
        }
        grid.coordinates(canvas);
        for player in [Player::First, Player::Second] {
            self.draw_hand(canvas, player, board + 48.0 + player.index() as f64 * 24.0);
        }
    }

    /// `e5-h8/2` names `e5` and `h8`.
    fn move_parts(text: &str) -> Vec<String> {
        let cells = text.split('/').next().unwrap_or_default();
        cells
            .split('-')
            .map(|cell| cell.trim().to_string())
            .collect()
    }
}

impl<const N: usize> PylyxGame<N> {
    /// One cell (`file` and `rank` from 1) and the stack on it.
    fn draw_cell(&self, canvas: &mut Canvas, grid: &Grid, file: usize, rank: usize) {
        let area = grid.area(canvas, file - 1, rank - 1);
        let inner = (2..N).contains(&file) && (2..N).contains(&rank);
        let background = area
            .rect(0.0)
            .fill(if inner { "#efe3c8" } else { "#d6c3a0" });
        let sq = Self::square(file, rank);
        let stack = [Player::First, Player::Second]
            .into_iter()
            .map(|player| (player, self.height_of(sq, player)))
            .find(|&(_, height)| height > 0);
        let name = cell_name(file - 1, rank - 1);
        canvas.part(Part::Cell, &name, area, background, |canvas| {
            let Some((player, height)) = stack else {
                return;
            };
            let (cx, cy) = area.centre();
            let r = area.width * 0.36;
            let (fill, ink) = checker_colours(player);
            // The checkers under the top one, as offset rims.
            for below in (1..height.min(4)).rev() {
                canvas.add(
                    circle(cx, cy + f64::from(below) * 2.5, r)
                        .fill(fill)
                        .stroke(colour::MUTED, 1.0),
                );
            }
            canvas.add(circle(cx, cy, r).fill(fill).stroke(colour::INK, 1.5));
            canvas.add(
                label(cx, cy, &height.to_string(), r)
                    .attr("font-weight", 700)
                    .fill(ink),
            );
        });
    }

    /// A player's checkers in hand on the line at `y`; the side to move's
    /// line in bold.
    fn draw_hand(&self, canvas: &mut Canvas, player: Player, y: f64) {
        let hand = self.hands[player.index()];
        let mover = player == self.side_to_move();
        let text = format!(
            "{} in hand: {hand}{}",
            player_name(player),
            if mover { " (to move)" } else { "" }
        );
        canvas.add(
            caption(30.0, y, &text)
                .attr("font-weight", if mover { 700 } else { 400 })
                .fill(colour::INK),
        );
        let (fill, _) = checker_colours(player);
        for k in 0..hand {
            canvas.add(
                circle(280.0 + f64::from(k) * 18.0, y, 7.0)
                    .fill(fill)
                    .stroke(colour::INK, 1.0),
            );
        }
    }
}

/// A player's checker colour and the colour of text on it.
fn checker_colours(player: Player) -> (&'static str, &'static str) {
    match player {
        Player::First => (colour::LIGHT, colour::INK),
        Player::Second => (colour::INK, colour::LIGHT),
    }
}
