//! The `ludus match` command line, in the habits of cutechess-cli and
//! fastchess: options take one dash or two, engine groups are `key=value`
//! words up to the next option. clap reads it once the single-dash
//! spellings are given their second dash.

use std::path::PathBuf;
use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, Args, FromArgMatches};

use super::config::{number, positive, positive_seconds, DEFAULT_TIMEMARGIN};
use super::config::{
    Adjudication, Limit, MatchConfig, Order, Resign, Schedule, TimeControl, Timeouts,
};
use super::shard::Shard;
use super::stats::Sprt;
use ludus_rules::games::GAME_NAMES;

mod engine_group;

use engine_group::{key_value, EngineGroup};

/// The usage line of `ludus match`.
const USAGE: &str = "ludus match --game G --engine cmd=PATH [key=value ...] --engine ... [options]";

/// The keys of an engine group, listed after the options.
const ENGINE_KEYS: &str = "\
Engine keys (--engine, and --each for both engines):
  cmd=PATH  args=\"...\"  name=N  proto=uci|ugi  dir=PATH  option.NAME=VALUE
  stderr=FILE  (appends the engine's standard error to FILE)
  tc=... st=... nodes=N depth=D   (override the match's limits for this engine)

Options take one dash or two (-games 10, --games 10, --games=10).";

/// `ludus match`'s options, as clap reads them.
#[derive(Args, Debug)]
#[command(
    about = "Plays a match between two engines, refereed with ludus's rules.",
    override_usage = USAGE,
    after_help = ENGINE_KEYS
)]
struct MatchArgs {
    /// The game.
    #[arg(long, visible_alias = "variant", value_name = "G")]
    game: Option<String>,

    // The words of all groups together; each group is read from the
    // matches (see `groups`).
    /// An engine: key=value words (below).
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., value_parser = key_value,
          action = ArgAction::Append, help_heading = "Engines")]
    engine: Vec<(String, String)>,
    /// Keys for both engines.
    #[arg(long, value_name = "KEY=VALUE", num_args = 1.., value_parser = key_value,
          action = ArgAction::Append, help_heading = "Engines")]
    each: Vec<(String, String)>,

    /// A clock: 10+0.1, 40/60+0.6.
    #[arg(long, value_name = "[MOVES/]SECONDS[+INC]", value_parser = TimeControl::parse,
          help_heading = "Limits")]
    tc: Option<TimeControl>,
    /// Time per move.
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds,
          help_heading = "Limits")]
    st: Option<Duration>,
    /// Nodes per move.
    #[arg(long, value_name = "N", value_parser = positive::<u64>, allow_negative_numbers = true,
          help_heading = "Limits")]
    nodes: Option<u64>,
    /// Depth per move.
    #[arg(long, visible_alias = "plies", value_name = "D", value_parser = positive::<u32>,
          allow_negative_numbers = true, help_heading = "Limits")]
    depth: Option<u32>,
    /// How far past its time an engine may go: per move with --st, over the
    /// game with --tc [default: 100, times the load per core when above 1].
    #[arg(long, value_name = "MS", value_parser = number::<u64>, allow_negative_numbers = true,
          help_heading = "Limits")]
    timemargin: Option<u64>,
    /// Bound on the handshake and isready [default: 10].
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds, help_heading = "Limits")]
    readytimeout: Option<Duration>,
    /// Bound on a go without clock or move time [default: 60].
    #[arg(long, value_name = "SECONDS", value_parser = positive_seconds, help_heading = "Limits")]
    movetimeout: Option<Duration>,

    /// Games in all (× rounds).
    #[arg(long, value_name = "N", value_parser = positive::<u32>, allow_negative_numbers = true,
          help_heading = "Schedule")]
    games: Option<u32>,
    /// Openings played (× 2 with --repeat).
    #[arg(long, value_name = "R", value_parser = positive::<u32>, allow_negative_numbers = true,
          help_heading = "Schedule")]
    rounds: Option<u32>,
    /// Games played at once, 1 to 256 [default: 1].
    #[arg(long, value_name = "K", value_parser = concurrency, allow_negative_numbers = true,
          help_heading = "Schedule")]
    concurrency: Option<usize>,
    /// The openings file (one position per line, or startpos).
    #[arg(long, value_name = "FILE | file=FILE [order=O]", num_args = 1..,
          help_heading = "Schedule")]
    openings: Option<Vec<String>>,
    /// The order of the openings [default: sequential].
    #[arg(long, value_name = "random|sequential", value_parser = parse_order,
          help_heading = "Schedule")]
    order: Option<Order>,
    /// Seed for the random order and random starts [default: the clock].
    #[arg(long, visible_alias = "srand", value_name = "S", value_parser = number::<u64>,
          allow_negative_numbers = true, help_heading = "Schedule")]
    seed: Option<u64>,
    /// Each opening twice, sides swapped (a pair).
    #[arg(long, help_heading = "Schedule")]
    repeat: bool,

    /// Draw after N moves each.
    #[arg(long, value_name = "N", value_parser = positive::<u32>, allow_negative_numbers = true,
          help_heading = "Adjudication")]
    maxmoves: Option<u32>,
    /// A side whose score stays at or below -CP for N moves loses.
    #[arg(long, value_name = "movecount=N score=CP", num_args = 1.., value_parser = key_value,
          help_heading = "Adjudication")]
    resign: Option<Vec<(String, String)>>,

    /// Appends the games to a PGN file.
    #[arg(long, value_name = "FILE", help_heading = "Output")]
    pgnout: Option<String>,
    /// The PGN Event tag [default: ludus match].
    #[arg(long, value_name = "NAME", num_args = 1.., help_heading = "Output")]
    event: Option<Vec<String>>,
    /// A score report every N games, 0: only at the end [default: 10].
    #[arg(long, value_name = "N", value_parser = number::<u32>, allow_negative_numbers = true,
          help_heading = "Output")]
    ratinginterval: Option<u32>,
    /// A sequential probability ratio test; stops the match at a bound.
    #[arg(long, value_name = "elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]", num_args = 1..,
          value_parser = key_value, help_heading = "Output")]
    sprt: Option<Vec<(String, String)>>,

    /// Plays only the K-th of N disjoint slices of the match (needs --seed);
    /// `ludus match-merge` combines the shards' results files.
    #[arg(long, value_name = "K/N", value_parser = Shard::parse, help_heading = "Shards")]
    shard: Option<Shard>,
    /// Writes the settings and every finished game to FILE (JSON Lines),
    /// flushed game by game.
    #[arg(long, value_name = "FILE", help_heading = "Shards")]
    results: Option<PathBuf>,
    /// Continues the match or shard in the --results file (starts it if the
    /// file does not exist yet): no game is played twice.
    #[arg(long, requires = "results", help_heading = "Shards")]
    resume: bool,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    /// Run this match.
    Run(Box<MatchConfig>),
    /// Print this help text.
    Help(String),
}

