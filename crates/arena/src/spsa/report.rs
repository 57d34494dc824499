//! What a run prints: a line per round, and the final table — each
//! parameter's start and end, its range, and the gains used from the first
//! iteration to the last — with the tuned values as a parameter file.

use std::collections::BTreeMap;

use super::records::RunSettings;

/// "1 pair", "3 pairs".
pub fn pairs(count: usize) -> String {
    match count {
        1 => "1 pair".to_string(),
        _ => format!("{count} pairs"),
    }
}

/// θ as `NAME value, …`.
pub fn theta_text(settings: &RunSettings, theta: &[f64]) -> String {
    settings
        .params
        .iter()
        .zip(theta)
        .map(|(param, value)| format!("{} {value:.2}", param.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line of a finished round (from 0): its results, and θ after it.
pub fn round_line(
    settings: &RunSettings,
    round: u32,
    results: &BTreeMap<u32, i32>,
    theta: &[f64],
) -> String {
    let rounds = settings.rounds();
    let iterations = rounds.iterations_of(round);
    let total: i32 = results.values().sum();
    let [won, even, lost] = [1, 0, -1].map(|sign| {
        results
            .values()
            .filter(|result| result.signum() == sign)
            .count()
    });
    format!(
        "Round {}/{} (iterations {}-{}): θ+ {total:+} over {} ({won} won, {even} even, {lost} lost); θ: {}",
        round + 1,
        rounds.count(),
        iterations.start(),
        iterations.end(),
        pairs(results.len()),
        theta_text(settings, theta)
    )
}

/// The final table after `done` iterations, θ being `theta`: each
/// parameter's start, end, range, `c` and `R` from the first iteration to
/// the last played, then the tuned values (rounded) as a parameter file.
pub fn final_table(settings: &RunSettings, theta: &[f64], done: u32) -> String {
    let gains = &settings.gains;
    let width = settings
        .params
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(0)
        .max(9);
    let mut text = format!(
        "SPSA after {done} of {} iterations (A {:.1}, alpha {}, gamma {}):\n",
        gains.iterations, gains.big_a, gains.alpha, gains.gamma
    );
    text.push_str(&format!(
        "{:<width$} {:>9} {:>9} {:>7} {:>7} {:>20} {:>22}\n",
        "Parameter", "Start", "Final", "Min", "Max", "c (first -> last)", "R (first -> last)"
    ));
    let last = done.max(1);
    for (param, value) in settings.params.iter().zip(theta) {
        let (first, end) = (gains.at(param, 1), gains.at(param, last));
        let c = format!("{:.3} -> {:.3}", first.c, end.c);
        let r = format!("{:.5} -> {:.5}", first.r, end.r);
        text.push_str(&format!(
            "{:<width$} {:>9.2} {:>9.2} {:>7} {:>7} {c:>20} {r:>22}\n",
            param.name, param.start, value, param.min, param.max
        ));
    }
    text.push_str("Tuned values, as a parameter file:\n");
    for (param, value) in settings.params.iter().zip(theta) {
        text.push_str(&format!(
            "{}, int, {}, {}, {}, {}, {}\n",
            param.name,
            value.round(),
            param.min,
            param.max,
            param.c_end,
            param.r_end
        ));
    }
    text
}
