//! What `ludus analyse` prints: the judgement of a move by the score it
//! loses, and the analysis as text, as JSON lines, and as annotated PGN.

use std::fs::File;
use std::io::Write;

use ludus_rules::text::counted;
use ludus_rules::Player;
use serde::Serialize;

use super::{AnalyseConfig, Verdict};
use crate::engine::SearchReport;
use crate::pgn::{comment, format_tags, score_text, wrap_movetext};
use crate::pgn_read::PgnGame;

/// Scores are capped at ± this many centipawns before the loss is taken,
/// and a mate counts as the cap: beyond it a position is won (or lost)
/// whatever the number, so trading a mate for a large lead loses nothing.
pub const SCORE_CAP: i32 = 1000;
/// A move losing at least this many centipawns is an inaccuracy.
pub const INACCURACY: i32 = 50;
/// … a mistake.
pub const MISTAKE: i32 = 100;
/// … a blunder.
pub const BLUNDER: i32 = 200;

/// How bad a move is, by the score it loses against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// At least [`INACCURACY`] lost.
    Inaccuracy,
    /// At least [`MISTAKE`] lost.
    Mistake,
    /// At least [`BLUNDER`] lost.
    Blunder,
}

impl Mark {
    /// The mark for a loss of `loss` centipawns, if any.
    pub fn for_loss(loss: i32) -> Option<Mark> {
        match loss {
            _ if loss >= BLUNDER => Some(Mark::Blunder),
            _ if loss >= MISTAKE => Some(Mark::Mistake),
            _ if loss >= INACCURACY => Some(Mark::Inaccuracy),
            _ => None,
        }
    }

    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Its PGN NAG: `$6` (?!), `$2` (?), `$4` (??).
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// The move suffix it stands for.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The score the loss is taken from (see [`SCORE_CAP`]).
fn capped(report: &SearchReport) -> Option<i32> {
    match (report.mate, report.score) {
        (Some(moves), _) => Some(if moves > 0 { SCORE_CAP } else { -SCORE_CAP }),
        (None, Some(cp)) => Some(cp.clamp(-SCORE_CAP, SCORE_CAP)),
        _ => None,
    }
}

/// A score for people: `+0.35` (the mover's view, 100 a unit), `mate 3`,
/// `mate -2`, or `?` when the engine gave none; then `/depth`.
fn score_words(report: Option<&SearchReport>) -> String {
    let Some(report) = report else {
        return "?".to_string();
    };
    let score = match report.mate {
        Some(moves) => format!("mate {moves}"),
        None => score_text(report).unwrap_or_else(|| "?".to_string()),
    };
    with_depth(score, report)
}

/// A score as PGN comments write it: `+0.35/12`, `+M3/12`.
fn pgn_score(report: Option<&SearchReport>) -> Option<String> {
    let report = report?;
    Some(with_depth(score_text(report)?, report))
}

fn with_depth(score: String, report: &SearchReport) -> String {
    match report.depth {
        Some(depth) => format!("{score}/{depth}"),
        None => score,
    }
}

/// The move played in an analysed position, and what it cost.
pub(super) struct Played {
    text: String,
    verdict: Verdict,
    /// Centipawns lost against the best move, when both scores are known.
    loss: Option<i32>,
    mark: Option<Mark>,
}

/// One analysed position.
pub(super) struct Analysis {
    /// The ply in the game (from 1), or the line in a position list.
    index: usize,
    /// `12.`, `12...`, or `line 7:`.
    label: String,
    fen: String,
    mover: Player,
    verdict: Verdict,
    played: Option<Played>,
}

impl Analysis {
    /// The analysis of a position from its search, and of the move played
    /// there (with the search restricted to it) if there is one.
    pub(super) fn new(
        index: usize,
        label: String,
        fen: String,
        mover: Player,
        verdict: Verdict,
        played: Option<(String, Verdict)>,
    ) -> Self {
        let played = played.map(|(text, played)| {
            let best = verdict.report.as_ref().and_then(capped);
            let own = played.report.as_ref().and_then(capped);
            // A restricted search may find a little more than the free one.
            let loss = best.zip(own).map(|(best, own)| (best - own).max(0));
            Played {
                text,
                verdict: played,
                loss,
                mark: loss.and_then(Mark::for_loss),
            }
        });
        Analysis {
            index,
            label,
            fen,
            mover,
            verdict,
            played,
        }
    }

