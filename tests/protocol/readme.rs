//! The protocol sessions of README.md and the user's guide (docs/src),
//! typed into the real daemon: every line they show must come back, so the
//! documents cannot go stale. (Command-line examples are run by trycmd, in
//! tests/docs.rs; a session interleaves input and output, which trycmd's
//! examples cannot.)
//!
//! A session is a code block fenced as ```` ```ludus-session ````. In it a
//! line starting with `> ` is typed; the lines after it are the engine's
//! answer to it. A line `...` stands for lines left out, and `…` inside a
//! line for figures that vary from machine to machine (speed, time);
//! everything else must match exactly and in order. Each session gets an
//! engine of its own.

use crate::common::docs::{readme_and_chapters, root};
use crate::common::{Engine, PATIENCE};

/// One typed line and the answer the document shows for it.
struct Step {
    input: String,
    answer: Vec<String>,
}

/// A session as a document shows it: where it is, and its steps.
struct Session {
    place: String,
    steps: Vec<Step>,
}

/// The fence that opens a session.
const FENCE: &str = "```ludus-session";

/// The sessions of one document's text, `name` naming it in messages.
fn sessions_in(name: &str, text: &str) -> Vec<Session> {
    let mut sessions = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        if line.trim_end() != FENCE {
            continue;
        }
        let mut steps: Vec<Step> = Vec::new();
        for (_, line) in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            match line.strip_prefix("> ") {
                Some(input) => steps.push(Step {
                    input: input.to_string(),
                    answer: Vec::new(),
                }),
                None => steps
                    .last_mut()
                    .unwrap_or_else(|| panic!("{name}:{}: a session starts typed", number + 1))
                    .answer
                    .push(line.to_string()),
            }
        }
        sessions.push(Session {
            place: format!("{name}:{}", number + 1),
            steps,
        });
    }
    sessions
}

/// Whether `line` is what `shown` shows, `…` standing for any text.
fn matches(shown: &str, line: &str) -> bool {
    let mut parts = shown.split('…');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Reads the engine's answer to one step and checks it against the page.
fn check_answer(engine: &mut Engine, place: &str, step: &Step) {
    let mut skipping = false;
    for shown in &step.answer {
        if shown == "..." {
            skipping = true;
            continue;
        }
        loop {
            let line = engine.next_line(PATIENCE).unwrap_or_else(|| {
                panic!(
                    "{place}: after `{}` the page shows `{shown}`, which never came",
                    step.input
                )
            });
            if matches(shown, &line) {
                break;
            }
            assert!(
                skipping,
                "{place}: after `{}` the page shows\n  {shown}\nbut the engine answered\n  {line}",
                step.input
            );
        }
        skipping = false;
    }
}

/// Types one session into a new engine and checks every answer.
fn run(session: &Session) {
    let mut engine = Engine::start(&[]);
    for step in &session.steps {
        engine.send(&step.input);
        check_answer(&mut engine, &session.place, step);
    }
    if session
        .steps
        .last()
        .is_some_and(|step| step.input == "quit")
    {
        assert!(
            engine
                .wait_exit(PATIENCE)
                .is_some_and(|status| status.success()),
            "{}: the engine exits after quit",
            session.place
        );
    }
}

#[test]
fn every_session_in_the_readme_and_the_guide_is_what_the_engine_answers() {
    let mut count = 0;
    for path in readme_and_chapters() {
        let text = std::fs::read_to_string(&path).expect("a readable document");
        let name = path
            .strip_prefix(root())
            .unwrap_or(&path)
            .display()
            .to_string();
        for session in sessions_in(&name, &text) {
            run(&session);
            count += 1;
        }
    }
    assert!(count >= 3, "the README and the guide show sessions");
}

#[test]
fn the_readme_session_shows_a_real_exchange_and_ends_with_quit() {
    let sessions = sessions_in("README.md", include_str!("../../README.md"));
    let [session] = sessions.as_slice() else {
        panic!("the README shows one session");
    };
    assert!(
        session.steps.len() >= 5,
        "the session shows a real exchange"
    );
    assert_eq!(session.steps.last().unwrap().input, "quit");
}

#[test]
fn wildcards_stand_for_varying_figures_only() {
    assert!(matches("nodes 5 nps … time …", "nodes 5 nps 123 time 0"));
    assert!(matches("a … b … c", "a 1 b 2 c"));
    assert!(!matches("nodes 5 nps …", "nodes 6 nps 1"));
    assert!(!matches("a … c", "a 1 d"));
    assert!(matches("uciok", "uciok"));
    assert!(!matches("uciok", "uciok!"));
}
