//! Pictures of positions in SVG, drawn in one place for every user: the
//! `ludus render` command, the Python package (`ludus.svg`, Jupyter) and
//! the guide's diagrams. Each game draws itself ([`Draw`], in its own
//! `svg.rs`) on a [`Canvas`] with the primitives of `shapes`; [`svg`] adds what
//! every game's picture takes the same way: the last move framed, arrows,
//! the orientation and the size.
//!
//! Every cell is one `<g data-cell="…">` element named as the notation
//! names it, and so is every other named part (`data-kind` for Alfred's
//! Wyke's move types, `data-domino` for Wyx's rack), so a program or a
//! test can find them; the last move's parts carry `data-last="true"`. The
//! colours are the board's (crates/board/assets/draw.js and style.css).
//! Plain string building: the rules crate depends on nothing.

use std::fmt::Write as _;

use crate::game::Game;

mod shapes;

use shapes::escaped;
pub use shapes::{caption, circle, colour, label, path, rect, Area, Element, Num};

/// What a picture shows besides the position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SvgOptions {
    /// The move that led to the position, in the game's notation: the
    /// cells (and other parts) it names are framed.
    pub last_move: Option<String>,
    /// Arrows from one cell to another, by name, e.g. `("d4", "f2")`; an
    /// arrow from a cell to itself rings the cell.
    pub arrows: Vec<(String, String)>,
    /// Seen from the second player's side: files and ranks reversed.
    pub flip: bool,
    /// The picture's width in pixels, the height in proportion; `None`:
    /// the drawing's own size.
    pub size: Option<u32>,
}

/// A game that draws its positions: every game of the registry does (the
/// tools' trait, `Tooling`, requires it).
pub trait Draw: Game {
    /// Draws the position on `canvas`: sets its size, then draws every
    /// cell with [`Canvas::part`] named as the notation names it, the
    /// pieces inside it, and what else the position holds (hands, racks,
    /// markers), seen from the side [`Canvas::flipped`] says.
    fn draw(&self, canvas: &mut Canvas);

    /// The parts a move written `text` names, for framing it as the last
    /// move: by default the words of its notation (`3-5`: `3` and `5`). It
    /// reads the notation only: the move was played in the position
    /// before, so it need not be legal here.
    fn move_parts(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_string)
            .collect()
    }
}

/// The kinds of named parts of a picture, each with its attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// A cell of the board (`data-cell`).
    Cell,
    /// Something else a move names, like a move type (`data-kind`).
    Kind,
    /// A domino of a rack (`data-domino`).
    Domino,
}

impl Part {
    /// The attribute naming a part of this kind.
    pub fn attribute(self) -> &'static str {
        match self {
            Part::Cell => "data-cell",
            Part::Kind => "data-kind",
            Part::Domino => "data-domino",
        }
    }
}

/// A named part drawn on the canvas: where arrows attach.
struct Placed {
    name: String,
    area: Area,
}

/// What a game draws on: the picture's size and elements, and the named
/// parts drawn so far.
pub struct Canvas {
    width: f64,
    height: f64,
    flip: bool,
    body: String,
    /// The parts the last move names, in lower case.
    marked: Vec<String>,
    /// The groups of the last move's parts, drawn on top of the others.
    raised: String,
    placed: Vec<Placed>,
}

impl Canvas {
    /// An empty canvas; the parts named in `marked` are framed as the last
    /// move's.
    fn new(flip: bool, marked: Vec<String>) -> Canvas {
        Canvas {
            width: 0.0,
            height: 0.0,
            flip,
            body: String::new(),
            marked: marked.iter().map(|name| name.to_lowercase()).collect(),
            raised: String::new(),
            placed: Vec::new(),
        }
    }

    /// Sets the size of the drawing in its own units (the view box).
    pub fn set_size(&mut self, width: f64, height: f64) {
        self.width = width;
        self.height = height;
    }

    /// Whether the picture is seen from the second player's side.
    pub fn flipped(&self) -> bool {
        self.flip
    }

    /// Draws `element`.
    pub fn add(&mut self, element: Element) {
        element.write_to(&mut self.body);
    }

