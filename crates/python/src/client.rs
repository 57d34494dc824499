//! The arena's engine client for Python: a protocol engine as a process,
//! its lines sent and read with timeouts. The Python `ludus.Engine` builds
//! python-chess-like calls (`play`, `analyse`, `configure`) on it.

use std::sync::Mutex;
use std::time::Duration;

use ludus_arena::config::EngineSpec;
use ludus_arena::engine::{EngineProcess, Failure};
use ludus_rules::protocol::Dialect;
use pyo3::exceptions::{PyRuntimeError, PyTimeoutError, PyValueError};
use pyo3::prelude::*;

/// An engine process speaking the protocol (`uci` or `ugi`).
#[pyclass(module = "ludus._ludus")]
pub struct EngineProcessHandle {
    process: Mutex<Option<EngineProcess>>,
    name: String,
}

/// The exception for `failure` of the engine `name`, whose `process`
/// says how it ended and what it last wrote on stderr.
fn failure(process: &mut EngineProcess, name: &str, failure: Failure) -> PyErr {
    let message = process.explain(&failure, name, "");
    match failure {
        Failure::TimedOut => PyTimeoutError::new_err(message),
        Failure::Crashed | Failure::Stopped(_) => PyRuntimeError::new_err(message),
    }
}

fn seconds(timeout: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(timeout)
        .map_err(|_| PyValueError::new_err(format!("timeout {timeout} is not a number of seconds")))
}

impl EngineProcessHandle {
    fn with<T>(
        &self,
        py: Python<'_>,
        work: impl FnOnce(&mut EngineProcess) -> Result<T, Failure> + Send,
    ) -> PyResult<T>
    where
        T: Send,
    {
        let mut guard = self
            .process
            .lock()
            .map_err(|_| PyRuntimeError::new_err("engine client poisoned"))?;
        let process = guard
            .as_mut()
            .ok_or_else(|| PyRuntimeError::new_err(format!("engine {} was closed", self.name)))?;
        let result = py.detach(|| work(&mut *process));
        result.map_err(|error| failure(process, &self.name, error))
    }
}

#[pymethods]
impl EngineProcessHandle {
    /// Starts `command` (program and arguments) speaking `proto`.
    #[new]
    #[pyo3(signature = (command, proto = "uci", cwd = None))]
    fn new(command: Vec<String>, proto: &str, cwd: Option<String>) -> PyResult<Self> {
        let proto = Dialect::from_word(proto).ok_or_else(|| {
            PyValueError::new_err(format!("unknown protocol '{proto}' (uci or ugi)"))
        })?;
        let (cmd, args) = command
            .split_first()
            .ok_or_else(|| PyValueError::new_err("the command is empty"))?;
        let name = std::path::Path::new(cmd)
            .file_name()
            .map_or(cmd.clone(), |n| n.to_string_lossy().into_owned());
        let spec = EngineSpec {
            name: name.clone(),
            args: args.to_vec(),
            dir: cwd.map(Into::into),
            ..EngineSpec::program(cmd, proto)
        };
        let process = EngineProcess::start(&spec).map_err(PyRuntimeError::new_err)?;
        Ok(EngineProcessHandle {
            process: Mutex::new(Some(process)),
            name,
        })
    }

    /// The handshake: the lines before `uciok`/`ugiok` (id, options).
    fn handshake(&self, py: Python<'_>, timeout: f64) -> PyResult<Vec<String>> {
        let timeout = seconds(timeout)?;
        self.with(py, |p| p.handshake(timeout))
    }

    /// Sends one line.
    fn send(&self, py: Python<'_>, line: String) -> PyResult<()> {
        if line.contains(['\n', '\r']) {
            return Err(PyValueError::new_err("a command is one line"));
        }
        self.with(py, |p| p.send(&line))
    }

    /// The lines up to the first whose first word is `word`, that line
    /// included, waiting at most `timeout` seconds.
    fn read_until(&self, py: Python<'_>, word: String, timeout: f64) -> PyResult<Vec<String>> {
        let deadline = std::time::Instant::now() + seconds(timeout)?;
        self.with(py, |p| {
            let mut lines = Vec::new();
            loop {
                let line = p.next_line(deadline)?;
                let done = line.split_whitespace().next() == Some(word.as_str());
                lines.push(line);
                if done {
                    return Ok(lines);
                }
            }
        })
    }

    /// Asks the engine to quit (and ends it if it does not).
    fn quit(&self) {
        if let Ok(mut guard) = self.process.lock() {
            if let Some(process) = guard.take() {
                process.quit();
            }
        }
    }

    /// Whether the engine still runs.
    fn alive(&self) -> bool {
        self.process
            .lock()
            .ok()
            .and_then(|mut g| g.as_mut().map(|p| !p.has_exited()))
            .unwrap_or(false)
    }
}
