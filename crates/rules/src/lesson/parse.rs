//! Reading a lesson's Markdown: the title, the goal, headings, paragraphs,
//! lists, and the fenced blocks the rules understand. Errors name the line.

use super::{Block, Diagram, Exercise, Lesson, Solutions};

/// The lesson written in `text`; the error names the line and what is
/// wrong there.
pub fn parse(text: &str) -> Result<Lesson<'_>, String> {
    let mut lines = text.lines().enumerate().peekable();
    let mut title = None;
    let mut variant_of = None;
    let mut blocks = Vec::new();
    while let Some((index, line)) = lines.next() {
        let at = |e: String| format!("lesson line {}: {e}", index + 1);
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("# ") {
            if title.is_some() {
                return Err(at("a second title (`# `): sections are `## `".into()));
            }
            title = Some(rest.trim());
        } else if let Some(rest) = trimmed.strip_prefix("## ") {
            blocks.push(Block::Heading(rest.trim()));
        } else if let Some(kind) = trimmed.strip_prefix("```") {
            let mut body = Vec::new();
            loop {
                match lines.next() {
                    Some((_, end)) if end.trim_end() == "```" => break,
                    Some((number, line)) => body.push((number, line)),
                    None => return Err(at(format!("the ```{kind} block is not closed"))),
                }
            }
            let fields = Fields::read(&body)?;
            match kind.trim() {
                "diagram" => blocks.push(Block::Diagram(diagram(&fields).map_err(at)?)),
                "exercise" => blocks.push(Block::Exercise(exercise(&fields).map_err(at)?)),
                "variant" => {
                    fields.only(&["of"]).map_err(at)?;
                    variant_of = Some(fields.required("of").map_err(at)?);
                }
                other => {
                    return Err(at(format!(
                    "unknown block ```{other}: lessons have diagram, exercise and variant blocks"
                )))
                }
            }
        } else if let Some(item) = trimmed.strip_prefix("- ") {
            let mut items = vec![item.trim().to_string()];
            while let Some((_, next)) = lines.peek() {
                if let Some(item) = next.strip_prefix("- ") {
                    items.push(item.trim().to_string());
                } else if next.starts_with("  ") && !next.trim().is_empty() {
                    let last = items.last_mut().expect("an item");
                    last.push(' ');
                    last.push_str(next.trim());
                } else {
                    break;
                }
                lines.next();
            }
            blocks.push(Block::List(items));
        } else if trimmed.starts_with('#') {
            return Err(at(format!(
                "'{trimmed}': headings are `# ` (the title) and `## ` (sections)"
            )));
        } else {
            let mut paragraph = trimmed.trim().to_string();
            while let Some((_, next)) = lines.peek() {
                let next = next.trim();
                if next.is_empty() || next.starts_with('#') || next.starts_with("```") {
                    break;
                }
                if next.starts_with("- ") {
                    break;
                }
                paragraph.push(' ');
                paragraph.push_str(next);
                lines.next();
            }
            blocks.push(Block::Paragraph(paragraph));
        }
    }
    let title = title.ok_or("the lesson has no title (a first line `# Title`)")?;
    let goal = match blocks.first() {
        Some(Block::Paragraph(goal)) => goal.clone(),
        _ => return Err("the lesson's first paragraph, before anything else, is the goal".into()),
    };
    blocks.remove(0);
    Ok(Lesson {
        title,
        goal,
        variant_of,
        blocks,
    })
}

/// A block's `key: value` lines.
struct Fields<'a> {
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Fields<'a> {
    /// Reads `key: value` lines (numbered from 0); a line that is none is
    /// an error.
    fn read(lines: &[(usize, &'a str)]) -> Result<Fields<'a>, String> {
        let mut pairs: Vec<(&str, &str)> = Vec::new();
        for &(number, line) in lines {
            if line.trim().is_empty() {
                continue;
            }
            let (key, value) = line.split_once(':').ok_or_else(|| {
                format!(
                    "lesson line {}: '{}' is not a `key: value` line",
                    number + 1,
                    line.trim()
                )
            })?;
            let key = key.trim();
            if pairs.iter().any(|(k, _)| *k == key) {
                return Err(format!("lesson line {}: '{key}' given twice", number + 1));
            }
            pairs.push((key, value.trim()));
        }
        Ok(Fields { pairs })
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn required(&self, key: &str) -> Result<&'a str, String> {
        self.get(key)
            .filter(|value| !value.is_empty())
            .ok_or_else(|| format!("the block needs '{key}:'"))
    }

    /// An error for a key not among `known`.
    fn only(&self, known: &[&str]) -> Result<(), String> {
        match self.pairs.iter().find(|(k, _)| !known.contains(k)) {
            Some((key, _)) => Err(format!(
                "unknown key '{key}' (this block takes {})",
                known.join(", ")
            )),
            None => Ok(()),
        }
    }
}

fn diagram<'a>(fields: &Fields<'a>) -> Result<Diagram<'a>, String> {
    fields.only(&["position", "move", "caption"])?;
    Ok(Diagram {
        position: fields.required("position")?,
        shown: fields.get("move").filter(|m| !m.is_empty()),
        caption: fields.required("caption")?,
    })
}

