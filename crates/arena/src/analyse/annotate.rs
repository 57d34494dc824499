//! The annotated PGN of `ludus analyse`: the game as read, with each move's
//! NAG, score and mark, the best line after a marked move, and each
//! player's summary in tags; the same values the text and JSON print.

use ludus_rules::protocol::Outcome;
use ludus_rules::Player;

use super::judge::MARKS;
use super::report::{mark_words, Analysis, PlayerSummary};
use crate::pgn::{comment, format_tags, wrap_movetext};
use crate::pgn_read::PgnGame;

/// The tags of each player's summary, first player's first.
const SUMMARY_TAGS: [&str; 2] = ["WhiteAnalysis", "BlackAnalysis"];

/// Tags the analysis writes, dropped from the input so that an annotated
/// file can be analysed again.
fn is_analysis_tag(name: &str) -> bool {
    name == "Annotator" || SUMMARY_TAGS.contains(&name)
}

/// Whether a comment is only what an analysis or a match writes: engine
/// figures as `ludus match` writes them (`+0.35/6 0.250s`, `+M2/5`,
/// `0.250s`), or a mark (`blunder: 0.312 lost`). The analysis replaces
/// those.
fn is_engine_comment(text: &str) -> bool {
    let is_time = |w: &str| {
        w.strip_suffix('s')
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
    };
    let is_score = |w: &str| {
        let (score, depth) = w.split_once('/').unwrap_or((w, "0"));
        let value = score.strip_prefix(['+', '-']).unwrap_or("");
        let value = value.strip_prefix('M').unwrap_or(value);
        is_number(value) && depth.parse::<u32>().is_ok()
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let is_mark = match words[..] {
        [mark, loss, "lost"] => {
            MARKS
                .iter()
                .any(|m| mark.strip_suffix(':') == Some(m.name()))
                && is_number(loss)
        }
        _ => false,
    };
    is_mark || (!words.is_empty() && words.iter().all(|&w| is_time(w) || is_score(w)))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// The game with the analysis in it: the tags (with `Annotator` and each
/// player's summary), each move with its NAG, its score as a `{+0.35/12}`
/// comment, its mark as `{blunder: 0.312 lost}` and the comments it had
/// that are not engine figures, and after a marked move the best line as a
/// variation.
pub(super) fn annotated_pgn(
    pgn: &PgnGame,
    analyses: &[Analysis],
    summary: &[PlayerSummary; 2],
    annotator: &str,
) -> String {
    let summaries: Vec<String> = summary.iter().map(PlayerSummary::text).collect();
    let mut tags: Vec<(&str, &str)> = pgn
        .tags
        .iter()
        .filter(|(name, _)| !is_analysis_tag(name))
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    tags.push(("Annotator", annotator));
    tags.extend(
        SUMMARY_TAGS
            .iter()
            .copied()
            .zip(summaries.iter().map(String::as_str)),
    );
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
        let marked = played.mark().zip(played.judgement);
        if let Some((mark, _)) = marked {
            words.push(format!("${}", mark.nag()));
        }
        if let Some(score) = played.after.score() {
            words.push(comment(&with_depth(score.text(), played.after.depth())));
        }
        if let Some((mark, judgement)) = marked {
            words.push(comment(&mark_words(mark, judgement.loss)));
        }
        for kept in read.comments.iter().filter(|c| !is_engine_comment(c)) {
            words.push(comment(kept));
        }
        if marked.is_some() {
            words.extend(variation(analysis));
        }
    }
    let result = pgn
        .result
        .map(Outcome::token)
        .or(pgn.tag("Result"))
        .unwrap_or("*");
    words.push(result.to_string());
    let mut text = format_tags(tags);
    text.push_str(&wrap_movetext(&words));
    text
}

fn with_depth(score: String, depth: Option<u32>) -> String {
    match depth {
        Some(depth) => format!("{score}/{depth}"),
        None => score,
    }
}

/// The best line of `analysis` as a PGN variation, numbered from its
/// position: `(12... 3-5 {+0.35/12} 13. 8-7 2-3)`.
fn variation(analysis: &Analysis) -> Vec<String> {
    let verdict = &analysis.verdict;
    let mut number: usize = analysis.label.trim_end_matches('.').parse().unwrap_or(1);
    let mut words = vec![format!("({}", analysis.label)];
    let mut mover = analysis.mover;
    for (index, mv) in verdict.pv.iter().enumerate() {
        if index > 0 {
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
        }
        words.push(mv.clone());
        if let Some(score) = verdict.score.filter(|_| index == 0) {
            words.push(comment(&with_depth(score.text(), verdict.depth)));
        }
    }
    if let Some(last) = words.last_mut() {
        last.push(')');
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analyse::judge::After;
    use crate::analyse::judge::Ending;
    use crate::analyse::verdict::SearchVerdict;
    use ludus_rules::protocol::Score;

    #[test]
    fn engine_comments_are_told_from_others() {
        for engine in [
            "+0.35/6 0.250s",
            "-M2/5 0.1s",
            "0.250s",
            "+1.00",
            "blunder: 0.312 lost",
        ] {
            assert!(is_engine_comment(engine), "{engine}");
        }
        for other in [
            "a loses on time",
            "",
            "+0.35 good move",
            "draw by threefold repetition",
            "game: 1 lost",
        ] {
            assert!(!is_engine_comment(other), "{other}");
        }
    }

    #[test]
    fn a_marked_move_gets_its_nag_mark_and_best_line() {
        let verdict = SearchVerdict {
            best: "3-5".into(),
            score: Some(Score::Mate(2)),
            depth: Some(9),
            bound: None,
            pv: ["3-5", "8-7", "2-3"].map(String::from).to_vec(),
        };
        let analysis = Analysis::new(2, "1...".into(), "f".into(), Player::Second, verdict)
            .with_played("4-5".into(), After::Ended(Ending::Lost), 100.0);
        assert_eq!(
            variation(&analysis),
            ["(1...", "3-5", "{+M2/9}", "2.", "8-7", "2-3)"]
        );
        let pgn = crate::pgn_read::read_pgn(
            "[Round \"2\"]\n[WhiteAnalysis \"old\"]\n\n1. 1-5 1... 4-5 {o has 1 piece} 0-1\n",
        )
        .unwrap()
        .remove(0);
        let first = Analysis::new(
            1,
            "1.".into(),
            "f".into(),
            Player::First,
            SearchVerdict::default(),
        );
        let analyses = [first, analysis];
        let summary = PlayerSummary::both(&pgn, &analyses);
        let text = annotated_pgn(&pgn, &analyses, &summary, "ludus (depth 9)");
        assert!(
            text.contains("[WhiteAnalysis \"0 inaccuracies, 0 mistakes, 0 blunders\"]"),
            "{text}"
        );
        assert!(
            text.contains(
                "[BlackAnalysis \"0 inaccuracies, 0 mistakes, 1 blunder, average loss 1.000\"]"
            ),
            "{text}"
        );
        assert!(!text.contains("old"), "{text}");
        let movetext = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            movetext.contains("1... 4-5 $4 {blunder: 1.000 lost} {o has 1 piece} (1... 3-5 {+M2/9} 2. 8-7 2-3) 0-1"),
            "{text}"
        );
    }
}
