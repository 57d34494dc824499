//! The `ludus match` command line, in the habits of cutechess-cli and
//! fastchess: options take one or two dashes, engine groups are `key=value`
//! words up to the next option.

use std::path::PathBuf;
use std::time::Duration;

use super::stats::Sprt;

/// The help text of `ludus match`.
pub const USAGE: &str = "\
usage: ludus match --game G --engine cmd=PATH [key=value ...] --engine ... [options]

engine groups (--engine, or --each for both engines):
  cmd=PATH  args=\"...\"  name=N  proto=uci|ugi  dir=PATH  option.NAME=VALUE
  tc=... st=... nodes=N depth=D   (override the match's limits for this engine)
limits:     --tc [MOVES/]SECONDS[+INC]  --st SECONDS  --nodes N  --depth D
            --timemargin MS  --readytimeout SECONDS  --movetimeout SECONDS
schedule:   --games N  --rounds R  --concurrency K  --repeat
            --openings FILE | file=FILE [order=random|sequential]  --order O  --seed S
adjudicate: --maxmoves N  --resign movecount=N score=CP
output:     --pgnout FILE  --event NAME  --ratinginterval N
            --sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]";

/// A clock: `moves` per period (or the whole game), base time, increment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period; `None` for the whole game.
    pub moves: Option<u32>,
    /// Time per period.
    pub base: Duration,
    /// Added after every move.
    pub increment: Duration,
}

impl TimeControl {
    /// Parses `[moves/]seconds[+increment]`, e.g. `10+0.1` or `40/60+0.6`.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = |why: &str| format!("bad time control '{text}': {why}");
        let (moves, rest) = match text.split_once('/') {
            Some((moves, rest)) => {
                let moves: u32 = moves
                    .parse()
                    .map_err(|_| bad("moves per period must be a whole number"))?;
                (if moves == 0 { None } else { Some(moves) }, rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((base, inc)) => (base, Some(inc)),
            None => (rest, None),
        };
        let base = seconds(base).map_err(|e| bad(&e))?;
        if base.is_zero() {
            return Err(bad("the base time must be positive"));
        }
        let increment = match increment {
            Some(inc) => seconds(inc).map_err(|e| bad(&e))?,
            None => Duration::ZERO,
        };
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }

    /// The PGN `TimeControl` spelling (`40/60+0.6`, `10+0.1`).
    pub fn pgn(&self) -> String {
        let mut text = String::new();
        if let Some(moves) = self.moves {
            text.push_str(&format!("{moves}/"));
        }
        text.push_str(&trim_seconds(self.base));
        if !self.increment.is_zero() {
            text.push_str(&format!("+{}", trim_seconds(self.increment)));
        }
        text
    }
}

fn trim_seconds(d: Duration) -> String {
    let text = format!("{:.3}", d.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A non-negative number of seconds.
fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !value.is_finite() || !(0.0..=1e9).contains(&value) {
        return Err(format!("'{text}' is not a usable number of seconds"));
    }
    Ok(Duration::from_secs_f64(value))
}

fn number<T: std::str::FromStr>(key: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{key}: '{text}' is not a valid number"))
}

fn positive<T: std::str::FromStr + PartialOrd + Default>(
    key: &str,
    text: &str,
) -> Result<T, String> {
    let value: T = number(key, text)?;
    if value <= T::default() {
        return Err(format!("{key}: '{text}' must be positive"));
    }
    Ok(value)
}

/// What limits an engine's moves; any combination.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// A clock.
    pub tc: Option<TimeControl>,
    /// A fixed time per move.
    pub movetime: Option<Duration>,
    /// A node budget per move.
    pub nodes: Option<u64>,
    /// A depth per move.
    pub depth: Option<u32>,
}

impl Limit {
    fn set(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "tc" => self.tc = Some(TimeControl::parse(value)?),
            "st" => {
                let time = seconds(value).map_err(|e| format!("st: {e}"))?;
                if time.is_zero() {
                    return Err("st: the time per move must be positive".to_string());
                }
                self.movetime = Some(time);
            }
            "nodes" => self.nodes = Some(positive(key, value)?),
            "depth" | "plies" => self.depth = Some(positive(key, value)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Fields set in `over` replace this limit's.
    fn overridden_by(self, over: Limit) -> Limit {
        Limit {
            tc: over.tc.or(self.tc),
            movetime: over.movetime.or(self.movetime),
            nodes: over.nodes.or(self.nodes),
            depth: over.depth.or(self.depth),
        }
    }

    fn is_empty(&self) -> bool {
        *self == Limit::default()
    }

    /// The PGN `TimeControl` value: the clock, `N/move`, or `-` (none).
    pub fn pgn(&self) -> String {
        match (self.tc, self.movetime) {
            (Some(tc), _) => tc.pgn(),
            (None, Some(st)) => format!("{}/move", trim_seconds(st)),
            (None, None) => "-".to_string(),
        }
    }
}

/// The protocol dialect an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// `uci`, `ucinewgame`, `wtime`/`btime`.
    Uci,
    /// `ugi`, `uginewgame`, `p1time`/`p2time`.
    Ugi,
}

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in output and PGN.
    pub name: String,
    /// The program.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its working directory.
    pub dir: Option<PathBuf>,
    /// The dialect.
    pub proto: Proto,
    /// `setoption` pairs, sent after the handshake.
    pub options: Vec<(String, String)>,
    /// Its move limits.
    pub limit: Limit,
}

/// The order openings are taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// File order, wrapping around.
    Sequential,
    /// A shuffle drawn from the seed.
    Random,
}

