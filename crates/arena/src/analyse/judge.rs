//! How `ludus analyse` judges a move, as Lichess does: by the expected
//! score it gives away. A score becomes an expected score (the chance of
//! winning, a draw counting half) by the game's logistic curve
//! `E = 1 / (1 + e^(−cp / s))`, `s` being the game's
//! [`ludus_rules::Searchable::LOGISTIC_SCALE`], fitted to self-play results;
//! a forced win is 1, a forced loss 0. A move loses what the mover's
//! expected score drops from the position before it (its engine search) to
//! the position after it (the search there, or the game's result when the
//! move ended the game).

use ludus_rules::protocol::Score;
use ludus_rules::text::counted;
use ludus_rules::{GameResult, Player};

use super::verdict::SearchVerdict;

/// The score of the position after a move, seen by its mover from before
/// the move: `score` is the search's score of that position, for the
/// opponent when `turn_passed`. A win counts the move played too (an
/// opponent beaten in 1 is the mover's mate in 2), so that a played move
/// scores as the same move does as the best one; a loss still counts the
/// opponent's moves.
pub fn after_move(score: Score, turn_passed: bool) -> Score {
    match if turn_passed { score.negated() } else { score } {
        Score::Mate(moves) if moves > 0 => Score::Mate(moves + 1),
        other => other,
    }
}

/// The expected score (0 to 1) of `score` on the logistic curve of scale
/// `scale`; a forced win is 1, a forced loss 0.
pub fn expected(score: Score, scale: f64) -> f64 {
    match score {
        Score::Cp(cp) => 1.0 / (1.0 + (-f64::from(cp) / scale).exp()),
        Score::Mate(moves) if moves > 0 => 1.0,
        Score::Mate(_) => 0.0,
    }
}

/// `score` for people: `+0.35` (100 a unit), `#3` (mate in 3), `#-2`.
pub fn text(score: Score) -> String {
    match score {
        Score::Mate(moves) => format!("#{moves}"),
        cp => cp.text(),
    }
}

/// How a move ended the game, for its mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The mover won.
    Won,
    /// A draw.
    Drawn,
    /// The mover lost.
    Lost,
}

impl Ending {
    /// The ending of a finished game with `result`, for `mover`; `None`
    /// while the game goes on.
    pub fn of(result: GameResult, mover: Player) -> Option<Ending> {
        match result {
            GameResult::Ongoing => None,
            GameResult::Draw => Some(Ending::Drawn),
            GameResult::Win(winner) if winner == mover => Some(Ending::Won),
            GameResult::Win(_) => Some(Ending::Lost),
        }
    }

    /// The expected score it is: 1, ½ or 0.
    pub fn expected(self) -> f64 {
        match self {
            Ending::Won => 1.0,
            Ending::Drawn => 0.5,
            Ending::Lost => 0.0,
        }
    }

    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Won => "won",
            Ending::Drawn => "drawn",
            Ending::Lost => "lost",
        }
    }
}

/// Expected scores and losses are kept in thousandths (what every output
/// prints), so that the marks follow the printed loss exactly.
pub const PER: u32 = 1000;

/// A move losing at least this many thousandths of expected score is an
/// inaccuracy: Lichess's 0.1 drop of winning chances on its −1…1 scale.
pub const INACCURACY: u32 = 50;
/// … a mistake (Lichess: 0.2).
pub const MISTAKE: u32 = 100;
/// … a blunder (Lichess: 0.3). A won position thrown into a draw loses
/// about 500, so it is always a blunder.
pub const BLUNDER: u32 = 150;

/// How bad a move is, by the expected score it loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// At least [`INACCURACY`] lost.
    Inaccuracy,
    /// At least [`MISTAKE`] lost.
    Mistake,
    /// At least [`BLUNDER`] lost.
    Blunder,
}

/// Every mark, mildest first.
pub const MARKS: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

impl Mark {
    /// The mark for a loss of `loss` thousandths, if any.
    pub fn for_loss(loss: u32) -> Option<Mark> {
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

    /// The plural.
    pub fn plural(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracies",
            Mark::Mistake => "mistakes",
            Mark::Blunder => "blunders",
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

/// A number of thousandths as a fraction: `0.312`.
pub fn thousandths(value: u32) -> String {
    format!("{}.{:03}", value / PER, value % PER)
}

/// An expected score in thousandths, rounded.
pub fn in_thousandths(expected: f64) -> u32 {
    (expected.clamp(0.0, 1.0) * f64::from(PER)).round() as u32
}

/// What a move cost its mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The mover's expected score before the move, in thousandths.
    pub before: u32,
    /// … after it.
    pub after: u32,
    /// What it lost: `before − after`, or 0 when that is negative (a search
    /// after the move saw more than the one before it).
    pub loss: u32,
    /// The mark for the loss; never for the engine's own best move.
    pub mark: Option<Mark>,
}

impl Judgement {
    /// The judgement of a move from the expected scores (thousandths) of
    /// the positions before and after it; `best` says whether it is the
    /// move the engine found best.
    pub fn new(before: u32, after: u32, best: bool) -> Judgement {
        let loss = before.saturating_sub(after);
        Judgement {
            before,
            after,
            loss,
            mark: if best { None } else { Mark::for_loss(loss) },
        }
    }
}

/// What a played move led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum After {
    /// The search of the position after it; `true` when the side to move
    /// there is the mover's opponent (the score is turned to the mover).
    Searched(SearchVerdict, bool),
    /// The move ended the game.
    Ended(Ending),
}

impl After {
    /// The score of the position after the move, from the mover's view.
    pub fn score(&self) -> Option<Score> {
        match self {
            After::Searched(verdict, passed) => verdict.score.map(|s| after_move(s, *passed)),
            After::Ended(_) => None,
        }
    }

