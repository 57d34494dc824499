//! `ludus-train` on `ludus datagen` data: the loss falls, the file written
//! is one the engine reads, the quantised network agrees with the float one,
//! a run is repeated exactly, bad inputs are refused with a clear error, and
//! what it reads of a position is what the search evaluates (12×12 Pylyx).

use std::path::PathBuf;
use std::process::Command;

use ludus_engine::nnue::{NetStack, Network};
use ludus_engine::search::Limits;
use ludus_engine::tune::data::visit_samples;
use ludus_engine::tune::datagen::{run_datagen, DatagenConfig};
use ludus_rules::games::pylyx::Pylyx;
use ludus_rules::games::wyx::Wyx;
use ludus_rules::net_inputs::checked_active;
use ludus_rules::{Game, Searchable};
use ludus_train::judge::quantised_score;
use ludus_train::{data, train, TrainConfig, TrainReport};

/// A path of this test process in the temporary folder.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("ludus-train-{}-{name}", std::process::id()))
}

/// A data file of `games` games of `game`, called `name` (each test
/// removes its own).
fn generate(game: &str, games: usize, name: &str) -> PathBuf {
    let out = scratch(name);
    let limit = Limits {
        nodes: Some(300),
        ..Limits::default()
    };
    run_datagen(&DatagenConfig {
        concurrency: 2,
        seed: 11,
        ..DatagenConfig::new(game, games, limit, out.clone())
    })
    .expect("datagen runs");
    out
}

fn config(files: Vec<PathBuf>) -> TrainConfig {
    TrainConfig {
        game: "wyx".to_string(),
        files,
        hidden: 16,
        epochs: 6,
        batch: 128,
        rate: 0.003,
        lambda: 0.5,
        seed: 3,
        holdout: 10,
    }
}

fn run(config: &TrainConfig) -> Result<TrainReport, String> {
    train(config, &mut |_| {})
}

#[test]
fn training_lowers_the_loss_and_writes_a_network_the_engine_reads() {
    // Two hundred games (some 4 000 positions): twenty held out, enough for
    // the hold-out loss to fall before the network learns the rest by heart.
    let data = generate("wyx", 200, "trained.txt");
    let config = config(vec![data.clone()]);
    let report = run(&config).expect("trains");
    assert!(report.positions > 2000, "{} positions", report.positions);
    assert!(report.held_out_positions > 0);
    assert_eq!(report.epochs.len(), config.epochs);
    let (first, last) = (&report.epochs[0], &report.epochs[config.epochs - 1]);
    assert!(
        last.train_loss < first.train_loss,
        "{} -> {}",
        first.train_loss,
        last.train_loss
    );
    // Trained weights are kept (the hold-out loss fell below the first
    // weights'), and the quantised network, evaluated by the engine's
    // integer code, says nearly what the float one does on every held-out
    // position.
    assert!(report.kept_epoch > 0, "{:?}", report.epochs);
    let losses = &report.held_out;
    assert!(
        losses.largest_difference < 0.03,
        "{}",
        losses.largest_difference
    );
    assert!(
        (losses.quantised - losses.float).abs() < 0.002,
        "{losses:?}"
    );
    let inputs = Wyx::NET_INPUTS.as_ref().expect("Wyx has inputs").count;
    let read = Network::from_bytes(&report.network.to_bytes(), "wyx", inputs).expect("loads");
    assert_eq!(read, report.network);
    assert_eq!((read.hidden, read.scale), (16, Wyx::LOGISTIC_SCALE as u32));
    // The same seed trains the same network; another seed another one.
    assert_eq!(run(&config).expect("trains").network, report.network);
    let reseeded = TrainConfig { seed: 4, ..config };
    assert_ne!(run(&reseeded).expect("trains").network, report.network);
    let _ = std::fs::remove_file(data);
}

