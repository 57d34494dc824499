//! The network file: what `ludus-train` writes, `EvalFile` loads and the
//! binary embeds. Little-endian throughout:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `LUDUSNN` and the format version, 1 |
//! | 1 + n | the game's name: its length, then its ASCII bytes |
//! | 4 | inputs (`u32`): the game's input count |
//! | 4 | hidden values a side (`u32`), 1 to [`MAX_HIDDEN`] |
//! | 4 | the output scale (`u32`): score units per unit of logit |
//! | 2 · inputs · hidden | `W₁` (`i16`), input by input: each input's row |
//! | 2 · hidden | `b₁` (`i16`) |
//! | 2 · 2 · hidden | `w₂` (`i16`): the side to move's half, then the other's |
//! | 4 | `b₂` (`i32`) |
//! | 4 | FNV-1a (32-bit) of every byte before it |
//!
//! A file is read whole and checked (magic, game, sizes, length, checksum)
//! before anything is kept, so a bad file changes nothing.

use super::{MAX_HIDDEN, QA, QB};

/// The first bytes of every network file: the magic and the version.
pub const MAGIC: &[u8; 8] = b"LUDUSNN\x01";

/// A loaded network, its weights quantised (see [`super`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The game it evaluates (`UCI_Variant` spelling).
    pub game: String,
    /// The game's input count.
    pub inputs: usize,
    /// Hidden values a side.
    pub hidden: usize,
    /// Score units per unit of the output logit.
    pub scale: u32,
    /// `W₁`, input by input: input `i`'s row is `[i · hidden, (i+1) · hidden)`.
    pub input_weights: Vec<i16>,
    /// `b₁`.
    pub input_bias: Vec<i16>,
    /// `w₂`: the side to move's half, then the other side's.
    pub output_weights: Vec<i16>,
    /// `b₂`, in units of `QA · QB`.
    pub output_bias: i32,
}

impl Network {
    /// Reads a network for `game` (whose input count is `inputs`) from the
    /// whole contents of a file; the error says what is wrong.
    pub fn from_bytes(bytes: &[u8], game: &str, inputs: usize) -> Result<Network, String> {
        let mut reader = Reader { bytes, at: 0 };
        if reader.take(MAGIC.len())? != MAGIC {
            return Err(
                "not a ludus network file (its first bytes are not LUDUSNN, version 1)".into(),
            );
        }
        let name_len = usize::from(reader.take(1)?[0]);
        let name = String::from_utf8_lossy(reader.take(name_len)?).into_owned();
        if !name.eq_ignore_ascii_case(game) {
            return Err(format!("the network is for {name}, not {game}"));
        }
        let file_inputs = reader.u32()? as usize;
        if file_inputs != inputs {
            return Err(format!(
                "the network has {file_inputs} inputs; {game} has {inputs} (a network for another version of its inputs)"
            ));
        }
        let hidden = reader.u32()? as usize;
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(format!(
                "the network has {hidden} hidden values a side (1 to {MAX_HIDDEN} allowed)"
            ));
        }
        let scale = reader.u32()?;
        if scale == 0 {
            return Err("the network's output scale is 0".into());
        }
        let expected = MAGIC.len() + 1 + name_len + 12 + 2 * (inputs * hidden + 3 * hidden) + 8;
        if bytes.len() != expected {
            return Err(format!(
                "the file has {} bytes; with {hidden} hidden values, a network for {game} has {expected}",
                bytes.len()
            ));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 4);
        if fnv1a(body).to_le_bytes() != sum {
            return Err("the file's checksum does not match its contents (damaged?)".into());
        }
        let input_weights = reader.i16s(inputs * hidden)?;
        let input_bias = reader.i16s(hidden)?;
        let output_weights = reader.i16s(2 * hidden)?;
        let output_bias = reader.u32()? as i32;
        Ok(Network {
            game: name,
            inputs,
            hidden,
            scale,
            input_weights,
            input_bias,
            output_weights,
            output_bias,
        })
    }

    /// The file's bytes: [`Network::from_bytes`] reads them back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.push(self.game.len() as u8);
        bytes.extend_from_slice(self.game.as_bytes());
        for value in [self.inputs as u32, self.hidden as u32, self.scale] {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for weights in [&self.input_weights, &self.input_bias, &self.output_weights] {
            bytes.extend(weights.iter().flat_map(|w| w.to_le_bytes()));
        }
        bytes.extend_from_slice(&self.output_bias.to_le_bytes());
        let sum = fnv1a(&bytes);
        bytes.extend_from_slice(&sum.to_le_bytes());
        bytes
    }

    /// The row of `W₁` for input `input`.
    #[inline]
    pub fn row(&self, input: u32) -> &[i16] {
        let start = input as usize * self.hidden;
        &self.input_weights[start..start + self.hidden]
    }

    /// The score of a position for the side to move, from both sides'
    /// first-layer sums (the side to move's first), on the game's scale
    /// and inside ±[`super::EVAL_LIMIT`].
    #[inline]
    pub fn output(&self, to_move: &[i16], other: &[i16]) -> i32 {
        let (mine, theirs) = self.output_weights.split_at(self.hidden);
        // Clipped in i16 and multiplied in pairs into i32: the shape the
        // compiler turns into packed multiply-adds.
        let half = |values: &[i16], weights: &[i16]| -> i32 {
            values
                .iter()
                .zip(weights)
                .map(|(&v, &w)| i32::from(v.clamp(0, QA as i16)) * i32::from(w))
                .sum()
        };
        let sum = i64::from(half(to_move, mine)) + i64::from(half(other, theirs));
        let logit = sum + i64::from(self.output_bias);
        let score = logit * i64::from(self.scale) / i64::from(QA * QB);
        score.clamp(-i64::from(super::EVAL_LIMIT), i64::from(super::EVAL_LIMIT)) as i32
    }
}

