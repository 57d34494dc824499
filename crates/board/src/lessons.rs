//! The lessons on the board: a game's lesson (the rules crate's, written
//! once beside the game) as the page draws it, and its exercises played by
//! clicks, each answer judged by the rules.

use ludus_rules::games::lesson_title;
use ludus_rules::lesson::check::play;
use ludus_rules::lesson::{self, Answer, Block};
use ludus_rules::teaching::exercise;
use serde_json::{json, Value};

use crate::games::{visit_board, Board, BoardVisitor, Follow, Look};
use crate::table::{new_table, Start};

/// The lesson of the game called `game`, as JSON: its title, goal, the
/// game it is a variant of, and its blocks in order, each diagram with
/// its position before and after the move it shows.
pub fn lesson_json(game: &str) -> Result<Value, String> {
    struct Lesson;
    impl BoardVisitor for Lesson {
        type Output = Result<Value, String>;
        fn visit<G: Board>(self) -> Self::Output {
            let lesson = lesson::parse(G::LESSON)?;
            let mut exercises = 0;
            let mut blocks = Vec::new();
            for block in &lesson.blocks {
                blocks.push(match block {
                    Block::Heading(text) => json!({ "kind": "heading", "text": text }),
                    Block::Paragraph(text) => json!({ "kind": "paragraph", "text": text }),
                    Block::List(items) => json!({ "kind": "list", "items": items }),
                    Block::Diagram(diagram) => {
                        let (shown, fen, before) = match diagram.shown {
                            Some(text) => {
                                let (canonical, after) = play::<G>(diagram.position, text)?;
                                (Some(canonical), after, Some(diagram.position))
                            }
                            None => (None, diagram.position.to_string(), None),
                        };
                        json!({ "kind": "diagram", "fen": fen, "before": before,
                            "move": shown, "caption": diagram.caption })
                    }
                    Block::Exercise(exercise) => {
                        exercises += 1;
                        json!({ "kind": "exercise", "index": exercises - 1,
                            "fen": exercise.position, "prompt": exercise.prompt,
                            "hint": exercise.hint })
                    }
                });
            }
            let variant_of = lesson
                .variant_of
                .map(|base| json!({ "game": base, "title": lesson_title(base).unwrap_or(base) }));
            Ok(json!({
                "game": G::NAME,
                "title": lesson.title,
                "goal": lesson.goal,
                "variantOf": variant_of,
                "look": look_json(G::LOOK),
                "blocks": blocks,
            }))
        }
    }
    visit_board(game, Lesson)?
}

/// The answer to a click or a move in an exercise, `args` holding the
/// `game`, the exercise's `index` (from 0), and either the `selection`
/// of clicks so far (what can be clicked next, the move completed, or why
/// the clicks are refused) or a `move` (judged: `solved`, or `not-it`
/// with the position after it; an illegal move's reason).
pub fn exercise_reply(args: &Value) -> Result<Value, String> {
    let game = args
        .get("game")
        .and_then(Value::as_str)
        .ok_or("game: missing (the exercise's game)")?;
    let index = args
        .get("index")
        .and_then(Value::as_u64)
        .ok_or("index: missing (the exercise's number, from 0)")?;
    struct Reply<'a>(u64, &'a Value);
    impl BoardVisitor for Reply<'_> {
        type Output = Result<Value, String>;
        fn visit<G: Board>(self) -> Self::Output {
            let Reply(index, args) = self;
            let exercise = exercise::<G>(usize::try_from(index).unwrap_or(usize::MAX))?;
            if let Some(text) = args.get("move").and_then(Value::as_str) {
                return Ok(match play::<G>(exercise.position, text) {
                    Ok((canonical, after)) => {
                        let answer = match exercise.answer::<G>(&canonical)? {
                            Answer::Solved => "solved",
                            Answer::NotIt => "not-it",
                        };
                        json!({ "answer": answer, "move": canonical, "fen": after,
                            "prevFen": exercise.position })
                    }
                    Err(reason) => json!({ "reason": reason }),
                });
            }
            if args.get("show").and_then(Value::as_bool) == Some(true) {
                return Ok(json!({ "show": exercise.show }));
            }
            let selection = selection(args)?;
            let table = new_table(G::NAME, Start::Fen(exercise.position))?;
            let follow = table.follow(0, &selection);
            let mut reply = follow_json(&follow);
            if follow.next.is_empty() && follow.complete.is_none() && !selection.is_empty() {
                reply["reason"] = json!(table.refusal(0, &selection));
            }
            Ok(reply)
        }
    }
    visit_board(game, Reply(index, args))?
}

