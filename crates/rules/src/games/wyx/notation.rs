//! Wyx position and move notation (rules.md), with strict validation.

use super::rack::{Rack, COLUMNS};
use super::{player_name, square_name, Wyx, WyxMove, DESTINATIONS, OFF_BOARD, TOKENS};
use crate::game::{Game, GameResult, Player};
use crate::text::{counted, slashed};

/// Strongholds on every Wyx board.
const STRONGHOLDS: u32 = 12;

/// Parses `<board> <horsemen> <rack> <hands> <side>`.
pub fn parse_position(fen: &str) -> Result<Wyx, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [board, horsemen, rack, hands, side] = fields[..] else {
        return Err(format!(
            "Wyx position needs 5 fields (board, horsemen, rack, hands, side to move), got {}: '{fen}'",
            fields.len()
        ));
    };
    let mut position = Wyx::default_layout();
    parse_board(board, &mut position)?;
    position.horsemen = parse_horsemen(horsemen)?;
    position.rack = Rack::parse(rack)?;
    position.hands = parse_hands(hands)?;
    position.side = match side {
        "w" => Player::First,
        "b" => Player::Second,
        _ => return Err(format!("bad side to move '{side}': use w or b")),
    };
    validate(&position)?;
    position.hash = position.compute_hash();
    Ok(position)
}

fn parse_board(board: &str, position: &mut Wyx) -> Result<(), String> {
    let ranks = slashed(board, 8, "Wyx board", "ranks")?;
    position.tokens = [0; 2];
    position.forts = [0; 2];
    position.strongholds = 0;
    position.worth3 = 0;
    for (r, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - r as u8;
        let mut chars = rank_text.chars();
        let mut file = 0u8;
        while let Some(c) = chars.next() {
            if file == 8 {
                return Err(format!(
                    "rank {} '{rank_text}' has more than 8 squares",
                    rank + 1
                ));
            }
            let bit = 1u64 << (rank * 8 + file);
            match c {
                '.' => {}
                'w' => position.tokens[0] |= bit,
                'b' => position.tokens[1] |= bit,
                '2' => position.strongholds |= bit,
                '3' => {
                    position.strongholds |= bit;
                    position.worth3 |= bit;
                }
                'W' | 'B' => {
                    let owner = usize::from(c == 'B');
                    match chars.next() {
                        Some('2') => {}
                        Some('3') => position.worth3 |= bit,
                        _ => {
                            return Err(format!(
                                "in rank {} '{rank_text}', '{c}' must be followed by the stronghold's worth 2 or 3",
                                rank + 1
                            ))
                        }
                    }
                    position.strongholds |= bit;
                    position.forts[owner] |= bit;
                }
                _ => {
                    return Err(format!(
                        "bad square '{c}' in rank {} '{rank_text}': use . w b 2 3 W2 W3 B2 B3",
                        rank + 1
                    ))
                }
            }
            file += 1;
        }
        if file != 8 {
            return Err(format!(
                "rank {} '{rank_text}' has {file} squares, not 8",
                rank + 1
            ));
        }
    }
    let count = position.strongholds.count_ones();
    if count != STRONGHOLDS {
        return Err(format!(
            "the board has {count} strongholds; a Wyx board has {STRONGHOLDS}"
        ));
    }
    Ok(())
}

/// Parses a square name `a1`..`h8` (case-insensitive).
pub fn parse_square(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [f, r] => {
            let f = f.to_ascii_lowercase();
            ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(r))
                .then(|| (r - b'1') * 8 + (f - b'a'))
        }
        _ => None,
    }
}

fn parse_horsemen(text: &str) -> Result<[u8; 2], String> {
    let squares = text
        .split_once(',')
        .and_then(|(w, b)| Some([parse_square(w)?, parse_square(b)?]))
        .ok_or_else(|| {
            format!("bad horsemen '{text}': write white's and black's squares, e.g. d4,e5")
        })?;
    if squares[0] == squares[1] {
        return Err(format!(
            "both horsemen stand on {}",
            square_name(squares[0])
        ));
    }
    Ok(squares)
}

fn parse_hands(text: &str) -> Result<[u8; 2], String> {
    // Plain decimal: no sign, no leading zero (`032` is not 32).
    let hand = |s: &str| -> Option<u8> {
        (s.bytes().all(|b| b.is_ascii_digit()) && (s == "0" || !s.starts_with('0')))
            .then(|| s.parse::<u8>().ok())
            .flatten()
            .filter(|&n| n <= TOKENS)
    };
    text.split_once(',')
        .and_then(|(w, b)| Some([hand(w)?, hand(b)?]))
        .ok_or_else(|| {
            format!(
                "bad hands '{text}': write white's and black's tokens in hand, 0-32 \
                 without signs or leading zeros, e.g. 32,32"
            )
        })
}