fn exercise<'a>(fields: &Fields<'a>) -> Result<Exercise<'a>, String> {
    fields.only(&["position", "prompt", "solutions", "goal", "hint", "show"])?;
    let solutions = match (fields.get("solutions"), fields.get("goal")) {
        (Some(moves), None) if !moves.is_empty() => {
            Solutions::Moves(moves.split_whitespace().collect())
        }
        (None, Some("win")) => Solutions::Win,
        (None, Some(other)) => {
            return Err(format!("goal '{other}': the one goal there is is 'win'"))
        }
        _ => return Err("an exercise needs 'solutions:' (moves) or 'goal: win'".into()),
    };
    let show = match (&solutions, fields.get("show")) {
        (_, Some(show)) if !show.is_empty() => show,
        (Solutions::Moves(moves), _) => moves[0],
        (Solutions::Win, _) => return Err("an exercise with 'goal: win' needs 'show:'".into()),
    };
    Ok(Exercise {
        position: fields.required("position")?,
        prompt: fields.required("prompt")?,
        solutions,
        hint: fields.required("hint")?,
        show,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LESSON: &str = "# Alak

Leave your opponent fewer than two pieces.

## Moving
A piece jumps to the nearest
empty slot.

- one
- two, and
  more
```diagram
position: xxxx___oooo x
move: 4-5
caption: x's first move.
```

```exercise
position: xx_x___oooo x
prompt: Move 2.
solutions: 2-3 2-5
hint: The nearest slot.
```
";

    #[test]
    fn a_lesson_is_read_block_by_block() {
        let lesson = parse(LESSON).unwrap();
        assert_eq!(lesson.title, "Alak");
        assert_eq!(lesson.goal, "Leave your opponent fewer than two pieces.");
        assert_eq!(lesson.variant_of, None);
        assert_eq!(
            lesson.blocks[..3],
            [
                Block::Heading("Moving"),
                Block::Paragraph("A piece jumps to the nearest empty slot.".into()),
                Block::List(vec!["one".into(), "two, and more".into()]),
            ]
        );
        let diagram = lesson.diagrams().next().unwrap();
        assert_eq!(
            (diagram.position, diagram.shown, diagram.caption),
            ("xxxx___oooo x", Some("4-5"), "x's first move.")
        );
        let exercise = lesson.exercises().next().unwrap();
        assert_eq!(exercise.solutions, Solutions::Moves(vec!["2-3", "2-5"]));
        assert_eq!((exercise.show, exercise.hint), ("2-3", "The nearest slot."));
    }

    #[test]
    fn mistakes_name_their_line() {
        for (text, words) in [
            ("text", "no title"),
            ("# A\n\n## B", "first paragraph"),
            (
                "# A\n\ngoal\n```diagram\nposition: x\n",
                "line 4: the ```diagram block is not closed",
            ),
            (
                "# A\n\ngoal\n```diagram\nposition x\n```",
                "line 5: 'position x' is not",
            ),
            (
                "# A\n\ngoal\n```diagram\ncaption: c\n```",
                "line 4: the block needs 'position:'",
            ),
            ("# A\n\ngoal\n```board\n```", "unknown block ```board"),
            (
                "# A\n\ngoal\n```exercise\nposition: p\nprompt: q\nhint: h\n```",
                "needs 'solutions:'",
            ),
            (
                "# A\n\ngoal\n```exercise\nposition: p\nprompt: q\ngoal: win\nhint: h\n```",
                "needs 'show:'",
            ),
            (
                "# A\n\ngoal\n```diagram\nposition: p\nfen: q\n```",
                "unknown key 'fen'",
            ),
            ("# A\n\ngoal\n### C", "headings are"),
        ] {
            let error = parse(text).unwrap_err();
            assert!(error.contains(words), "{text:?}: {error}");
        }
        let variant = parse("# A\n\ngoal\n```variant\nof: wyke\n```").unwrap();
        assert_eq!(variant.variant_of, Some("wyke"));
    }
}
