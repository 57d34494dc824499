//! Position and move notation (rules.md), with strict validation, and the
//! drawing for people.

use super::{PylyxGame, PylyxMove};
use crate::game::{Game, GameResult, Player};
use crate::text::{counted, slashed};

/// "White" or "Black".
pub(super) fn player_name(player: Player) -> &'static str {
    match player {
        Player::First => "White",
        Player::Second => "Black",
    }
}

fn file_letter(file: usize) -> char {
    char::from(b'a' + (file - 1) as u8)
}

/// A cell's name, e.g. `e5`.
pub(super) fn cell_name<const N: usize>(sq: usize) -> String {
    let (file, rank) = PylyxGame::<N>::coords(sq);
    format!("{}{rank}", file_letter(file))
}

/// Parses a cell name (`a`–`l` then `1`–`12`, case-insensitive), or says
/// why it is not one.
pub(super) fn parse_cell<const N: usize>(text: &str) -> Result<usize, String> {
    let last_file = file_letter(N);
    let malformed = || format!("'{text}' is not a cell: use a file a-{last_file} and a rank 1-{N}");
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(malformed)?.to_ascii_lowercase();
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
        return Err(malformed());
    }
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
        return Err(malformed());
    }
    let file = usize::from(letter as u8 - b'a') + 1;
    let rank: usize = digits.parse().map_err(|_| malformed())?;
    if file > N || rank > N {
        return Err(malformed());
    }
    if PylyxGame::<N>::is_corner(file, rank) {
        return Err(format!("{text} is a missing corner of the board"));
    }
    Ok(PylyxGame::<N>::square(file, rank))
}

/// The notation letter of a stack.
fn stack_letter(player: Player, height: u8) -> char {
    let base = match player {
        Player::First => b'A',
        Player::Second => b'a',
    };
    char::from(base + height - 1)
}

/// Writes the position notation.
pub(super) fn write_position<const N: usize>(position: &PylyxGame<N>) -> String {
    let mut ranks = Vec::with_capacity(N);
    for rank in (1..=N).rev() {
        let mut text = String::new();
        let mut run = 0;
        for file in 1..=N {
            let sq = PylyxGame::<N>::square(file, rank);
            let piece = [Player::First, Player::Second]
                .into_iter()
                .find_map(|p| Some((p, position.height_of(sq, p))).filter(|&(_, h)| h > 0));
            match piece {
                None => run += 1,
                Some((player, height)) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(stack_letter(player, height));
                }
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    let side = match position.side {
        Player::First => 'w',
        Player::Second => 'b',
    };
    let mut fen = format!(
        "{} {side} {} {}",
        ranks.join("/"),
        position.hands[0],
        position.hands[1]
    );
    if position.passes > 0 {
        fen.push_str(&format!(" {}", position.passes));
    }
    fen
}

/// Parses one rank of the board into `position`.
fn parse_rank<const N: usize>(
    position: &mut PylyxGame<N>,
    rank: usize,
    text: &str,
) -> Result<(), String> {
    let last_file = file_letter(N);
    let mut file = 0; // cells of this rank read so far
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            let mut run = String::from(c);
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                run.push(d);
                chars.next();
            }
            let count: usize = run
                .parse()
                .ok()
                .filter(|&n| n > 0 && !run.starts_with('0'))
                .ok_or_else(|| format!("bad run of empty cells '{run}' in rank {rank}"))?;
            file += count;
            if file > N {
                return Err(format!("rank {rank} '{text}' has more than {N} cells"));
            }
            continue;
        }
        let (player, height) = match c {
            'A'..='J' => (Player::First, c as u8 - b'A' + 1),
            'a'..='j' => (Player::Second, c as u8 - b'a' + 1),
            _ => {
                return Err(format!(
                    "bad character '{c}' in rank {rank} '{text}': use digits for empty cells, \
                     A-J for white stacks, a-j for black ones"
                ))
            }
        };
        file += 1;
        if file > N {
            return Err(format!("rank {rank} '{text}' has more than {N} cells"));
        }
        let name = format!("{}{rank}", file_letter(file));
        if PylyxGame::<N>::is_corner(file, rank) {
            return Err(format!("a piece on {name}, a missing corner of the board"));
        }
        if height > PylyxGame::<N>::CHECKERS {
            return Err(format!(
                "stack '{c}' on {name} has {height} checkers; each side has only {}",
                PylyxGame::<N>::CHECKERS
            ));
        }
        let sq = PylyxGame::<N>::square(file, rank);
        position.set_height(sq, player, 0, height);
    }
    if file != N {
        return Err(format!(
            "rank {rank} '{text}' has {file} cells, needs {N} (files a-{last_file}, corners included)"
        ));
    }
    Ok(())
}

