//! What the page asks of the board: every action a typed request read from
//! its JSON (the action's name, the last part of its URL, as the tag), and
//! why an action fails, in the kinds the server answers with an HTTP status.

use std::fmt;

use serde::de::{self, Unexpected, Visitor};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use ludus_rules::games::level_calibration;
use ludus_rules::tools::RANDOM_LEVEL;

use crate::clock::TimeControl;
use ludus_rules::protocol::Go;
use std::time::Duration;

/// An action, read by [`Action::parse`].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum Action {
    /// A new game from its start (Wyx: the rack drawn from `seed`, a fresh
    /// one when none is given).
    New {
        /// The game's name.
        game: String,
        /// The random start's seed.
        #[serde(default)]
        seed: Option<u64>,
        /// The time control of a game on a clock.
        #[serde(default)]
        clock: Option<TimeControl>,
    },
    /// A game from its start (a position, a random start's seed, or the
    /// standard start) with its moves played: a game opened from its
    /// address or kept by the page.
    Load {
        /// The game's name.
        game: String,
        /// The start position, if not the standard one.
        #[serde(default)]
        fen: Option<String>,
        /// The random start's seed, if the start is one.
        #[serde(default)]
        seed: Option<u64>,
        /// The moves played from the start.
        #[serde(default)]
        moves: Vec<String>,
    },
    /// A new game from a position.
    Position {
        /// The game's name.
        game: String,
        /// The position in the game's notation.
        fen: String,
    },
    /// A person's move in the position shown.
    Move {
        /// The move in the game's notation.
        #[serde(rename = "move")]
        text: String,
    },
    /// Takes back the last move (against the engine: back to the
    /// person's turn).
    Takeback,
    /// Checks the clocks: the page saw the running one reach zero.
    Flag,
    /// Stops the clocks, or starts them again.
    Pause {
        /// Stop (true) or go on (false).
        on: bool,
    },
    /// Starts a review of the game on the board, or ends it.
    Review {
        /// Start (true) or end (false).
        on: bool,
        /// Each position's search time in milliseconds.
        #[serde(default)]
        ms: Option<u64>,
    },
    /// Tries a reviewed move again (its number, from 1), or stops trying
    /// (none).
    Retry {
        /// The move to try again.
        #[serde(default)]
        ply: Option<u64>,
    },
    /// Shows the position after `ply` moves.
    View {
        /// The ply (0: the start).
        ply: u64,
    },
    /// Changes what the engine plays and how; what is left out stays.
    Engine(EngineSettings),
    /// Turns the analysis of the position shown on or off.
    Analyse {
        /// On or off.
        on: bool,
    },
    /// A game of a PGN text onto the board.
    Import {
        /// The PGN text.
        pgn: String,
        /// Which of its games, from 1 (the first when none is given).
        #[serde(default)]
        index: Option<u64>,
    },
    /// Starts a pair (from the game's start, or from `fen`) or leaves pair
    /// mode.
    Pair {
        /// Start (true) or leave (false).
        on: bool,
        /// The pair's start position, if not the game's start.
        #[serde(default)]
        fen: Option<String>,
    },
    /// Any other name: [`Action::parse`] answers [`ActionError::Unknown`],
    /// and so does [`crate::app::App::act`].
    #[serde(other)]
    Unknown,
}

/// The `engine` action's settings; each is left as it is when missing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EngineSettings {
    /// Who the engine plays.
    #[serde(default)]
    pub plays: Option<Plays>,
    /// How its moves are limited.
    #[serde(default)]
    pub strength: Option<Strength>,
    /// Analysis lines to show.
    #[serde(default)]
    pub multipv: Option<Multipv>,
    /// Whether the engine gets the pair rules' option in pair mode.
    #[serde(default)]
    pub pair_option: Option<bool>,
}

/// Why an action failed; nothing changed. The server answers each kind
/// with its own status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// No action has the name (404: nothing at that address).
    Unknown(String),
    /// The request is not one the action takes: a field missing, of the
    /// wrong type or out of range (400).
    BadRequest(String),
    /// A well-formed request the game or the board refuses: an illegal
    /// move, a position that does not parse, an unknown game (422).
    Refused(String),
}

