//! Proven results the engine plays from: the proof file the `ProofFile`
//! option loads (checked by the rules' verifier first), and what a proven
//! value is worth on the protocol.

use std::sync::Arc;

use ludus_rules::proof::proven::Proven;
use ludus_rules::proof::Value;
use ludus_rules::protocol::Score;
use ludus_rules::KnownValue;

use crate::search::{protocol_score, MATE};

/// The value of `ProofFile` that loads no proof.
pub const NO_PROOF: &str = "<empty>";

/// The largest proof file read, in bytes.
const MAX_PROOF_BYTES: u64 = 1 << 30;

/// Reads and verifies the proof file at `path` (`None` for [`NO_PROOF`]
/// or an empty value) and returns it with what to tell the user. An
/// unsound or unreadable file is an error.
pub fn load(path: &str) -> Result<(Option<Arc<Proven>>, String), String> {
    if path.is_empty() || path == NO_PROOF {
        return Ok((None, "ProofFile: no proof loaded".to_string()));
    }
    let refuse = |e: String| format!("ProofFile: '{path}': {e}");
    let size = std::fs::metadata(path)
        .map_err(|e| refuse(format!("cannot read it: {e}")))?
        .len();
    if size > MAX_PROOF_BYTES {
        return Err(refuse(format!(
            "{size} bytes is more than a proof file may hold"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| refuse(format!("cannot read it: {e}")))?;
    let proven = Proven::from_text(&text).map_err(|e| refuse(format!("proof refused: {e}")))?;
    let verified = &proven.verified;
    let message = format!(
        "ProofFile: {} {}: {} ({} positions proven) loaded from '{path}'",
        verified.game,
        verified.position,
        verified.value,
        proven.len()
    );
    Ok((Some(Arc::new(proven)), message))
}

/// A proof's value as the protocol scores it: `mate N` (N moves, the
/// plies rounded up) for a win, `mate -N` for a loss, `cp 0` for a draw.
pub fn proof_score(value: Value) -> Score {
    match value {
        Value::Win(plies) => protocol_score(MATE - plies as i32),
        Value::Loss(plies) => protocol_score(plies as i32 - MATE),
        Value::Draw => Score::Cp(0),
    }
}

/// A proof's value as a table's.
pub fn known(value: Value) -> KnownValue {
    match value {
        Value::Win(plies) => KnownValue::Win(plies),
        Value::Loss(plies) => KnownValue::Loss(plies),
        Value::Draw => KnownValue::Draw,
    }
}

/// Whether the search's final `score` shows the root's known `value`
/// (the game's history can make a table's value unreachable: a
/// repetition the table does not know of).
pub fn shows(score: i32, value: KnownValue) -> bool {
    match (protocol_score(score), value) {
        (Score::Mate(moves), KnownValue::Win(_)) => moves > 0,
        (Score::Mate(moves), KnownValue::Loss(_)) => moves < 0,
        (Score::Cp(0), KnownValue::Draw) => true,
        _ => false,
    }
}