fn parse_count(text: &str, what: &str, most: u8) -> Result<u8, String> {
    text.parse::<u8>()
        .ok()
        .filter(|&n| n <= most && !text.starts_with('+') && (text == "0" || !text.starts_with('0')))
        .ok_or_else(|| format!("bad {what} '{text}': use a number 0-{most}"))
}

/// Parses and validates the position notation.
pub(super) fn parse_position<const N: usize>(fen: &str) -> Result<PylyxGame<N>, String> {
    let checkers = PylyxGame::<N>::CHECKERS;
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=5).contains(&fields.len()) {
        return Err(format!(
            "a Pylyx position has 4 fields (board, side to move, White's and Black's checkers \
             in hand) and an optional fifth (passes in a row), got {}: '{fen}'",
            fields.len()
        ));
    }
    let mut position = PylyxGame::<N>::empty_board();
    let ranks = slashed(fields[0], N, "board", "ranks")?;
    for (text, rank) in ranks.iter().zip((1..=N).rev()) {
        parse_rank(&mut position, rank, text)?;
    }
    position.side = match fields[1] {
        "w" => Player::First,
        "b" => Player::Second,
        other => return Err(format!("bad side to move '{other}': use w or b")),
    };
    position.hands = [
        parse_count(fields[2], "White's checkers in hand", checkers)?,
        parse_count(fields[3], "Black's checkers in hand", checkers)?,
    ];
    if let Some(&passes) = fields.get(4) {
        // Written only after a pass, so `0` is not a form of this field.
        position.passes = match passes {
            "1" => 1,
            "2" => 2,
            other => {
                return Err(format!(
                    "bad passes-in-a-row field '{other}': use 1 or 2 (omit it for none)"
                ))
            }
        };
    }
    validate(&mut position)?;
    position.hash = position.compute_hash();
    Ok(position)
}

/// The checks on a whole position: checker totals, who can have moved, and
/// finished games.
fn validate<const N: usize>(position: &mut PylyxGame<N>) -> Result<(), String> {
    let checkers = PylyxGame::<N>::CHECKERS;
    for player in [Player::First, Player::Second] {
        let on_board = position.checkers_on_board(player);
        let in_hand = u32::from(position.hands[player.index()]);
        if on_board + in_hand != u32::from(checkers) {
            return Err(format!(
                "{} has {} on the board and {in_hand} in hand, {} in all; \
                 each side has exactly {checkers} (checkers never leave the game)",
                player_name(player),
                counted(on_board, "checker", "checkers"),
                on_board + in_hand
            ));
        }
    }
    let full = [position.hands[0] == checkers, position.hands[1] == checkers];
    match position.side {
        Player::Second if full[0] => {
            return Err(
                "Black to move but White has placed nothing: White's first move is always a placement"
                    .to_string(),
            )
        }
        Player::First if full[0] != full[1] => {
            return Err(format!(
                "White to move with {} in hand and Black with {}: after equally many \
                 moves each, either both or neither have placed (a first move is always a placement)",
                counted(position.hands[0], "checker", "checkers"),
                position.hands[1]
            ))
        }
        _ => {}
    }
    let mover = position.side.opponent();
    for player in [Player::First, Player::Second] {
        let full_stack =
            PylyxGame::<N>::board_cells().any(|sq| position.height_of(sq, player) == checkers);
        if full_stack && player == position.side {
            return Err(format!(
                "{} has a stack of {checkers} yet is to move: the game ended when it was made",
                player_name(player)
            ));
        }
        if full_stack {
            position.won = true;
        }
    }
    if position.won && position.passes > 0 {
        return Err(format!(
            "{} won with a stack of {checkers}; no pass can follow",
            player_name(mover)
        ));
    }
    if position.passes >= 1 && position.has_any_move(mover) {
        return Err(format!(
            "{} is said to have passed but has a legal move here",
            player_name(mover)
        ));
    }
    if position.passes == 2 && position.has_any_move(position.side) {
        return Err(format!(
            "two passes in a row are claimed but {} has a legal move here",
            player_name(position.side)
        ));
    }
    Ok(())
}

