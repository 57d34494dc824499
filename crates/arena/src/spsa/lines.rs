//! A state's or a shard's lines read back: the records of the complete
//! lines (a kill may leave a last line cut short), with their line numbers,
//! how far they reach, and where each step line begins.

use std::path::Path;

use super::records::Record;

/// The records of a file's complete lines, with their line numbers, and
/// where each step line begins.
pub(super) struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Split<'a, char>>,
    path: &'a Path,
    /// Bytes read so far.
    pub(super) offset: u64,
    /// Where each step line began.
    pub(super) step_offsets: Vec<u64>,
    /// The length of the complete lines.
    complete_len: u64,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str, path: &'a Path) -> Lines<'a> {
        // What follows the last newline is a line a kill cut short.
        let complete = &text[..text.rfind('\n').map_or(0, |end| end + 1)];
        Lines {
            lines: complete.split('\n').enumerate(),
            path,
            offset: 0,
            step_offsets: Vec::new(),
            complete_len: complete.len() as u64,
        }
    }

    /// An error at line `number` of the file.
    pub(super) fn at(&self, number: usize, why: &str) -> String {
        format!("{} line {number}: {why}", self.path.display())
    }

    /// The records of `text` (the file `path`) after the first, with the
    /// first as `kind` takes it; `Ok(None)` when the file is empty, and an
    /// error saying the first line is not `what` where `kind` refuses it.
    pub(super) fn begin<T>(
        text: &'a str,
        path: &'a Path,
        what: &str,
        kind: impl FnOnce(Record) -> Option<T>,
    ) -> Result<Option<(Lines<'a>, T)>, String> {
        let mut lines = Lines::new(text, path);
        let Some((_, first)) = lines.next().transpose()? else {
            return Ok(None);
        };
        match kind(first) {
            Some(first) => Ok(Some((lines, first))),
            None => Err(lines.at(1, &format!("the first line is not {what}"))),
        }
    }
}

impl Iterator for Lines<'_> {
    type Item = Result<(usize, Record), String>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (index, line) = self.lines.next()?;
            let start = self.offset;
            // The text after the last newline is empty: no byte to count.
            if start >= self.complete_len {
                return None;
            }
            self.offset += line.len() as u64 + 1;
            if line.trim().is_empty() {
                continue;
            }
            let record = serde_json::from_str::<Record>(line)
                .map_err(|e| self.at(index + 1, &e.to_string()));
            if let Ok(Record::Step(_)) = record {
                self.step_offsets.push(start);
            }
            return Some(record.map(|record| (index + 1, record)));
        }
    }
}