/// Resign adjudication: a side whose own score stays at or below `-score`
/// for `movecount` consecutive moves loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resign {
    /// Consecutive moves.
    pub movecount: u32,
    /// Centipawns.
    pub score: i32,
}

/// Everything `ludus match` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    /// The game.
    pub game: String,
    /// The two engines; the first is the one the statistics speak for.
    pub engines: [EngineSpec; 2],
    /// Games in all.
    pub games: u32,
    /// Games played at once.
    pub concurrency: usize,
    /// The openings file.
    pub openings: Option<PathBuf>,
    /// Their order.
    pub order: Order,
    /// Seed for the random order.
    pub seed: u64,
    /// Each opening twice, sides swapped.
    pub repeat: bool,
    /// Draw after this many moves per side.
    pub maxmoves: Option<u32>,
    /// Resign adjudication.
    pub resign: Option<Resign>,
    /// How far past its clock an engine may go.
    pub timemargin: Duration,
    /// How long the handshake and `isready` may take.
    pub ready_timeout: Duration,
    /// How long a `go` without clock or move time may take.
    pub move_timeout: Duration,
    /// A score report every this many games (0: only at the end).
    pub rating_interval: u32,
    /// The SPRT, if any.
    pub sprt: Option<Sprt>,
    /// The PGN file.
    pub pgnout: Option<PathBuf>,
    /// The PGN `Event`.
    pub event: String,
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    /// Run this match.
    Run(Box<MatchConfig>),
    /// Print [`USAGE`].
    Help,
}

/// Splits a string like a shell does with quotes (for `args="..."`).
fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unbalanced quote in '{text}'"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// An engine group as given, before defaults.
#[derive(Default)]
struct EngineGroup {
    name: Option<String>,
    cmd: Option<String>,
    args: Vec<String>,
    dir: Option<PathBuf>,
    proto: Option<Proto>,
    options: Vec<(String, String)>,
    limit: Limit,
}