/// Parses a move of the position: `e5`, `e5-h8`, `e5-h8/2` or `pass`.
pub(super) fn parse_move<const N: usize>(
    position: &PylyxGame<N>,
    text: &str,
) -> Result<PylyxMove, String> {
    if position.result() != GameResult::Ongoing {
        return Err(format!("illegal move '{text}': the game is over"));
    }
    let mover = player_name(position.side);
    let mv = if text.eq_ignore_ascii_case("pass") {
        PylyxMove::Pass
    } else if let Some((from, rest)) = text.split_once('-') {
        let (to, count) = match rest.split_once('/') {
            Some((to, count)) => (to, Some(count)),
            None => (rest, None),
        };
        let from = parse_cell::<N>(from).map_err(|e| format!("bad move '{text}': {e}"))?;
        let to = parse_cell::<N>(to).map_err(|e| format!("bad move '{text}': {e}"))?;
        let height = position.height_of(from, position.side);
        if height == 0 {
            return Err(format!(
                "illegal move '{text}': {mover} has no piece on {}",
                cell_name::<N>(from)
            ));
        }
        let count = match count {
            None if height > 3 => {
                return Err(format!(
                    "illegal move '{text}': a stack of {height} cannot move whole; \
                     lift its top 1-3 checkers, e.g. {}-{}/3",
                    cell_name::<N>(from),
                    cell_name::<N>(to)
                ))
            }
            None => height,
            Some(count) => match count.parse::<u8>() {
                Ok(k) if (1..=3).contains(&k) && k <= height && count.len() == 1 => k,
                _ => {
                    return Err(format!(
                        "illegal move '{text}': the stack on {} has {}; '/{count}' must lift 1-{}",
                        cell_name::<N>(from),
                        counted(height, "checker", "checkers"),
                        height.min(3)
                    ))
                }
            },
        };
        PylyxMove::Move {
            from: from as u8,
            to: to as u8,
            count,
        }
    } else {
        let to = parse_cell::<N>(text).map_err(|e| {
            format!("bad move '{text}': {e} (moves are e5, e5-h8, e5-h8/2 or pass)")
        })?;
        PylyxMove::Place(to as u8)
    };
    if position.is_legal_move(mv) {
        Ok(mv)
    } else {
        Err(format!(
            "illegal move '{text}': {}",
            why_illegal(position, mv)
        ))
    }
}

/// Why a well-formed move is not legal here.
fn why_illegal<const N: usize>(position: &PylyxGame<N>, mv: PylyxMove) -> String {
    let mover = player_name(position.side);
    let places = position.can_place();
    match mv {
        PylyxMove::Pass => format!("{mover} has a legal move, so it may not pass"),
        PylyxMove::Place(_) if position.hands[position.side.index()] == 0 => {
            format!("{mover} has no checkers in hand")
        }
        PylyxMove::Place(to) => {
            let name = cell_name::<N>(usize::from(to));
            if !PylyxGame::<N>::in_placement_area(usize::from(to)) {
                format!(
                    "{name} is outside the placement area (the central {0}x{0})",
                    N - 2
                )
            } else if position.cells[usize::from(to)] != 0 {
                format!("{name} is occupied")
            } else {
                format!("{mover} already has a checker in the rank or file of {name}")
            }
        }
        PylyxMove::Move { .. } if places => {
            format!("{mover} can place a checker, and placing is compulsory")
        }
        PylyxMove::Move { from, to, count } => {
            let (from, to) = (usize::from(from), usize::from(to));
            let line = match count {
                1 => "a single moves diagonally",
                2 => "a double moves orthogonally",
                _ => "a triple moves along a free line",
            };
            if position.cells[to] != 0 && position.height_of(to, position.side) == 0 {
                format!("{} holds an opponent piece", cell_name::<N>(to))
            } else {
                format!(
                    "{line}, and {} to {} is not such a free line",
                    cell_name::<N>(from),
                    cell_name::<N>(to)
                )
            }
        }
    }
}

/// Writes a legal move.
pub(super) fn write_move<const N: usize>(position: &PylyxGame<N>, mv: PylyxMove) -> String {
    match mv {
        PylyxMove::Pass => "pass".to_string(),
        PylyxMove::Place(to) => cell_name::<N>(usize::from(to)),
        PylyxMove::Move { from, to, count } => {
            let (from, to) = (usize::from(from), usize::from(to));
            let whole = position.height_of(from, position.side) == count;
            let mut text = format!("{}-{}", cell_name::<N>(from), cell_name::<N>(to));
            if !whole {
                text.push_str(&format!("/{count}"));
            }
            text
        }
    }
}

/// The board for people: ranks top down, `.` empty, ` ` missing corners.
pub(super) fn render<const N: usize>(position: &PylyxGame<N>) -> String {
    let mut lines = Vec::new();
    for rank in (1..=N).rev() {
        let mut line = format!("{rank:>3} ");
        for file in 1..=N {
            let sq = PylyxGame::<N>::square(file, rank);
            let c = if PylyxGame::<N>::is_corner(file, rank) {
                ' '
            } else {
                [Player::First, Player::Second]
                    .into_iter()
                    .find_map(|p| {
                        let h = position.height_of(sq, p);
                        (h > 0).then(|| stack_letter(p, h))
                    })
                    .unwrap_or('.')
            };
            line.push(' ');
            line.push(c);
        }
        lines.push(line);
    }
    let files: String = (1..=N).map(|f| format!(" {}", file_letter(f))).collect();
    lines.push(format!("    {files}"));
    lines.push(format!(
        "in hand: White {}, Black {}; {} to move{}",
        position.hands[0],
        position.hands[1],
        player_name(position.side),
        if position.passes > 0 {
            format!("; passes in a row: {}", position.passes)
        } else {
            String::new()
        }
    ));
    lines.join("\n")
}
