//! Conformance: the behaviour GUIs and runners rely on, beyond the basics in
//! protocol.rs — huge inputs, long move lists, table resizing, and a search
//! thread that panics through an internal bug.

use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

use crate::common::countdown::Countdown;
use crate::common::{bestmoves, Captured, Engine, PATIENCE};
use ludus_engine::protocol::command::{parse, Command};
use ludus_engine::protocol::session::{JobSettings, JobStart, Session, TypedSession};
use ludus_engine::protocol::Output;
use ludus_engine::search::features::FeatureSwitches;
use ludus_engine::search::tt::Bound;
use ludus_engine::search::TranspositionTable;
use ludus_engine::skill::Skill;
use ludus_rules::games::alak::Alak;
use ludus_rules::{Game, Searchable};

/// Peak resident memory of a process, from /proc (Linux).
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn huge_lines_are_rejected_without_holding_them() {
    let mut engine = Engine::start(&[]);
    engine.send("isready");
    engine.read_until(|l| l == "readyok");
    // 1 MB and 40 MB lines: both over the limit; neither may be kept.
    for size in [1 << 20, 40 << 20] {
        let line = format!("position startpos moves {}", "4-5 ".repeat(size / 4));
        engine.send(&line);
        let error = engine
            .read_until(|l| l.starts_with("info string error:"))
            .pop()
            .unwrap();
        assert!(error.contains("line longer than"), "{error}");
    }
    if let Some(peak) = peak_rss_kib(engine.pid()) {
        assert!(peak < 64 * 1024, "peak RSS {peak} KiB after huge lines");
    }
    assert_eq!(
        engine.ask("query fen", "response"),
        "response xxxx___oooo x"
    );
}

/// A game of `plies` moves without captures in which no position occurs a
/// third time (so it stays legal under the repetition rule), repetitions
/// included.
fn long_quiet_game(plies: usize) -> (Vec<String>, String) {
    let mut position = Alak::startpos();
    let mut seen = std::collections::HashMap::<u64, u32>::new();
    *seen.entry(position.hash()).or_default() += 1;
    let mut moves = Vec::new();
    let mut line = Vec::new();
    let mut state = 12345u64;
    while line.len() < plies {
        moves.clear();
        position.generate_moves(&mut moves);
        // Prefer the least visited successors, so the walk explores instead
        // of wearing out a cycle.
        let visits = |mv| {
            let mut next = position.clone();
            next.make_move(mv);
            seen.get(&next.hash()).copied().unwrap_or(0)
        };
        let quiet: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| !position.is_noisy(mv))
            .collect();
        let fewest = quiet.iter().map(|&mv| visits(mv)).min().unwrap_or(2);
        let candidates: Vec<_> = quiet
            .into_iter()
            .filter(|&mv| fewest < 2 && visits(mv) == fewest)
            .collect();
        assert!(
            !candidates.is_empty(),
            "random walk stuck after {} plies",
            line.len()
        );
        let (next_state, value) = ludus_rules::random::splitmix64(state);
        state = next_state;
        let mv = candidates[(value % candidates.len() as u64) as usize];
        line.push(position.format_move(mv));
        position.make_move(mv);
        *seen.entry(position.hash()).or_default() += 1;
    }
    assert!(
        seen.values().any(|&n| n == 2),
        "the walk should include repetitions"
    );
    (line, position.to_fen())
}

#[test]
fn ten_thousand_moves_with_repetitions_are_handled() {
    let (moves, final_fen) = long_quiet_game(10_000);
    let mut engine = Engine::searching();
    engine.send(&format!("position startpos moves {}", moves.join(" ")));
    assert_eq!(
        engine.ask("query fen", "response"),
        format!("response {final_fen}")
    );
    engine.legal_bestmove("depth 6");
}

#[test]
fn hash_can_be_resized_and_cleared_after_a_search() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.ask("go depth 10", "bestmove");
    for size in ["64", "1", "32"] {
        engine.send(&format!("setoption name Hash value {size}"));
        engine.send("setoption name Clear Hash");
        engine.ask("isready", "readyok");
        engine.legal_bestmove("depth 8");
    }
}

#[test]
fn every_stop_yields_exactly_one_bestmove() {
    let mut engine = Engine::searching();
    engine.send("setoption name Threads value 2");
    for round in 0..20 {
        engine.send("position startpos");
        engine.send(if round % 2 == 0 {
            "go infinite"
        } else {
            "go ponder wtime 1000 btime 1000"
        });
        std::thread::sleep(Duration::from_millis(round % 5));
        engine.send("stop");
        engine.read_until(|l| l.starts_with("bestmove"));
    }
    engine.send("isready");
    let tail = engine.read_until(|l| l == "readyok");
    assert_eq!(bestmoves(&tail), 0, "a stray bestmove: {tail:#?}");
}

