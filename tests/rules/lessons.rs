//! Every game's lesson holds to its rules, and the lesson format's checks,
//! answers and guide page on a small Alak lesson (outside the crate: the
//! lesson modules name no game).

use ludus_rules::games::alak::Alak;
use ludus_rules::games::{lesson_text, lesson_title, visit_every_game, GameVisitor, GAME_NAMES};
use ludus_rules::lesson::check::play;
use ludus_rules::lesson::guide::{guide_page, svg_picture, Picture};
use ludus_rules::lesson::{check_lesson, parse, Answer};
use ludus_rules::teaching::{answer, exercise};
use ludus_rules::Tooling;

#[derive(Clone)]
struct Checked;

impl GameVisitor for Checked {
    type Output = Result<(usize, usize, Option<&'static str>), String>;
    fn visit<G: Tooling>(self) -> Self::Output {
        let at = |e: String| format!("{}'s lesson: {e}", G::NAME);
        let lesson = parse(G::LESSON).map_err(at)?;
        check_lesson::<G>(&lesson).map_err(at)?;
        let counts = (lesson.diagrams().count(), lesson.exercises().count());
        Ok((counts.0, counts.1, lesson.variant_of))
    }
}

#[test]
fn every_game_has_a_lesson_that_holds_to_its_rules() {
    for (name, checked) in GAME_NAMES.iter().zip(visit_every_game(Checked)) {
        let (diagrams, exercises, base) = checked.unwrap_or_else(|e| panic!("{e}"));
        assert!(diagrams >= 2, "{name}: {diagrams} diagrams");
        assert!(exercises >= 2, "{name}: {exercises} exercises");
        assert!(lesson_title(name).is_some());
        if let Some(base) = base {
            assert!(GAME_NAMES.contains(&base), "{name}: a variant of '{base}'");
        }
    }
    assert!(lesson_text("chess").unwrap_err().contains("unknown game"));
}

#[test]
fn exercises_are_found_by_number() {
    let first = exercise::<Alak>(0).unwrap();
    assert_eq!(answer::<Alak>(0, first.show), Ok(Answer::Solved));
    let error = exercise::<Alak>(99).unwrap_err();
    assert!(error.starts_with("alak has exercises 1 to"), "{error}");
}

const LESSON: &str = "# Alak\n\nGoal.\n
```exercise
position: x_x______oo x
prompt: Capture.
solutions: 3-2
hint: h
```
```exercise
position: _ox_o_____x o
prompt: Win.
goal: win
hint: h
show: 5-4
```
";

#[test]
fn answers_are_judged_by_the_rules() {
    let lesson = parse(LESSON).unwrap();
    check_lesson::<Alak>(&lesson).unwrap();
    let [first, second] = [0, 1].map(|i| lesson.exercises().nth(i).unwrap().clone());
    assert_eq!(first.answer::<Alak>(" 3-2 "), Ok(Answer::Solved));
    assert_eq!(first.answer::<Alak>("1-2"), Ok(Answer::NotIt));
    assert!(first.answer::<Alak>("1-5").unwrap_err().contains("illegal"));
    assert_eq!(second.answer::<Alak>("5-4"), Ok(Answer::Solved));
    assert_eq!(play::<Alak>("_ox_o_____x o", "5-4").unwrap().0, "5-4");
}

#[test]
fn faults_are_named() {
    for (from, to, words) in [
        ("solutions: 3-2", "solutions: 3-9", "illegal move '3-9'"),
        ("show: 5-4", "show: 5-6", "does not solve"),
        ("x_x______oo x", "x_x______oo", "exercise 'Capture.'"),
        (
            "Goal.\n",
            "Goal.\n\n```variant\nof: alak\n```\n",
            "not another game",
        ),
    ] {
        let lesson = parse(&LESSON.replace(from, to)).map(|l| check_lesson::<Alak>(&l));
        let error = lesson.unwrap().unwrap_err();
        assert!(error.contains(words), "{to}: {error}");
    }
}

#[test]
fn a_page_holds_the_lesson_with_its_pictures_and_folded_answers() {
    let lesson = parse(
        "# Alak\n\nWin.\n\n## Moving\n\n- a\n- b\n\n```diagram\nposition: xxxx___oooo x\n\
         move: 4-5\ncaption: First.\n```\n\n```exercise\nposition: x_x______oo x\n\
         prompt: Capture.\nsolutions: 3-2 1-2\nhint: Close.\n```\n",
    )
    .unwrap();
    let mut drawn = Vec::new();
    let mut picture = |shown: Picture| {
        drawn.push(svg_picture::<Alak>(shown).unwrap());
        format!("[picture {}: {}]", drawn.len(), shown.shown.unwrap_or("-"))
    };
    let page = guide_page(&lesson, "alak/lesson.md", None, &mut picture);
    assert!(
        page.starts_with("<!-- Written from alak/lesson.md"),
        "{page}"
    );
    assert!(
        page.contains("# Alak\n\nWin.\n\n## Moving\n\n- a\n- b\n\n"),
        "{page}"
    );
    assert!(page.contains("[picture 1: 4-5]\n\n*First.*"), "{page}");
    assert!(
        page.contains("Capture.\n\n[picture 2: -]\n\n<details>"),
        "{page}"
    );
    // The move shown is played and framed.
    assert!(drawn[0].contains("xxx_x__oooo o"), "{}", drawn[0]);
    assert_eq!(drawn.len(), 2);
    assert!(page.contains("**Exercise 1.** Capture."), "{page}");
    assert!(
        page.contains("<summary>Answer</summary>\n\n`3-2` (or `1-2`)"),
        "{page}"
    );
    assert!(page.ends_with("</details>\n"), "{page}");
}