    fn text_line(&self) -> String {
        let mut line = self.label.clone();
        match &self.played {
            Some(played) => {
                let symbol = played.mark.map_or("", Mark::symbol);
                let score = score_words(played.verdict.report.as_ref());
                line.push_str(&format!(" {}{symbol} {score}", played.text));
            }
            None => line.push_str(&format!(" {}", self.fen)),
        }
        line.push_str(&format!(
            "  best {} {}",
            self.verdict.best,
            score_words(self.verdict.report.as_ref())
        ));
        if let Some((mark, loss)) = self.played.as_ref().and_then(|p| p.mark.zip(p.loss)) {
            line.push_str(&format!(
                "  {}: {:.2} lost",
                mark.name(),
                f64::from(loss) / 100.0
            ));
        }
        line.push_str(&format!("  pv {}", self.verdict.pv.join(" ")));
        line
    }

    fn json_line(&self, game: Option<usize>) -> String {
        let played = self.played.as_ref();
        let line = JsonLine {
            game,
            ply: game.map(|_| self.index),
            line: game.is_none().then_some(self.index),
            number: game.map(|_| self.label.as_str()),
            fen: &self.fen,
            mover: match self.mover {
                Player::First => "first",
                Player::Second => "second",
            },
            best: &self.verdict.best,
            score: self.verdict.report.as_ref().and_then(JsonScore::of),
            depth: self.verdict.report.as_ref().and_then(|r| r.depth),
            pv: &self.verdict.pv,
            played: played.map(|p| p.text.as_str()),
            played_score: played.and_then(|p| p.verdict.report.as_ref().and_then(JsonScore::of)),
            played_depth: played.and_then(|p| p.verdict.report.as_ref().and_then(|r| r.depth)),
            loss: played.and_then(|p| p.loss),
            mark: played.and_then(|p| p.mark).map(Mark::name),
        };
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string(&line).unwrap_or_default()
    }
}

/// A score in JSON: `{"cp": 35}` or `{"mate": -2}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonScore {
    Cp(i32),
    Mate(i32),
}

impl JsonScore {
    fn of(report: &SearchReport) -> Option<JsonScore> {
        match (report.mate, report.score) {
            (Some(moves), _) => Some(JsonScore::Mate(moves)),
            (None, Some(cp)) => Some(JsonScore::Cp(cp)),
            _ => None,
        }
    }
}

/// One JSON line; fields that do not apply or are unknown are left out.
#[derive(Serialize)]
struct JsonLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    number: Option<&'a str>,
    fen: &'a str,
    mover: &'static str,
    best: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<JsonScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    depth: Option<u32>,
    pv: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_score: Option<JsonScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    loss: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mark: Option<&'static str>,
}

