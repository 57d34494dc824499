//! `ludus._ludus`, the compiled part of the Python package `ludus`: the
//! games' rules ([`position`]), the engine's search in process
//! ([`search`]) and the arena's engine client ([`client`]). Rust does the
//! work; the Python modules beside it (`python/ludus/`) shape the API and
//! register the games with OpenSpiel and PettingZoo. Long calls (searches,
//! perft, playouts, engine reads) let other Python threads run.

mod client;
mod position;
mod results;
mod search;
mod types;

use pyo3::prelude::*;

/// The module's classes and functions.
#[pymodule]
fn _ludus(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(types::games, m)?)?;
    m.add_function(wrap_pyfunction!(results::parse_info, m)?)?;
    m.add_class::<types::Position>()?;
    m.add_class::<types::Move>()?;
    m.add_class::<types::Outcome>()?;
    m.add_class::<results::Score>()?;
    m.add_class::<results::Line>()?;
    m.add_class::<results::SearchResult>()?;
    m.add_class::<client::EngineProcessHandle>()?;
    Ok(())
}