    /// Draws a named part: a group carrying its name, `background` as its
    /// first element (its outline set here: the last move's frame or a
    /// cell's edge), then what `contents` draws inside it. `area` is where
    /// arrows attach.
    pub fn part(
        &mut self,
        part: Part,
        name: &str,
        area: Area,
        background: Element,
        contents: impl FnOnce(&mut Canvas),
    ) {
        let last = self.marked.contains(&name.to_lowercase());
        // The last move's parts are drawn after the others, so that no
        // neighbour covers their frame.
        let others = last.then(|| std::mem::take(&mut self.body));
        let _ = write!(self.body, "<g {}=\"{}\"", part.attribute(), escaped(name));
        self.body.push_str(if last {
            " data-last=\"true\">\n"
        } else {
            ">\n"
        });
        let background = background.attr("class", "cell-bg");
        self.add(if last {
            background.stroke(colour::LAST, 5.0)
        } else {
            background.stroke(colour::CELL_EDGE, 1.0)
        });
        contents(self);
        self.body.push_str("</g>\n");
        if let Some(others) = others {
            let group = std::mem::replace(&mut self.body, others);
            self.raised.push_str(&group);
        }
        self.placed.push(Placed {
            name: name.to_string(),
            area,
        });
    }

    /// The area of the part called `name` (in any case), if drawn.
    fn area_of(&self, name: &str) -> Option<Area> {
        self.placed
            .iter()
            .find(|placed| placed.name.eq_ignore_ascii_case(name))
            .map(|placed| placed.area)
    }

    /// Draws an arrow from the centre of one area to the other's, or a
    /// ring when they are the same.
    fn arrow(&mut self, from: Area, to: Area, name: &str) {
        let extent = to.width.min(to.height);
        let ((x0, y0), (x1, y1)) = (from.centre(), to.centre());
        let (dx, dy) = (x1 - x0, y1 - y0);
        let length = dx.hypot(dy);
        let shape = if length < 1.0 {
            circle(x1, y1, extent * 0.42)
                .fill("none")
                .stroke(colour::ARROW, extent * 0.08)
        } else {
            let (ux, uy) = (dx / length, dy / length);
            let (shaft, head, wide) = (extent * 0.09, extent * 0.42, extent * 0.25);
            // The tip stops short of the centre, so the piece shows.
            let tip = (x1 - ux * extent * 0.12, y1 - uy * extent * 0.12);
            let base = (tip.0 - ux * head, tip.1 - uy * head);
            let point = |(x, y): (f64, f64), across: f64| {
                format!("{} {}", Num(x - uy * across), Num(y + ux * across))
            };
            let outline = [
                point((x0, y0), shaft),
                point(base, shaft),
                point(base, wide),
                point(tip, 0.0),
                point(base, -wide),
                point(base, -shaft),
                point((x0, y0), -shaft),
            ];
            let d = format!("M{} Z", outline.join(" L"));
            path(&d).fill(colour::ARROW)
        };
        self.add(shape.num("opacity", 0.75).attr("data-arrow", name));
    }

    /// The finished picture.
    fn finish(self, game: &str, fen: &str, size: Option<u32>) -> String {
        let (width, height) = match size {
            Some(size) => (f64::from(size), f64::from(size) * self.height / self.width),
            None => (self.width, self.height),
        };
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {} {}\" width=\"{}\" \
             height=\"{}\" font-family=\"system-ui, DejaVu Sans, sans-serif\" data-game=\"{}\">",
            Num(self.width),
            Num(self.height),
            Num(width.round()),
            Num(height.round()),
            escaped(game)
        );
        let _ = writeln!(out, "<title>{}</title>", escaped(&format!("{game}: {fen}")));
        rect(0.0, 0.0, self.width, self.height)
            .fill(colour::PANEL)
            .write_to(&mut out);
        out.push_str(&self.body);
        out.push_str("</svg>\n");
        out
    }
}

/// The picture of `position` with `options`. The error names a last move
/// or an arrow that names no part of the picture, or a zero size.
pub fn svg<G: Draw>(position: &G, options: &SvgOptions) -> Result<String, String> {
    if options.size == Some(0) {
        return Err("the size must be at least 1 pixel".to_string());
    }
    let parts = match options.last_move.as_deref().map(str::trim) {
        // A pass (the common rules') moves nothing.
        None | Some("pass") => Vec::new(),
        Some(text) => G::move_parts(text),
    };
    let mut canvas = Canvas::new(options.flip, parts.clone());
    position.draw(&mut canvas);
    let raised = std::mem::take(&mut canvas.raised);
    canvas.body.push_str(&raised);
    if let Some(missing) = parts.iter().find(|name| canvas.area_of(name).is_none()) {
        return Err(format!(
            "the last move '{}' names '{missing}', which is not on the {} board",
            options.last_move.as_deref().unwrap_or_default().trim(),
            G::NAME
        ));
    }
    for (from, to) in &options.arrows {
        let area = |name: &str| {
            canvas.area_of(name).ok_or_else(|| {
                format!(
                    "the arrow {from}-{to}: there is no cell '{name}' on the {} board",
                    G::NAME
                )
            })
        };
        let (start, end) = (area(from)?, area(to)?);
        canvas.arrow(start, end, &format!("{from}-{to}"));
    }
    Ok(canvas.finish(G::NAME, &position.to_fen(), options.size))
}

