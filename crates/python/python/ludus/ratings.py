"""Ratings from games, by maximum likelihood: the Bradley–Terry model
(as Ordo and BayesElo fit it), anchored so that one player (the random
mover) is 0 Elo.

Each game counts a win as 1, a draw as ½ to each side. The fit is a
logistic regression (statsmodels' binomial GLM) with one column a player
but the anchor: `P(a beats b) = 1 / (1 + 10^((R_b − R_a) / 400))`. Its
covariance gives each rating's standard error against the anchor. One
virtual draw is added to every pair of players that met (BayesElo's prior):
without it a pair that one side won every game of would have no finite
maximum.
"""

import gzip
import json
import math
import pathlib
import warnings
from dataclasses import dataclass, field

import numpy as np

#: Elo points per unit of natural log-odds.
ELO_PER_LOGIT = 400 / math.log(10)
#: Virtual draws added to every pair that met.
PRIOR_DRAWS = 1
#: The two-sided 95 % normal quantile, for the error bars.
Z95 = 1.959964


def share(won, drawn, lost):
    """The share of the points of a side that `won`, `drawn` and `lost` so
    many, a draw counting half; 0.5 when there were none."""
    total = won + drawn + lost
    return (won + drawn / 2) / total if total else 0.5


@dataclass
class PairScore:
    """The games between two players, from `first`'s side."""

    first: str
    second: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    #: Plies of each game `first` won, and of each game `second` won.
    win_plies: list = field(default_factory=list)
    loss_plies: list = field(default_factory=list)

    @property
    def games(self):
        return self.wins + self.losses + self.draws

    @property
    def score(self):
        """`first`'s share of the points, 0 to 1."""
        return share(self.wins, self.draws, self.losses)


@dataclass
class Rating:
    """A player's fitted rating and its 95 % error."""

    name: str
    elo: float
    error: float
    games: int


def records(paths):
    """Every record of every results file (`ludus match --results`) under
    `paths` (files or folders), each as `(file, record)`, files in name
    order. A file may be gzip-compressed (`.jsonl.gz`), as large kept
    ladders are."""
    for path in map(pathlib.Path, paths):
        files = sorted([*path.glob("*.jsonl"), *path.glob("*.jsonl.gz")]) if path.is_dir() else [path]
        if not files:
            raise ValueError(f"{path}: no results files (*.jsonl, *.jsonl.gz)")
        for file in files:
            text = (gzip.decompress(file.read_bytes()).decode() if file.suffix == ".gz"
                    else file.read_text())
            for number, line in enumerate(text.splitlines(), 1):
                try:
                    yield file, json.loads(line)
                except json.JSONDecodeError as error:
                    raise ValueError(f"{file}:{number}: not JSON ({error})") from None


def read_games(paths):
    """The counted games of every results file under `paths` (see
    `records`): `(white, black, result, plies)`."""
    return [(record["white"], record["black"], record["result"], record["plies"])
            for _, record in records(paths)
            if record.get("record") == "game" and record.get("counted", True)]


def pair_scores(games):
    """The games grouped by pair of players, in the order pairs first met."""
    pairs = {}
    for white, black, result, plies in games:
        if result not in ("1-0", "0-1", "1/2-1/2"):
            raise ValueError(f"unknown result '{result}' ({white} v {black})")
        key = tuple(sorted((white, black)))
        pair = pairs.setdefault(key, PairScore(*key))
        if result == "1/2-1/2":
            pair.draws += 1
            continue
        winner = white if result == "1-0" else black
        if winner == pair.first:
            pair.wins += 1
            pair.win_plies.append(plies)
        else:
            pair.losses += 1
            pair.loss_plies.append(plies)
    return list(pairs.values())


