//! The guide's links into headings (`chapter.md#heading`, `#heading`) land
//! on a heading. mdbook-linkcheck, which .ci/run runs over the built guide,
//! checks that every linked file is there but not the part of it a
//! fragment names; this test checks those, with the ids mdBook gives
//! headings (GitHub gives the same to these).

use std::collections::HashSet;
use std::path::Path;

use crate::common::docs::{chapters, prose_lines};

/// The id mdBook gives a heading: its text lower-cased, spaces as `-`,
/// anything but letters, digits, `-` and `_` left out.
fn heading_id(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// The ids of the headings of a Markdown text (outside code blocks), a
/// repeated heading numbered as mdBook numbers it (`-1`, `-2`, …).
fn heading_ids(text: &str) -> HashSet<String> {
    let mut ids = HashSet::new();
    for line in prose_lines(text) {
        if line.starts_with('#') {
            let id = heading_id(line.trim_start_matches('#'));
            let mut unique = id.clone();
            let mut n = 0;
            while ids.contains(&unique) {
                n += 1;
                unique = format!("{id}-{n}");
            }
            ids.insert(unique);
        }
    }
    ids
}

/// A chapter's text with `{{#include FILE}}` lines replaced by the file, as
/// mdBook builds it.
fn built_text(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| match line.trim().strip_prefix("{{#include ") {
            Some(rest) => {
                let file = rest.trim_end_matches("}}").trim();
                built_text(&path.parent().unwrap().join(file))
            }
            None => line.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The targets of the inline links of a Markdown text, outside code.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                found.push(rest[..end].to_string());
            }
        }
    }
    found
}

#[test]
fn every_link_into_a_heading_of_the_guide_finds_it() {
    let mut checked = 0;
    for chapter in chapters() {
        let text = built_text(&chapter);
        for link in links(&text) {
            let Some((file, fragment)) = link.split_once('#') else {
                continue;
            };
            if file.contains("://") || !(file.is_empty() || file.ends_with(".md")) {
                continue;
            }
            let target = match file {
                "" => chapter.clone(),
                file => chapter.parent().unwrap().join(file),
            };
            let ids = heading_ids(&built_text(&target));
            assert!(
                ids.contains(fragment),
                "{}: the link {link} names no heading of {}",
                chapter.display(),
                target.display()
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "the guide links into headings");
}

#[test]
fn heading_ids_are_mdbooks() {
    assert_eq!(
        heading_id(" How strong is full strength"),
        "how-strong-is-full-strength"
    );
    assert_eq!(
        heading_id(" `setoption name <name> [value <value>]`"),
        "setoption-name-name-value-value"
    );
    let ids = heading_ids("# A\n## A\n```\n# not a heading\n```\n");
    assert!(ids.contains("a") && ids.contains("a-1") && !ids.contains("not-a-heading"));
}