impl fmt::Display for ActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Unknown(message)
            | ActionError::BadRequest(message)
            | ActionError::Refused(message) => f.write_str(message),
        }
    }
}

impl Action {
    /// The action called `name` with the JSON object `args` (a request's
    /// body); the error names the action and what is wrong.
    pub fn parse(name: &str, args: Value) -> Result<Action, ActionError> {
        let Value::Object(mut fields) = args else {
            return Err(ActionError::BadRequest(format!(
                "{name}: the arguments must be a JSON object"
            )));
        };
        if fields.contains_key("action") {
            return Err(ActionError::BadRequest(format!(
                "{name}: 'action' is not an argument (the address names the action)"
            )));
        }
        fields.insert("action".to_string(), Value::String(name.to_string()));
        match serde_json::from_value(Value::Object(fields)) {
            Ok(Action::Unknown) => Err(unknown(name)),
            Ok(action) => Ok(action),
            Err(error) => Err(ActionError::BadRequest(format!("{name}: {error}"))),
        }
    }
}

/// The error for an action called `name` that there is not.
pub fn unknown(name: &str) -> ActionError {
    ActionError::Unknown(format!("unknown action '{name}'"))
}

/// Who the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plays {
    /// The first player.
    First,
    /// The second player.
    Second,
    /// Both: engine against engine.
    Both,
    /// Neither: two people.
    None,
}

impl Plays {
    /// The word the page uses.
    pub fn word(self) -> &'static str {
        match self {
            Plays::First => "first",
            Plays::Second => "second",
            Plays::Both => "both",
            Plays::None => "none",
        }
    }

    /// The same with the sides swapped (a pair's second game).
    pub fn swapped(self) -> Plays {
        match self {
            Plays::First => Plays::Second,
            Plays::Second => Plays::First,
            other => other,
        }
    }

    /// Whether the engine moves for `player`.
    pub fn covers(self, player: ludus_rules::Player) -> bool {
        use ludus_rules::Player;
        match self {
            Plays::Both => true,
            Plays::None => false,
            Plays::First => player == Player::First,
            Plays::Second => player == Player::Second,
        }
    }
}

/// Reads [`Plays`] from its word, saying which words there are.
struct PlaysWord;

impl Visitor<'_> for PlaysWord {
    type Value = Plays;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("who the engine plays: first, second, both or none")
    }

    fn visit_str<E: de::Error>(self, word: &str) -> Result<Plays, E> {
        [Plays::First, Plays::Second, Plays::Both, Plays::None]
            .into_iter()
            .find(|plays| plays.word() == word)
            .ok_or_else(|| E::invalid_value(Unexpected::Str(word), &self))
    }
}

impl<'de> Deserialize<'de> for Plays {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Plays, D::Error> {
        deserializer.deserialize_str(PlaysWord)
    }
}

/// How the engine's moves are limited: the page's `{"kind": …, "value": …}`,
/// its value checked against the kind's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "StrengthRequest")]
pub enum Strength {
    /// Milliseconds per move.
    Time(u64),
    /// Plies.
    Depth(u64),
    /// Nodes.
    Nodes(u64),
    /// A playing level, 1 (weakest) to [`LEVELS`] (full strength at
    /// [`LEVEL_MOVETIME_MS`] a move), each a rating on the game's absolute
    /// scale ([`level_elo`]).
    Level(u64),
}

/// The board's playing levels: 1 to 8, as Lichess offers them.
pub const LEVELS: u64 = 8;
/// The time a level's move takes: the time control the levels' ratings
/// were measured at (protocol.md, "Playing levels").
pub const LEVEL_MOVETIME_MS: u64 = 100;

/// The rating of playing level `level` (1 to [`LEVELS`]) in `game`: the
/// game's calibrated range (its weakest engine level rated above the
/// random mover, which is no opponent for a person, to full strength at
/// 0.1 s a move) in equal steps.
pub fn level_elo(game: &str, level: u64) -> Option<i32> {
    let table = level_calibration(game)?;
    let random_mover = table.iter().find(|(level, _)| *level == RANDOM_LEVEL);
    let floor = random_mover.map_or(i32::MIN, |&(_, elo)| elo);
    let (_, low) = table
        .iter()
        .find(|&&(level, elo)| level > RANDOM_LEVEL && elo > floor)?;
    let (low, (_, high)) = (*low, table.last()?);
    let step = (level.clamp(1, LEVELS) - 1) as i64;
    let elo = i64::from(low) + i64::from(high - low) * step / (LEVELS as i64 - 1);
    Some(elo as i32)
}