impl EngineGroup {
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if let Some(option) = key.strip_prefix("option.") {
            if option.is_empty() {
                return Err("option. needs an option name".to_string());
            }
            self.options
                .retain(|(name, _)| !name.eq_ignore_ascii_case(option));
            self.options.push((option.to_string(), value.to_string()));
            return Ok(());
        }
        match key {
            "name" => self.name = Some(value.to_string()),
            "cmd" => self.cmd = Some(value.to_string()),
            "args" => self.args = split_words(value)?,
            "dir" => self.dir = Some(PathBuf::from(value)),
            "proto" => {
                self.proto = Some(match value.to_ascii_lowercase().as_str() {
                    "uci" => Proto::Uci,
                    "ugi" => Proto::Ugi,
                    _ => return Err(format!("proto: '{value}' is not uci or ugi")),
                })
            }
            _ => {
                if !self.limit.set(key, value)? {
                    return Err(format!("unknown engine key '{key}'"));
                }
            }
        }
        Ok(())
    }
}

/// Reads `key=value` words of one group.
fn key_values(option: &str, words: &[String]) -> Result<Vec<(String, String)>, String> {
    words
        .iter()
        .map(|word| {
            word.split_once('=')
                .map(|(k, v)| {
                    // Keys are case-insensitive; option names keep their case.
                    let key = match k.split_once('.') {
                        Some((prefix, name)) => format!("{}.{name}", prefix.to_ascii_lowercase()),
                        None => k.to_ascii_lowercase(),
                    };
                    (key, v.to_string())
                })
                .ok_or_else(|| format!("{option}: expected key=value, got '{word}'"))
        })
        .collect()
}

fn option_name(word: &str) -> Option<&str> {
    let name = word.strip_prefix("--").or_else(|| word.strip_prefix('-'))?;
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit())).then_some(name)
}

/// Parses the words after `ludus match`.
pub fn parse(words: &[String]) -> Result<Parsed, String> {
    let mut game = None;
    let mut groups: Vec<EngineGroup> = Vec::new();
    let mut each = EngineGroup::default();
    let mut limit = Limit::default();
    let (mut games, mut rounds) = (None::<u32>, None::<u32>);
    let mut config = MatchConfig {
        game: String::new(),
        engines: [placeholder(), placeholder()],
        games: 0,
        concurrency: 1,
        openings: None,
        order: Order::Sequential,
        seed: time_seed(),
        repeat: false,
        maxmoves: None,
        resign: None,
        timemargin: Duration::ZERO,
        ready_timeout: Duration::from_secs(10),
        move_timeout: Duration::from_secs(60),
        rating_interval: 10,
        sprt: None,
        pgnout: None,
        event: "ludus match".to_string(),
    };
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        let name = option_name(word).ok_or_else(|| format!("unexpected argument '{word}'"))?;
        let (name, inline) = match name.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (name, None),
        };
        let name = name.to_ascii_lowercase();
        // The option's own words: up to the next option.
        let mut end = i + 1;
        while end < words.len() && option_name(&words[end]).is_none() {
            end += 1;
        }
        let mut values: Vec<String> = inline.into_iter().collect();
        values.extend(words[i + 1..end].iter().cloned());
        i = end;
        let single = |values: &[String]| -> Result<String, String> {
            match values {
                [value] => Ok(value.clone()),
                _ => Err(format!("--{name} takes one value")),
            }
        };
        match name.as_str() {
            "help" | "h" => return Ok(Parsed::Help),
            "game" | "variant" => game = Some(single(&values)?),
            "engine" | "each" => {
                let mut group = EngineGroup::default();
                for (key, value) in key_values(&name, &values)? {
                    group
                        .set(&key, &value)
                        .map_err(|e| format!("--{name}: {e}"))?;
                }
                if name == "each" {
                    merge_each(&mut each, group);
                } else {
                    groups.push(group);
                }
            }
            "tc" | "st" | "nodes" | "depth" | "plies" => {
                limit.set(&name, &single(&values)?)?;
            }
            "timemargin" => {
                let ms: u64 = number("timemargin", &single(&values)?)?;
                config.timemargin = Duration::from_millis(ms);
            }
            "readytimeout" => config.ready_timeout = timeout(&name, &single(&values)?)?,
            "movetimeout" => config.move_timeout = timeout(&name, &single(&values)?)?,
            "games" => games = Some(positive("games", &single(&values)?)?),
            "rounds" => rounds = Some(positive("rounds", &single(&values)?)?),
            "concurrency" => {
                config.concurrency = positive("concurrency", &single(&values)?)?;
                if config.concurrency > 256 {
                    return Err("--concurrency: at most 256".to_string());
                }
            }
            "openings" => parse_openings(&mut config, &values)?,
            "order" => config.order = parse_order(&single(&values)?)?,
            "seed" | "srand" => config.seed = number("seed", &single(&values)?)?,
            "repeat" => {
                if !values.is_empty() {
                    return Err("--repeat takes no value".to_string());
                }
                config.repeat = true;
            }
            "maxmoves" => config.maxmoves = Some(positive("maxmoves", &single(&values)?)?),
            "resign" => config.resign = Some(parse_resign(&values)?),
            "ratinginterval" => {
                config.rating_interval = number("ratinginterval", &single(&values)?)?
            }
            "sprt" => config.sprt = Some(parse_sprt(&values)?),
            "pgnout" => {
                let value = single(&values)?;
                let file = value.strip_prefix("file=").unwrap_or(&value);
                config.pgnout = Some(PathBuf::from(file));
            }
            "event" => config.event = values.join(" "),
            _ => return Err(format!("unknown option '{word}'; see ludus match --help")),
        }
    }
    config.game = game.ok_or("--game is required")?;
    if groups.len() != 2 {
        return Err(format!(
            "a match needs exactly two --engine groups, got {}",
            groups.len()
        ));
    }
    let mut engines = Vec::new();
    for (index, group) in groups.into_iter().enumerate() {
        engines.push(finish_engine(index, group, &each, limit)?);
    }
    if engines[0].name == engines[1].name {
        engines[1].name.push_str("-2");
    }
    config.engines = [engines[0].clone(), engines[1].clone()];
    let per_round = if config.repeat { 2 } else { 1 };
    config.games = match (games, rounds) {
        (Some(games), Some(rounds)) => games.saturating_mul(rounds),
        (Some(games), None) => games,
        (None, Some(rounds)) => rounds.saturating_mul(per_round),
        (None, None) => per_round,
    };
    Ok(Parsed::Run(Box::new(config)))
}

