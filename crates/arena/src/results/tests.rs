//! Unit tests of the results module.

use super::*;
use crate::config::{Limit, Order, TimeControl};
use ludus_rules::protocol::Dialect;
use ludus_rules::GameResult;
use std::time::Duration;

fn settings() -> Settings {
    let engine = |name: &str| EngineSpec {
        name: name.to_string(),
        cmd: format!("/opt/{name}"),
        args: vec![],
        dir: None,
        proto: Dialect::Uci,
        options: vec![("Hash".to_string(), "16".to_string())],
        limit: Limit {
            depth: Some(2),
            ..Limit::default()
        },
        stderr: None,
    };
    Settings {
        ludus: VERSION.to_string(),
        game: "alak".to_string(),
        games: 8,
        shard: Shard { index: 2, count: 2 },
        schedule: Schedule {
            order: Order::Sequential,
            seed: 1,
            repeat: true,
        },
        engines: [engine("a"), engine("b")],
        openings: Some(OpeningsEntry {
            file: PathBuf::from("book.txt"),
            fnv1a64: fnv1a64(b"startpos\n"),
        }),
        adjudication: Adjudication::default(),
        timemargin_ms: 0,
        sprt: None,
        event: "ludus match".to_string(),
    }
}

fn game(number: u32, result: &str, termination: Termination) -> GameEntry {
    let result = result.parse().expect("a result token");
    GameEntry {
        game: number,
        white: if number % 2 == 1 { "a" } else { "b" }.to_string(),
        black: if number % 2 == 1 { "b" } else { "a" }.to_string(),
        opening: "startpos".to_string(),
        result,
        reason: String::new(),
        termination,
        plies: 10,
        counted: true,
        counts: None,
    }
}

#[test]
fn shards_of_one_match_differ_only_in_index_and_paths() {
    let a = settings();
    let mut b = a.clone();
    b.shard.index = 1;
    b.engines[0].cmd = "/home/x/a".to_string();
    b.openings.as_mut().unwrap().file = PathBuf::from("/scratch/book.txt");
    assert_eq!(a.difference(&b), None);
    b.engines[1].limit.depth = Some(3);
    assert_eq!(
        a.difference(&b).as_deref(),
        Some("engines[1].limit.depth: 2 vs 3")
    );
    let mut c = a.clone();
    c.shard.count = 3;
    assert_eq!(a.difference(&c).as_deref(), Some("shard.count: 2 vs 3"));
    let mut d = a.clone();
    d.openings.as_mut().unwrap().fnv1a64 = fnv1a64(b"xx_ o\n");
    assert!(a.difference(&d).unwrap().starts_with("openings.fnv1a64: "));
}

