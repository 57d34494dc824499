//! Opening the board in the user's browser, with the system's own opener.

use std::process::{Command, Stdio};

/// Asks the system to open `url`; the error says why it could not.
pub fn open(url: &str) -> Result<(), String> {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    Command::new(program)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map(|mut child| {
            // Reaped on a thread of its own; a failure is only a warning.
            let url = url.to_string();
            std::thread::spawn(move || match child.wait() {
                Ok(status) if !status.success() => eprintln!(
                    "ludus gui: warning: {program} could not open the browser ({status}); \
                     open {url} yourself"
                ),
                _ => {}
            });
        })
        .map_err(|e| format!("cannot run {program} to open the browser: {e}"))
}