/// A strength as the page sends it, before its range is checked (signed,
/// so that a negative value is answered in words too).
#[derive(Deserialize)]
#[serde(
    tag = "kind",
    content = "value",
    rename_all = "lowercase",
    expecting = "a strength: {\"kind\": \"time\" (ms per move), \"depth\", \"nodes\" or \"level\" (1 to 8), \"value\": a whole number}"
)]
enum StrengthRequest {
    Time(i64),
    Depth(i64),
    Nodes(i64),
    Level(i64),
}

impl TryFrom<StrengthRequest> for Strength {
    type Error = String;

    fn try_from(request: StrengthRequest) -> Result<Strength, String> {
        let (value, range, strength): (i64, std::ops::RangeInclusive<i64>, fn(u64) -> Strength) =
            match request {
                StrengthRequest::Time(ms) => (ms, 10..=3_600_000, Strength::Time),
                StrengthRequest::Depth(plies) => (plies, 1..=100, Strength::Depth),
                StrengthRequest::Nodes(nodes) => (nodes, 1..=1_000_000_000_000, Strength::Nodes),
                StrengthRequest::Level(level) => (level, 1..=LEVELS as i64, Strength::Level),
            };
        if range.contains(&value) {
            return Ok(strength(value as u64));
        }
        let (low, high) = (range.start(), range.end());
        Err(match strength(1) {
            Strength::Level(_) => {
                format!("strength: there is no level {value}: the levels are {low} to {high}")
            }
            Strength::Time(_) => {
                format!("strength: a move's time is {low} to {high} ms, not {value}")
            }
            Strength::Depth(_) => {
                format!("strength: the depth is {low} to {high} plies, not {value}")
            }
            Strength::Nodes(_) => format!("strength: the nodes are {low} to {high}, not {value}"),
        })
    }
}

impl Strength {
    /// The kind's word and the value.
    pub fn parts(self) -> (&'static str, u64) {
        match self {
            Strength::Time(ms) => ("time", ms),
            Strength::Depth(plies) => ("depth", plies),
            Strength::Nodes(nodes) => ("nodes", nodes),
            Strength::Level(level) => ("level", level),
        }
    }

    /// The `UCI_Elo` a move at this strength asks of the engine in `game`
    /// (`None`: full strength); an error for a level in a game whose levels
    /// are not calibrated yet.
    pub fn elo(self, game: &str) -> Result<Option<i32>, String> {
        match self {
            Strength::Level(level) => level_elo(game, level).map(Some).ok_or_else(|| {
                format!("{game} has no calibrated levels yet: choose a time, depth or node limit")
            }),
            _ => Ok(None),
        }
    }

    /// The limit of a move at this strength (off the clock).
    pub fn go(self) -> Go {
        match self {
            Strength::Time(ms) => Go::movetime(Duration::from_millis(ms)),
            // At most 100, as the request is checked.
            Strength::Depth(plies) => Go::depth(plies as u32),
            Strength::Nodes(nodes) => Go::nodes(nodes),
            Strength::Level(_) => Go::movetime(Duration::from_millis(LEVEL_MOVETIME_MS)),
        }
    }
}

/// Analysis lines to show: 1 to 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "u64")]
pub struct Multipv(u32);

impl TryFrom<u64> for Multipv {
    type Error = String;

    fn try_from(lines: u64) -> Result<Multipv, String> {
        match lines {
            1..=3 => Ok(Multipv(lines as u32)),
            other => Err(format!("multipv {other}: show 1 to 3 lines")),
        }
    }
}

impl Multipv {
    /// One line.
    pub const ONE: Multipv = Multipv(1);

    /// The number of lines.
    pub fn lines(self) -> u32 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn error(name: &str, args: Value) -> ActionError {
        Action::parse(name, args).unwrap_err()
    }

