//! The picture of an Alfred's Wyke position: the plots with their tiles,
//! and the chart of move types with both markers, as the board draws it.

use super::moves::KIND_NAMES;
use super::{side_name, Wyke, FULL};
use crate::svg::{badge, cell_name, colour, label, rect, Area, Canvas, Draw, Grid, Part};
use crate::{Game, Player};

/// The Builder's colour (his plots, his marker).
const BUILDER: &str = "#d0782c";
/// The Destroyer's.
const DESTROYER: &str = "#45607a";
/// An unclaimed plot by its tiles, 1 to 7: the board's hsl(35, 45 %,
/// 92 − 5 · tiles %), darker with more tiles.
const EARTH: [&str; 7] = [
    "#ede0cf", "#e6d5bc", "#dfc9aa", "#d8bd97", "#d1b185", "#caa572", "#c39a60",
];
/// The width of the chart of move types.
const CHART_WIDTH: f64 = 160.0;
/// The distance between two types on the chart.
const CHART_STEP: f64 = 52.0;

impl<const N: usize> Draw for Wyke<N> {
    fn draw(&self, canvas: &mut Canvas) {
        let cell = if N == 4 { 90.0 } else { 66.0 };
        let grid = Grid::square(N, cell);
        let chart_x = 30.0 + N as f64 * cell + 30.0;
        let height = (N as f64 * cell + 50.0).max(5.0 * CHART_STEP + 60.0);
        canvas.set_size(chart_x + CHART_WIDTH + 30.0, height);
        for file in 0..N {
            for rank in 0..N {
                self.draw_plot(canvas, grid.area(canvas, file, rank), file, rank);
            }
        }
        grid.coordinates(canvas);
        self.draw_chart(canvas, chart_x);
    }

    /// `2-1-1(b3,b1,d2)` names its type and its plots.
    fn move_parts(text: &str) -> Vec<String> {
        match text.split_once('(') {
            Some((kind, plots)) => std::iter::once(kind)
                .chain(plots.trim_end_matches(')').split(','))
                .map(|word| word.trim().to_string())
                .collect(),
            None => vec![text.to_string()],
        }
    }
}

impl<const N: usize> Wyke<N> {
    /// One plot: its colour by owner or tiles, the count, the tiles as pips.
    fn draw_plot(&self, canvas: &mut Canvas, area: Area, file: usize, rank: usize) {
        let tiles = self.tiles[file * N + rank];
        let claimed = tiles == FULL || tiles == 0;
        let fill = match tiles {
            FULL => BUILDER,
            0 => DESTROYER,
            _ => EARTH[usize::from(tiles) - 1],
        };
        let background = area.inset(2.0).rect(6.0).fill(fill);
        canvas.part(
            Part::Cell,
            &cell_name(file, rank),
            area,
            background,
            |canvas| {
                let (cx, cy) = area.centre();
                let (text, ink) = match tiles {
                    FULL => ("B".to_string(), "#fff"),
                    0 => ("D".to_string(), "#fff"),
                    _ => (tiles.to_string(), colour::INK),
                };
                canvas.add(
                    label(cx, cy - 6.0, &text, area.width * 0.38)
                        .attr("font-weight", 700)
                        .fill(ink),
                );
                for tile in 0..tiles {
                    let pip = rect(
                        cx - 22.0 + f64::from(tile % 4) * 11.0,
                        area.y + area.height - 22.0 + f64::from(tile / 4) * 8.0,
                        9.0,
                        6.0,
                    )
                    .num("rx", 1.0);
                    canvas.add(if claimed {
                        pip.fill("#fff").num("fill-opacity", 0.7)
                    } else {
                        pip.fill("#9c6b3a")
                    });
                }
            },
        );
    }

    /// The move types, those under a marker greyed with the marker on them,
    /// and the side to move.
    fn draw_chart(&self, canvas: &mut Canvas, x: f64) {
        canvas.add(label(x + 80.0, 18.0, "move types", 13.0).fill(colour::MUTED));
        let markers = [Player::First, Player::Second].map(|player| self.marker(player));
        for (kind, name) in KIND_NAMES.iter().enumerate() {
            let area = Area::new(x, 34.0 + kind as f64 * CHART_STEP, CHART_WIDTH, 44.0);
            let held = markers.map(|marker| marker == Some(kind as u8));
            let blocked = held.contains(&true);
            let background = area
                .rect(6.0)
                .fill(if blocked { "#d9d2c6" } else { "#f7f0e1" });
            canvas.part(Part::Kind, name, area, background, |canvas| {
                let cy = area.centre().1;
                canvas.add(
                    label(x + 62.0, cy, name, 16.0)
                        .attr("font-weight", 600)
                        .fill(if blocked { "#8a8173" } else { colour::INK }),
                );
                for (held, (text, fill, dx)) in held
                    .into_iter()
                    .zip([("B", BUILDER, 128.0), ("D", DESTROYER, 150.0)])
                {
                    if held {
                        badge(canvas, x + dx, cy, text, fill);
                    }
                }
            });
        }
        let caption = format!("{} to move", side_name(self.side_to_move()));
        let y = 34.0 + 5.0 * CHART_STEP + 14.0;
        canvas.add(
            label(x + CHART_WIDTH / 2.0, y, &caption, 14.0)
                .attr("font-weight", 600)
                .fill(colour::ACCENT),
        );
    }
}