/// What a selection leads to, as JSON.
pub fn follow_json(follow: &Follow) -> Value {
    json!({ "next": follow.next, "complete": follow.complete })
}

/// How the page shows the game: the key of its drawing in draw.js, the
/// players' names, an example move.
pub fn look_json(look: Look) -> Value {
    json!({ "drawing": look.drawing, "players": look.players, "moveHint": look.move_hint })
}

/// The clicks of a request: its `selection`, a list of names.
pub fn selection(args: &Value) -> Result<Vec<String>, String> {
    let selection = args
        .get("selection")
        .and_then(Value::as_array)
        .ok_or("selection: missing (a list of clicked names is needed)")?;
    selection
        .iter()
        .map(|v| v.as_str().map(str::to_string))
        .collect::<Option<_>>()
        .ok_or_else(|| "selection: every click must be a name (text)".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_rules::games::GAME_NAMES;

    #[test]
    fn every_game_has_a_lesson_with_diagrams_and_exercises() {
        for game in GAME_NAMES {
            let lesson = lesson_json(game).unwrap();
            let blocks = lesson["blocks"].as_array().unwrap();
            let count = |kind: &str| blocks.iter().filter(|b| b["kind"] == kind).count();
            assert!(count("diagram") >= 2 && count("exercise") >= 2, "{game}");
            assert!(lesson["goal"].as_str().is_some_and(|g| !g.is_empty()));
        }
        let shown = lesson_json("alak").unwrap();
        let moved = shown["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["move"].is_string())
            .unwrap();
        assert_eq!(moved["before"], "xxxx___oooo x");
        assert_eq!(moved["fen"], "x_xxx__oooo o");
        assert_eq!(lesson_json("wyke6").unwrap()["variantOf"]["game"], "wyke");
        assert!(lesson_json("chess").is_err());
    }

    #[test]
    fn an_exercise_is_played_by_clicks_and_judged_by_the_rules() {
        let ask = |args: Value| exercise_reply(&args).unwrap();
        let first = ask(json!({"game": "alak", "index": 0, "selection": []}));
        assert_eq!(first["next"], json!(["1", "2", "3", "4"]));
        let done = ask(json!({"game": "alak", "index": 0, "selection": ["1", "5"]}));
        assert_eq!(done["complete"], "1-5");
        let solved = ask(json!({"game": "alak", "index": 0, "move": "1-5"}));
        assert_eq!(
            (&solved["answer"], &solved["fen"]),
            (&json!("solved"), &json!("_xxxx__oooo o"))
        );
        let other = ask(json!({"game": "alak", "index": 0, "move": "4-5"}));
        assert_eq!(other["answer"], "not-it");
        let refused = ask(json!({"game": "alak", "index": 0, "selection": ["9"]}));
        assert_eq!(
            refused["reason"],
            "slot 9 holds o's piece: x moves its own pieces"
        );
        let illegal = ask(json!({"game": "alak", "index": 0, "move": "1-2"}));
        assert!(illegal["reason"].as_str().unwrap().contains("illegal"));
        assert_eq!(
            ask(json!({"game": "alak", "index": 0, "show": true}))["show"],
            "1-5"
        );
        assert!(exercise_reply(&json!({"game": "alak", "index": 40})).is_err());
    }
}
