//! The README's example session, typed into the real daemon: every line it
//! shows must come back, so the README cannot go stale.
//!
//! In the session a line starting with `> ` is typed; the lines after it
//! are the engine's answer to it. A line `...` stands for lines left out,
//! and `…` inside a line for figures that vary from machine to machine
//! (speed, time); everything else must match exactly and in order.

use crate::common::{Engine, PATIENCE};

/// One typed line and the answer the README shows for it.
struct Step {
    input: String,
    answer: Vec<String>,
}

/// The steps of the README's "Example session" code block.
fn session() -> Vec<Step> {
    let readme = include_str!("../../README.md");
    let section = readme
        .split("\n## Example session\n")
        .nth(1)
        .expect("the README has an Example session section");
    let block = section
        .split("```")
        .nth(1)
        .expect("the section holds a code block");
    let mut steps: Vec<Step> = Vec::new();
    for line in block.lines().skip(1) {
        match line.strip_prefix("> ") {
            Some(input) => steps.push(Step {
                input: input.to_string(),
                answer: Vec::new(),
            }),
            None => steps
                .last_mut()
                .expect("the session starts with a typed line")
                .answer
                .push(line.to_string()),
        }
    }
    steps
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

/// Reads the engine's answer to one step and checks it against the README.
fn check_answer(engine: &mut Engine, step: &Step) {
    let mut skipping = false;
    for shown in &step.answer {
        if shown == "..." {
            skipping = true;
            continue;
        }
        loop {
            let line = engine.next_line(PATIENCE).unwrap_or_else(|| {
                panic!(
                    "after `{}` the README shows `{shown}`, which never came",
                    step.input
                )
            });
            if matches(shown, &line) {
                break;
            }
            assert!(
                skipping,
                "after `{}` the README shows\n  {shown}\nbut the engine answered\n  {line}",
                step.input
            );
        }
        skipping = false;
    }
}

#[test]
fn the_readme_session_is_what_the_engine_answers() {
    let steps = session();
    assert!(steps.len() >= 5, "the session shows a real exchange");
    let mut engine = Engine::start(&[]);
    for step in &steps {
        engine.send(&step.input);
        check_answer(&mut engine, step);
    }
    let last = steps.last().unwrap();
    assert_eq!(last.input, "quit", "the session ends with quit");
    assert!(
        engine
            .wait_exit(PATIENCE)
            .is_some_and(|status| status.success()),
        "the engine exits after quit"
    );
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
