//! The module paths a Rust file names: every `crate::…`, `super::…` and
//! `self::…` path, in `use` trees (groups expanded) and in code, with
//! comments, strings and character literals left out, and test code too
//! (`#[cfg(test)] mod … { … }`, as `cargo modules` leaves it out unless
//! asked). Each comes with the inline modules it stands in, which `super`
//! climbs out of first.

/// One path the file names.
#[derive(Debug, PartialEq, Eq)]
pub struct Named {
    /// The inline modules around the path, outermost first.
    pub inline: Vec<String>,
    /// The path's segments, `crate`, `super` and `self` included.
    pub segments: Vec<String>,
}

/// A token: a name or keyword, `::`, or any other character.
#[derive(Debug, PartialEq, Eq)]
enum Token {
    Ident(String),
    PathSep,
    Punct(char),
}

/// The tokens of `source`, without comments and literals.
fn tokens(source: &str) -> Vec<Token> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            i = skip_while(&chars, i, |c| c != '\n');
        } else if c == '/' && next == Some('*') {
            i = skip_block_comment(&chars, i);
        } else if c == '"' {
            i = skip_string(&chars, i + 1);
        } else if c == 'r' && matches!(next, Some('"' | '#')) {
            i = skip_raw_string(&chars, i + 1);
        } else if c == '\'' {
            i = skip_quote(&chars, i);
        } else if c.is_alphanumeric() || c == '_' {
            let end = skip_while(&chars, i, |c| c.is_alphanumeric() || c == '_');
            tokens.push(Token::Ident(chars[i..end].iter().collect()));
            i = end;
        } else if c == ':' && next == Some(':') {
            tokens.push(Token::PathSep);
            i += 2;
        } else {
            if !c.is_whitespace() {
                tokens.push(Token::Punct(c));
            }
            i += 1;
        }
    }
    tokens
}

/// The index of the first character from `i` on that fails `keep`.
fn skip_while(chars: &[char], mut i: usize, keep: impl Fn(char) -> bool) -> usize {
    while i < chars.len() && keep(chars[i]) {
        i += 1;
    }
    i
}

/// Past the block comment opening at `i` (they nest).
fn skip_block_comment(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('*')) => (depth, i) = (depth + 1, i + 2),
            ('*', Some('/')) if depth == 1 => return i + 2,
            ('*', Some('/')) => (depth, i) = (depth - 1, i + 2),
            _ => i += 1,
        }
    }
    i
}

/// Past the string whose contents start at `i`.
fn skip_string(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() && chars[i] != '"' {
        i += if chars[i] == '\\' { 2 } else { 1 };
    }
    i + 1
}

/// Past the raw string whose hashes (or quote) start at `i`; not a raw
/// string (an identifier that starts with `r`): just past the `r`.
fn skip_raw_string(chars: &[char], i: usize) -> usize {
    let quote = skip_while(chars, i, |c| c == '#');
    if chars.get(quote) != Some(&'"') {
        return i;
    }
    let hashes = quote - i;
    let mut j = quote + 1;
    while j < chars.len() {
        let closes = chars[j] == '"'
            && chars[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes;
        if closes {
            return j + 1 + hashes;
        }
        j += 1;
    }
    j
}

/// Past a character literal at `i`, or past the quote of a lifetime.
fn skip_quote(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => skip_while(chars, i + 2, |c| c != '\'') + 1,
        (Some(_), Some('\'')) => i + 3,
        _ => i + 1,
    }
}

/// Every `crate`/`super`/`self` path of `source`, with its inline modules.
pub fn named_paths(source: &str) -> Vec<Named> {
    let tokens = tokens(source);
    let mut found = Vec::new();
    // Open inline modules: name and the brace depth inside them.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                if inline.last().is_some_and(|&(_, d)| d == depth) {
                    inline.pop();
                }
                depth -= 1;
            }
            Token::Ident(word) if word == "mod" => {
                if let (Some(Token::Ident(name)), Some(Token::Punct('{'))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    if is_cfg_test(&tokens[..i]) {
                        i = past_block(&tokens, i + 3);
                        continue;
                    }
                    inline.push((name.clone(), depth + 1));
                }
            }
            Token::Ident(word) if is_path_start(word) && !after_path_or_dollar(&tokens, i) => {
                let names: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                let (paths, end) = use_tree(&tokens, i);
                found.extend(paths.into_iter().map(|segments| Named {
                    inline: names.clone(),
                    segments,
                }));
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Whether `before` ends with `#[cfg(test)]` (and maybe `pub`).
fn is_cfg_test(before: &[Token]) -> bool {
    let before = match before.last() {
        Some(Token::Ident(word)) if word == "pub" => &before[..before.len() - 1],
        _ => before,
    };
    let ident = |word: &str| Token::Ident(word.to_string());
    before.ends_with(&[
        Token::Punct('#'),
        Token::Punct('['),
        ident("cfg"),
        Token::Punct('('),
        ident("test"),
        Token::Punct(')'),
        Token::Punct(']'),
    ])
}

/// The index past the brace that closes the block whose contents start at
/// `i`.
fn past_block(tokens: &[Token], mut i: usize) -> usize {
    let mut depth = 1;
    while i < tokens.len() && depth > 0 {
        match tokens[i] {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    i
}

/// Whether a path that starts with `word` is one this check follows.
fn is_path_start(word: &str) -> bool {
    matches!(word, "crate" | "super" | "self")
}

/// Whether the word at `i` continues a path (`a::self`) or is `$crate`.
fn after_path_or_dollar(tokens: &[Token], i: usize) -> bool {
    i > 0 && matches!(tokens[i - 1], Token::PathSep | Token::Punct('$'))
}

/// The paths of the path or use tree starting at `i`, groups expanded, and
/// the index past it.
fn use_tree(tokens: &[Token], mut i: usize) -> (Vec<Vec<String>>, usize) {
    let mut prefix = Vec::new();
    while let Some(Token::Ident(word)) = tokens.get(i) {
        prefix.push(word.clone());
        if tokens.get(i + 1) != Some(&Token::PathSep) {
            return (vec![prefix], i + 1);
        }
        i += 2;
        if tokens.get(i) == Some(&Token::Punct('{')) {
            return group(tokens, i + 1, &prefix);
        }
    }
    // `a::*` and the like: the path so far.
    (vec![prefix], i)
}

/// The paths of the group whose contents start at `i`, under `prefix`, and
/// the index past its closing brace.
fn group(tokens: &[Token], mut i: usize, prefix: &[String]) -> (Vec<Vec<String>>, usize) {
    let mut paths = Vec::new();
    while i < tokens.len() && tokens[i] != Token::Punct('}') {
        if let Token::Ident(word) = &tokens[i] {
            if word == "self" {
                paths.push(prefix.to_vec());
                i += 1;
                continue;
            }
            let (inner, end) = use_tree(tokens, i);
            paths.extend(inner.into_iter().map(|tail| [prefix, &tail].concat()));
            i = end;
            // `as alias`: the alias names nothing new.
            if tokens.get(i) == Some(&Token::Ident("as".into())) {
                i += 2;
            }
            continue;
        }
        if tokens[i] == Token::Punct('{') {
            let (inner, end) = group(tokens, i + 1, prefix);
            paths.extend(inner);
            i = end;
            continue;
        }
        i += 1;
    }
    (paths, i + 1)
}