#[test]
fn settings_read_back_as_written() {
    let mut written = settings();
    written.engines[0].limit = Limit {
        tc: Some(TimeControl::parse("40/60+0.6").unwrap()),
        movetime: Some(Duration::from_millis(250)),
        nodes: Some(1000),
        depth: None,
    };
    let line = serde_json::to_string(&Record::Settings(Box::new(written.clone()))).unwrap();
    assert!(
        line.contains(r#""limit":{"tc":"40/60+0.6","st":0.25,"nodes":1000,"depth":null}"#),
        "{line}"
    );
    assert_eq!(
        serde_json::from_str::<Record>(&line).unwrap(),
        Record::Settings(Box::new(written))
    );
}

#[test]
fn game_counts_are_written_only_where_there_are_some() {
    let plain = game(3, "1-0", Termination::Normal);
    let line = serde_json::to_string(&Record::Game(plain.clone())).unwrap();
    assert!(!line.contains("counts"), "{line}");
    assert_eq!(
        serde_json::from_str::<Record>(&line).unwrap(),
        Record::Game(plain)
    );
    // Game 4: b is White with 3 tokens left, a is Black with 8.
    let counted = GameEntry {
        counts: Some([3, 8]),
        ..game(4, "1-0", Termination::Normal)
    };
    let line = serde_json::to_string(&Record::Game(counted.clone())).unwrap();
    assert!(line.contains(r#""counts":[3,8]"#), "{line}");
    let tallied = counted.counted("a");
    assert_eq!(
        (tallied.index, tallied.engine1_first, tallied.counts),
        (3, false, Some([8, 3]))
    );
    assert_eq!(tallied.result, GameResult::Win(Player::First));
}

#[test]
fn a_result_token_that_is_no_result_is_refused() {
    let dir = std::env::temp_dir().join(format!("ludus-result-token-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shard.json");
    drop(ResultsWriter::create(&path, &settings()).unwrap());
    let line = serde_json::to_string(&Record::Game(game(3, "1-0", Termination::Normal)));
    for bad in ["*", "draw", "1/2"] {
        let unfinished = line
            .as_ref()
            .unwrap()
            .replace(r#""1-0""#, &format!("\"{bad}\""));
        let settings = std::fs::read_to_string(&path).unwrap();
        let settings = settings.lines().next().unwrap();
        std::fs::write(&path, format!("{settings}\n{unfinished}\n")).unwrap();
        let error = ResultsFile::read(&path).unwrap_err();
        assert!(error.contains("line 2: "), "{error}");
        assert!(
            error.contains(&format!("'{bad}' is not a result (1-0, 0-1 or 1/2-1/2)")),
            "{error}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fnv1a64_is_the_standard_one() {
    // The published FNV-1a test vectors.
    assert_eq!(fnv1a64(b""), "cbf29ce484222325");
    assert_eq!(fnv1a64(b"a"), "af63dc4c8601ec8c");
    assert_eq!(fnv1a64(b"foobar"), "85944171f73967e8");
}

#[test]
fn a_file_cut_short_reads_to_its_last_complete_line() {
    let dir = std::env::temp_dir().join(format!("ludus-results-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("shard.json");
    let mut writer = ResultsWriter::create(&path, &settings()).unwrap();
    writer
        .write(&Record::Game(game(3, "1-0", Termination::Normal)))
        .unwrap();
    writer
        .write(&Record::Game(game(4, "1-0", Termination::TimeForfeit)))
        .unwrap();
    drop(writer);
    let whole = std::fs::read_to_string(&path).unwrap();
    // A kill in the middle of the next line.
    std::fs::write(&path, format!("{whole}{{\"record\":\"game\",\"ga")).unwrap();
    let file = ResultsFile::read(&path).unwrap().unwrap();
    assert_eq!(file.games.len(), 2);
    assert_eq!(file.complete_len, whole.len() as u64);
    assert_eq!(file.missing_games(), 2);
    assert_eq!(
        Failures::count(file.settings.names(), file.games.iter()),
        [
            Failures {
                time_losses: 1,
                ..Failures::default()
            },
            Failures::default()
        ]
    );
    let mut writer = ResultsWriter::resume(&file).unwrap();
    writer
        .write(&Record::Game(game(7, "0-1", Termination::Normal)))
        .unwrap();
    let file = ResultsFile::read(&path).unwrap().unwrap();
    assert_eq!(file.games.len(), 3);
    // A game of the other shard, or a game twice, is refused.
    let mut writer = ResultsWriter::resume(&file).unwrap();
    writer
        .write(&Record::Game(game(1, "0-1", Termination::Normal)))
        .unwrap();
    let error = ResultsFile::read(&path).unwrap_err();
    assert!(
        error.contains("line 5: game 1 is not in shard 2/2"),
        "{error}"
    );
    std::fs::write(&path, "").unwrap();
    assert!(ResultsFile::read(&path).unwrap().is_none());
    std::fs::write(&path, "{\"record\":\"end\"}\n").unwrap();
    assert!(ResultsFile::read(&path).unwrap_err().contains("line 1"));
    let _ = std::fs::remove_dir_all(&dir);
}