/// The clap command, with the games named in `--game`'s help (also what
/// `ludus match`'s man page and shell completions are made from).
pub fn command() -> clap::Command {
    let games = format!("The game: {}", GAME_NAMES.join(", "));
    arena_command::<MatchArgs>("ludus match").mut_arg("game", |arg| arg.help(games))
}

/// The command `name` with the options of `A`, in the ways of the arena's
/// command lines (`ludus match`, `ludus spsa`): it reads the words after
/// the subcommand (no program name), `-h` and `--help` both print the
/// whole help, there is no `--version`, and an option given twice takes
/// its later value.
pub(crate) fn arena_command<A: Args>(name: &'static str) -> clap::Command {
    let help = Arg::new("help")
        .short('h')
        .long("help")
        .action(ArgAction::Help)
        .help("Prints this help.");
    let command = clap::Command::new(name)
        .no_binary_name(true)
        .disable_help_flag(true)
        .disable_version_flag(true)
        .args_override_self(true)
        .arg(help);
    A::augment_args(command)
}

/// Parses the words after `ludus match`.
pub fn parse(words: &[String]) -> Result<Parsed, String> {
    let matches = match command().try_get_matches_from(normalize(words)) {
        Ok(matches) => matches,
        Err(error) if error.kind() == ErrorKind::DisplayHelp => {
            return Ok(Parsed::Help(error.render().to_string()))
        }
        Err(error) => return Err(explain(&error)),
    };
    let args = MatchArgs::from_arg_matches(&matches).map_err(|e| explain(&e))?;
    // `--order` and `--openings ... order=` both set the order: the later wins.
    let order_last = matches.index_of("order") > matches.index_of("openings");
    let engines = groups(&matches, "engine")?;
    let each = groups(&matches, "each")?
        .into_iter()
        .fold(EngineGroup::default(), |each, group| group.over(&each));
    args.into_config(engines, each, order_last)
        .map(|config| Parsed::Run(Box::new(config)))
}

/// The engine groups of every occurrence of `--engine` or `--each` (`id`).
fn groups(matches: &clap::ArgMatches, id: &str) -> Result<Vec<EngineGroup>, String> {
    let Some(occurrences) = matches.get_occurrences::<(String, String)>(id) else {
        return Ok(Vec::new());
    };
    occurrences
        .map(|words| EngineGroup::read(&format!("--{id}"), words))
        .collect()
}

