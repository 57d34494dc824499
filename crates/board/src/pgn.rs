//! The board's game as PGN, in the format `ludus match` writes (the
//! arena's writer), and back: a game of such a file onto the board.

use ludus_arena::pair_count::PairLabels;
use ludus_arena::pair_pgn::totals;
use ludus_arena::pgn::{format_game, today, PgnHeader};
use ludus_arena::referee::{GameRecord, PlayedMove, Termination};
use ludus_rules::games::GAME_NAMES;
use ludus_rules::protocol::{InfoLine, Outcome, Score};
use ludus_rules::Player;

use crate::action::Plays;
use crate::clock::TimeControl;
use crate::pgn_read::{move_clock, move_report};
use crate::record::{played_by_engine, Record};
use crate::table::{new_table, MoveNote, Start, Table};
use ludus_arena::pgn_read::read_pgn;
use ludus_rules::Status;

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
    let name = game.tag("Game").ok_or_else(|| {
        format!(
            "the game has no Game tag (the game's name: one of {})",
            GAME_NAMES.join(", ")
        )
    })?;
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
            .play(&mv.text)
            .map_err(|e| format!("move {} '{}': {e}", ply + 1, mv.text))?;
        let (score, time) = move_report(&mv.comments);
        evals[ply] = score.map(|(score, _)| first_side(score, mover));
        evals.push(None);
        notes.push(MoveNote {
            // The moves a match or a board timed are an engine's.
            by_engine: time.is_some(),
            score,
            time,
            clock: move_clock(&mv.comments),
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
        Player::Second => score.negated(),
    }
}

/// The board's game as PGN; an unfinished game ends with `*`. A pair's
/// second game comes after its first, as `ludus match --repeat` writes
/// them: each game's counts tagged, the pair's totals on the second. The
/// engine's sides are named `engine_name` (`engine` while it is empty).
pub fn export(app: &Record, engine_name: &str) -> String {
    let end = app.table().moves().len();
    let current = Played {
        table: app.table(),
        notes: app.notes(),
        plays: app.plays(),
        status: app.status(end),
        control: app.clock().map(|clock| clock.control()),
        flagged: app.clock().and_then(|clock| clock.flagged()).is_some(),
    };
    let Some(first) = app.pair().and_then(|pair| pair.first.as_ref()) else {
        return game_text(engine_name, &current, 1, None);
    };
    let first = Played {
        table: &*first.table,
        notes: &first.notes,
        plays: first.plays,
        status: first.table.status(),
        control: current.control,
        flagged: false,
    };
    let pair_totals = totals(first.counts(), current.counts());
    game_text(engine_name, &first, 1, None) + &game_text(engine_name, &current, 2, pair_totals)
}

/// A game of the board with what was said of its moves, who the engine
/// played, how it stands and its clock.
struct Played<'a> {
    table: &'a dyn Table,
    notes: &'a [MoveNote],
    plays: Plays,
    status: Status,
    control: Option<TimeControl>,
    /// Whether it ended by a clock running out.
    flagged: bool,
}

impl Played<'_> {
    /// Its counts, first player's first, if it is over.
    fn counts(&self) -> Option<[u32; 2]> {
        self.table.counts(self.table.moves().len())
    }
}

/// One game as PGN, numbered `round`, with the pair's totals (this game's
/// White's first) when it completes a pair. Each side is named by who
/// made its moves: the engine (`engine_name`, `engine` while it is
/// empty) or a person.
fn game_text(
    engine_name: &str,
    game: &Played,
    round: u32,
    pair_totals: Option<[u32; 2]>,
) -> String {
    let table = game.table;
    let moves: Vec<PlayedMove> = table
        .moves()
        .iter()
        .enumerate()
        .map(|(ply, text)| {
            let note = game.notes.get(ply).copied().unwrap_or_default();
            PlayedMove {
                text: text.clone(),
                mover: table.side(ply),
                report: note.score.map(|(score, depth)| report(score, depth)),
                time: note.time,
                clock: note.clock,
            }
        })
        .collect();
    let status = &game.status;
    let record = GameRecord {
        start_fen: table.start_fen(),
        standard_start: table.standard_start(),
        moves,
        result: Outcome::of(status.result),
        reason: status.reason.clone(),
        termination: if game.flagged {
            Termination::TimeForfeit
        } else {
            Termination::Normal
        },
        counts: game.counts(),
    };
    let name = |player| {
        if !played_by_engine(table, game.notes, game.plays, player) {
            "person".to_string()
        } else if engine_name.is_empty() {
            "engine".to_string()
        } else {
            engine_name.to_string()
        }
    };
    let (white, black) = (name(Player::First), name(Player::Second));
    let control = game.control.map_or("-".to_string(), TimeControl::pgn);
    let header = PgnHeader {
        event: "ludus gui",
        round,
        white: &white,
        black: &black,
        game: table.name(),
        time_controls: [control.clone(), control],
        date: &today(),
        extra: PairLabels::of_game(table.name())
            .map(|labels| labels.tags(record.counts, pair_totals))
            .unwrap_or_default(),
    };
    format_game(&header, &record)
}

/// A move's score and depth as the arena's records keep them: the `info`
/// line that reported them.
fn report(score: Score, depth: Option<u32>) -> InfoLine {
    InfoLine {
        depth,
        score: Some(score),
        ..InfoLine::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_goes_out_and_comes_back() {
        let mut app = Record::new();
        app.set_position("alak", "xxx____oooo x").unwrap();
        for (ply, mv) in ["3-4", "8-7", "4-5"].into_iter().enumerate() {
            let score = (ply == 1).then_some((Score::Cp(-35), Some(6)));
            let note = MoveNote {
                score,
                ..MoveNote::default()
            };
            app.play(ply, mv, note, web_time::Instant::now()).unwrap();
        }
        let text = export(&app, "");
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
    fn a_pair_goes_out_as_the_match_runner_writes_it() {
        use crate::record::tests::{play_out, wyx_pair, LATE};
        let mut app = wyx_pair();
        let [w1, b1] = play_out(&mut app, false);
        let tag = |text: &str, game: usize, name: &str| {
            let games = read_pgn(text).unwrap();
            games[game].tag(name).map(str::to_string)
        };
        let half = export(&app, "");
        assert_eq!(read_pgn(&half).unwrap().len(), 2, "{half}");
        assert_eq!(tag(&half, 1, "Result").as_deref(), Some("*"));
        assert_eq!(tag(&half, 1, "TokensLeft"), None, "not over");
        let [w2, b2] = play_out(&mut app, true);
        let text = export(&app, "");
        for (game, round, counts) in [(0, "1", [w1, b1]), (1, "2", [w2, b2])] {
            assert_eq!(tag(&text, game, "Round").as_deref(), Some(round));
            assert_eq!(tag(&text, game, "FEN").as_deref(), Some(LATE));
            let [w, b] = counts;
            assert_eq!(tag(&text, game, "TokensLeft"), Some(format!("{w},{b}")));
        }
        assert_eq!(tag(&text, 0, "PairTokensLeft"), None, "{text}");
        // The second game's White had Black's count in the first game.
        let totals = format!("{},{}", b1 + w2, w1 + b2);
        assert_eq!(tag(&text, 1, "PairTokensLeft"), Some(totals), "{text}");
        let second = import(&text, 2).unwrap();
        assert_eq!(second.table.moves(), app.table().moves());
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
