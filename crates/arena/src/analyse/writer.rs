//! Where the analysis goes: text or JSON lines on standard output, and the
//! annotated PGN file.

use std::fs::File;
use std::io::Write;

use ludus_rules::protocol::Outcome;

use super::annotate::annotated_pgn;
use super::report::{summary_line, Analysis, GameRef, PlayerSummary};
use super::AnalyseConfig;
use crate::pgn_read::PgnGame;

/// Where the analysis goes: standard output (text or JSON lines) and the
/// annotated PGN file.
pub(super) struct Writer {
    json: bool,
    pgn: Option<File>,
    annotator: String,
}

impl Writer {
    /// A writer for `config`; the PGN file, if any, is created (or
    /// emptied) now. `annotator` is the PGN `Annotator` tag.
    pub(super) fn new(config: &AnalyseConfig, annotator: String) -> Result<Writer, String> {
        let pgn = match &config.pgnout {
            Some(path) => Some(
                File::create(path)
                    .map_err(|e| format!("cannot create PGN file {}: {e}", path.display()))?,
            ),
            None => None,
        };
        Ok(Writer {
            json: config.json,
            pgn,
            annotator,
        })
    }

    /// One line on standard output; false when nobody reads it any more.
    fn say(&self, line: &str) -> bool {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{line}").and_then(|()| out.flush()).is_ok()
    }

    /// The heading of a game (in text only): `Round 3: a vs b (wyke) 1-0`.
    pub(super) fn game_start(&self, game: &GameRef, pgn: &PgnGame, name: &str) -> bool {
        if self.json {
            return true;
        }
        let tag = |tag| pgn.tag(tag).unwrap_or("?");
        self.say(&format!(
            "{}: {} vs {} ({name}) {}",
            game.title,
            tag("White"),
            tag("Black"),
            pgn.result.map(Outcome::token).unwrap_or(tag("Result"))
        ))
    }

    /// One analysed position; `game` is its game (none for a position
    /// list).
    pub(super) fn position(&self, game: Option<&GameRef>, analysis: &Analysis) -> bool {
        if self.json {
            self.say(&analysis.json_line(game))
        } else {
            self.say(&analysis.text_line())
        }
    }

    /// The end of a game: the summary per player, and the game in the
    /// annotated PGN file. `Ok(false)` when standard output is gone.
    pub(super) fn game_end(
        &mut self,
        game: &GameRef,
        pgn: &PgnGame,
        analyses: &[Analysis],
    ) -> Result<bool, String> {
        let summary = PlayerSummary::both(pgn, analyses);
        if let Some(file) = &mut self.pgn {
            file.write_all(annotated_pgn(pgn, analyses, &summary, &self.annotator).as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the PGN file: {e}"))?;
        }
        let line = summary_line(game, &summary, self.json);
        Ok(self.say(&line))
    }
}