/// Checks what a legal game can reach.
fn validate(position: &Wyx) -> Result<(), String> {
    for player in [Player::First, Player::Second] {
        let i = player.index();
        let name = player_name(player);
        let sum = position.token_sum(player);
        let short = sum.saturating_sub(u32::from(TOKENS));
        let most_short = if position.forts[i] & position.worth3 != 0 {
            2
        } else if position.forts[i] != 0 {
            1
        } else {
            0
        };
        let short_ok = position.hands[i] == 0 && short >= 1 && short <= most_short;
        if sum != u32::from(TOKENS) && !short_ok {
            return Err(format!(
                "{name}'s single tokens, set strongholds and hand add up to {sum}, not {TOKENS}{}",
                if position.hands[i] == 0 && short > 0 {
                    " (a last stronghold set short explains at most 1 more per stronghold of worth 2 or 2 more per stronghold of worth 3 it set)"
                } else {
                    ""
                }
            ));
        }
        let horseman = position.horsemen[i];
        let bit = 1u64 << horseman;
        let at = square_name(horseman);
        if position.forts[1 - i] & bit != 0 {
            return Err(format!(
                "{name}'s horseman stands on {at}, a stronghold set by the other side"
            ));
        }
        if position.strongholds & bit != 0 && position.forts[i] & bit == 0 {
            return Err(format!(
                "{name}'s horseman stands on the empty stronghold {at}; landing there would have set it"
            ));
        }
        if position.tokens[1 - i] & bit != 0 {
            return Err(format!(
                "{name}'s horseman stands on {at} under an opponent token; its own token would be there"
            ));
        }
    }
    if position.hands[position.side.index()] == 0 {
        return Err(format!(
            "{} is to move with no tokens in hand: the game ended when it placed its last one",
            player_name(position.side)
        ));
    }
    Ok(())
}

/// Writes the position notation.
pub fn write_position(position: &Wyx) -> String {
    let mut ranks = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let mut text = String::new();
        for file in 0..8u8 {
            let sq = rank * 8 + file;
            let bit = 1u64 << sq;
            if position.strongholds & bit != 0 {
                if position.forts[0] & bit != 0 {
                    text.push('W');
                } else if position.forts[1] & bit != 0 {
                    text.push('B');
                }
                text.push(char::from(b'0' + position.worth(sq)));
            } else if position.tokens[0] & bit != 0 {
                text.push('w');
            } else if position.tokens[1] & bit != 0 {
                text.push('b');
            } else {
                text.push('.');
            }
        }
        ranks.push(text);
    }
    format!(
        "{} {},{} {} {},{} {}",
        ranks.join("/"),
        square_name(position.horsemen[0]),
        square_name(position.horsemen[1]),
        position.rack.to_notation(),
        position.hands[0],
        position.hands[1],
        if position.side == Player::First {
            'w'
        } else {
            'b'
        }
    )
}

/// Parses a move: the horseman's destination square, or `pass`.
pub fn parse_move(position: &Wyx, text: &str) -> Result<WyxMove, String> {
    if position.result() != GameResult::Ongoing {
        return Err(format!("illegal move '{text}': the game is over"));
    }
    let me = position.side;
    let name = player_name(me);
    if text.eq_ignore_ascii_case("pass") {
        if position.can_play(me) {
            return Err(format!(
                "illegal move 'pass': {name} has a playable domino and must take one"
            ));
        }
        return Ok(WyxMove::PASS);
    }
    let to = parse_square(text).ok_or_else(|| {
        format!("malformed move '{text}': Wyx moves are the horseman's destination square, e.g. f2, or pass")
    })?;
    let from = position.horsemen[me.index()];
    let domino = (0..COLUMNS)
        .filter_map(|c| position.rack.bottom(c))
        .find(|&d| DESTINATIONS[d as usize][from as usize] == to)
        .ok_or_else(|| {
            format!(
                "illegal move '{text}': no available domino takes {name}'s horseman from {} to {}",
                square_name(from),
                square_name(to)
            )
        })?;
    debug_assert_ne!(to, OFF_BOARD);
    if to == position.horsemen[me.opponent().index()] {
        return Err(format!(
            "illegal move '{text}': the other horseman stands on {}",
            square_name(to)
        ));
    }
    if position.barred() & (1 << to) != 0 {
        return Err(format!(
            "illegal move '{text}': the stronghold {} is set and barred",
            square_name(to)
        ));
    }
    Ok(WyxMove(domino))
}

/// A drawing for a person: the board with horsemen as `H` (white) and `K`
/// (black), then the rack bottom rows, hands and side.
pub fn render(position: &Wyx) -> String {
    let fen = write_position(position);
    let mut lines = Vec::new();
    let board = fen.split(' ').next().unwrap_or_default();
    for (r, rank) in board.split('/').enumerate() {
        let rank_no = 8 - r as u8;
        let mut cells = Vec::new();
        let mut chars = rank.chars().peekable();
        let mut file = 0u8;
        while let Some(c) = chars.next() {
            let mut cell = c.to_string();
            if matches!(c, 'W' | 'B') {
                if let Some(w) = chars.next() {
                    cell.push(w);
                }
            }
            let sq = (rank_no - 1) * 8 + file;
            if sq == position.horsemen[0] {
                cell.push('H');
            } else if sq == position.horsemen[1] {
                cell.push('K');
            }
            cells.push(format!("{cell:>4}"));
            file += 1;
        }
        lines.push(format!("{rank_no} {}", cells.concat()));
    }
    lines.push("     a   b   c   d   e   f   g   h   (H white horseman, K black)".to_string());
    let bottoms: Vec<String> = (0..COLUMNS)
        .map(|c| {
            position
                .rack
                .bottom(c)
                .map_or("-".to_string(), super::rack::format_domino)
        })
        .collect();
    lines.push(format!(
        "available: {}  ({} left)",
        bottoms.join(" "),
        counted(position.rack.count() as u64, "domino", "dominoes")
    ));
    lines.push(format!(
        "in hand: white {}, black {}; {} to move",
        position.hands[0],
        position.hands[1],
        player_name(position.side)
    ));
    lines.join("\n")
}
