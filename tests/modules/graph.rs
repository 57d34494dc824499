//! A crate's module graph and its cycles. A module is a file of `src/`
//! (`a/b.rs` and `a/b/mod.rs` are `a::b`; `lib.rs` or `main.rs` the root;
//! inline modules belong to their file). A file that names a path into
//! another module imports it, unless one of the two contains the other: a
//! parent declaring or re-exporting its children, and a child using its
//! parent's items (`use super::*`), is how Rust nests modules.
//!
//! Every other import is lifted to the two siblings that contain its ends,
//! below their nearest common ancestor: `a::x` naming `b::y` makes `a`
//! import `b`. Within each module, its children must then import each
//! other without a cycle; a cycle is reported as the sorted siblings of one
//! strongly connected component.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::paths::{named_paths, Named};

/// A module's path below the crate root (empty for the root).
pub type Module = Vec<String>;

/// The modules of the crate whose sources are under `src`, each with the
/// paths its file names.
pub fn read_crate(src: &Path) -> BTreeMap<Module, Vec<Named>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let module = module_of(&file.strip_prefix(src).ok()?.to_string_lossy())?;
            let source = std::fs::read_to_string(&file).expect("a readable source file");
            Some((module, named_paths(&source)))
        })
        .collect()
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// The module of a file, from its path below `src/`; `None` for the files
/// of other targets (`src/bin/`).
fn module_of(relative: &str) -> Option<Module> {
    let mut parts: Module = relative
        .trim_end_matches(".rs")
        .split(['/', '\\'])
        .map(str::to_string)
        .collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    if matches!(parts.as_slice(), [root] if root == "lib" || root == "main") {
        parts.clear();
    }
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    Some(parts)
}

/// The module a path named from `from` leads into: its absolute segments'
/// longest prefix that is a module of the crate.
fn target(from: &[String], named: &Named, modules: &BTreeSet<Module>) -> Option<Module> {
    let mut here: Module = [from, &named.inline].concat();
    let mut segments = named.segments.iter().peekable();
    match segments.peek().map(|s| s.as_str()) {
        Some("crate") => {
            here.clear();
            segments.next();
        }
        Some("self") => {
            segments.next();
        }
        _ => {
            while segments.next_if(|s| *s == "super").is_some() {
                here.pop()?;
            }
        }
    }
    here.extend(segments.cloned());
    (0..=here.len())
        .rev()
        .map(|n| here[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
}

/// The lifted imports between siblings: for each edge, one file and path
/// that makes it, as evidence.
fn sibling_edges(crate_: &BTreeMap<Module, Vec<Named>>) -> BTreeMap<(Module, Module), String> {
    let modules: BTreeSet<Module> = crate_.keys().cloned().collect();
    let mut edges = BTreeMap::new();
    for (from, names) in crate_ {
        for named in names {
            let Some(to) = target(from, named, &modules) else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            // One contains the other (or they are the same module).
            if common == from.len() || common == to.len() {
                continue;
            }
            let evidence = format!("{} names {}", from.join("::"), named.segments.join("::"));
            edges
                .entry((from[..=common].to_vec(), to[..=common].to_vec()))
                .or_insert(evidence);
        }
    }
    edges
}

/// Every cycle of the crate: the sorted siblings of each strongly
/// connected component of more than one module, with the evidence of the
/// edges inside it.
pub fn cycles(crate_: &BTreeMap<Module, Vec<Named>>) -> Vec<(Vec<String>, Vec<String>)> {
    let edges = sibling_edges(crate_);
    let mut next: BTreeMap<&Module, Vec<&Module>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        next.entry(from).or_default().push(to);
        next.entry(to).or_default();
    }
    let mut found: Vec<(Vec<String>, Vec<String>)> = components(&next)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let evidence = edges
                .iter()
                .filter(|((a, b), _)| component.contains(&a) && component.contains(&b))
                .map(|(_, why)| why.clone())
                .collect();
            let mut names: Vec<String> = component.iter().map(|m| m.join("::")).collect();
            names.sort();
            (names, evidence)
        })
        .collect();
    found.sort();
    found
}

/// The strongly connected components of a graph (Tarjan's algorithm).
fn components<'a>(next: &BTreeMap<&'a Module, Vec<&'a Module>>) -> Vec<Vec<&'a Module>> {
    struct Tarjan<'a, 'g> {
        next: &'g BTreeMap<&'a Module, Vec<&'a Module>>,
        index: BTreeMap<&'a Module, (usize, usize)>,
        stack: Vec<&'a Module>,
        found: Vec<Vec<&'a Module>>,
    }
    impl<'a> Tarjan<'a, '_> {
        fn visit(&mut self, node: &'a Module) {
            let order = self.index.len();
            self.index.insert(node, (order, order));
            self.stack.push(node);
            for &to in &self.next[node] {
                if !self.index.contains_key(to) {
                    self.visit(to);
                    self.lower(node, self.index[to].1);
                } else if self.stack.contains(&to) {
                    self.lower(node, self.index[to].0);
                }
            }
            if self.index[node].0 == self.index[node].1 {
                let at = self.stack.iter().position(|&m| m == node).unwrap();
                self.found.push(self.stack.split_off(at));
            }
        }
        fn lower(&mut self, node: &'a Module, low: usize) {
            let entry = self.index.get_mut(node).unwrap();
            entry.1 = entry.1.min(low);
        }
    }
    let mut tarjan = Tarjan {
        next,
        index: BTreeMap::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for &node in next.keys() {
        if !tarjan.index.contains_key(node) {
            tarjan.visit(node);
        }
    }
    tarjan.found
}
