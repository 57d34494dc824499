//! `ludus match-merge`: the results files of a match's shards put back
//! together — checked to be slices of one match, combined, and reported as
//! the whole match would report itself, with the shards still missing or
//! incomplete named.

use std::path::PathBuf;

use super::pair_count::PairLabels;
use super::report::{summary, ReportSetup, Tally};
use super::results::{Failures, ResultsFile};
use super::stats::SprtDecision;

/// What a merge found.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The report: the match's score lines, then the shards' state.
    pub lines: Vec<String>,
    /// The SPRT's verdict on the merged games (`Continue` without one).
    pub decision: SprtDecision,
}

/// Reads, checks and combines the results files at `paths`.
pub fn merge_results(paths: &[PathBuf]) -> Result<Merged, String> {
    let mut files = Vec::new();
    for path in paths {
        let file = ResultsFile::read(path)?
            .ok_or_else(|| format!("results file {} is empty", path.display()))?;
        check_fits(&files, &file)?;
        files.push(file);
    }
    let Some(first) = files.first() else {
        return Err("no results files given".to_string());
    };
    let settings = &first.settings;
    let mut games: Vec<_> = files.iter().flat_map(|f| &f.games).collect();
    games.sort_by_key(|g| g.game);
    let mut tally = Tally::default();
    for game in games.iter().filter(|g| g.counted) {
        tally.add_game(
            game.counted(&settings.engines[0].name),
            settings.schedule.repeat,
        );
    }
    let sprt = settings.sprt()?;
    let decision = sprt.map_or(SprtDecision::Continue, |sprt| {
        sprt.decide(tally.llr(&sprt, settings.schedule.repeat))
    });
    let setup = ReportSetup {
        names: settings.names(),
        sprt: sprt.as_ref(),
        paired: settings.schedule.repeat,
        pair_labels: PairLabels::of_game(&settings.game),
    };
    let mut lines = summary(&tally, &setup, true);
    lines.extend(failure_line(settings.names(), &games));
    lines.extend(shard_lines(&files));
    Ok(Merged { lines, decision })
}

/// Checks that `file` is another shard of the match of `files`.
fn check_fits(files: &[ResultsFile], file: &ResultsFile) -> Result<(), String> {
    let Some(first) = files.first() else {
        return Ok(());
    };
    let (a, b) = (first.path.display(), file.path.display());
    if let Some(difference) = first.settings.difference(&file.settings) {
        return Err(format!(
            "{a} and {b} are not shards of one match: they differ in {difference}"
        ));
    }
    if let Some(same) = files
        .iter()
        .find(|f| f.settings.shard == file.settings.shard)
    {
        return Err(format!(
            "{} and {b} are both shard {}",
            same.path.display(),
            file.settings.shard
        ));
    }
    Ok(())
}

/// The engines' failures, if any: `Failures: a 1 time loss; b 2 crashes`.
fn failure_line(names: [&str; 2], games: &[&super::results::GameEntry]) -> Option<String> {
    let failures = Failures::count(names, games.iter().copied());
    if failures.iter().all(Failures::is_empty) {
        return None;
    }
    let described: Vec<String> = names
        .iter()
        .zip(&failures)
        .filter(|(_, f)| !f.is_empty())
        .map(|(name, f)| {
            let kinds = [
                (f.time_losses, "time loss", "time losses"),
                (f.crashes, "crash", "crashes"),
                (f.stalls, "stall", "stalls"),
                (f.illegal_moves, "illegal move", "illegal moves"),
            ];
            let counts: Vec<String> = kinds
                .iter()
                .filter(|(n, _, _)| *n > 0)
                .map(|&(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
                .collect();
            format!("{name} {}", counts.join(", "))
        })
        .collect();
    Some(format!("Failures: {}", described.join("; ")))
}

/// Which shards are there, missing or incomplete.
fn shard_lines(files: &[ResultsFile]) -> Vec<String> {
    let count = files[0].settings.shard.count;
    let given: Vec<u32> = files.iter().map(|f| f.settings.shard.index).collect();
    let missing: Vec<String> = (1..=count)
        .filter(|k| !given.contains(k))
        .map(|k| format!("{k}/{count}"))
        .collect();
    let mut incomplete: Vec<(u32, String)> = files
        .iter()
        .filter(|f| f.end.is_none() && f.missing_games() > 0)
        .map(|f| {
            let shard = f.settings.shard;
            let played = f.games.len();
            let of = played + f.missing_games();
            (shard.index, format!("{shard} ({played} of {of} games)"))
        })
        .collect();
    incomplete.sort();
    let complete = files.len() - incomplete.len();
    let mut lines = vec![format!(
        "Shards: {complete} of {count} complete, {} incomplete, {} missing",
        incomplete.len(),
        missing.len()
    )];
    if !missing.is_empty() {
        lines.push(format!("Missing shards: {}", missing.join(", ")));
    }
    if !incomplete.is_empty() {
        let names: Vec<String> = incomplete.into_iter().map(|(_, text)| text).collect();
        lines.push(format!("Incomplete shards: {}", names.join(", ")));
    }
    lines
}