fn placeholder() -> EngineSpec {
    EngineSpec {
        name: String::new(),
        cmd: String::new(),
        args: Vec::new(),
        dir: None,
        proto: Proto::Uci,
        options: Vec::new(),
        limit: Limit::default(),
    }
}

fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn timeout(name: &str, text: &str) -> Result<Duration, String> {
    let time = seconds(text).map_err(|e| format!("--{name}: {e}"))?;
    if time.is_zero() {
        return Err(format!("--{name}: must be positive"));
    }
    Ok(time)
}

fn merge_each(each: &mut EngineGroup, group: EngineGroup) {
    each.name = group.name.or(each.name.take());
    each.cmd = group.cmd.or(each.cmd.take());
    if !group.args.is_empty() {
        each.args = group.args;
    }
    each.dir = group.dir.or(each.dir.take());
    each.proto = group.proto.or(each.proto);
    each.options.extend(group.options);
    each.limit = each.limit.overridden_by(group.limit);
}

fn finish_engine(
    index: usize,
    group: EngineGroup,
    each: &EngineGroup,
    limit: Limit,
) -> Result<EngineSpec, String> {
    let which = format!("engine {}", index + 1);
    let cmd = group
        .cmd
        .or_else(|| each.cmd.clone())
        .ok_or_else(|| format!("{which}: cmd= is required"))?;
    let name = group.name.unwrap_or_else(|| {
        std::path::Path::new(&cmd)
            .file_name()
            .map_or(cmd.clone(), |n| n.to_string_lossy().into_owned())
    });
    let mut options = each.options.clone();
    for (key, value) in group.options {
        options.retain(|(name, _)| !name.eq_ignore_ascii_case(&key));
        options.push((key, value));
    }
    let limit = limit.overridden_by(each.limit).overridden_by(group.limit);
    if limit.is_empty() {
        return Err(format!(
            "{which} ({name}) has no limit: give --tc, --st, --nodes or --depth"
        ));
    }
    Ok(EngineSpec {
        name,
        cmd,
        args: if group.args.is_empty() {
            each.args.clone()
        } else {
            group.args
        },
        dir: group.dir.or_else(|| each.dir.clone()),
        proto: group.proto.or(each.proto).unwrap_or(Proto::Uci),
        options,
        limit,
    })
}