/// FNV-1a, 32 bits: the file's checksum.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |hash: u32, &byte| {
        (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
    })
}

/// Reads a file's fields in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, len: usize) -> Result<&'a [u8], String> {
        let end = self.at + len;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or_else(|| format!("the file ends early ({} bytes)", self.bytes.len()))?;
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let bytes = self.take(4)?;
        Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
    }

    fn i16s(&mut self, count: usize) -> Result<Vec<i16>, String> {
        let bytes = self.take(2 * count)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::random_network;

    /// Any game and input count: a file is checked against those it is
    /// read for.
    const GAME: &str = "alak";
    const INPUTS: usize = 22;
    /// Where the hidden size is in the file: past the magic, the name's
    /// length and name, and the input count.
    const HIDDEN_AT: usize = MAGIC.len() + 1 + GAME.len() + 4;

    fn network_bytes() -> Vec<u8> {
        random_network(GAME, INPUTS, 8, 3).to_bytes()
    }

    /// Reading `bytes` for `game` with `inputs` fails, saying `reason`.
    fn refused(bytes: &[u8], game: &str, inputs: usize, reason: &str) {
        match Network::from_bytes(bytes, game, inputs) {
            Ok(_) => panic!("a bad file was read (expected: {reason})"),
            Err(error) => assert!(error.contains(reason), "'{error}' does not say '{reason}'"),
        }
    }

    /// `bytes` with the `u32` at `at` set to `value`.
    fn with_u32(bytes: &[u8], at: usize, value: u32) -> Vec<u8> {
        let mut bytes = bytes.to_vec();
        bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
        bytes
    }

    #[test]
    fn a_network_reads_back_as_it_was_written() {
        let network = random_network(GAME, INPUTS, 8, 3);
        let bytes = network.to_bytes();
        assert_eq!(
            Network::from_bytes(&bytes, GAME, INPUTS),
            Ok(network.clone())
        );
        // The game's name in any case.
        assert_eq!(Network::from_bytes(&bytes, "ALAK", INPUTS), Ok(network));
    }

    #[test]
    fn a_file_of_another_kind_or_version_is_refused() {
        let mut bytes = network_bytes();
        bytes[0] = b'X';
        refused(&bytes, GAME, INPUTS, "not a ludus network file");
        let mut bytes = network_bytes();
        bytes[MAGIC.len() - 1] = 2;
        refused(&bytes, GAME, INPUTS, "not a ludus network file");
        refused(b"", GAME, INPUTS, "the file ends early (0 bytes)");
    }

    #[test]
    fn a_network_for_another_game_or_inputs_is_refused() {
        let bytes = network_bytes();
        refused(&bytes, "wyke", INPUTS, "the network is for alak, not wyke");
        refused(
            &bytes,
            GAME,
            INPUTS + 1,
            "the network has 22 inputs; alak has 23",
        );
    }

    #[test]
    fn hidden_sizes_outside_the_bounds_and_a_zero_scale_are_refused() {
        let bytes = network_bytes();
        for hidden in [0, MAX_HIDDEN as u32 + 1, u32::MAX] {
            refused(
                &with_u32(&bytes, HIDDEN_AT, hidden),
                GAME,
                INPUTS,
                &format!("{hidden} hidden values a side (1 to {MAX_HIDDEN} allowed)"),
            );
        }
        let zero_scale = with_u32(&bytes, HIDDEN_AT + 4, 0);
        refused(&zero_scale, GAME, INPUTS, "output scale is 0");
    }

    #[test]
    fn a_file_cut_short_or_too_long_is_refused() {
        let bytes = network_bytes();
        let size = bytes.len();
        refused(&bytes[..10], GAME, INPUTS, "the file ends early (10 bytes)");
        let whole = format!("with 8 hidden values, a network for alak has {size}");
        refused(&bytes[..size - 1], GAME, INPUTS, &whole);
        let mut longer = bytes.clone();
        longer.push(0);
        refused(&longer, GAME, INPUTS, &whole);
        // More hidden values than the file holds: its length says so.
        refused(
            &with_u32(&bytes, HIDDEN_AT, 9),
            GAME,
            INPUTS,
            "with 9 hidden",
        );
    }

    #[test]
    fn a_damaged_file_fails_its_checksum() {
        let mut bytes = network_bytes();
        let weight = HIDDEN_AT + 8;
        bytes[weight] ^= 1;
        refused(&bytes, GAME, INPUTS, "checksum does not match");
        let mut bytes = network_bytes();
        let last = bytes.len() - 1;
        bytes[last] ^= 0x80;
        refused(&bytes, GAME, INPUTS, "checksum does not match");
    }
}
