//! The parameters an SPSA run tunes, in OpenBench's text format: one
//! `NAME, int, start, min, max, c_end, r_end` a line. Read and checked
//! here, checked against what the engine announces, and written as a
//! starting file from a tuning build's spin options.

use serde::{Deserialize, Serialize};

/// One parameter: an integer spin option of the engine, tuned as a real
/// number `θ` within `min..=max`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TunedParam {
    /// The engine's option name.
    pub name: String,
    /// θ's starting value (a real number: a tuning may start where another
    /// ended).
    pub start: f64,
    /// The least value θ and the values played may take.
    pub min: i64,
    /// The largest.
    pub max: i64,
    /// The perturbation at the last iteration (`c_k` falls to it).
    pub c_end: f64,
    /// The learning rate at the last iteration, in units of `c_end²`
    /// (`a_end = r_end · c_end²`).
    pub r_end: f64,
}

/// What a parameter file's line holds, in order.
const FIELDS: &str = "NAME, int, start, min, max, c_end, r_end";

/// Reads a parameter file: one parameter a line in OpenBench's format
/// (`NAME, int, start, min, max, c_end, r_end`); blank lines and lines
/// starting with `#` are skipped. `source` names the text in errors.
pub fn parse_params(text: &str, source: &str) -> Result<Vec<TunedParam>, String> {
    let mut params: Vec<(usize, TunedParam)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |why: String| format!("{source} line {}: {why}", index + 1);
        let param = parse_line(line).map_err(at)?;
        if let Some((first, _)) = params.iter().find(|(_, p)| p.name == param.name) {
            return Err(at(format!("{} again (first on line {first})", param.name)));
        }
        params.push((index + 1, param));
    }
    if params.is_empty() {
        return Err(format!(
            "{source} holds no parameters (one '{FIELDS}' a line)"
        ));
    }
    Ok(params.into_iter().map(|(_, param)| param).collect())
}

/// One parameter line.
fn parse_line(line: &str) -> Result<TunedParam, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    let [name, kind, start, min, max, c_end, r_end] = fields[..] else {
        return Err(format!(
            "expected {} fields ({FIELDS}), got {}",
            FIELDS.split(',').count(),
            fields.len()
        ));
    };
    if name.is_empty() {
        return Err("the name is empty".to_string());
    }
    match kind {
        "int" => {}
        "float" => {
            return Err(format!(
                "{name}: 'float' parameters are not supported: engine options are integers (spin), use int"
            ))
        }
        _ => return Err(format!("{name}: the type must be int, not '{kind}'")),
    }
    let real = |what: &str, text: &str| -> Result<f64, String> {
        match text.parse::<f64>() {
            Ok(value) if value.is_finite() => Ok(value),
            _ => Err(format!("{name}: {what} '{text}' is not a number")),
        }
    };
    let whole = |what: &str, text: &str| -> Result<i64, String> {
        text.parse::<i64>()
            .map_err(|_| format!("{name}: {what} '{text}' is not a whole number"))
    };
    let param = TunedParam {
        name: name.to_string(),
        start: real("start", start)?,
        min: whole("min", min)?,
        max: whole("max", max)?,
        c_end: real("c_end", c_end)?,
        r_end: real("r_end", r_end)?,
    };
    if param.min > param.max {
        return Err(format!(
            "{name}: min {} is above max {}",
            param.min, param.max
        ));
    }
    if param.start < param.min as f64 || param.start > param.max as f64 {
        return Err(format!(
            "{name}: start {} is outside {}..={}",
            param.start, param.min, param.max
        ));
    }
    for (what, value) in [("c_end", param.c_end), ("r_end", param.r_end)] {
        if value <= 0.0 {
            return Err(format!("{name}: {what} must be positive, not {value}"));
        }
    }
    Ok(param)
}

/// An integer option an engine declares (`option name N type spin default
/// D min A max B`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpinOption {
    /// Its name.
    pub name: String,
    /// Its default.
    pub default: i64,
    /// Its least value.
    pub min: i64,
    /// Its largest value.
    pub max: i64,
}

