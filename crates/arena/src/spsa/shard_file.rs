//! A shard's results file (`--results` with `--shard`): a `shard` line
//! (the run's settings, the round, the shard and the θ it plays from),
//! then a `pair` line as each of its pairs ends. Continued when the shard
//! runs again in the same round, begun again in a later one.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::Path;

use super::journal::{read_all, Appender};
use super::lines::Lines;
use super::records::{PairEntry, Record, ShardHeader};

/// A shard's results file as read back.
#[derive(Clone, Debug)]
pub struct ShardFile {
    /// What it plays.
    pub header: ShardHeader,
    /// Its finished pairs, by iteration.
    pub pairs: BTreeMap<u32, PairEntry>,
    /// The length of its complete lines.
    kept: u64,
}

impl ShardFile {
    /// Reads the text of the results file `path`; `Ok(None)` when empty.
    pub fn parse(text: &str, path: &Path) -> Result<Option<ShardFile>, String> {
        let Some((mut lines, header)) = Lines::begin(text, path, "a shard's", Record::shard)?
        else {
            return Ok(None);
        };
        let mut file = ShardFile {
            header,
            pairs: BTreeMap::new(),
            kept: 0,
        };
        let settings = &file.header.settings;
        let dealt = settings
            .rounds()
            .dealt(file.header.round.saturating_sub(1), file.header.shard);
        for line in lines.by_ref() {
            let (number, record) = line?;
            let at = |why: String| format!("{} line {number}: {why}", path.display());
            let Record::Pair(pair) = record else {
                return Err(at("not a pair".to_string()));
            };
            if !dealt.contains(&pair.iteration) {
                return Err(at(format!(
                    "iteration {} is not shard {}'s in round {}",
                    pair.iteration, file.header.shard, file.header.round
                )));
            }
            if file.pairs.insert(pair.iteration, pair).is_some() {
                return Err(at("a pair played twice".to_string()));
            }
        }
        file.kept = lines.offset;
        Ok(Some(file))
    }

    /// Reads the results file at `path` under a shared lock.
    pub fn read(path: &Path) -> Result<Option<ShardFile>, String> {
        let mut file =
            File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        file.lock_shared()
            .map_err(|e| format!("cannot lock {}: {e}", path.display()))?;
        let text = read_all(&mut file, path)?;
        ShardFile::parse(&text, path)
    }
}

/// Opens the results file of a shard playing `header` for writing, under an
/// exclusive lock: created if missing; continued if it holds this shard of
/// this round; started again if it holds a round the state has merged.
/// Returns the pairs it holds.
pub fn open_shard(
    path: &Path,
    header: &ShardHeader,
) -> Result<(Appender, BTreeMap<u32, PairEntry>), String> {
    if !path.exists() {
        File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    }
    let (mut appender, text) = Appender::open(path, false)?;
    let shown = path.display();
    if let Some(file) = ShardFile::parse(&text, path)? {
        if let Some(difference) = file.header.settings.difference(&header.settings) {
            return Err(format!(
                "{shown} holds a shard of another run ({difference})"
            ));
        }
        let older = file.header.round < header.round;
        if file.header.round > header.round {
            return Err(format!(
                "{shown} holds round {}, past the state's round {}: is it another state's shard?",
                file.header.round, header.round
            ));
        }
        if !older && file.header.shard != header.shard {
            return Err(format!(
                "{shown} holds shard {} of round {}, not {}",
                file.header.shard, header.round, header.shard
            ));
        }
        if !older && file.header.theta != header.theta {
            return Err(format!(
                "{shown} was played from another θ in round {}: is it another state's shard?",
                header.round
            ));
        }
        if !older {
            appender.keep(file.kept)?;
            return Ok((appender, file.pairs));
        }
    }
    // New, empty, or a round the state has merged: begun again.
    appender.keep(0)?;
    appender.append(&[Record::Shard(header.clone())])?;
    Ok((appender, BTreeMap::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::Termination;
    use crate::shard::Shard;
    use crate::spsa::journal::tests::{scratch, settings};
    use crate::spsa::records::GameLine;

    fn header(round: u32, index: u32, theta: f64) -> ShardHeader {
        ShardHeader {
            round,
            shard: Shard { index, count: 2 },
            theta: vec![theta, 2.0],
            settings: Box::new(settings("/x/a", 2)),
        }
    }

    fn pair(iteration: u32) -> PairEntry {
        let game = GameLine {
            result: "0-1".to_string(),
            termination: Termination::Normal,
            plies: 3,
        };
        PairEntry {
            iteration,
            result: 0,
            games: [game.clone(), game],
        }
    }

    #[test]
    fn a_shard_continues_its_round_and_begins_the_next_afresh() {
        let dir = scratch("shard-file");
        let path = dir.join("shard-2.json");
        // Shard 2/2 of round 1 (iterations 1-4) plays 2 and 4.
        let (mut file, played) = open_shard(&path, &header(1, 2, 5.0)).unwrap();
        assert!(played.is_empty());
        file.append(&[Record::Pair(pair(2))]).unwrap();
        let error = open_shard(&path, &header(1, 2, 5.0)).unwrap_err();
        assert!(error.contains("in use"), "{error}");
        drop(file);
        let (_, played) = open_shard(&path, &header(1, 2, 5.0)).unwrap();
        assert_eq!(played.keys().copied().collect::<Vec<_>>(), [2]);
        for (other, expected) in [
            (header(1, 1, 5.0), "holds shard 2/2 of round 1, not 1/2"),
            (header(1, 2, 6.0), "played from another θ"),
            (
                ShardHeader {
                    settings: Box::new(settings("/x/a", 3)),
                    ..header(2, 2, 5.0)
                },
                "a shard of another run (engines[0].limit.depth: 2 vs 3)",
            ),
        ] {
            let error = open_shard(&path, &other).unwrap_err();
            assert!(error.contains(expected), "{error}");
        }
        // The next round (its θ moved) begins the file again.
        let (mut file, played) = open_shard(&path, &header(2, 2, 5.5)).unwrap();
        assert!(played.is_empty());
        drop(file);
        let error = open_shard(&path, &header(1, 2, 5.0)).unwrap_err();
        assert!(
            error.contains("holds round 2, past the state's round 1"),
            "{error}"
        );
        // Round 2 holds iterations 5 and 6: shard 2/2 plays 6, not 5.
        (file, _) = open_shard(&path, &header(2, 2, 5.5)).unwrap();
        file.append(&[Record::Pair(pair(5))]).unwrap();
        drop(file);
        let error = ShardFile::read(&path).unwrap_err();
        assert!(
            error.contains("line 2: iteration 5 is not shard 2/2's in round 2"),
            "{error}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
