//! Learning the games on the board: every game's rules page with its
//! diagrams, its first exercise solved by clicks (judged by the rules),
//! and a refused click on the board answered with the rules' reason.

use std::time::Duration;

use fantoccini::{Client, Locator};

use crate::browser::{click_on, screenshot, script, text_of, until, GAMES};
use crate::play::new_game;

const WAIT: Duration = Duration::from_secs(60);

/// The clicks that solve each game's first exercise (the lessons are the
/// rules crate's: crates/rules/src/games/<game>/lesson*.md).
const FIRST_EXERCISE: [(&str, &[&str]); 6] = [
    ("alak", &["1", "5"]),
    ("wyke", &["4", "c3"]),
    ("wyke6", &["2-2", "b2", "e5"]),
    ("pylyx", &["k11"]),
    ("pylyx10", &["i9"]),
    ("wyx", &["c3"]),
];

/// The explanation under the board once it says something.
async fn explained(client: &Client) -> String {
    until("the explanation", WAIT, || async {
        let text = text_of(client, "[data-test=explain]").await;
        (!text.is_empty()).then_some(text)
    })
    .await
}

/// Clicks on the board the thing named `token`.
async fn click_token(client: &Client, token: &str) {
    let css = format!("#board [data-cell=\"{token}\"], #board [data-kind=\"{token}\"]");
    click_on(client, Locator::Css(&css), token).await;
}

/// A click the rules refuse is answered in one line, the rules' own: o's
/// piece when x is to move, a slot that is not the nearest, a Wyke plot
/// before its move type; nothing is played.
pub(crate) async fn refused_click(client: &Client) {
    new_game(client, ("alak", 11), "none", ("", "")).await;
    click_token(client, "9").await;
    assert_eq!(
        explained(client).await,
        "slot 9 holds o's piece: x moves its own pieces"
    );
    click_token(client, "3").await;
    until("the explanation cleared", WAIT, || async {
        text_of(client, "[data-test=explain]")
            .await
            .is_empty()
            .then_some(())
    })
    .await;
    click_token(client, "7").await;
    let why = explained(client).await;
    assert_eq!(
        why,
        "a piece jumps to the nearest empty slot on either side: from 3 that is 5"
    );
    new_game(client, ("wyke", 16), "none", ("", "")).await;
    click_token(client, "b2").await;
    let why = explained(client).await;
    assert!(
        why.starts_with("b2 is a plot: a move starts with its type"),
        "{why}"
    );
    click_token(client, "4").await;
    click_token(client, "a4").await;
    // a4 takes 4 (3 + 4 = 7): the move is played; the Builder's marker
    // then stands on 4 for the next Builder move.
    until("the move", WAIT, || async {
        (crate::browser::move_count(client).await == 1).then_some(())
    })
    .await;
}

/// Every game's rules page (the lesson shown being the game's, not the
/// one before it still): the lesson's title and goal, its diagrams
/// drawn by the board, its exercises; the first solved by clicks; a
/// screenshot (`rules-<game>.png`, the guide's for the server board).
pub(crate) async fn every_lesson(client: &Client, shot: &str) {
    click_on(client, Locator::Css("[data-test=open-rules]"), "the rules").await;
    for (game, _, _) in GAMES {
        let button = format!("#rules-games [data-game=\"{game}\"]");
        click_on(client, Locator::Css(&button), "a game's rules").await;
        let counts = until(&format!("{game}'s lesson"), WAIT, || async {
            let js = "const rules = document.querySelector('[data-test=rules]');
                const first = rules.querySelector('[data-test=exercise]');
                return { hidden: rules.hidden, title: rules.querySelector('h1')?.textContent,
                  diagrams: rules.querySelectorAll('[data-test=diagram] svg [data-cell]').length > 0
                    ? rules.querySelectorAll('[data-test=diagram]').length : 0,
                  exercises: rules.querySelectorAll('[data-test=exercise]').length,
                  ready: first ? first.querySelectorAll('[data-legal=true]').length : 0,
                  game: document.getElementById('lesson').dataset.game };";
            let found = script(client, js, vec![]).await;
            let ready = found["game"] == *game && found["ready"].as_u64() > Some(0);
            ready.then_some(found)
        })
        .await;
        assert_eq!(counts["hidden"], false);
        assert!(counts["diagrams"].as_u64() >= Some(2), "{game}: {counts}");
        assert!(counts["exercises"].as_u64() >= Some(2), "{game}: {counts}");
        screenshot(client, &format!("{shot}rules-{game}"), shot.is_empty()).await;
        let clicks = FIRST_EXERCISE
            .iter()
            .find(|(g, _)| g == &game)
            .expect("a path")
            .1;
        for token in clicks {
            let css = format!(
                "[data-test=exercise][data-index=\"0\"] :is([data-cell=\"{token}\"], [data-kind=\"{token}\"], [data-choice=\"{token}\"])"
            );
            until(&format!("{game}: {token} to click"), WAIT, || async {
                let js = "return document.querySelector(arguments[0])?.dataset.legal === 'true';";
                (script(client, js, vec![css.clone().into()]).await == true).then_some(())
            })
            .await;
            click_on(client, Locator::Css(&css), token).await;
        }
        let answer = until(&format!("{game}: the exercise judged"), WAIT, || async {
            let text = text_of(
                client,
                "[data-test=exercise][data-index=\"0\"] [data-test=exercise-answer]",
            )
            .await;
            (!text.is_empty()).then_some(text)
        })
        .await;
        assert!(answer.starts_with("Solved: "), "{game}: {answer}");
    }
    click_on(client, Locator::Id("view-play"), "back to the board").await;
}