#[test]
fn a_new_go_stops_the_running_search_first() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go infinite");
    engine.send("go depth 3");
    let lines = engine.read_until(|l| l.starts_with("bestmove"));
    let lines2 = engine.read_until(|l| l.starts_with("bestmove"));
    assert_eq!(bestmoves(&lines) + bestmoves(&lines2), 2);
}

#[test]
fn quit_during_ponder_exits_with_success() {
    let mut engine = Engine::searching();
    engine.send("position startpos");
    engine.send("go ponder wtime 5000 btime 5000");
    engine.send("quit");
    assert!(engine.wait_exit(PATIENCE).expect("exits").success());
}

#[test]
fn a_panicking_search_still_answers_bestmove_and_reports_the_error() {
    let session = TypedSession::new(Countdown::from_fen("12 1 0 7").unwrap());
    let output = run_job(&session, "go depth 10", 2, new_table());
    assert!(output.contains("info string error: internal"), "{output}");
    let bestmove = output
        .lines()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove");
    assert!(["bestmove 1", "bestmove 2"].contains(&bestmove), "{output}");
    // The session is unharmed and a search that avoids the bug works.
    assert!(run_job(&session, "go depth 2", 2, new_table()).contains("bestmove"));
}

/// A transposition table of 1 MiB.
fn new_table() -> Arc<TranspositionTable> {
    Arc::new(TranspositionTable::new(1).unwrap())
}

/// Runs the command `go` (e.g. `go depth 5`) on `session` with `threads`
/// threads and `tt`, its output written to `sink`; whether the job ended
/// within [`PATIENCE`].
fn job_ends(
    session: &dyn Session,
    go: &str,
    threads: usize,
    tt: Arc<TranspositionTable>,
    sink: impl Write + Send + 'static,
) -> bool {
    let settings = JobSettings {
        threads,
        deterministic: false,
        multipv: 1,
        move_overhead: Duration::ZERO,
        ponder_move: true,
        contempt: 0,
        skill: Skill::new(20.0),
        feature_switches: FeatureSwitches::NONE,
        net: None,
        proven: None,
    };
    let Ok(Some(Command::Go(go))) = parse(go) else {
        panic!("'{go}' is not a go command");
    };
    let job = session
        .start_job(JobStart {
            go: &go,
            read_at: std::time::Instant::now(),
            settings,
            tt,
            out: Output::new(Box::new(sink)),
        })
        .unwrap();
    job.wait(PATIENCE)
}

/// Runs the command `go` on `session` with `threads` threads and `tt`, and
/// returns the job's whole output once it ends.
fn run_job(session: &dyn Session, go: &str, threads: usize, tt: Arc<TranspositionTable>) -> String {
    let sink = Captured::default();
    let ended = job_ends(session, go, threads, tt, sink.clone());
    assert!(ended, "the job ends: {}", sink.text_from(0));
    sink.text_from(0)
}

#[test]
fn a_panic_on_the_main_thread_stops_the_helpers_under_a_time_limit() {
    // Only the main thread panics; the helper searches on and knows no
    // clock of its own, so the search must be stopped for it.
    let session = TypedSession::new(Countdown::from_fen("3000 1 1 2999 main").unwrap());
    let output = run_job(&session, "go movetime 200", 2, new_table());
    assert!(output.contains("info string error: internal"), "{output}");
    assert!(
        output.lines().any(|l| l.starts_with("bestmove ")),
        "{output}"
    );
}

#[test]
fn after_a_panic_the_bestmove_is_the_best_move_known() {
    // The table holds a searched root move (take 2); the search panics on
    // its first evaluation, and the answer is that move, not the first
    // legal one (take 1).
    let root = Countdown::from_fen("12 1 0 10").unwrap();
    let tt = new_table();
    tt.store(
        root.hash(),
        Some(crate::common::countdown::Take(2)),
        0,
        5,
        Bound::Exact,
    );
    let output = run_job(&TypedSession::new(root), "go depth 5", 1, tt);
    assert!(output.contains("info string error: internal"), "{output}");
    assert!(output.lines().any(|l| l == "bestmove 2"), "{output}");
}

/// A sink that counts its flushes: one per `Output::line` call.
#[derive(Clone, Default)]
struct FlushCounter(Arc<std::sync::atomic::AtomicUsize>);

impl std::io::Write for FlushCounter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }
}

#[test]
fn a_perft_with_400_000_root_moves_reports_in_one_write() {
    // Found by the protocol fuzz: written a line at a time, the split of
    // wyke6's start kept the job busy for seconds after `stop`, and the
    // engine gave up on it.
    let session = TypedSession::new(ludus_rules::games::wyke::Wyke6::startpos());
    let sink = FlushCounter::default();
    let ended = job_ends(&session, "go perft 1", 1, new_table(), sink.clone());
    assert!(ended, "the perft ends");
    let flushes = sink.0.load(std::sync::atomic::Ordering::Relaxed);
    assert_eq!(flushes, 1, "the report in one write");
}