impl SpinOption {
    /// The spin option a handshake line declares, if it declares one.
    pub fn parse(line: &str) -> Option<SpinOption> {
        let (name, rest) = line
            .trim()
            .strip_prefix("option name ")?
            .split_once(" type ")?;
        let mut words = rest.split_whitespace();
        if words.next()? != "spin" {
            return None;
        }
        let (mut default, mut min, mut max) = (None, None, None);
        while let (Some(key), Some(value)) = (words.next(), words.next()) {
            let value = value.parse().ok()?;
            match key {
                "default" => default = Some(value),
                "min" => min = Some(value),
                "max" => max = Some(value),
                _ => return None,
            }
        }
        Some(SpinOption {
            name: name.trim().to_string(),
            default: default?,
            min: min?,
            max: max?,
        })
    }

    /// Whether its name is a constant's (`RFP_MARGIN`): how a tuning build
    /// names its search parameters, apart from the ordinary options
    /// (`Hash`, `UCI_Elo`).
    pub fn is_search_parameter(&self) -> bool {
        let mut chars = self.name.chars();
        chars.next().is_some_and(|c| c.is_ascii_uppercase())
            && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
    }
}

/// Checks that the engine `engine`, whose handshake sent `declarations`,
/// announces every parameter as a spin option whose range holds the
/// parameter's.
pub fn check_announced(
    params: &[TunedParam],
    declarations: &[String],
    engine: &str,
) -> Result<(), String> {
    let spins: Vec<SpinOption> = declarations
        .iter()
        .filter_map(|line| SpinOption::parse(line))
        .collect();
    for param in params {
        let Some(option) = spins
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(&param.name))
        else {
            return Err(format!(
                "engine {engine} does not announce a spin option {} (a tuning build announces \
                 every search parameter: cargo build --release --features tune)",
                param.name
            ));
        };
        if param.min < option.min || param.max > option.max {
            return Err(format!(
                "{}: the range {}..={} reaches outside the engine's {}..={}",
                param.name, param.min, param.max, option.min, option.max
            ));
        }
    }
    Ok(())
}

/// The `r_end` of a starting file: fishtest's and OpenBench's default
/// (Stockfish's tuning builds print it for fishtest).
pub const DEFAULT_R_END: f64 = 0.002;

/// The `c_end` of a starting file for a parameter ranging over
/// `min..=max`: a twentieth of the range, as Stockfish's tuning builds
/// print it for fishtest, and at least half a unit, the least step
/// OpenBench lets an integer take.
pub fn default_c_end(min: i64, max: i64) -> f64 {
    ((max - min) as f64 / 20.0).max(0.5)
}

