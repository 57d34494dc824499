//! One engine group of `ludus match` (`--engine` or `--each`): its
//! `key=value` words read, a group laid over `--each`, and the finished
//! engine's spec.

use std::path::PathBuf;

use super::super::config::{EngineSpec, Limit};
use ludus_rules::protocol::Dialect;

/// A `key=value` word; keys are case-insensitive, option names keep their
/// case (`option.Hash=64`).
pub(super) fn key_value(word: &str) -> Result<(String, String), String> {
    let (key, value) = word
        .split_once('=')
        .ok_or_else(|| format!("expected key=value, got '{word}'"))?;
    let key = match key.split_once('.') {
        Some((prefix, name)) => format!("{}.{name}", prefix.to_ascii_lowercase()),
        None => key.to_ascii_lowercase(),
    };
    Ok((key, value.to_string()))
}

/// Splits a string like a shell does with quotes (for `args="..."`).
pub(super) fn split_words(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unbalanced quote in '{text}'"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// An engine group as given, before defaults.
#[derive(Default)]
pub(super) struct EngineGroup {
    name: Option<String>,
    cmd: Option<String>,
    args: Vec<String>,
    dir: Option<PathBuf>,
    proto: Option<Dialect>,
    options: Vec<(String, String)>,
    limit: Limit,
    stderr: Option<PathBuf>,
}

impl EngineGroup {
    /// The group of one `--engine` or `--each` (`option` names it in errors).
    pub(super) fn read<'a>(
        option: &str,
        words: impl Iterator<Item = &'a (String, String)>,
    ) -> Result<EngineGroup, String> {
        let mut group = EngineGroup::default();
        for (key, value) in words {
            group
                .set(key, value)
                .map_err(|e| format!("{option}: {e}"))?;
        }
        Ok(group)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if let Some(option) = key.strip_prefix("option.") {
            if option.is_empty() {
                return Err("option. needs an option name".to_string());
            }
            set_option(&mut self.options, option, value);
            return Ok(());
        }
        match key {
            "name" => self.name = Some(value.to_string()),
            "cmd" => self.cmd = Some(value.to_string()),
            "args" => self.args = split_words(value)?,
            "dir" => self.dir = Some(PathBuf::from(value)),
            "stderr" => self.stderr = Some(PathBuf::from(value)),
            "proto" => {
                self.proto = Some(
                    Dialect::from_word(&value.to_ascii_lowercase())
                        .ok_or_else(|| format!("proto: '{value}' is not uci or ugi"))?,
                )
            }
            _ => {
                if !self.limit.set(key, value)? {
                    return Err(format!("unknown engine key '{key}'"));
                }
            }
        }
        Ok(())
    }

    /// This group with what it leaves open taken from `under`; its options
    /// come after `under`'s and replace those of the same name.
    pub(super) fn over(self, under: &EngineGroup) -> EngineGroup {
        let mut options = under.options.clone();
        for (name, value) in &self.options {
            set_option(&mut options, name, value);
        }
        EngineGroup {
            name: self.name.or_else(|| under.name.clone()),
            cmd: self.cmd.or_else(|| under.cmd.clone()),
            args: if self.args.is_empty() {
                under.args.clone()
            } else {
                self.args
            },
            dir: self.dir.or_else(|| under.dir.clone()),
            proto: self.proto.or(under.proto),
            options,
            limit: under.limit.overridden_by(self.limit),
            stderr: self.stderr.or_else(|| under.stderr.clone()),
        }
    }

    /// Engine `index` (from 0), under the match's `limit`.
    pub(super) fn finish(self, index: usize, limit: Limit) -> Result<EngineSpec, String> {
        let which = format!("engine {}", index + 1);
        let cmd = self
            .cmd
            .ok_or_else(|| format!("{which}: cmd= is required"))?;
        let name = self.name.unwrap_or_else(|| {
            std::path::Path::new(&cmd)
                .file_name()
                .map_or(cmd.clone(), |n| n.to_string_lossy().into_owned())
        });
        let limit = limit.overridden_by(self.limit);
        if limit.is_empty() {
            return Err(format!(
                "{which} ({name}) has no limit: give --tc, --st, --nodes or --depth"
            ));
        }
        Ok(EngineSpec {
            name,
            cmd,
            args: self.args,
            dir: self.dir,
            proto: self.proto.unwrap_or(Dialect::Uci),
            options: self.options,
            limit,
            stderr: self.stderr,
        })
    }
}

/// Sets an engine option, replacing one of the same name (in any case).
fn set_option(options: &mut Vec<(String, String)>, name: &str, value: &str) {
    options.retain(|(old, _)| !old.eq_ignore_ascii_case(name));
    options.push((name.to_string(), value.to_string()));
}