/// Gives single-dash option names (`-games`, cutechess's spelling) their
/// second dash, and lower-cases option names. A word that starts with a
/// dash and a digit is a value (a negative number), and `-h` stays short.
fn normalize(words: &[String]) -> Vec<String> {
    words
        .iter()
        .map(|word| {
            let Some(name) = word.strip_prefix("--").or_else(|| word.strip_prefix('-')) else {
                return word.clone();
            };
            if !name.starts_with(|c: char| c.is_ascii_alphabetic()) || name.len() < 2 {
                return word.clone();
            }
            match name.split_once('=') {
                Some((name, value)) => format!("--{}={value}", name.to_ascii_lowercase()),
                None => format!("--{}", name.to_ascii_lowercase()),
            }
        })
        .collect()
}

/// clap's error as one line, in the words of this command line.
fn explain(error: &clap::Error) -> String {
    if error.kind() == ErrorKind::UnknownArgument {
        if let Some(ContextValue::String(option)) = error.get(ContextKind::InvalidArg) {
            if option.starts_with('-') {
                let hint = match error.get(ContextKind::SuggestedArg) {
                    Some(ContextValue::String(similar)) => format!(" (did you mean {similar}?)"),
                    _ => String::new(),
                };
                return format!("unknown option '{option}'{hint}; see ludus match --help");
            }
        }
    }
    let text = error.render().to_string();
    let first = text.split("\n\n").next().unwrap_or_default();
    let first = first.trim().trim_start_matches("error: ");
    format!("{first}; see ludus match --help")
}

impl MatchArgs {
    /// The match these options describe, with the defaults filled in.
    fn into_config(
        self,
        groups: Vec<EngineGroup>,
        each: EngineGroup,
        order_last: bool,
    ) -> Result<MatchConfig, String> {
        let game = self.game.ok_or("--game is required")?;
        let limit = Limit {
            tc: self.tc,
            movetime: self.st,
            nodes: self.nodes,
            depth: self.depth,
        };
        let [first, second]: [EngineGroup; 2] = groups.try_into().map_err(|groups: Vec<_>| {
            format!(
                "a match needs exactly two --engine groups, got {}",
                groups.len()
            )
        })?;
        let mut engines = [
            first.over(&each).finish(0, limit)?,
            second.over(&each).finish(1, limit)?,
        ];
        if engines[0].name == engines[1].name {
            engines[1].name.push_str("-2");
        }
        let (openings, openings_order) = match self.openings {
            Some(values) => parse_openings(&values)?,
            None => (None, None),
        };
        let order = if order_last {
            self.order.or(openings_order)
        } else {
            openings_order.or(self.order)
        };
        let shard = self.shard.unwrap_or(Shard::WHOLE);
        if shard.count > 1 && self.seed.is_none() {
            return Err(format!(
                "--shard {shard} needs --seed S: every shard must draw the same openings"
            ));
        }
        let per_round = if self.repeat { 2 } else { 1 };
        let games = match (self.games, self.rounds) {
            (Some(games), Some(rounds)) => games.saturating_mul(rounds),
            (Some(games), None) => games,
            (None, Some(rounds)) => rounds.saturating_mul(per_round),
            (None, None) => per_round,
        };
        Ok(MatchConfig {
            game,
            engines,
            games,
            concurrency: self.concurrency.unwrap_or(1),
            openings,
            schedule: Schedule {
                order: order.unwrap_or(Order::Sequential),
                seed: self.seed.unwrap_or_else(time_seed),
                repeat: self.repeat,
            },
            adjudication: Adjudication {
                maxmoves: self.maxmoves,
                resign: self.resign.map(parse_resign).transpose()?,
            },
            timeouts: Timeouts {
                margin: self
                    .timemargin
                    .map_or(DEFAULT_TIMEMARGIN, Duration::from_millis),
                margin_follows_load: self.timemargin.is_none(),
                ready: self.readytimeout.unwrap_or(Duration::from_secs(10)),
                per_move: self.movetimeout.unwrap_or(Duration::from_secs(60)),
            },
            rating_interval: self.ratinginterval.unwrap_or(10),
            sprt: self.sprt.map(parse_sprt).transpose()?,
            pgnout: self
                .pgnout
                .map(|value| PathBuf::from(value.strip_prefix("file=").unwrap_or(&value))),
            event: self
                .event
                .map_or_else(|| "ludus match".to_string(), |words| words.join(" ")),
            shard,
            results: self.results,
            resume: self.resume,
        })
    }
}

