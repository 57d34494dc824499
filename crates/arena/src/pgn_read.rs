//! PGN input: the games of a PGN text as `ludus match` writes them, and PGN
//! in general (tags, move numbers, `{}` and `;` comments, NAGs and `!?`
//! suffixes, variations, `%` lines). Moves stay text: the rules of the game
//! named by the `Game` tag read them.

use ludus_rules::protocol::Outcome;

/// One move of a game's main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written, without move number or `!?` suffix.
    pub text: String,
    /// The comments that follow it, without their braces.
    pub comments: Vec<String>,
    /// Its NAGs (`$6`, or a suffix `?!` read as 6).
    pub nags: Vec<u8>,
}

/// One game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, in the order written.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub leading_comments: Vec<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The result the moves end with; `None` for an unfinished game (`*`)
    /// or one whose moves end with no result.
    pub result: Option<Outcome>,
    /// The line of the text where the game starts, from 1.
    pub line: usize,
}

impl PgnGame {
    /// The value of tag `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.moves.is_empty()
            && self.result.is_none()
            && self.leading_comments.is_empty()
    }
}

/// The PGN token of an unfinished game, which ends its moves as a result
/// does.
const UNFINISHED: &str = "*";

/// Move suffixes and the NAGs they stand for.
const SUFFIXES: [(&str, u8); 6] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
];

/// Reads every game of `text`. The error names the line.
pub fn read_pgn(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        games: Vec::new(),
        game: PgnGame::default(),
        depth: 0,
    };
    reader.run()?;
    Ok(reader.games)
}

