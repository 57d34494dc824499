//! Evaluation tuning from self-play: [`datagen`] plays the engine against
//! itself and records positions with their results in the format of
//! [`data`]; [`texel`] fits each game's weight table (see
//! [`ludus_rules::linear`]) to them.

pub mod data;
pub mod datagen;
pub mod rows;
pub mod texel;

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::data::{merge, read};
    use super::datagen::{run_datagen, DatagenConfig};
    use super::texel::{run_scale_fit, run_tune, TuneConfig};
    use crate::protocol::networks::EvalChoice;
    use crate::search::Limits;

    /// A fresh path in the temporary directory, removed first.
    fn scratch(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("ludus-tune-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    fn config(game: &str, games: usize, out: &Path) -> DatagenConfig {
        let limit = Limits {
            nodes: Some(300),
            ..Limits::default()
        };
        DatagenConfig {
            concurrency: 2,
            seed: 5,
            ..DatagenConfig::new(game, games, limit, out.to_path_buf())
        }
    }

    #[test]
    fn shards_merged_in_order_are_the_whole_run() {
        let whole = scratch("whole");
        run_datagen(&config("pylyx10", 5, &whole)).unwrap();
        let shards: Vec<PathBuf> = (1..=3).map(|k| scratch(&format!("shard{k}"))).collect();
        for (k, path) in (1..=3).zip(&shards) {
            let report = run_datagen(&DatagenConfig {
                shard: (k, 3),
                ..config("pylyx10", 5, path)
            })
            .unwrap();
            // Games 0 and 3, 1 and 4, then 2 alone.
            assert_eq!(report.games, if k == 3 { 1 } else { 2 });
        }
        let merged = scratch("merged");
        let paths: Vec<&Path> = shards.iter().map(PathBuf::as_path).collect();
        let (games, _) = merge(&paths, &merged).unwrap();
        assert_eq!(games, 5);
        assert_eq!(read(&merged).unwrap(), read(&whole).unwrap());
        // Never over an existing file, never across games.
        assert!(merge(&paths, &merged).unwrap_err().contains("exists"));
        let other = scratch("other");
        run_datagen(&config("wyx", 1, &other)).unwrap();
        let _ = std::fs::remove_file(&merged);
        let error = merge(&[paths[0], other.as_path()], &merged).unwrap_err();
        assert!(error.contains("holds wyx data, not pylyx10"), "{error}");
        for path in shards.iter().chain([&whole, &merged, &other]) {
            let _ = std::fs::remove_file(path);
        }
    }

    #[test]
    fn a_network_file_plays_the_games_and_a_bad_one_is_refused() {
        let net_file = scratch("net.nnue");
        let network = crate::nnue::random_network("pylyx10", 826, 16, 3);
        std::fs::write(&net_file, network.to_bytes()).unwrap();
        let (linear, net) = (scratch("linear"), scratch("net"));
        run_datagen(&config("pylyx10", 2, &linear)).unwrap();
        let with_net = |out: &Path, file: &Path| DatagenConfig {
            eval: EvalChoice {
                linear: false,
                file: Some(file.to_path_buf()),
            },
            ..config("pylyx10", 2, out)
        };
        run_datagen(&with_net(&net, &net_file)).unwrap();
        // The same openings, judged by another evaluation.
        assert_ne!(read(&net).unwrap(), read(&linear).unwrap());
        let refused = scratch("refused");
        std::fs::write(&net_file, b"LUDUSNN").unwrap();
        let error = run_datagen(&with_net(&refused, &net_file)).unwrap_err();
        assert!(error.contains("net.nnue"), "{error}");
        assert!(!refused.exists(), "nothing is written on a bad network");
        for path in [net_file, linear, net] {
            let _ = std::fs::remove_file(path);
        }
    }

    #[test]
    fn resuming_continues_without_repeating_a_game() {
        let fresh = scratch("fresh");
        let report = run_datagen(&config("pylyx10", 3, &fresh)).unwrap();
        assert_eq!((report.resumed_from, report.games), (0, 3));
        let resumed = scratch("resumed");
        run_datagen(&config("pylyx10", 2, &resumed)).unwrap();
        // An interrupted write leaves half a game at the end.
        let mut text = std::fs::read_to_string(&resumed).unwrap();
        text.push_str("p 12 10/10/10/10/10/10/10/10/10/10 w 8 8\np 3 10/10");
        std::fs::write(&resumed, text).unwrap();
        let report = run_datagen(&config("pylyx10", 3, &resumed)).unwrap();
        assert_eq!((report.resumed_from, report.games), (2, 1));
        // The games are the same, in the same order, as in one run.
        let (fresh_data, resumed_data) = (read(&fresh).unwrap(), read(&resumed).unwrap());
        assert_eq!(fresh_data.games.len(), 3);
        assert_eq!(resumed_data, fresh_data);
        assert_ne!(fresh_data.games[0], fresh_data.games[1]);
        let report = run_datagen(&config("pylyx10", 3, &resumed)).unwrap();
        assert_eq!((report.resumed_from, report.games), (3, 0));
        // Another game's data is not appended to.
        let error = run_datagen(&config("wyx", 5, &resumed)).unwrap_err();
        assert!(error.contains("holds pylyx10 data"), "{error}");
        for path in [fresh, resumed] {
            let _ = std::fs::remove_file(path);
        }
    }

    #[test]
    fn positions_are_quiet_and_outside_the_tables() {
        let out = scratch("alak");
        // With its solved table (the protocol's default), every Alak
        // position is known: nothing is recorded.
        run_datagen(&config("alak", 2, &out)).unwrap();
        let data = read(&out).unwrap();
        assert_eq!(data.games.len(), 2);
        assert!(data.games.iter().all(|g| g.samples.is_empty()));
        let _ = std::fs::remove_file(&out);
        let mut searched = config("alak", 2, &out);
        searched.options = vec!["alaksolution=false".to_string()];
        run_datagen(&searched).unwrap();
        assert!(read(&out)
            .unwrap()
            .games
            .iter()
            .any(|g| !g.samples.is_empty()));
        searched.options = vec!["AlakSolution=maybe".to_string()];
        assert!(run_datagen(&searched).is_err());
        searched.options = vec!["Depth=3".to_string()];
        let error = run_datagen(&searched).unwrap_err();
        assert!(error.contains("no option 'Depth'"), "{error}");
        let _ = std::fs::remove_file(out);
    }

    #[test]
    fn a_tiny_tuning_lowers_the_error() {
        let out = scratch("tiny");
        // The linear evaluation's own games: with pylyx10's network playing,
        // the few held-out games can be ones the linear weights already
        // predict, and the tuning keeps its first weights.
        let linear = EvalChoice {
            linear: true,
            file: None,
        };
        run_datagen(&DatagenConfig {
            eval: linear,
            ..config("pylyx10", 24, &out)
        })
        .unwrap();
        let report = run_tune(&TuneConfig {
            game: "pylyx10".to_string(),
            files: vec![out.clone()],
            epochs: 300,
            rate: 0.5,
            lambda: 1.0,
        })
        .unwrap();
        assert!(report.positions > 50, "{} positions", report.positions);
        assert!(report.k > 0.0);
        assert!(
            report.error_after < report.error_before,
            "{} -> {}",
            report.error_after,
            report.error_before
        );
        assert_ne!(report.after, report.before);
        assert!(report.table().contains("// target height (was "));
        let wrong_game = TuneConfig {
            game: "wyx".to_string(),
            files: vec![out.clone()],
            epochs: 1,
            rate: 0.5,
            lambda: 1.0,
        };
        assert!(run_tune(&wrong_game).unwrap_err().contains("not wyx"));
        // The scale alone: fitted on every position, none held out.
        let scale = run_scale_fit("pylyx10", std::slice::from_ref(&out)).unwrap();
        assert!(scale.positions > report.positions);
        assert!(scale.eval_k > 0.0 && scale.score_k > 0.0);
        assert!(run_scale_fit("wyx", std::slice::from_ref(&out))
            .unwrap_err()
            .contains("not wyx"));
        let _ = std::fs::remove_file(out);
    }
}