fn concurrency(text: &str) -> Result<usize, String> {
    let k: usize = positive(text)?;
    if k > 256 {
        return Err("at most 256".to_string());
    }
    Ok(k)
}

fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn parse_order(text: &str) -> Result<Order, String> {
    match text {
        "random" => Ok(Order::Random),
        "sequential" => Ok(Order::Sequential),
        _ => Err(format!("order: '{text}' is not random or sequential")),
    }
}

/// `--openings FILE` or `--openings file=FILE [order=O]`: the file and the
/// order, if given.
fn parse_openings(values: &[String]) -> Result<(Option<PathBuf>, Option<Order>), String> {
    if let [path] = values {
        if !path.contains('=') {
            return Ok((Some(PathBuf::from(path)), None));
        }
    }
    let (mut file, mut order) = (None, None);
    for word in values {
        let (key, value) = key_value(word).map_err(|e| format!("--openings: {e}"))?;
        match key.as_str() {
            "file" => file = Some(PathBuf::from(value)),
            "order" => order = Some(parse_order(&value)?),
            _ => return Err(format!("--openings: unknown key '{key}'")),
        }
    }
    if file.is_none() {
        return Err("--openings: no file given".to_string());
    }
    Ok((file, order))
}

fn parse_resign(words: Vec<(String, String)>) -> Result<Resign, String> {
    let (mut movecount, mut score) = (None, None);
    for (key, value) in words {
        let within = |e| format!("--resign: {key}: {e}");
        match key.as_str() {
            "movecount" => movecount = Some(positive(&value).map_err(within)?),
            "score" => score = Some(positive(&value).map_err(within)?),
            _ => return Err(format!("--resign: unknown key '{key}'")),
        }
    }
    Ok(Resign {
        movecount: movecount.ok_or("--resign: movecount= is required")?,
        score: score.ok_or("--resign: score= is required")?,
    })
}

fn parse_sprt(words: Vec<(String, String)>) -> Result<Sprt, String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for (key, value) in words {
        let x: f64 = number(&value).map_err(|e| format!("--sprt: {key}: {e}"))?;
        match key.as_str() {
            "elo0" => elo0 = Some(x),
            "elo1" => elo1 = Some(x),
            "alpha" => alpha = x,
            "beta" => beta = x,
            _ => return Err(format!("--sprt: unknown key '{key}'")),
        }
    }
    Sprt::new(
        elo0.ok_or("--sprt: elo0= is required")?,
        elo1.ok_or("--sprt: elo1= is required")?,
        alpha,
        beta,
    )
}

#[cfg(test)]
mod tests {
    use super::engine_group::split_words;
    use super::*;
    use ludus_rules::protocol::Dialect;

    fn words(line: &str) -> Vec<String> {
        split_words(line).unwrap()
    }

    fn config(line: &str) -> MatchConfig {
        match parse(&words(line)).unwrap() {
            Parsed::Run(config) => *config,
            Parsed::Help(_) => panic!("help"),
        }
    }

