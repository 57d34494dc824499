//! The `ludus-train` command: trains a game's network on `ludus datagen`
//! data and writes it in the engine's network file format.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use ludus_engine::tune::texel::HELD_OUT_EVERY;
use ludus_rules::games::GAME_NAMES;
use ludus_train::{
    train, EpochReport, TrainConfig, TrainReport, DEFAULT_BATCH, DEFAULT_EPOCHS, DEFAULT_HIDDEN,
    DEFAULT_LAMBDA, DEFAULT_RATE,
};

/// Trains a game's learned evaluation (a network) on `ludus datagen` data:
/// prints every epoch's training and hold-out loss, then the hold-out
/// losses of the game's linear evaluation and of the network, float and
/// quantised, and writes the network with the best hold-out loss.
#[derive(Parser)]
#[command(name = "ludus-train", version, about)]
struct Cli {
    /// The game.
    #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(GAME_NAMES), ignore_case = true)]
    game: String,
    /// The network file to write.
    #[arg(long)]
    out: PathBuf,
    /// Data files from `ludus datagen` for the game.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Hidden values a side.
    #[arg(long, default_value_t = DEFAULT_HIDDEN)]
    hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = DEFAULT_EPOCHS)]
    epochs: usize,
    /// Positions a step.
    #[arg(long, default_value_t = DEFAULT_BATCH)]
    batch: usize,
    /// AdamW's step size.
    #[arg(long, default_value_t = DEFAULT_RATE)]
    lr: f64,
    /// The result's weight in the target, 0 to 1; the rest is the search
    /// score's.
    #[arg(long, default_value_t = DEFAULT_LAMBDA)]
    lambda: f64,
    /// Seeds the first weights and the order of the positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// One game in this many is held out to judge the network (as `ludus
    /// tune` holds them out).
    #[arg(long, default_value_t = HELD_OUT_EVERY)]
    holdout: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ludus-train: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    check_out(&cli.out)?;
    let config = TrainConfig {
        game: cli.game,
        files: cli.files,
        hidden: cli.hidden,
        epochs: cli.epochs,
        batch: cli.batch,
        rate: cli.lr,
        lambda: cli.lambda,
        seed: cli.seed,
        holdout: cli.holdout,
    };
    let epochs = config.epochs;
    let report = train(&config, &mut |epoch: &EpochReport| {
        println!(
            "epoch {}/{epochs}: train loss {:.6}, hold-out loss {:.6} ({:.1} s)",
            epoch.epoch, epoch.train_loss, epoch.held_out_loss, epoch.seconds
        );
    })?;
    let bytes = report.network.to_bytes();
    std::fs::write(&cli.out, &bytes)
        .map_err(|e| format!("cannot write {}: {e}", cli.out.display()))?;
    print!("{}", summary(&report, &cli.out, bytes.len()));
    Ok(())
}

/// Refuses, before hours of training, an output that is a folder or
/// whose folder is missing.
fn check_out(out: &Path) -> Result<(), String> {
    if out.is_dir() {
        return Err(format!("cannot write {}: it is a folder", out.display()));
    }
    let folder = out.parent().filter(|p| !p.as_os_str().is_empty());
    match folder {
        Some(folder) if !folder.is_dir() => Err(format!(
            "cannot write {}: {} is not a folder",
            out.display(),
            folder.display()
        )),
        _ => Ok(()),
    }
}

/// What the run found, after the epochs.
fn summary(report: &TrainReport, out: &Path, bytes: usize) -> String {
    let losses = &report.held_out;
    let mut text = String::new();
    let _ = match report.kept_epoch {
        0 => writeln!(
            text,
            "kept epoch 0, the first weights: no epoch lowered the hold-out loss"
        ),
        epoch => writeln!(text, "kept epoch {epoch}"),
    };
    let _ = writeln!(
        text,
        "hold-out loss: linear evaluation {:.6}, float network {:.6}, quantised network {:.6} (largest difference {:.4})",
        losses.linear, losses.float, losses.quantised, losses.largest_difference
    );
    let _ = writeln!(
        text,
        "positions: {} trained on, {} held out, from {} {} games",
        report.positions, report.held_out_positions, report.games, report.game
    );
    let _ = writeln!(
        text,
        "training time: {:.1} s ({:.0} positions/s)",
        report.seconds,
        report.positions_per_second()
    );
    let _ = writeln!(text, "wrote {} ({bytes} bytes)", out.display());
    text
}
