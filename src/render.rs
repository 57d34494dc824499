//! `ludus render`: the picture of a position as SVG on standard output.

use clap::Args;

use ludus_rules::games::svg_of_game;
use ludus_rules::svg::{parse_arrow, SvgOptions};

/// What `ludus render` draws, and how.
#[derive(Args, Debug)]
pub struct RenderArgs {
    /// The game.
    #[arg(long, value_parser = crate::tool::games(), ignore_case = true)]
    game: String,
    /// The position in the game's notation (quoted: one argument), or
    /// `startpos`.
    #[arg(default_value = "startpos", allow_hyphen_values = true)]
    position: String,
    /// The move that led to the position: the cells it names are framed.
    #[arg(long, value_name = "MOVE")]
    lastmove: Option<String>,
    /// An arrow from one cell to another, e.g. `d4-f2` (repeatable; `e4-e4`
    /// rings a cell).
    #[arg(long = "arrow", value_name = "FROM-TO", value_parser = parse_arrow)]
    arrows: Vec<(String, String)>,
    /// Seen from the second player's side.
    #[arg(long)]
    flip: bool,
    /// The picture's width in pixels (the height follows) [default: the
    /// drawing's own].
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(16..=20_000))]
    size: Option<u32>,
}

/// The SVG picture the arguments ask for.
pub fn picture(args: RenderArgs) -> Result<String, String> {
    let options = SvgOptions {
        last_move: args.lastmove,
        arrows: args.arrows,
        flip: args.flip,
        size: args.size,
    };
    svg_of_game(&args.game, Some(&args.position), &options)
}
