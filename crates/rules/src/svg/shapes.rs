//! The SVG primitives the games' pictures are drawn with: elements built
//! attribute by attribute (escaped, numbers rounded), the shapes, areas and
//! the board's colours.

use std::fmt::{self, Display, Write as _};

/// The board's colours, shared by the games' drawings.
pub mod colour {
    /// Text and outlines.
    pub const INK: &str = "#2b2620";
    /// Coordinates and captions.
    pub const MUTED: &str = "#7a7064";
    /// The picture's background (the board's panel).
    pub const PANEL: &str = "#fffdf8";
    /// The first player's pieces (light).
    pub const LIGHT: &str = "#fbf8f0";
    /// An emphasis: the side to move.
    pub const ACCENT: &str = "#2f6f8f";
    /// The outline of a cell.
    pub const CELL_EDGE: &str = "#8c7e6a";
    /// The frame of the last move's parts.
    pub const LAST: &str = "#e8b93a";
    /// Arrows.
    pub const ARROW: &str = "#15781b";
}

/// A number as SVG writes it: at most two decimals, no trailing zeros.
#[derive(Clone, Copy, Debug)]
pub struct Num(pub f64);

impl Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{:.2}", self.0);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// Text escaped for XML content and attribute values.
pub(super) fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// One SVG element, built attribute by attribute.
#[derive(Clone, Debug)]
pub struct Element {
    tag: &'static str,
    attributes: String,
    content: String,
}

impl Element {
    /// An element with no attributes.
    pub fn new(tag: &'static str) -> Element {
        Element {
            tag,
            attributes: String::new(),
            content: String::new(),
        }
    }

    /// Adds the attribute `name` (escaped).
    pub fn attr(mut self, name: &str, value: impl Display) -> Element {
        let _ = write!(
            self.attributes,
            " {name}=\"{}\"",
            escaped(&value.to_string())
        );
        self
    }

    /// Adds a numeric attribute.
    pub fn num(self, name: &str, value: f64) -> Element {
        self.attr(name, Num(value))
    }

    /// The fill colour.
    pub fn fill(self, colour: &str) -> Element {
        self.attr("fill", colour)
    }

    /// The outline's colour and width.
    pub fn stroke(self, colour: &str, width: f64) -> Element {
        self.attr("stroke", colour).num("stroke-width", width)
    }

    /// The text inside the element (escaped).
    pub fn text(mut self, text: &str) -> Element {
        self.content = escaped(text);
        self
    }

    /// Appends the element to `out`.
    pub(super) fn write_to(&self, out: &mut String) {
        if self.content.is_empty() {
            let _ = writeln!(out, "<{}{}/>", self.tag, self.attributes);
        } else {
            let _ = writeln!(
                out,
                "<{}{}>{}</{}>",
                self.tag, self.attributes, self.content, self.tag
            );
        }
    }
}

/// A rectangle with its corner at (`x`, `y`).
pub fn rect(x: f64, y: f64, width: f64, height: f64) -> Element {
    Element::new("rect")
        .num("x", x)
        .num("y", y)
        .num("width", width)
        .num("height", height)
}

/// A circle.
pub fn circle(cx: f64, cy: f64, r: f64) -> Element {
    Element::new("circle")
        .num("cx", cx)
        .num("cy", cy)
        .num("r", r)
}

/// A path of SVG path data.
pub fn path(d: &str) -> Element {
    Element::new("path").attr("d", d)
}

/// Text centred on (`x`, `y`), of `size` pixels.
pub fn label(x: f64, y: f64, text: &str, size: f64) -> Element {
    Element::new("text")
        .num("x", x)
        .num("y", y)
        .attr("text-anchor", "middle")
        // Centred vertically by a shift of about half an x-height, which
        // every renderer supports (not all read `dominant-baseline`).
        .attr("dy", ".35em")
        .num("font-size", size)
        .text(text)
}

/// Text of 14 pixels starting at (`x`, `y`): a caption.
pub fn caption(x: f64, y: f64, text: &str) -> Element {
    Element::new("text")
        .num("x", x)
        .num("y", y)
        .attr("dy", ".35em")
        .num("font-size", 14.0)
        .text(text)
}

/// A rectangle of the picture a part occupies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Area {
    /// The left edge.
    pub x: f64,
    /// The top edge.
    pub y: f64,
    /// The width.
    pub width: f64,
    /// The height.
    pub height: f64,
}

impl Area {
    /// The area with its corner at (`x`, `y`).
    pub fn new(x: f64, y: f64, width: f64, height: f64) -> Area {
        Area {
            x,
            y,
            width,
            height,
        }
    }

    /// The area `by` pixels inside this one on every side.
    pub fn inset(self, by: f64) -> Area {
        Area::new(
            self.x + by,
            self.y + by,
            self.width - 2.0 * by,
            self.height - 2.0 * by,
        )
    }

    /// The centre.
    pub fn centre(self) -> (f64, f64) {
        (self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    /// A rectangle filling the area, its corners rounded by `radius`.
    pub fn rect(self, radius: f64) -> Element {
        let shape = rect(self.x, self.y, self.width, self.height);
        if radius > 0.0 {
            shape.num("rx", radius)
        } else {
            shape
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals() {
        assert_eq!(Num(46.0).to_string(), "46");
        assert_eq!(Num(0.1 + 0.2).to_string(), "0.3");
        assert_eq!(Num(-0.001).to_string(), "0");
        assert_eq!(Num(12.345).to_string(), "12.35");
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        let mut out = String::new();
        label(0.0, 0.0, "a<b & c", 10.0)
            .attr("data-x", "\"q\"")
            .write_to(&mut out);
        assert!(out.contains(">a&lt;b &amp; c</text>"), "{out}");
        assert!(out.contains("data-x=\"&quot;q&quot;\""), "{out}");
    }
}