/// Parses an arrow written `FROM-TO` (`d4-f2`, `3-5`).
pub fn parse_arrow(text: &str) -> Result<(String, String), String> {
    match text.trim().split_once('-') {
        Some((from, to)) if !from.is_empty() && !to.is_empty() && !to.contains('-') => {
            Ok((from.to_string(), to.to_string()))
        }
        _ => Err(format!(
            "bad arrow '{text}': write it FROM-TO with two cell names, e.g. d4-f2"
        )),
    }
}

/// A square grid of cells, rank 1 at the bottom (at the top when the
/// canvas is flipped, the files reversed too).
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    /// Files (columns), named from `a`.
    pub files: usize,
    /// Ranks (rows), named from 1.
    pub ranks: usize,
    /// A cell's side.
    pub cell: f64,
    /// The left edge of the grid.
    pub x: f64,
    /// The top edge of the grid.
    pub y: f64,
}

impl Grid {
    /// A square grid of `size` × `size` cells of side `cell`, where every
    /// game puts its board: 30 pixels from the left (room for the rank
    /// numbers), 10 from the top.
    pub fn square(size: usize, cell: f64) -> Grid {
        Grid {
            files: size,
            ranks: size,
            cell,
            x: 30.0,
            y: 10.0,
        }
    }

    /// The area of the cell on `file` and `rank` (both from 0).
    pub fn area(&self, canvas: &Canvas, file: usize, rank: usize) -> Area {
        let (column, row) = if canvas.flipped() {
            (self.files - 1 - file, rank)
        } else {
            (file, self.ranks - 1 - rank)
        };
        Area::new(
            self.x + column as f64 * self.cell,
            self.y + row as f64 * self.cell,
            self.cell,
            self.cell,
        )
    }

    /// Writes the file letters under the grid and the rank numbers left
    /// of it.
    pub fn coordinates(&self, canvas: &mut Canvas) {
        for file in 0..self.files {
            let area = self.area(canvas, file, 0);
            let name = cell_name(file, 0);
            canvas.add(
                label(
                    area.centre().0,
                    self.y + self.ranks as f64 * self.cell + 13.0,
                    &name[..1],
                    13.0,
                )
                .fill(colour::MUTED),
            );
        }
        for rank in 0..self.ranks {
            let area = self.area(canvas, 0, rank);
            canvas.add(
                label(
                    self.x - 15.0,
                    area.centre().1,
                    &(rank + 1).to_string(),
                    13.0,
                )
                .fill(colour::MUTED),
            );
        }
    }
}

/// The name of the cell on `file` and `rank` (both from 0): `a1`, `l12`.
pub fn cell_name(file: usize, rank: usize) -> String {
    format!("{}{}", char::from(b'a' + file as u8), rank + 1)
}

/// A round badge with a short text, as the board marks things.
pub fn badge(canvas: &mut Canvas, x: f64, y: f64, text: &str, fill: &str) {
    canvas.add(circle(x, y, 11.0).fill(fill).stroke("#fff", 1.5));
    canvas.add(
        label(x, y, text, 11.0)
            .fill("#fff")
            .attr("font-weight", 700),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_are_from_and_to() {
        assert_eq!(parse_arrow("d4-f2"), Ok(("d4".into(), "f2".into())));
        assert_eq!(parse_arrow(" 3-5 "), Ok(("3".into(), "5".into())));
        for bad in ["d4", "-f2", "d4-", "a-b-c", ""] {
            assert!(parse_arrow(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn moves_name_their_words() {
        assert_eq!(
            <crate::games::alak::Alak as Draw>::move_parts("3-5"),
            ["3", "5"]
        );
    }
}