/// What the trainer reads of a 12×12 Pylyx position is what the search
/// evaluates: its two halves are the engine's inputs from the side to
/// move's view and then the other's, and the judge's quantised score is
/// the one the search's own sums give.
#[test]
fn the_trainer_reads_positions_as_the_search_evaluates_them() {
    let file = generate("pylyx", 4, "pylyx.txt");
    let files = vec![file.clone()];
    let report = run(&TrainConfig {
        game: "pylyx".to_string(),
        hidden: 8,
        epochs: 1,
        holdout: 2,
        ..config(files.clone())
    })
    .expect("trains");
    let network = &report.network;
    let inputs = Pylyx::NET_INPUTS.expect("Pylyx has inputs");
    let split = data::load::<Pylyx>(&files, &inputs, 0.5, 2).expect("reads");
    let mut read = [0, 0];
    visit_samples::<Pylyx>(&files, 2, |position, _, held_out| {
        let positions = [&split.train, &split.held_out][usize::from(held_out)];
        let p = read[usize::from(held_out)];
        read[usize::from(held_out)] += 1;
        let to_move = position.side_to_move();
        for (half, side) in [to_move, to_move.opponent()].into_iter().enumerate() {
            let engine = checked_active(&inputs, position, side);
            assert_eq!(positions.half(p, half), engine, "{}", position.to_fen());
        }
        let mut sums = NetStack::new(network, 1);
        let searched = sums.evaluate(network, &inputs, position, 0, None);
        assert_eq!(quantised_score(network, positions, p), searched);
    })
    .expect("reads");
    assert_eq!(read, [split.train.len(), split.held_out.len()]);
    assert!(read[0] > 20 && read[1] > 20, "{read:?} positions");
    let _ = std::fs::remove_file(file);
}

#[test]
fn bad_inputs_are_refused() {
    let data = generate("wyx", 5, "few.txt");
    let error = |config: TrainConfig| run(&config).expect_err("refused");
    let other = generate("pylyx10", 2, "other.txt");
    let message = error(config(vec![data.clone(), other.clone()]));
    assert!(message.contains("holds pylyx10 data, not wyx"), "{message}");
    let missing = scratch("missing.txt");
    let message = error(config(vec![missing]));
    assert!(message.contains("cannot read"), "{message}");
    let message = error(TrainConfig {
        hidden: 0,
        ..config(vec![data.clone()])
    });
    assert!(message.contains("--hidden 0"), "{message}");
    let message = error(TrainConfig {
        lambda: 1.5,
        ..config(vec![data.clone()])
    });
    assert!(message.contains("--lambda"), "{message}");
    // Too few games to hold one out.
    let message = error(TrainConfig {
        holdout: 1000,
        ..config(vec![data.clone()])
    });
    assert!(message.contains("0 held out"), "{message}");
    for path in [data, other] {
        let _ = std::fs::remove_file(path);
    }
}

#[test]
fn the_command_prints_the_losses_and_writes_the_file() {
    let binary = env!("CARGO_BIN_EXE_ludus-train");
    let data = generate("wyx", 20, "cli.txt");
    let out = scratch("cli.nnue");
    let output = Command::new(binary)
        .args(["--game", "wyx", "--hidden", "8", "--epochs", "2", "--out"])
        .arg(&out)
        .arg(&data)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    for line in [
        "epoch 1/2: train loss ",
        "epoch 2/2: train loss ",
        "hold-out loss: linear evaluation ",
        "training time: ",
    ] {
        assert!(stdout.contains(line), "no '{line}' in:\n{stdout}");
    }
    let inputs = Wyx::NET_INPUTS.as_ref().expect("Wyx has inputs").count;
    let bytes = std::fs::read(&out).expect("written");
    assert!(Network::from_bytes(&bytes, "wyx", inputs).is_ok());
    let _ = std::fs::remove_file(&out);
    // A missing data file: a message and a failing exit, nothing written.
    let output = Command::new(binary)
        .args(["--game", "wyx", "--out"])
        .arg(&out)
        .arg(scratch("absent.txt"))
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("ludus-train: cannot read"), "{stderr}");
    assert!(!out.exists());
    // An output that is a folder is refused before any training.
    let output = Command::new(binary)
        .args(["--game", "wyx", "--out"])
        .arg(std::env::temp_dir())
        .arg(&data)
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("it is a folder"), "{stderr}");
    let _ = std::fs::remove_file(data);
}
