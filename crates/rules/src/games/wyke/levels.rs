//! The measured strength of Wyke's playing levels (`Tooling::LEVEL_ELO`).
//!
//! Measured on the level ladders (bench/notes/ladders.md, "Strength on an
//! absolute scale"; the games are in bench/ladders/wyke and wyke6): `python -m
//! ludus.ladder fit DIR --calibration st:0.1` keeps the levels rated above
//! every weaker one, and the last level of a flat stretch (rated at or below
//! a weaker one) at the Elo of the level it plays as.

/// (`Skill Level`, Elo) of the 4×4 board.
pub(super) const WYKE: &[(i8, i32)] = &[
    (-20, 0),
    (-18, 147),
    (-16, 251),
    (-14, 358),
    (-12, 452),
    (-10, 545),
    (-8, 647),
    (-6, 745),
    (-4, 846),
    (-2, 972),
    (0, 1107),
    (2, 1442),
    (4, 1596),
    (6, 1815),
    (8, 1991),
    (10, 2063),
    (12, 2166),
    (14, 2236),
    (16, 2260),
    (18, 2273),
    (20, 2399),
];

/// (`Skill Level`, Elo) of the 6×6 board.
pub(super) const WYKE6: &[(i8, i32)] = &[
    (-20, 0),
    (-18, 206),
    (-16, 364),
    (-14, 506),
    (-12, 616),
    (-10, 703),
    (-8, 837),
    (-6, 973),
    (-4, 1075),
    (-2, 1197),
    (0, 1343),
    (2, 1510),
    (4, 1610),
    (6, 1724),
    (8, 1824),
    (10, 1869),
    (12, 1939),
    (14, 1939),
    (16, 1963),
    (18, 1963),
    (19, 2060),
    (20, 2201),
];