fn error_at(line: usize, what: &str) -> String {
    format!("PGN line {line}: {what}")
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
    games: Vec<PgnGame>,
    game: PgnGame,
    /// Nesting of variations (skipped) at the reading point.
    depth: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.chars[self.at - 1] == '\n'
    }

    fn error(&self, what: &str) -> String {
        error_at(self.line, what)
    }

    fn run(&mut self) -> Result<(), String> {
        while let Some(c) = self.peek() {
            match c {
                _ if c.is_whitespace() => {
                    self.bump();
                }
                '%' if self.at_line_start() => self.skip_line(),
                '[' if self.depth == 0 => self.read_tag()?,
                '{' => {
                    let comment = self.read_comment()?;
                    self.add_comment(comment);
                }
                ';' => {
                    self.bump();
                    let comment = self.take_while(|c| c != '\n');
                    self.add_comment(comment.trim().to_string());
                }
                '(' => {
                    self.bump();
                    self.depth += 1;
                }
                ')' => {
                    self.bump();
                    self.depth = self
                        .depth
                        .checked_sub(1)
                        .ok_or_else(|| self.error("')' closes no variation"))?;
                }
                '$' => {
                    self.bump();
                    let digits = self.take_while(|c| c.is_ascii_digit());
                    let nag = digits
                        .parse::<u8>()
                        .map_err(|_| self.error(&format!("bad NAG '${digits}'")))?;
                    self.add_nag(nag);
                }
                _ => {
                    let word = self.read_word();
                    self.add_word(&word)?;
                }
            }
        }
        if self.depth > 0 {
            return Err(self.error("a variation is not closed"));
        }
        self.finish_game();
        Ok(())
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> String {
        let mut text = String::new();
        while let Some(c) = self.peek().filter(|&c| keep(c)) {
            text.push(c);
            self.bump();
        }
        text
    }

    fn skip_line(&mut self) {
        self.take_while(|c| c != '\n');
    }

    /// `[Name "value"]`, a new game if the current one has moves.
    fn read_tag(&mut self) -> Result<(), String> {
        if !self.game.moves.is_empty() || self.game.result.is_some() {
            self.finish_game();
        }
        if self.game.is_empty() {
            self.game.line = self.line;
        }
        let line = self.line;
        let error = |what: &str| error_at(line, what);
        self.bump();
        self.take_while(|c| c == ' ' || c == '\t');
        let name = self.take_while(|c| c.is_alphanumeric() || c == '_');
        if name.is_empty() {
            return Err(error("a tag without a name"));
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.bump() != Some('"') {
            return Err(error(&format!("tag {name}: the value must be in quotes")));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => match self.bump() {
                    Some(c @ ('"' | '\\')) => value.push(c),
                    _ => return Err(error(&format!("tag {name}: a bad escape"))),
                },
                Some('"') => break,
                Some('\n') | None => {
                    return Err(error(&format!("tag {name}: the value is not closed")))
                }
                Some(c) => value.push(c),
            }
        }
        self.take_while(|c| c == ' ' || c == '\t');
        if self.bump() != Some(']') {
            return Err(error(&format!("tag {name}: ']' is missing")));
        }
        self.game.tags.push((name, value));
        Ok(())
    }

    fn read_comment(&mut self) -> Result<String, String> {
        let line = self.line;
        self.bump();
        let text = self.take_while(|c| c != '}');
        if self.bump() != Some('}') {
            return Err(error_at(line, "a comment is not closed"));
        }
        Ok(text)
    }

    /// A word: up to white space, a comment, or a `)` that closes a
    /// variation. Parentheses that open and close inside the word belong to
    /// it: Wyke's moves are written `2-1-1(b3,b1,d2)`.
    fn read_word(&mut self) -> String {
        let mut word = String::new();
        let mut open = 0usize;
        while let Some(c) = self.peek() {
            if c.is_whitespace() || c == '{' || c == ';' || (c == ')' && open == 0) {
                break;
            }
            match c {
                '(' => open += 1,
                ')' => open -= 1,
                _ => {}
            }
            word.push(c);
            self.bump();
        }
        word
    }

    fn add_comment(&mut self, comment: String) {
        if self.depth > 0 {
            return;
        }
        match self.game.moves.last_mut() {
            Some(last) => last.comments.push(comment),
            None => self.game.leading_comments.push(comment),
        }
    }

    fn add_nag(&mut self, nag: u8) {
        if self.depth > 0 {
            return;
        }
        if let Some(last) = self.game.moves.last_mut() {
            last.nags.push(nag);
        }
    }

    fn add_word(&mut self, word: &str) -> Result<(), String> {
        if self.depth > 0 {
            return Ok(());
        }
        if self.game.is_empty() {
            self.game.line = self.line;
        }
        if word == UNFINISHED {
            self.finish_game();
            return Ok(());
        }
        if let Ok(result) = word.parse::<Outcome>() {
            self.game.result = Some(result);
            self.finish_game();
            return Ok(());
        }
        // A move number, alone (`12.`, `12...`) or before its move (`12.e5`).
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after_digits = &word[digits..];
        let mut text = if digits > 0 && after_digits.starts_with('.') {
            after_digits.trim_start_matches('.')
        } else {
            word
        };
        if text.is_empty() {
            return Ok(());
        }
        let mut nags = Vec::new();
        if let Some(&(suffix, nag)) = SUFFIXES.iter().find(|(s, _)| text.ends_with(s)) {
            text = &text[..text.len() - suffix.len()];
            nags.push(nag);
        }
        if text.is_empty() {
            return Err(self.error(&format!("'{word}' is not a move")));
        }
        self.game.moves.push(PgnMove {
            text: text.to_string(),
            comments: Vec::new(),
            nags,
        });
        Ok(())
    }

    fn finish_game(&mut self) {
        let game = std::mem::take(&mut self.game);
        if !game.is_empty() {
            self.games.push(game);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ludus_rules::Player;

    #[test]
    fn reads_a_match_game() {
        let text = "[Event \"test \\\"x\\\"\"]\n[Game \"alak\"]\n[FEN \"xxxx___oooo o\"]\n\n\
                    1... 4-5 {-0.35/6 0.250s} 2. 8-7 {+M2/5 0.250s} 2... 1-2 {0.250s}\n\
                    {a loses on time} 0-1\n\n[Event \"two\"]\n\n1. 2-2(a1,d4) $6 {c} \
                    1... 4(b2)?? *\n";
        let games = read_pgn(text).unwrap();
        assert_eq!(games.len(), 2);
        let first = &games[0];
        assert_eq!(first.tag("Event"), Some("test \"x\""));
        assert_eq!(first.tag("FEN"), Some("xxxx___oooo o"));
        assert_eq!(first.line, 1);
        let texts: Vec<&str> = first.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["4-5", "8-7", "1-2"]);
        assert_eq!(first.moves[2].comments, ["0.250s", "a loses on time"]);
        assert_eq!(first.result, Some(Outcome::Win(Player::Second)));
        let second = &games[1];
        assert_eq!(second.line, 8);
        assert_eq!(second.moves[0].text, "2-2(a1,d4)");
        assert_eq!(second.moves[0].nags, [6]);
        assert_eq!(second.moves[1].text, "4(b2)");
        assert_eq!(second.moves[1].nags, [4]);
    }

    #[test]
    fn skips_variations_and_line_comments() {
        let text = "% escape line\n1. e5 ; rest of line\n(1. f6 {x} (1. g7)) 1... d4 \
                    (1... 2-2(a1,d4)) 2. 12.c3 1/2-1/2";
        let games = read_pgn(text).unwrap();
        let texts: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["e5", "d4", "c3"]);
        assert_eq!(games[0].moves[0].comments, ["rest of line"]);
    }

    #[test]
    fn errors_name_the_line() {
        for (text, line) in [
            ("[Event \"x]\n", 1),
            ("\n1. e5 {open", 2),
            ("1. e5 )", 1),
            ("1. e5 (1... d4", 1),
            ("[Event x]", 1),
            ("1. e5 $x", 1),
        ] {
            let error = read_pgn(text).unwrap_err();
            assert!(
                error.starts_with(&format!("PGN line {line}:")),
                "{text}: {error}"
            );
        }
        assert_eq!(read_pgn("  \n").unwrap(), Vec::new());
    }
}
