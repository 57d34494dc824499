//! The networks the engine may evaluate with, per game: the one built into
//! the binary ([`ludus_rules::Searchable::NET`]) and the one `EvalFile`
//! loaded in its place.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use ludus_rules::Searchable;

use crate::nnue::Network;

/// The value of `EvalFile` that stands for the network built in.
pub const BUILT_IN: &str = "<built-in>";

/// What a game offers a network: its name, its input count (`None`: it
/// has no inputs) and its built-in network's bytes.
#[derive(Clone, Copy, Debug)]
pub struct NetGame {
    /// The game's name.
    pub name: &'static str,
    /// Its input count, if it has inputs.
    pub inputs: Option<usize>,
    /// Its built-in network, if it ships one.
    pub built_in: Option<&'static [u8]>,
}

impl NetGame {
    /// What game `G` offers.
    pub fn of<G: Searchable>() -> NetGame {
        NetGame {
            name: G::NAME,
            inputs: G::NET_INPUTS.as_ref().map(|inputs| inputs.count),
            built_in: G::NET,
        }
    }
}

/// The networks known so far.
#[derive(Default)]
pub struct Networks {
    /// Loaded by `EvalFile`: game, file, network.
    loaded: Vec<(&'static str, String, Arc<Network>)>,
    /// Built-in networks read so far (read at first use), by game.
    built_in: Vec<(&'static str, Option<Arc<Network>>)>,
}

impl Networks {
    /// Loads the network file at `path` for `game` in place of its
    /// built-in one (or goes back to that with [`BUILT_IN`] or nothing);
    /// returns what to tell the user. On error nothing changes.
    pub fn set_file(&mut self, game: NetGame, path: &str) -> Result<String, String> {
        if path.is_empty() || path == BUILT_IN {
            self.loaded.retain(|(name, ..)| *name != game.name);
            return Ok(format!(
                "EvalFile: {} uses its built-in network, if any",
                game.name
            ));
        }
        let network = read_file(game, Path::new(path)).map_err(|e| format!("EvalFile: {e}"))?;
        let message = format!(
            "EvalFile: {} network loaded from '{path}' ({} inputs, {} hidden)",
            game.name, network.inputs, network.hidden
        );
        self.loaded.retain(|(name, ..)| *name != game.name);
        self.loaded
            .push((game.name, path.to_string(), Arc::new(network)));
        Ok(message)
    }

    /// The network `game` evaluates with under `Eval net`: the one loaded
    /// for it, else its built-in one, else none.
    pub fn for_game(&mut self, game: NetGame) -> Option<Arc<Network>> {
        if let Some((.., network)) = self.loaded.iter().find(|(name, ..)| *name == game.name) {
            return Some(Arc::clone(network));
        }
        if let Some((_, network)) = self.built_in.iter().find(|(name, _)| *name == game.name) {
            return network.clone();
        }
        let network = built_in(game).map(Arc::new);
        self.built_in.push((game.name, network.clone()));
        network
    }
}

/// The network in the file at `path`, for `game`; the error names the file
/// and what is wrong with it.
pub fn read_file(game: NetGame, path: &Path) -> Result<Network, String> {
    let inputs = game
        .inputs
        .ok_or_else(|| format!("{} has no network inputs", game.name))?;
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{shown}': {e}"))?;
    Network::from_bytes(&bytes, game.name, inputs).map_err(|e| format!("'{shown}': {e}"))
}

/// Which evaluation a tool outside the daemon uses (`ludus bench`, `ludus
/// datagen`), as the `Eval` and `EvalFile` options choose it there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EvalChoice {
    /// `true`: the linear evaluations, whatever network a game has
    /// (`Eval linear`); `false`: a network where there is one (`Eval net`).
    pub linear: bool,
    /// A network file to use instead of the game's built-in one.
    pub file: Option<PathBuf>,
}

impl EvalChoice {
    /// The network game `G` evaluates with under this choice, if any.
    pub fn network<G: Searchable>(&self) -> Result<Option<Network>, String> {
        let game = NetGame::of::<G>();
        let network = match &self.file {
            Some(path) => Some(read_file(game, path)?),
            None => built_in(game),
        };
        Ok(network.filter(|_| !self.linear))
    }
}

/// `game`'s built-in network, read from its bytes. A built-in network
/// that does not read is a defect of the build (a test reads each), so it
/// is logged and the game plays without.
pub fn built_in(game: NetGame) -> Option<Network> {
    let (bytes, inputs) = (game.built_in?, game.inputs?);
    Network::from_bytes(bytes, game.name, inputs)
        .inspect_err(|e| log::error!("the built-in {} network: {e}", game.name))
        .ok()
}

#[cfg(test)]
mod tests {
    use ludus_rules::games::{visit_every_game, GameVisitor};
    use ludus_rules::Tooling;

    use super::{built_in, NetGame};

    /// Whether a game's built-in network (if it ships one) reads.
    #[derive(Clone)]
    struct BuiltInReads;

    impl GameVisitor for BuiltInReads {
        type Output = (&'static str, bool, bool);

        fn visit<G: Tooling>(self) -> Self::Output {
            let game = NetGame::of::<G>();
            (G::NAME, game.built_in.is_some(), built_in(game).is_some())
        }
    }

    #[test]
    fn every_built_in_network_reads() {
        for (game, ships, reads) in visit_every_game(BuiltInReads) {
            assert_eq!(ships, reads, "{game}'s built-in network does not read");
        }
    }
}
