//! What `ludus analyse` prints: each analysed position and move as text or
//! as a JSON line, and each game's summary per player; the annotated PGN
//! (in [`super::annotate`]) says the same from the same values.

use ludus_rules::protocol::{Bound, Score};
use ludus_rules::Player;
use serde::Serialize;

use super::judge::{self, judge_move, thousandths, After, Ending, Judgement, Mark, Summary};
use super::verdict::SearchVerdict;
use crate::pgn_read::PgnGame;

/// How the outputs name a game.
pub(super) struct GameRef {
    /// Its place in the input, from 1.
    pub number: usize,
    /// Its `Round` tag, if it has one.
    pub round: Option<String>,
    /// `Round 3`, or `Game 2` without a `Round` tag.
    pub title: String,
}

/// What a move led to for people: `+0.35/12`, `#-2/9`, or how the game
/// ended (`won`).
pub(super) fn after_text(after: &After) -> String {
    match after.ending() {
        Some(ending) => ending.name().to_string(),
        None => score_text(after.score(), after.depth()),
    }
}

/// A score with its depth for people: `+0.35/12`, `#3/9`; `?` when the
/// engine gave no score.
pub(super) fn score_text(score: Option<Score>, depth: Option<u32>) -> String {
    let Some(score) = score else {
        return "?".to_string();
    };
    match depth {
        Some(depth) => format!("{}/{depth}", judge::text(score)),
        None => judge::text(score),
    }
}

/// The move played in an analysed position, and what it cost.
pub(super) struct Played {
    /// The move, in canonical notation.
    pub text: String,
    /// What it led to.
    pub after: After,
    /// What it cost, when both expected scores are known.
    pub judgement: Option<Judgement>,
}

impl Played {
    /// Its mark, if any.
    pub(super) fn mark(&self) -> Option<Mark> {
        self.judgement.and_then(|j| j.mark)
    }
}

/// One analysed position, and the move played there if any.
pub(super) struct Analysis {
    /// The ply in the game (from 1), or the line in a position list.
    pub index: usize,
    /// `12.`, `12...`, or `line 7:`.
    pub label: String,
    pub fen: String,
    pub mover: Player,
    /// The search of the position.
    pub verdict: SearchVerdict,
    pub played: Option<Played>,
}

impl Analysis {
    /// The analysis of a position from its search.
    pub(super) fn new(
        index: usize,
        label: String,
        fen: String,
        mover: Player,
        verdict: SearchVerdict,
    ) -> Self {
        Analysis {
            index,
            label,
            fen,
            mover,
            verdict,
            played: None,
        }
    }

    /// With the move `text` played, which led to `after`; `scale` is the
    /// game's logistic scale.
    pub(super) fn with_played(mut self, text: String, after: After, scale: f64) -> Self {
        let judgement = judge_move(&self.verdict, &text, &after, scale);
        self.played = Some(Played {
            text,
            after,
            judgement,
        });
        self
    }

    /// The best move's score for people.
    pub(super) fn best_score(&self) -> String {
        score_text(self.verdict.score, self.verdict.depth)
    }

    pub(super) fn text_line(&self) -> String {
        let mut line = self.label.clone();
        match &self.played {
            Some(played) => {
                let symbol = played.mark().map_or("", Mark::symbol);
                line.push_str(&format!(
                    " {}{symbol} {}",
                    played.text,
                    after_text(&played.after)
                ));
            }
            None => line.push_str(&format!(" {}", self.fen)),
        }
        line.push_str(&format!(
            "  best {} {}",
            self.verdict.best,
            self.best_score()
        ));
        if let Some(mark) = self.played.as_ref().and_then(|p| p.mark().zip(p.judgement)) {
            line.push_str(&format!("  {}", mark_words(mark.0, mark.1.loss)));
        }
        line.push_str(&format!("  pv {}", self.verdict.pv.join(" ")));
        line
    }

    pub(super) fn json_line(&self, game: Option<&GameRef>) -> String {
        let played = self.played.as_ref();
        let judgement = played.and_then(|p| p.judgement);
        let line = JsonLine {
            game: game.map(|g| g.number),
            round: game.and_then(|g| g.round.as_deref()),
            ply: game.map(|_| self.index),
            line: game.is_none().then_some(self.index),
            number: game.map(|_| self.label.as_str()),
            fen: &self.fen,
            mover: player_word(self.mover),
            best: &self.verdict.best,
            score: self.verdict.score.map(JsonScore::of),
            depth: self.verdict.depth,
            bound: self.verdict.bound.map(bound_name),
            pv: &self.verdict.pv,
            played: played.map(|p| p.text.as_str()),
            played_score: played.and_then(|p| p.after.score()).map(JsonScore::of),
            played_depth: played.and_then(|p| p.after.depth()),
            played_result: played.and_then(|p| p.after.ending()).map(Ending::name),
            expected_before: judgement.map(|j| fraction(j.before)),
            expected_after: judgement.map(|j| fraction(j.after)),
            loss: judgement.map(|j| fraction(j.loss)),
            mark: played.and_then(Played::mark).map(Mark::name),
        };
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string(&line).unwrap_or_default()
    }
}