    /// The depth of that score.
    pub fn depth(&self) -> Option<u32> {
        match self {
            After::Searched(verdict, _) => verdict.depth,
            After::Ended(_) => None,
        }
    }

    /// The game's end, if the move ended it.
    pub fn ending(&self) -> Option<Ending> {
        match self {
            After::Ended(ending) => Some(*ending),
            After::Searched(..) => None,
        }
    }

    /// The mover's expected score after the move, on the logistic curve
    /// of scale `scale`.
    pub fn expected(&self, scale: f64) -> Option<f64> {
        match self {
            After::Ended(ending) => Some(ending.expected()),
            After::Searched(..) => self.score().map(|score| expected(score, scale)),
        }
    }
}

/// What the move `played` cost its mover: from `before`, the search of
/// the position it was played in, to `after`, what it led to, on the
/// game's logistic curve of scale `scale`; `None` when either search gave
/// no score.
pub fn judge_move(
    before: &SearchVerdict,
    played: &str,
    after: &After,
    scale: f64,
) -> Option<Judgement> {
    let before_expected = before.score.map(|s| in_thousandths(expected(s, scale)));
    let after_expected = after.expected(scale).map(in_thousandths);
    before_expected
        .zip(after_expected)
        .map(|(b, a)| Judgement::new(b, a, played == before.best))
}

/// A player's judged moves summed up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// How many moves got each mark, in the order of [`MARKS`].
    pub marks: [usize; 3],
    /// The mean loss over the moves judged, in thousandths.
    pub average_loss: Option<u32>,
}

impl Summary {
    /// The summary of `judgements`.
    pub fn of(judgements: &[Judgement]) -> Summary {
        let marks = MARKS.map(|mark| judgements.iter().filter(|j| j.mark == Some(mark)).count());
        let total: u32 = judgements.iter().map(|j| j.loss).sum();
        let average_loss = (!judgements.is_empty())
            .then(|| (f64::from(total) / judgements.len() as f64).round() as u32);
        Summary {
            marks,
            average_loss,
        }
    }

    /// `1 inaccuracy, 0 mistakes, 2 blunders, average loss 0.034`.
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = MARKS
            .iter()
            .zip(self.marks)
            .map(|(mark, n)| counted(n as u64, mark.name(), mark.plural()))
            .collect();
        if let Some(loss) = self.average_loss {
            parts.push(format!("average loss {}", thousandths(loss)));
        }
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_become_expected_scores() {
        assert_eq!(expected(Score::Cp(0), 150.0), 0.5);
        let plus = expected(Score::Cp(150), 150.0);
        assert!((plus - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        assert!((plus + expected(Score::Cp(-150), 150.0) - 1.0).abs() < 1e-12);
        assert_eq!(expected(Score::Mate(3), 150.0), 1.0);
        assert_eq!(expected(Score::Mate(-1), 150.0), 0.0);
        assert_eq!(Score::Mate(2).negated(), Score::Mate(-2));
        assert_eq!(in_thousandths(plus), 731);
        assert_eq!(after_move(Score::Mate(-1), true), Score::Mate(2));
        assert_eq!(after_move(Score::Mate(3), true), Score::Mate(-3));
        assert_eq!(after_move(Score::Mate(2), false), Score::Mate(3));
        assert_eq!(after_move(Score::Cp(40), true), Score::Cp(-40));
    }

    #[test]
    fn scores_are_written_with_mates_as_mates() {
        assert_eq!(text(Score::Cp(35)), "+0.35");
        assert_eq!(text(Score::Cp(-120)), "-1.20");
        assert_eq!(Score::Cp(-5).text(), "-0.05");
        assert_eq!(text(Score::Mate(3)), "#3");
        assert_eq!(text(Score::Mate(-2)), "#-2");
        assert_eq!(
            (Score::Mate(3).text(), Score::Mate(-2).text()),
            ("+M3".into(), "-M2".into())
        );
        assert_eq!(thousandths(312), "0.312");
        assert_eq!(thousandths(1000), "1.000");
    }

    #[test]
    fn marks_by_the_loss_and_never_for_the_best_move() {
        assert_eq!(Mark::for_loss(INACCURACY - 1), None);
        assert_eq!(Mark::for_loss(INACCURACY), Some(Mark::Inaccuracy));
        assert_eq!(Mark::for_loss(MISTAKE), Some(Mark::Mistake));
        assert_eq!(Mark::for_loss(BLUNDER), Some(Mark::Blunder));
        let thrown = Judgement::new(990, 500, false);
        assert_eq!((thrown.loss, thrown.mark), (490, Some(Mark::Blunder)));
        assert_eq!(Judgement::new(990, 500, true).mark, None);
        let gained = Judgement::new(400, 460, false);
        assert_eq!((gained.loss, gained.mark), (0, None));
        let ending = Ending::of(GameResult::Win(Player::Second), Player::First);
        assert_eq!(ending.map(Ending::expected), Some(0.0));
        assert_eq!(Ending::of(GameResult::Ongoing, Player::First), None);
    }
}