fn parse_order(text: &str) -> Result<Order, String> {
    match text {
        "random" => Ok(Order::Random),
        "sequential" => Ok(Order::Sequential),
        _ => Err(format!("order: '{text}' is not random or sequential")),
    }
}

fn parse_openings(config: &mut MatchConfig, values: &[String]) -> Result<(), String> {
    if let [path] = values {
        if !path.contains('=') {
            config.openings = Some(PathBuf::from(path));
            return Ok(());
        }
    }
    for (key, value) in key_values("--openings", values)? {
        match key.as_str() {
            "file" => config.openings = Some(PathBuf::from(value)),
            "order" => config.order = parse_order(&value)?,
            _ => return Err(format!("--openings: unknown key '{key}'")),
        }
    }
    if config.openings.is_none() {
        return Err("--openings: no file given".to_string());
    }
    Ok(())
}

fn parse_resign(values: &[String]) -> Result<Resign, String> {
    let (mut movecount, mut score) = (None, None);
    for (key, value) in key_values("--resign", values)? {
        match key.as_str() {
            "movecount" => movecount = Some(positive("movecount", &value)?),
            "score" => score = Some(positive("score", &value)?),
            _ => return Err(format!("--resign: unknown key '{key}'")),
        }
    }
    Ok(Resign {
        movecount: movecount.ok_or("--resign: movecount= is required")?,
        score: score.ok_or("--resign: score= is required")?,
    })
}

fn parse_sprt(values: &[String]) -> Result<Sprt, String> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for (key, value) in key_values("--sprt", values)? {
        let x: f64 = number(&key, &value)?;
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
    use super::*;

    fn words(line: &str) -> Vec<String> {
        split_words(line).unwrap()
    }

    fn config(line: &str) -> MatchConfig {
        match parse(&words(line)).unwrap() {
            Parsed::Run(config) => *config,
            Parsed::Help => panic!("help"),
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
        assert_eq!((a.name.as_str(), a.proto), ("A", Proto::Ugi));
        assert_eq!(
            a.options,
            vec![
                ("Threads".to_string(), "1".to_string()),
                ("Hash".to_string(), "64".to_string())
            ]
        );
        assert_eq!(a.limit.tc.unwrap().base, Duration::from_secs(5));
        assert_eq!(a.limit.movetime, Some(Duration::from_millis(200)));
        assert_eq!((b.name.as_str(), b.proto), ("b", Proto::Uci));
        assert_eq!(b.args, vec!["--game", "alak"]);
        assert_eq!(b.limit.tc, None);
        assert_eq!(c.games, 10);
        assert_eq!(c.concurrency, 2);
        assert!(c.repeat);
        assert_eq!(c.order, Order::Random);
        assert_eq!(c.seed, 7);
        assert_eq!(c.maxmoves, Some(100));
        assert_eq!(
            c.resign,
            Some(Resign {
                movecount: 3,
                score: 500
            })
        );
        assert_eq!(c.timemargin, Duration::from_millis(50));
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
        assert!(matches!(parse(&words("--help")), Ok(Parsed::Help)));
    }

    #[test]
    fn quoted_words() {
        assert_eq!(split_words("a \"b c\" 'd'").unwrap(), vec!["a", "b c", "d"]);
        assert!(split_words("\"open").is_err());
    }
}