/// `blunder: 0.312 lost`, as text and PGN say it.
pub(super) fn mark_words(mark: Mark, loss: u32) -> String {
    format!("{}: {} lost", mark.name(), thousandths(loss))
}

/// The report's word for a bound: the protocol's, without the `bound`.
fn bound_name(bound: Bound) -> &'static str {
    match bound {
        Bound::Lower => "lower",
        Bound::Upper => "upper",
    }
}

fn player_word(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

/// Thousandths as a JSON number (`312` → `0.312`).
fn fraction(value: u32) -> f64 {
    f64::from(value) / 1000.0
}

/// A score in JSON: `{"cp": 35}` or `{"mate": -2}`.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum JsonScore {
    Cp(i32),
    Mate(i32),
}

impl JsonScore {
    fn of(score: Score) -> JsonScore {
        match score {
            Score::Cp(cp) => JsonScore::Cp(cp),
            Score::Mate(moves) => JsonScore::Mate(moves),
        }
    }
}

/// One JSON line; fields that do not apply or are unknown are left out.
#[derive(Serialize)]
struct JsonLine<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    game: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<&'a str>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<&'static str>,
    pv: &'a [String],
    #[serde(skip_serializing_if = "Option::is_none")]
    played: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_score: Option<JsonScore>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_depth: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    played_result: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_before: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_after: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    loss: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mark: Option<&'static str>,
}

/// One player's moves in a game, summed up.
pub(super) struct PlayerSummary {
    pub player: Player,
    /// The player's name (`White` / `Black` tag).
    pub name: String,
    /// How many moves got each mark, in the order of [`MARKS`].
    pub marks: [usize; 3],
    /// The mean loss over the moves judged, in thousandths.
    pub average_loss: Option<u32>,
}

impl PlayerSummary {
    /// `player`'s moves among `analyses`.
    pub(super) fn of(player: Player, name: &str, analyses: &[Analysis]) -> Self {
        let judgements: Vec<Judgement> = analyses
            .iter()
            .filter(|a| a.mover == player)
            .filter_map(|a| a.played.as_ref()?.judgement)
            .collect();
        let Summary {
            marks,
            average_loss,
        } = Summary::of(&judgements);
        PlayerSummary {
            player,
            name: name.to_string(),
            marks,
            average_loss,
        }
    }

    /// Both players of a game.
    pub(super) fn both(pgn: &PgnGame, analyses: &[Analysis]) -> [PlayerSummary; 2] {
        [
            PlayerSummary::of(Player::First, pgn.tag("White").unwrap_or("first"), analyses),
            PlayerSummary::of(
                Player::Second,
                pgn.tag("Black").unwrap_or("second"),
                analyses,
            ),
        ]
    }

    /// `1 inaccuracy, 0 mistakes, 2 blunders, average loss 0.034`.
    pub(super) fn text(&self) -> String {
        Summary {
            marks: self.marks,
            average_loss: self.average_loss,
        }
        .text()
    }

    fn json(&self) -> JsonPlayer<'_> {
        JsonPlayer {
            player: player_word(self.player),
            name: &self.name,
            inaccuracies: self.marks[0],
            mistakes: self.marks[1],
            blunders: self.marks[2],
            average_loss: self.average_loss.map(fraction),
        }
    }
}

/// A player's summary in JSON.
#[derive(Serialize)]
struct JsonPlayer<'a> {
    player: &'static str,
    name: &'a str,
    inaccuracies: usize,
    mistakes: usize,
    blunders: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    average_loss: Option<f64>,
}

/// A game's summary line in JSON.
#[derive(Serialize)]
struct JsonSummary<'a> {
    game: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    round: Option<&'a str>,
    summary: [JsonPlayer<'a>; 2],
}