/// A starting parameter file from an engine's handshake: every search
/// parameter it announces ([`SpinOption::is_search_parameter`]) at its
/// default, with [`default_c_end`] and [`DEFAULT_R_END`], after a comment
/// naming `engine`. `Err` when it announces none.
pub fn starting_file(declarations: &[String], engine: &str) -> Result<String, String> {
    let lines: Vec<String> = declarations
        .iter()
        .filter_map(|line| SpinOption::parse(line))
        .filter(SpinOption::is_search_parameter)
        .map(|o| {
            format!(
                "{}, int, {}, {}, {}, {}, {DEFAULT_R_END}",
                o.name,
                o.default,
                o.min,
                o.max,
                default_c_end(o.min, o.max)
            )
        })
        .collect();
    if lines.is_empty() {
        return Err(format!(
            "engine {engine} announces no search parameters (spin options named like \
             RFP_MARGIN): is it a tuning build (cargo build --release --features tune)?"
        ));
    }
    Ok(format!(
        "# The search parameters {engine} announces, at their defaults: {FIELDS}.\n\
         # c_end: a twentieth of the range (at least 0.5); r_end: {DEFAULT_R_END}.\n\
         # Keep the lines of the parameters to tune.\n{}\n",
        lines.join("\n")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openbench_lines_are_read_with_comments_and_spaces() {
        let text = "# tuned\n\nRFP_MARGIN, int, 120, 20, 400, 19, 0.002\n  LMR_BASE,int,50.5,0,200,10,0.01  \n";
        let params = parse_params(text, "p.txt").unwrap();
        assert_eq!(params.len(), 2);
        assert_eq!(
            params[1],
            TunedParam {
                name: "LMR_BASE".to_string(),
                start: 50.5,
                min: 0,
                max: 200,
                c_end: 10.0,
                r_end: 0.01
            }
        );
    }

    #[test]
    fn bad_lines_name_the_line_and_the_fault() {
        let cases = [
            ("A, int, 1, 0, 5, 1", "line 1: expected 7 fields"),
            (
                "A, float, 1, 0, 5, 1, 0.1",
                "'float' parameters are not supported",
            ),
            ("A, bool, 1, 0, 5, 1, 0.1", "the type must be int"),
            ("A, int, x, 0, 5, 1, 0.1", "start 'x' is not a number"),
            (
                "A, int, 1, 0.5, 5, 1, 0.1",
                "min '0.5' is not a whole number",
            ),
            ("A, int, 3, 5, 0, 1, 0.1", "min 5 is above max 0"),
            ("A, int, 9, 0, 5, 1, 0.1", "start 9 is outside 0..=5"),
            ("A, int, 1, 0, 5, 0, 0.1", "c_end must be positive"),
            ("A, int, 1, 0, 5, 1, -1", "r_end must be positive"),
            ("A, int, 1, 0, 5, inf, 1", "c_end 'inf' is not a number"),
            (", int, 1, 0, 5, 1, 1", "the name is empty"),
            (
                "A, int, 1, 0, 5, 1, 1\n\nA, int, 2, 0, 5, 1, 1",
                "line 3: A again (first on line 1)",
            ),
            ("# nothing\n", "holds no parameters"),
        ];
        for (text, expected) in cases {
            let error = parse_params(text, "p.txt").unwrap_err();
            assert!(error.contains(expected), "{text}: {error}");
            assert!(error.starts_with("p.txt"), "{error}");
        }
    }

    fn handshake() -> Vec<String> {
        [
            "id name ludus",
            "option name Hash type spin default 16 min 1 max 32768",
            "option name Move Overhead type spin default 10 min 0 max 5000",
            "option name UCI_Elo type spin default 0 min 0 max 2550",
            "option name Eval type combo default net var net var linear",
            "option name RFP_MARGIN type spin default 120 min 20 max 400",
            "option name LMR_PV_LESS type spin default 1 min 0 max 3",
        ]
        .map(str::to_string)
        .to_vec()
    }

    #[test]
    fn spin_options_and_search_parameters() {
        let spins: Vec<SpinOption> = handshake()
            .iter()
            .filter_map(|l| SpinOption::parse(l))
            .collect();
        let names: Vec<&str> = spins.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "Hash",
                "Move Overhead",
                "UCI_Elo",
                "RFP_MARGIN",
                "LMR_PV_LESS"
            ]
        );
        let search: Vec<&str> = spins
            .iter()
            .filter(|o| o.is_search_parameter())
            .map(|o| o.name.as_str())
            .collect();
        assert_eq!(search, ["RFP_MARGIN", "LMR_PV_LESS"]);
        assert_eq!(
            spins[3],
            SpinOption {
                name: "RFP_MARGIN".to_string(),
                default: 120,
                min: 20,
                max: 400
            }
        );
    }

    #[test]
    fn a_starting_file_reads_back_as_the_engine_declares() {
        let file = starting_file(&handshake(), "ludus-tune").unwrap();
        assert!(
            file.contains("RFP_MARGIN, int, 120, 20, 400, 19, 0.002\n"),
            "{file}"
        );
        assert!(file.contains("LMR_PV_LESS, int, 1, 0, 3, 0.5, 0.002\n"));
        let params = parse_params(&file, "start").unwrap();
        assert_eq!(params.len(), 2);
        check_announced(&params, &handshake(), "x").unwrap();
        let error = starting_file(&handshake()[..5], "plain").unwrap_err();
        assert!(error.contains("--features tune"), "{error}");
    }

    #[test]
    fn a_parameter_the_engine_lacks_or_bounds_tighter_is_refused() {
        let mut params = parse_params("RFP_MARGIN, int, 120, 20, 400, 19, 0.002", "p").unwrap();
        let error = check_announced(&params, &handshake()[..4], "plain").unwrap_err();
        assert!(
            error.contains("engine plain does not announce a spin option RFP_MARGIN"),
            "{error}"
        );
        params[0].max = 500;
        let error = check_announced(&params, &handshake(), "x").unwrap_err();
        assert!(
            error.contains("reaches outside the engine's 20..=400"),
            "{error}"
        );
    }
}