/// Whether a comment is only engine figures as `ludus match` writes them
/// (`+0.35/6 0.250s`, `+M2/5`, `0.250s`): the analysis replaces those.
fn is_engine_comment(text: &str) -> bool {
    let is_time = |w: &str| {
        w.strip_suffix('s')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
    };
    let is_score = |w: &str| {
        let (score, depth) = w.split_once('/').unwrap_or((w, "0"));
        let value = score.strip_prefix(['+', '-']).unwrap_or("");
        let value = value.strip_prefix('M').unwrap_or(value);
        !value.is_empty()
            && value.chars().all(|c| c.is_ascii_digit() || c == '.')
            && depth.parse::<u32>().is_ok()
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    !words.is_empty() && words.iter().all(|&w| is_time(w) || is_score(w))
}

/// The game with the analysis in it: the tags (with `Annotator`), each
/// move with its NAG, its score as a `{+0.35/12}` comment and the comments
/// it had that are not engine figures, and after a marked move the best
/// line as a variation.
fn annotated_pgn(pgn: &PgnGame, analyses: &[Analysis], annotator: &str) -> String {
    let mut tags: Vec<(&str, &str)> = pgn
        .tags
        .iter()
        .filter(|(name, _)| name != "Annotator")
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    tags.push(("Annotator", annotator));
    let mut words: Vec<String> = pgn
        .leading_comments
        .iter()
        .filter(|c| !is_engine_comment(c))
        .map(|c| comment(c))
        .collect();
    for (read, analysis) in pgn.moves.iter().zip(analyses) {
        let Some(played) = &analysis.played else {
            continue;
        };
        words.push(analysis.label.clone());
        words.push(played.text.clone());
        if let Some(mark) = played.mark {
            words.push(format!("${}", mark.nag()));
        }
        if let Some(score) = pgn_score(played.verdict.report.as_ref()) {
            words.push(comment(&score));
        }
        for kept in read.comments.iter().filter(|c| !is_engine_comment(c)) {
            words.push(comment(kept));
        }
        if played.mark.is_some() {
            words.extend(variation(analysis));
        }
    }
    let result = pgn.result.as_deref().or(pgn.tag("Result")).unwrap_or("*");
    words.push(result.to_string());
    let mut text = format_tags(tags);
    text.push_str(&wrap_movetext(&words));
    text
}

/// The best line of `analysis` as a PGN variation, numbered from its
/// position: `(12... 3-5 {+0.35/12} 13. 8-7 2-3)`.
fn variation(analysis: &Analysis) -> Vec<String> {
    let verdict = &analysis.verdict;
    let line = match verdict.pv.first() {
        Some(first) if *first == verdict.best => &verdict.pv[..],
        _ => std::slice::from_ref(&verdict.best),
    };
    let mut number: usize = analysis.label.trim_end_matches('.').parse().unwrap_or(1);
    let mut words = vec![format!("({}", analysis.label), line[0].clone()];
    if let Some(score) = pgn_score(verdict.report.as_ref()) {
        words.push(comment(&score));
    }
    let mut mover = analysis.mover;
    for (index, mv) in line.iter().enumerate().skip(1) {
        if mover == Player::Second {
            number += 1;
        }
        mover = mover.opponent();
        match mover {
            Player::First => words.push(format!("{number}.")),
            // Right after the comment the second player's move is numbered.
            Player::Second if index == 1 => words.push(format!("{number}...")),
            Player::Second => {}
        }
        words.push(mv.clone());
    }
    if let Some(last) = words.last_mut() {
        last.push(')');
    }
    words
}

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

    /// The heading of game `number` (in text only).
    pub(super) fn game_start(&self, number: usize, pgn: &PgnGame, game: &str) -> bool {
        if self.json {
            return true;
        }
        let tag = |name| pgn.tag(name).unwrap_or("?");
        self.say(&format!(
            "Game {number}: {} vs {} ({game}) {}",
            tag("White"),
            tag("Black"),
            pgn.result.as_deref().unwrap_or(tag("Result"))
        ))
    }

    /// One analysed position; `game` is its game's number (none for a
    /// position list).
    pub(super) fn position(&self, game: Option<usize>, analysis: &Analysis) -> bool {
        if self.json {
            self.say(&analysis.json_line(game))
        } else {
            self.say(&analysis.text_line())
        }
    }

    /// The end of a game: the marks per player (in text), and the game in
    /// the annotated PGN file. `Ok(false)` when standard output is gone.
    pub(super) fn game_end(
        &mut self,
        number: usize,
        pgn: &PgnGame,
        analyses: &[Analysis],
    ) -> Result<bool, String> {
        if let Some(file) = &mut self.pgn {
            file.write_all(annotated_pgn(pgn, analyses, &self.annotator).as_bytes())
                .and_then(|()| file.flush())
                .map_err(|e| format!("cannot write the PGN file: {e}"))?;
        }
        if self.json {
            return Ok(true);
        }
        let sides = [
            (Player::First, pgn.tag("White").unwrap_or("first")),
            (Player::Second, pgn.tag("Black").unwrap_or("second")),
        ];
        let summary: Vec<String> = sides
            .iter()
            .map(|&(player, name)| {
                let count = |mark| {
                    analyses
                        .iter()
                        .filter(|a| a.mover == player)
                        .filter(|a| a.played.as_ref().and_then(|p| p.mark) == Some(mark))
                        .count() as u64
                };
                format!(
                    "{name} {}, {}, {}",
                    counted(count(Mark::Inaccuracy), "inaccuracy", "inaccuracies"),
                    counted(count(Mark::Mistake), "mistake", "mistakes"),
                    counted(count(Mark::Blunder), "blunder", "blunders")
                )
            })
            .collect();
        Ok(self.say(&format!("Game {number}: {}", summary.join("; "))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(cp: i32, mate: Option<i32>) -> Option<SearchReport> {
        Some(SearchReport {
            depth: Some(9),
            score: Some(cp),
            mate,
        })
    }

    fn verdict(best: &str, report: Option<SearchReport>, pv: &[&str]) -> Verdict {
        Verdict {
            best: best.to_string(),
            report,
            pv: pv.iter().map(|m| m.to_string()).collect(),
        }
    }

    #[test]
    fn marks_by_the_capped_loss() {
        assert_eq!(Mark::for_loss(49), None);
        assert_eq!(Mark::for_loss(50), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(100), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(200), Some(Mark::Blunder));
        let analyse = |best: Option<SearchReport>, own: Option<SearchReport>| {
            let played = ("b".to_string(), verdict("b", own, &["b"]));
            let a = Analysis::new(
                1,
                "1.".into(),
                "f".into(),
                Player::First,
                verdict("a", best, &["a"]),
                Some(played),
            );
            let p = a.played.unwrap();
            (p.loss, p.mark)
        };
        assert_eq!(
            analyse(report(35, None), report(-20, None)),
            (Some(55), Some(Mark::Inaccuracy))
        );
        assert_eq!(
            analyse(report(29_997, Some(3)), report(1500, None)),
            (Some(0), None)
        );
        assert_eq!(
            analyse(report(0, None), report(-29_995, Some(-5))),
            (Some(1000), Some(Mark::Blunder))
        );
        assert_eq!(analyse(report(10, None), report(40, None)), (Some(0), None));
        assert_eq!(analyse(report(10, None), None), (None, None));
    }

    #[test]
    fn text_json_and_pgn_forms() {
        let played = (
            "4-5".to_string(),
            verdict("4-5", report(-20, None), &["4-5"]),
        );
        let a = Analysis::new(
            2,
            "1...".into(),
            "xxxx___oooo o".into(),
            Player::Second,
            verdict("3-5", report(35, None), &["3-5", "8-7", "2-3"]),
            Some(played),
        );
        assert_eq!(
            a.text_line(),
            "1... 4-5?! -0.20/9  best 3-5 +0.35/9  inaccuracy: 0.55 lost  pv 3-5 8-7 2-3"
        );
        let json: serde_json::Value = serde_json::from_str(&a.json_line(Some(4))).unwrap();
        assert_eq!(json["game"], 4);
        assert_eq!(json["ply"], 2);
        assert_eq!(json["score"]["cp"], 35);
        assert_eq!(json["played_score"]["cp"], -20);
        assert_eq!(json["mark"], "inaccuracy");
        assert_eq!(json["pv"][2], "2-3");
        assert!(json.get("line").is_none());
        assert_eq!(
            variation(&a),
            ["(1...", "3-5", "{+0.35/9}", "2.", "8-7", "2-3)"]
        );
        let mated = verdict("1-5", report(29_999, Some(1)), &["1-5"]);
        let b = Analysis::new(3, "line 3:".into(), "x".into(), Player::First, mated, None);
        assert_eq!(b.text_line(), "line 3: x  best 1-5 mate 1/9  pv 1-5");
        let json: serde_json::Value = serde_json::from_str(&b.json_line(None)).unwrap();
        assert_eq!(
            (json["line"].clone(), json["score"]["mate"].clone()),
            (3.into(), 1.into())
        );
    }

    #[test]
    fn engine_comments_are_told_from_others() {
        for engine in ["+0.35/6 0.250s", "-M2/5 0.1s", "0.250s", "+1.00"] {
            assert!(is_engine_comment(engine), "{engine}");
        }
        for other in [
            "a loses on time",
            "",
            "+0.35 good move",
            "draw by threefold repetition",
        ] {
            assert!(!is_engine_comment(other), "{other}");
        }
    }
}