/// A game's summary line: per player in text, one JSON object with `json`.
pub(super) fn summary_line(game: &GameRef, summary: &[PlayerSummary; 2], json: bool) -> String {
    if json {
        return serde_json::to_string(&JsonSummary {
            game: game.number,
            round: game.round.as_deref(),
            summary: [summary[0].json(), summary[1].json()],
        })
        .unwrap_or_default();
    }
    let players: Vec<String> = summary
        .iter()
        .map(|s| format!("{} {}", s.name, s.text()))
        .collect();
    format!("{}: {}", game.title, players.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(best: &str, score: Option<Score>, pv: &[&str]) -> SearchVerdict {
        SearchVerdict {
            best: best.to_string(),
            score,
            depth: Some(9),
            bound: None,
            pv: pv.iter().map(|m| m.to_string()).collect(),
        }
    }

    fn analysis(best: SearchVerdict, played: &str, after: After) -> Analysis {
        Analysis::new(2, "1...".into(), "f".into(), Player::Second, best).with_played(
            played.to_string(),
            after,
            100.0,
        )
    }

    #[test]
    fn a_move_is_judged_by_the_search_after_it() {
        let best = verdict("3-5", Some(Score::Cp(35)), &["3-5", "8-7", "2-3"]);
        // The opponent to move after it, at +0.20 for them.
        let after = After::Searched(verdict("8-7", Some(Score::Cp(20)), &["8-7"]), true);
        let a = analysis(best.clone(), "4-5", after);
        let judgement = a.played.as_ref().unwrap().judgement.unwrap();
        assert_eq!((judgement.before, judgement.after), (587, 450));
        assert_eq!((judgement.loss, judgement.mark), (137, Some(Mark::Mistake)));
        assert_eq!(
            a.text_line(),
            "1... 4-5? -0.20/9  best 3-5 +0.35/9  mistake: 0.137 lost  pv 3-5 8-7 2-3"
        );
        let json: serde_json::Value = serde_json::from_str(&a.json_line(Some(&GameRef {
            number: 4,
            round: Some("7".into()),
            title: "Round 7".into(),
        })))
        .unwrap();
        assert_eq!(
            (json["game"].clone(), json["round"].clone()),
            (4.into(), "7".into())
        );
        assert_eq!(json["ply"], 2);
        assert_eq!(json["score"]["cp"], 35);
        assert_eq!(json["played_score"]["cp"], -20);
        assert_eq!(json["loss"], 0.137);
        assert_eq!(json["mark"], "mistake");
        assert!(json.get("line").is_none() && json.get("bound").is_none());
        // The best move is never marked, whatever the searches say.
        let worse = After::Searched(verdict("8-7", Some(Score::Cp(90)), &["8-7"]), true);
        assert_eq!(
            analysis(best.clone(), "3-5", worse).played.unwrap().mark(),
            None
        );
        // A won position thrown into a draw is a blunder.
        let won = verdict("1-5", Some(Score::Mate(4)), &["1-5"]);
        let drawn = analysis(won, "2-5", After::Ended(Ending::Drawn));
        assert_eq!(drawn.played.as_ref().unwrap().mark(), Some(Mark::Blunder));
        assert!(drawn
            .text_line()
            .starts_with("1... 2-5?? drawn  best 1-5 #4/9  blunder: 0.500 lost"));
    }

    #[test]
    fn positions_of_a_list_and_their_bounds() {
        let mut mated = verdict("1-5", Some(Score::Mate(1)), &["1-5"]);
        mated.bound = Some(Bound::Lower);
        let b = Analysis::new(3, "line 3:".into(), "x".into(), Player::First, mated);
        assert_eq!(b.text_line(), "line 3: x  best 1-5 #1/9  pv 1-5");
        let json: serde_json::Value = serde_json::from_str(&b.json_line(None)).unwrap();
        assert_eq!(
            (
                json["line"].clone(),
                json["score"]["mate"].clone(),
                json["bound"].clone()
            ),
            (3.into(), 1.into(), "lower".into())
        );
    }

    #[test]
    fn a_summary_counts_marks_and_averages_losses() {
        let best = verdict("3-5", Some(Score::Cp(0)), &["3-5"]);
        let lost = |cp| After::Searched(verdict("8-7", Some(Score::Cp(cp)), &["8-7"]), true);
        let analyses = [
            analysis(best.clone(), "4-5", lost(100)),
            analysis(best.clone(), "2-5", lost(0)),
        ];
        let summary = PlayerSummary::of(Player::Second, "b", &analyses);
        assert_eq!(summary.marks, [0, 0, 1]);
        assert_eq!(
            summary.text(),
            "0 inaccuracies, 0 mistakes, 1 blunder, average loss 0.116"
        );
        assert_eq!(
            PlayerSummary::of(Player::First, "a", &analyses).average_loss,
            None
        );
    }
}