    #[test]
    fn the_levels_run_from_above_the_random_mover_to_full_strength() {
        let calibrated = ludus_rules::games::GAME_NAMES
            .iter()
            .filter_map(|game| Some((game, level_calibration(game)?)));
        for (game, table) in calibrated {
            let elo: Vec<i32> = (1..=LEVELS).map(|l| level_elo(game, l).unwrap()).collect();
            // The lowest rating above the random mover's 0 (a level that
            // plays as the random mover is listed at 0 too).
            let weakest = table
                .iter()
                .map(|&(_, elo)| elo)
                .filter(|&elo| elo > 0)
                .min();
            assert_eq!(Some(elo[0]), weakest, "{game}");
            assert!(elo[0] > 0, "{game}: Level 1 is not the random mover");
            assert_eq!(elo.last(), table.last().map(|(_, elo)| elo), "{game}");
            assert!(
                elo.windows(2).all(|pair| pair[0] < pair[1]),
                "{game}: {elo:?}"
            );
        }
    }

    #[test]
    fn actions_are_read_from_their_name_and_arguments() {
        assert_eq!(
            Action::parse("move", json!({"move": "4-5"})),
            Ok(Action::Move {
                text: "4-5".to_string()
            })
        );
        assert_eq!(Action::parse("takeback", json!({})), Ok(Action::Takeback));
        assert_eq!(
            Action::parse("new", json!({"game": "wyx", "seed": null})),
            Ok(Action::New {
                game: "wyx".to_string(),
                seed: None,
                clock: None,
            })
        );
        let clocked = json!({"game": "alak", "clock": {"base": 180000, "increment": 2000}});
        assert!(matches!(
            Action::parse("new", clocked),
            Ok(Action::New { clock: Some(control), .. }) if control.text() == "3+2"
        ));
        assert_eq!(
            Action::parse("retry", json!({"ply": 3})),
            Ok(Action::Retry { ply: Some(3) })
        );
        let settings = json!({"plays": "both", "strength": {"kind": "depth", "value": 4},
            "multipv": 2, "pairOption": false});
        assert_eq!(
            Action::parse("engine", settings),
            Ok(Action::Engine(EngineSettings {
                plays: Some(Plays::Both),
                strength: Some(Strength::Depth(4)),
                multipv: Some(Multipv(2)),
                pair_option: Some(false),
            }))
        );
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let unknown = error("launch", json!({"program": "/bin/sh"}));
        assert!(
            matches!(&unknown, ActionError::Unknown(m) if m.contains("unknown action 'launch'")),
            "{unknown:?}"
        );
        for (name, args, words) in [
            ("move", json!({}), "missing field `move`"),
            ("move", json!({"move": 7}), "expected a string"),
            ("move", json!([1]), "a JSON object"),
            ("move", json!({"move": "4-5", "action": "pair"}), "address"),
            ("analyse", json!({"on": "yes"}), "expected a boolean"),
            ("view", json!({"ply": -1}), "expected u64"),
            ("new", json!({"game": "wyx", "seed": -3}), "expected u64"),
            (
                "engine",
                json!({"plays": "all"}),
                "\"all\", expected who the engine plays",
            ),
            ("engine", json!({"plays": 1}), "first, second, both or none"),
            (
                "engine",
                json!({"strength": {"kind": "level", "value": -3}}),
                "there is no level -3: the levels are 1 to 8",
            ),
            (
                "engine",
                json!({"strength": {"kind": "level", "value": 9}}),
                "there is no level 9",
            ),
            (
                "new",
                json!({"game": "alak", "clock": {"base": 5}}),
                "1 second to 3 hours",
            ),
            ("engine", json!({"strength": 5}), "a strength: {"),
            ("engine", json!({"multipv": 4}), "multipv 4: show 1 to 3"),
            (
                "engine",
                json!({"strength": {"kind": "time", "value": 0}}),
                "a move's time is 10 to 3600000 ms, not 0",
            ),
            (
                "engine",
                json!({"strength": {"kind": "speed", "value": 5}}),
                "`speed`",
            ),
            ("engine", json!({"multiPV": 2}), "unknown field `multiPV`"),
        ] {
            let error = error(name, args.clone());
            assert!(
                matches!(&error, ActionError::BadRequest(m) if m.starts_with(name) && m.contains(words)),
                "{name} {args}: {error:?}"
            );
        }
    }
}