@dataclass
class RulePairs:
    """The pairs of `--repeat` games (one opening, each side once) between
    two players, scored as the game's rules score pairs (Double Wyx: the
    fewer tokens left over both games wins), from `first`'s side."""

    first: str
    second: str
    won: int = 0
    lost: int = 0
    drawn: int = 0
    #: Each player's count (tokens left) over the pairs that have one.
    counts: list = field(default_factory=lambda: [0, 0])
    #: Pairs scored by their points instead: a game in them did not end by
    #: the rules (a time loss, an adjudication), so it has no count.
    by_points: int = 0

    @property
    def pairs(self):
        return self.won + self.lost + self.drawn

    @property
    def score(self):
        """`first`'s share of the pairs, a drawn pair counting half."""
        return share(self.won, self.drawn, self.lost)


def rule_pairs(paths):
    """The pairs of the results files under `paths` whose game scores pairs
    by a count (the runner writes their `pair` lines with `counts`), grouped
    by players in the order they first met; `[]` for other games. Pairs
    with a game that did not count (played after an SPRT decided) are left
    out."""
    grouped, names, counted = {}, {}, {}
    listed = list(records(paths))
    for file, record in listed:
        if record.get("record") == "settings":
            names[file] = [engine["name"] for engine in record["engines"]]
        elif record.get("record") == "game" and record.get("counted", True):
            counted.setdefault(file, set()).add(record["game"])
    if not any(r.get("record") == "pair" and "counts" in r for _, r in listed):
        return []
    for file, record in listed:
        if record.get("record") != "pair" or not set(record["games"]) <= counted.get(file, set()):
            continue
        if file not in names:
            raise ValueError(f"{file}: a pair line before the settings line")
        first, second = names[file]
        key = tuple(sorted((first, second)))
        flip = key[0] != first
        pair = grouped.setdefault(key, RulePairs(*key))
        counts = record.get("counts")
        if counts is not None:
            mine, theirs = counts[::-1] if flip else counts
            pair.counts[0] += mine
            pair.counts[1] += theirs
            outcome = (theirs > mine) - (mine > theirs)
        else:
            pair.by_points += 1
            points = sum(record["points"])
            outcome = (points > 1) - (points < 1)
            outcome = -outcome if flip else outcome
        if outcome > 0:
            pair.won += 1
        elif outcome < 0:
            pair.lost += 1
        else:
            pair.drawn += 1
    return list(grouped.values())


def rule_pairs_table(pairs):
    """The pairs the rules score, as Markdown."""
    lines = ["| players | pairs W-L-D | score | left over the pairs (each side) | by points |",
             "|---|---:|---:|---:|---:|"]
    lines += [f"| {p.first} v {p.second} | {p.won}-{p.lost}-{p.drawn} | {100 * p.score:.1f} % "
              f"| {p.counts[0]} v {p.counts[1]} | {p.by_points} |" for p in pairs]
    return "\n".join(lines) + "\n"


def fit(pairs, anchor):
    """Ratings of every player in `pairs`, `anchor` at 0, strongest first."""
    import statsmodels.api as sm
    from statsmodels.tools.sm_exceptions import PerfectSeparationWarning

    players = sorted({p.first for p in pairs} | {p.second for p in pairs})
    if anchor not in players:
        raise ValueError(f"the anchor '{anchor}' played no game (players: {', '.join(players)})")
    free = [p for p in players if p != anchor]
    column = {name: i for i, name in enumerate(free)}
    design = np.zeros((len(pairs), len(free)))
    points = np.zeros((len(pairs), 2))
    for row, pair in enumerate(pairs):
        for name, sign in ((pair.first, 1.0), (pair.second, -1.0)):
            if name in column:
                design[row, column[name]] = sign
        half = (pair.draws + PRIOR_DRAWS) / 2
        points[row] = (pair.wins + half, pair.losses + half)
    games = {name: 0 for name in players}
    for pair in pairs:
        games[pair.first] += pair.games
        games[pair.second] += pair.games
    ratings = [Rating(anchor, 0.0, 0.0, games[anchor])]
    if free:
        with warnings.catch_warnings():
            # A ladder of adjacent pairs only has one parameter a pair: the
            # fit reproduces every pair's score exactly, which statsmodels
            # reports as separation; the estimates and errors are sound.
            warnings.simplefilter("ignore", PerfectSeparationWarning)
            warnings.simplefilter("ignore", RuntimeWarning)
            result = sm.GLM(points, design, family=sm.families.Binomial()).fit()
        for name in free:
            i = column[name]
            ratings.append(Rating(name, result.params[i] * ELO_PER_LOGIT,
                                  Z95 * result.bse[i] * ELO_PER_LOGIT, games[name]))
    return sorted(ratings, key=lambda r: -r.elo)


