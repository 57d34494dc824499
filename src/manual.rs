//! `ludus completions` and `ludus manpages`: the shell completions and the
//! man pages of the command line, generated from its definition by
//! clap_complete and clap_mangen, for packagers and the release archive
//! (contrib/release.sh).

use std::path::Path;

use clap::Command;
use clap_complete::Shell;

/// The completion script of `command` for `shell`.
pub fn completions(mut command: Command, shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    let name = command.get_name().to_string();
    clap_complete::generate(shell, &mut command, name, &mut script);
    script
}

/// `command` with `ludus match` and `ludus spsa` as the arena reads them:
/// their own clap commands (which the daemon's command line passes its
/// words to).
pub fn whole(command: Command) -> Command {
    command
        .mut_subcommand("match", |_| {
            ludus_arena::cli::command()
                .name("match")
                .no_binary_name(false)
        })
        .mut_subcommand("spsa", |_| {
            ludus_arena::spsa::cli::command()
                .name("spsa")
                .no_binary_name(false)
        })
}

/// Writes the man pages of `command` and of each of its subcommands
/// (`ludus.1`, `ludus-render.1`, …) into `dir`, created if missing.
/// Returns how many pages were written.
pub fn manpages(command: Command, dir: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let pages = 1 + command.get_subcommands().count();
    clap_mangen::generate_to(command, dir)
        .map_err(|e| format!("cannot write the man pages into {}: {e}", dir.display()))?;
    Ok(pages)
}
