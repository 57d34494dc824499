//! Pairs scored as the game's rules score them: a Wyx pair whose games
//! split 1-1 is decided by the tokens left in hand over both ("Double
//! Wyx"), in the report, the PGN tags, the results file and the merge.

use ludus_rules::games::wyx::Wyx;
use ludus_rules::random::splitmix64;
use ludus_rules::{Game, GameResult, Player};

use super::{fake, pgn_tag, scratch, succeed_with};
use crate::common::succeed;

/// A game played out from a position: its moves and the hands at the end.
struct Line {
    moves: Vec<String>,
    hands: [u32; 2],
}

/// A random playout of `position` to its end, from the stream `rng`.
fn playout(position: &Wyx, rng: &mut u64) -> (Line, GameResult) {
    let mut position = position.clone();
    let mut moves = Vec::new();
    let mut played = Vec::new();
    while position.result() == GameResult::Ongoing {
        moves.clear();
        position.generate_moves(&mut moves);
        let (state, value) = splitmix64(*rng);
        *rng = state;
        let mv = moves[(value % moves.len() as u64) as usize];
        played.push(position.format_move(mv));
        position.make_move(mv);
    }
    let hands = [Player::First, Player::Second].map(|p| u32::from(position.hand(p)));
    let line = Line {
        moves: played,
        hands,
    };
    (line, position.result())
}

/// A late Wyx position and two lines from it that White wins by different
/// margins (so each engine of a pair wins its game as White).
fn two_white_wins() -> (Wyx, Line, Line) {
    let mut rng = 0x2009_u64;
    for seed in 1.. {
        let (start, _) = playout(&Wyx::random_start(seed).unwrap(), &mut rng);
        // Replay the first moves of a random game up to 6 dominoes left.
        let mut position = Wyx::random_start(seed).unwrap();
        for text in &start.moves {
            if position.dominoes_left() <= 6 {
                break;
            }
            position.make_move(position.parse_move(text).unwrap());
        }
        if position.result() != GameResult::Ongoing {
            continue;
        }
        let mut wins: Vec<Line> = Vec::new();
        for _ in 0..200 {
            let (line, result) = playout(&position, &mut rng);
            let margin = |l: &Line| l.hands[1] as i32 - l.hands[0] as i32;
            if result == GameResult::Win(Player::First)
                && wins.iter().all(|w| margin(w) != margin(&line))
            {
                wins.push(line);
            }
            if wins.len() == 2 {
                let second = wins.pop().unwrap();
                return (position, wins.pop().unwrap(), second);
            }
        }
    }
    unreachable!()
}

#[test]
fn tokens_left_decide_a_pair_the_games_split() {
    let (position, first, second) = two_white_wins();
    let dir = scratch("double");
    let book = dir.join("book.txt");
    std::fs::write(&book, format!("{}\n", position.to_fen())).unwrap();
    let script = dir.join("lines.txt");
    std::fs::write(
        &script,
        format!("{}\n{}\n", first.moves.join(" "), second.moves.join(" ")),
    )
    .unwrap();
    let (pgn, results) = (dir.join("out.pgn"), dir.join("results.json"));
    for file in [&pgn, &results] {
        let _ = std::fs::remove_file(file);
    }
    let engine = |name: &str| {
        let cmd = fake("scripted");
        format!("--engine cmd={cmd} args={} name={name}", script.display())
    };
    let out = succeed_with(&format!(
        "match --game wyx {} {} --depth 1 --games 2 --repeat --openings {} --pgnout {} \
         --results {}",
        engine("a"),
        engine("b"),
        book.display(),
        pgn.display(),
        results.display()
    ));

    // a is White in game 1 (the first line), b in game 2 (the second): one
    // win each, and each engine keeps its own tokens over the pair.
    assert!(out.contains("Score of a vs b: 1 - 1 - 0 "), "{out}");
    let a = first.hands[0] + second.hands[1];
    let b = first.hands[1] + second.hands[0];
    assert_ne!(a, b, "the margins differ, so the totals do");
    let (wins, losses) = if a < b { (1, 0) } else { (0, 1) };
    let line = format!("Double Wyx: {wins} - {losses} - 0 (pairs), tokens left {a} vs {b}");
    assert!(out.contains(&format!("{line}\n")), "{out}");

    let text = std::fs::read_to_string(&pgn).unwrap();
    let games: Vec<&str> = text.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 2, "{text}");
    let [w1, b1] = first.hands;
    let [w2, b2] = second.hands;
    assert_eq!(pgn_tag(games[0], "TokensLeft"), format!("{w1},{b1}"));
    assert!(!games[0].contains("[PairTokensLeft "), "{}", games[0]);
    assert_eq!(pgn_tag(games[1], "TokensLeft"), format!("{w2},{b2}"));
    // The pair's totals, this game's White (b) first.
    assert_eq!(pgn_tag(games[1], "PairTokensLeft"), format!("{b},{a}"));

    let records = std::fs::read_to_string(&results).unwrap();
    assert!(
        records.contains(&format!("\"counts\":[{w1},{b1}]")),
        "{records}"
    );
    assert!(
        records.contains(&format!("\"counts\":[{a},{b}]")),
        "{records}"
    );
    let merged = succeed(&["match-merge", results.to_str().unwrap()]);
    assert!(merged.contains(&format!("{line}\n")), "{merged}");
}