#: The engine's weakest level, which plays every move at random: the
#: random mover's level (`RANDOM_LEVEL` in the rules crate).
RANDOM_LEVEL = -20


def calibration(ratings, full, random_mover="random"):
    """The levels' calibration (`Tooling::LEVEL_ELO`) from fitted ratings:
    `(kept, left_out)`, each a list of `(level, Elo)` rising by level.
    The players `level:L` are levels L, the player `random_mover` is
    level `RANDOM_LEVEL` (which plays as it does), the player `full`
    (ludus at full strength, e.g. `st:0.1`) is level 20. The kept Elo
    never fall as the level rises: a level rated at or below a weaker one
    plays as that one, so its own rating is left out, and the last level of
    such a flat stretch is kept at that one's Elo, so that a rating above
    the stretch asks for a level above it. A level rated at or above full
    strength is left out."""
    levels, top = [], None
    for rating in ratings:
        kind, _, value = rating.name.partition(":")
        if rating.name == full:
            top = (20, round(rating.elo))
        elif rating.name == random_mover:
            levels.append((RANDOM_LEVEL, round(rating.elo)))
        elif kind == "level" and int(value) < 20:
            levels.append((int(value), round(rating.elo)))
    if top is None:
        raise ValueError(f"no full-strength player '{full}' among the ratings")
    kept, left_out, flat_end = [], [], None
    for level, elo in sorted(levels) + [top]:
        if kept and elo <= kept[-1][1]:
            left_out.append((level, elo))
            flat_end = level
            continue
        if flat_end is not None:
            kept.append((flat_end, kept[-1][1]))
            flat_end = None
        (kept if (level, elo) == top or elo < top[1] else left_out).append((level, elo))
    return kept, left_out


def calibration_text(kept, left_out):
    """The calibration as a line of `level: Elo` pairs, the levels whose
    own ratings it leaves out after it."""
    listed = lambda levels: ", ".join(f"{level}: {elo}" for level, elo in levels)  # noqa: E731
    text = f"Calibration kept: {listed(kept)}"
    if left_out:
        text += ("; own ratings left out (at or below a weaker level's, the last of such a "
                 f"stretch kept at that level's Elo; or at or above full strength): "
                 f"{listed(left_out)}")
    return text + "\n"


def table(ratings, pairs):
    """The ratings and the pairs as Markdown."""
    lines = ["| player | Elo | ± (95 %) | games |", "|---|---:|---:|---:|"]
    lines += [f"| {r.name} | {r.elo:+.0f} | {r.error:.0f} | {r.games} |" for r in ratings]
    lines += ["", "| pair | W-L-D | score | plies to win (mean, each side) | note |",
              "|---|---:|---:|---:|---|"]
    for p in pairs:
        plies = "/".join(f"{np.mean(x):.0f}" if x else "–" for x in (p.win_plies, p.loss_plies))
        note = "" if 0.1 <= p.score <= 0.9 else "outside 10–90 %: add a rung between"
        lines.append(f"| {p.first} v {p.second} | {p.wins}-{p.losses}-{p.draws} "
                     f"| {100 * p.score:.1f} % | {plies} | {note} |")
    return "\n".join(lines) + "\n"


def chart(ratings, path, title):
    """A picture of the ladder: each player's rating with its error bar."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ordered = ratings[::-1]
    figure, axes = plt.subplots(figsize=(7, 0.4 * len(ordered) + 1.2))
    axes.errorbar([r.elo for r in ordered], range(len(ordered)),
                  xerr=[r.error for r in ordered], fmt="o", capsize=3)
    axes.set_yticks(range(len(ordered)), [r.name for r in ordered])
    axes.set_xlabel("Elo (random mover = 0), 95 % error bars")
    axes.set_title(title)
    axes.grid(axis="x", alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
