//! The clocks and the review as the page reads them (JSON): each side's
//! time, the running clock; each reviewed move's loss and mark, each
//! player's summary, and the move tried again with its judgement.

use ludus_arena::analyse::judge::{thousandths, Judgement, Mark, Summary};
use serde_json::{json, Value};
use web_time::Instant;

use crate::app::App;
use crate::record::Record;
use ludus_rules::{GameResult, Player};

/// Thousandths as a JSON number (`312` → `0.312`).
fn fraction(value: u32) -> f64 {
    f64::from(value) / 1000.0
}

/// The clocks of the game in `record`, or null off the clock: the
/// control, each side's time left now (milliseconds, first player's
/// first), which runs, a pause, the side whose time ran out, and whether
/// the side to move may pause (a person, in a game that goes on).
pub fn clock_json(record: &Record) -> Value {
    let Some(clock) = record.clock() else {
        return Value::Null;
    };
    let now = Instant::now();
    let control = clock.control();
    let left = [Player::First, Player::Second].map(|p| clock.left(p, now).as_millis() as u64);
    let end = record.table().moves().len();
    let to_move = record.table().side(end);
    let ongoing = record.status(end).result == GameResult::Ongoing;
    json!({
        "control": control.text(),
        "base": control.base_ms,
        "increment": control.increment_ms,
        "left": left,
        "running": clock.running().map(player_word),
        "paused": clock.paused(),
        "flagged": clock.flagged().map(player_word),
        "pausable": ongoing && !record.plays().covers(to_move) && end > 0,
    })
}

/// A move's judgement as JSON.
fn judgement_json(judgement: &Judgement) -> Value {
    json!({
        "loss": fraction(judgement.loss),
        "mark": judgement.mark.map(Mark::name),
        "symbol": judgement.mark.map_or("", Mark::symbol),
    })
}

/// A player's summary as JSON.
fn summary_json(player: Player, name: &str, summary: &Summary) -> Value {
    json!({
        "player": player_word(player),
        "name": name,
        "inaccuracies": summary.marks[0],
        "mistakes": summary.marks[1],
        "blunders": summary.marks[2],
        "averageLoss": summary.average_loss.map(fraction),
        "text": summary.text(),
    })
}

/// The review of the game, or null: how far it is (positions searched of
/// those to search), each move's judgement with the engine's best move
/// there, each player's summary, and the move tried again.
pub fn review_json(app: &App) -> Value {
    let Some(review) = app.review() else {
        return Value::Null;
    };
    let record = app.game();
    let table = record.table();
    let scale = table.logistic_scale();
    let (searched, total) = review.progress(record);
    let judgements = review.judgements(record, scale);
    let moves: Vec<Value> = judgements
        .iter()
        .enumerate()
        .map(|(ply, judgement)| {
            let (judgement, verdict) = (judgement.as_ref()?, review.verdict(ply)?);
            let mut value = judgement_json(judgement);
            value["best"] = json!(verdict.best);
            value["bestScore"] = json!(verdict.score.map(|s| s.text()));
            Some(value)
        })
        .map(|value| value.unwrap_or(Value::Null))
        .collect();
    let names = table.look().players;
    let summaries = review.summaries(record, scale);
    let summary: Vec<Value> = [Player::First, Player::Second]
        .into_iter()
        .zip(&summaries)
        .map(|(player, s)| summary_json(player, names[player.index()], s))
        .collect();
    let retry = review.retry.as_ref().map(|retry| {
        let best = review.verdict(retry.ply).map(|v| v.best.clone());
        let tried = retry.tried.as_ref().map(|tried| {
            let judged = review.retry_judgement(scale);
            let mut value = json!({ "move": tried.text, "searching": tried.after.is_none() });
            if let Some(judgement) = judged {
                value["keeps"] = json!(judgement.mark.is_none());
                value["text"] = json!(retry_words(&tried.text, best.as_deref(), &judgement));
                for (key, field) in judgement_json(&judgement).as_object().into_iter().flatten() {
                    value[key] = field.clone();
                }
            }
            value
        });
        json!({ "move": retry.ply + 1, "ply": retry.ply, "best": best, "tried": tried })
    });
    json!({
        "searched": searched,
        "total": total,
        "running": searched < total,
        "movetime": review.movetime,
        "moves": moves,
        "summary": summary,
        "retry": retry,
    })
}

/// What the board says of a move tried again: whether it keeps the value
/// of the position (loses less than an inaccuracy does).
fn retry_words(tried: &str, best: Option<&str>, judgement: &Judgement) -> String {
    let loss = thousandths(judgement.loss);
    match (judgement.mark, best) {
        (None, Some(best)) if best == tried => {
            format!("{tried} is the engine's move: it keeps the value")
        }
        (None, _) => format!("{tried} keeps the value (it loses {loss})"),
        (Some(mark), Some(best)) => format!(
            "{tried} is still a {} (it loses {loss}): the engine plays {best}",
            mark.name()
        ),
        (Some(mark), None) => format!("{tried} is still a {} (it loses {loss})", mark.name()),
    }
}

/// The page's word for a player.
pub fn player_word(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_tried_again_is_said_to_keep_the_value_or_not() {
        let judged = |loss, mark| Judgement {
            before: 600,
            after: 600 - loss,
            loss,
            mark,
        };
        assert_eq!(
            retry_words("3-5", Some("3-5"), &judged(0, None)),
            "3-5 is the engine's move: it keeps the value"
        );
        assert_eq!(
            retry_words("2-5", Some("3-5"), &judged(12, None)),
            "2-5 keeps the value (it loses 0.012)"
        );
        assert_eq!(
            retry_words("4-5", Some("3-5"), &judged(140, Some(Mark::Mistake))),
            "4-5 is still a mistake (it loses 0.140): the engine plays 3-5"
        );
    }
}