    #[test]
    fn time_controls() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(tc.moves, None);
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.pgn(), "10+0.1");
        let tc = TimeControl::parse("40/60+0.6").unwrap();
        assert_eq!(tc.moves, Some(40));
        assert_eq!(tc.pgn(), "40/60+0.6");
        assert_eq!(TimeControl::parse("5").unwrap().pgn(), "5");
        for bad in ["", "x+1", "0+1", "10+-1", "a/10", "10+inf"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_full_command_line() {
        let c = config(
            "--game alak --engine cmd=./a name=A option.Hash=64 proto=ugi tc=5+0.05 \
             -engine cmd=/x/b args=\"--game alak\" --each option.Threads=1 \
             --st 0.2 --games 10 --concurrency 2 --repeat --openings file=o.txt order=random \
             --seed 7 --maxmoves 100 --resign movecount=3 score=500 --timemargin 50 \
             --sprt elo0=0 elo1=5 --pgnout out.pgn --ratinginterval 5",
        );
        assert_eq!(c.game, "alak");
        let [a, b] = &c.engines;
        assert_eq!((a.name.as_str(), a.proto), ("A", Dialect::Ugi));
        assert_eq!(
            a.options,
            vec![
                ("Threads".to_string(), "1".to_string()),
                ("Hash".to_string(), "64".to_string())
            ]
        );
        assert_eq!(a.limit.tc.unwrap().base, Duration::from_secs(5));
        assert_eq!(a.limit.movetime, Some(Duration::from_millis(200)));
        assert_eq!((b.name.as_str(), b.proto), ("b", Dialect::Uci));
        assert_eq!(b.args, vec!["--game", "alak"]);
        assert_eq!(b.limit.tc, None);
        assert_eq!(c.games, 10);
        assert_eq!(c.concurrency, 2);
        assert!(c.schedule.repeat);
        assert_eq!(c.schedule.order, Order::Random);
        assert_eq!(c.schedule.seed, 7);
        assert_eq!(c.adjudication.maxmoves, Some(100));
        assert_eq!(
            c.adjudication.resign,
            Some(Resign {
                movecount: 3,
                score: 500
            })
        );
        assert_eq!(c.timeouts.margin, Duration::from_millis(50));
        assert_eq!(c.sprt.unwrap().elo1, 5.0);
        assert_eq!(c.rating_interval, 5);
        assert_eq!(c.pgnout, Some(PathBuf::from("out.pgn")));
    }

    #[test]
    fn rounds_and_games() {
        let base = "--game alak --engine cmd=a --engine cmd=b --depth 2";
        assert_eq!(config(base).games, 1);
        assert_eq!(config(&format!("{base} --repeat")).games, 2);
        assert_eq!(config(&format!("{base} --rounds 5 --repeat")).games, 10);
        assert_eq!(config(&format!("{base} --rounds 5 --games 2")).games, 10);
        let same = config(base.replace("cmd=b", "cmd=a").as_str());
        assert_eq!(same.engines[0].name, "a");
        assert_eq!(same.engines[1].name, "a-2");
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("--engine cmd=a --engine cmd=b --depth 2", "--game"),
            ("--game alak --engine cmd=a --depth 2", "two --engine"),
            ("--game alak --engine cmd=a --engine cmd=b", "no limit"),
            (
                "--game alak --engine cmd=a foo --engine cmd=b --depth 2",
                "key=value",
            ),
            (
                "--game alak --engine cmd=a bogus=1 --engine cmd=b --depth 2",
                "bogus",
            ),
            (
                "--game alak --engine cmd=a --engine cmd=b --depth x",
                "not a valid number",
            ),
            (
                "--game alak --engine cmd=a --engine cmd=b --depth 2 --games 0",
                "positive",
            ),
            (
                "--game alak --engine cmd=a --engine cmd=b --depth 2 --frob",
                "unknown option",
            ),
            (
                "--game alak --engine cmd=a --engine cmd=b --depth 2 --sprt elo0=5 elo1=0",
                "elo0",
            ),
            (
                "--game alak --engine cmd=a --engine cmd=b --depth 2 --resign score=5",
                "movecount",
            ),
            (
                "--game alak --engine name=a --engine cmd=b --depth 2",
                "cmd=",
            ),
            (
                "--game alak --engine cmd=a proto=xboard --engine cmd=b --depth 2",
                "proto",
            ),
        ];
        for (line, expected) in cases {
            let error = parse(&words(line)).unwrap_err();
            assert!(error.contains(expected), "{line}: {error}");
        }
        assert!(matches!(parse(&words("--help")), Ok(Parsed::Help(_))));
    }

    #[test]
    fn one_dash_or_two_and_the_later_order_wins() {
        let c = config(
            "-Variant alak -engine cmd=a -engine cmd=b -plies 3 -games=4 -srand 9 \
             -openings file=o.txt order=random -order sequential -repeat",
        );
        assert_eq!((c.game.as_str(), c.games, c.schedule.seed), ("alak", 4, 9));
        assert_eq!(c.engines[0].limit.depth, Some(3));
        assert_eq!(c.schedule.order, Order::Sequential);
        assert!(c.schedule.repeat);
        let c = config(
            "--game alak --engine cmd=a --engine cmd=b --depth 1 --order sequential \
             --openings file=o.txt order=random",
        );
        assert_eq!(c.schedule.order, Order::Random);
        let error = parse(&words(
            "--game alak --engine cmd=a --engine cmd=b --depth 1 --gmes 2",
        ))
        .unwrap_err();
        assert!(error.contains("did you mean --games?"), "{error}");
    }

    #[test]
    fn help_lists_every_option() {
        let Ok(Parsed::Help(text)) = parse(&words("-h")) else {
            panic!("no help");
        };
        for option in command().get_arguments() {
            let long = option.get_long().expect("every option is long");
            assert!(text.contains(&format!("--{long}")), "--{long} in {text}");
        }
        assert!(text.contains("cmd=PATH"), "{text}");
    }

    #[test]
    fn quoted_words() {
        assert_eq!(split_words("a \"b c\" 'd'").unwrap(), vec!["a", "b c", "d"]);
        assert!(split_words("\"open").is_err());
    }
}
