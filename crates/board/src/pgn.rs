//! The board's game as PGN, in the format `ludus match` writes (the
//! arena's writer), and back: a game of such a file onto the board.

use ludus_arena::engine::SearchReport;
use ludus_arena::pgn::{format_game, today, PgnHeader};
use ludus_arena::referee::{GameRecord, PlayedMove, Termination};
use ludus_rules::Player;

use crate::app::{App, MoveNote};
use crate::info::Score;
use crate::pgn_read::move_report;
use crate::table::{new_table, Start, Table};
use ludus_arena::pgn_read::read_pgn;

/// A game read from PGN, ready for the board.
pub struct Imported {
    /// The game with its moves played.
    pub table: Box<dyn Table>,
    /// Evaluations per ply from the comments, first player's side.
    pub evals: Vec<Option<Score>>,
    /// Per move, what its comment said.
    pub notes: Vec<MoveNote>,
}

/// Reads game number `index` (from 1) of `text` and replays it by the rules.
pub fn import(text: &str, index: u64) -> Result<Imported, String> {
    let games = read_pgn(text)?;
    if games.is_empty() {
        return Err("the PGN holds no game".to_string());
    }
    let game = usize::try_from(index)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| games.get(i))
        .ok_or_else(|| format!("game {index}: the PGN holds games 1 to {}", games.len()))?;
    let name = game
        .tag("Game")
        .ok_or("the game has no Game tag (the game's name, e.g. [Game \"alak\"])")?;
    let start = match game.tag("FEN") {
        Some(fen) => Start::Fen(fen),
        None => Start::Standard,
    };
    let mut table = new_table(name, start)?;
    let mut evals = vec![None];
    let mut notes = Vec::new();
    for (ply, mv) in game.moves.iter().enumerate() {
        let mover = table.side(ply);
        table
            .play(ply, &mv.text)
            .map_err(|e| format!("move {} '{}': {e}", ply + 1, mv.text))?;
        let (score, time) = move_report(&mv.comments);
        evals[ply] = score.map(|(score, _)| first_side(score, mover));
        evals.push(None);
        notes.push(MoveNote {
            score,
            time: time.unwrap_or_default(),
        });
    }
    Ok(Imported {
        table,
        evals,
        notes,
    })
}

/// `score` of `mover` as the first player sees it.
pub fn first_side(score: Score, mover: Player) -> Score {
    match mover {
        Player::First => score,
        Player::Second => score.negate(),
    }
}

/// The board's game as PGN; an unfinished game ends with `*`.
pub fn export(app: &App) -> String {
    let table = &app.table;
    let moves: Vec<PlayedMove> = table
        .moves()
        .iter()
        .enumerate()
        .map(|(ply, text)| {
            let note = app.notes.get(ply).copied().unwrap_or_default();
            PlayedMove {
                text: text.clone(),
                mover: table.side(ply),
                report: note.score.map(|(score, depth)| report(score, depth)),
                time: note.time,
            }
        })
        .collect();
    let status = table.status(moves.len());
    let counts = table.counts(moves.len());
    let record = GameRecord {
        start_fen: table.start_fen(),
        standard_start: table.standard_start(),
        moves,
        result: status.result,
        reason: status.reason,
        termination: Termination::Normal,
        counts: counts.map(|(_, counts)| counts),
    };
    let name = |player| {
        if app.plays.covers(player) && !app.engine_name.is_empty() {
            app.engine_name.clone()
        } else if app.plays.covers(player) {
            "engine".to_string()
        } else {
            "person".to_string()
        }
    };
    let (white, black) = (name(Player::First), name(Player::Second));
    let header = PgnHeader {
        event: "ludus gui",
        round: 1,
        white: &white,
        black: &black,
        game: table.game(),
        time_controls: ["-".to_string(), "-".to_string()],
        date: &today(),
        extra: counts
            .map(|(tag, [first, second])| vec![(tag.to_string(), format!("{first},{second}"))])
            .unwrap_or_default(),
    };
    format_game(&header, &record)
}

/// A score as the arena's reports keep it (mates as ±(30000 - moves)).
fn report(score: Score, depth: Option<u32>) -> SearchReport {
    let (score, mate) = match score {
        Score::Cp(cp) => (cp, None),
        Score::Mate(moves) if moves > 0 => (30_000 - moves, Some(moves)),
        Score::Mate(moves) => (-30_000 - moves, Some(moves)),
    };
    SearchReport {
        depth,
        score: Some(score),
        mate,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_game_goes_out_and_comes_back() {
        let mut app = App::new();
        app.act("engine", &json!({"plays": "none"})).unwrap();
        app.act("position", &json!({"game": "alak", "fen": "xxx____oooo x"}))
            .unwrap();
        for mv in ["3-4", "8-7", "4-5"] {
            app.act("move", &json!({ "move": mv })).unwrap();
        }
        app.notes[1].score = Some((Score::Cp(-35), Some(6)));
        let text = export(&app);
        assert!(text.contains("[Game \"alak\"]"), "{text}");
        assert!(text.contains("[FEN \"xxx____oooo x\"]"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        let back = import(&text, 1).unwrap();
        assert_eq!(back.table.moves(), ["3-4", "8-7", "4-5"]);
        assert_eq!(back.table.start_fen(), "xxx____oooo x");
        assert_eq!(back.evals[1], Some(Score::Cp(35)), "o's -0.35 is x's +0.35");
        assert_eq!(back.notes[1].score, Some((Score::Cp(-35), Some(6))));
    }

    #[test]
    fn bad_games_are_named() {
        let error = |text: &str, index| import(text, index).err().unwrap();
        assert_eq!(error("", 1), "the PGN holds no game");
        assert!(error("[Game \"alak\"]\n\n1. 4-5 *", 2).starts_with("game 2:"));
        assert!(error("1. 4-5 *", 1).contains("no Game tag"));
        assert!(error("[Game \"alak\"]\n\n1. 4-5 8-8 *", 1).starts_with("move 2 '8-8'"));
        assert!(error("[Game \"go\"]\n\n*", 1).contains("unknown game"));
    }
}
