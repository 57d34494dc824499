#!/usr/bin/env python3
"""What each player's moves gave away, judged by a deeper search.

Usage: bench/move_loss.py GAMES.pgn [--ludus BIN] [--nodes N] [--jobs J]
                          [--first G] [--json FILE]

Runs `ludus analyse --json` over the games (PGN as `ludus match` writes
it; J analyses at once, each on a share of the games) and prints, per
player, the expected score its moves lost on average by stretch of plies,
and over a whole game: the analysis's loss of each move (its expected
score before the move less the one after it, never below 0), except that
a move the analysis finds best loses nothing.

It also prints, per player X, what a perfect player in X's opponent's
seat would score against X's moves: per game, the seat's expected score
at the start plus everything X's moves lost, capped at 1, averaged over
the games. It is an estimate (the analysis is not exact, and X would meet
other positions), and an upward one: the analysis's own errors count as
X's losses where they mark a move of X's.

--first G takes only the first G games (a deeper analysis of a sample).
--json FILE keeps the analysis (JSON lines; gzip-compressed if FILE ends
in .gz) and reads it back instead of analysing again when FILE exists.
"""

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile

STRETCH = 16


def opened(path, mode):
    """A text file, through gzip if its name ends in .gz."""
    return gzip.open(path, mode + "t") if path.endswith(".gz") else open(path, mode)


def split_games(text):
    """The PGN's games as texts, in order."""
    return ["[Event " + game for game in text.split("[Event ")[1:]]


def tag(game, name):
    """A header tag's value."""
    start = game.index(f'[{name} "') + len(name) + 3
    return game[start : game.index('"]', start)]


def analyse(games, ludus, nodes, jobs):
    """`ludus analyse --json` over the games, J processes at once; each
    record's `game` renumbered to the game's index in `games`."""
    shares = [list(range(j, len(games), jobs)) for j in range(min(jobs, len(games)))]
    with tempfile.TemporaryDirectory() as work:
        runs = []
        for j, share in enumerate(shares):
            path = os.path.join(work, f"{j}.pgn")
            with open(path, "w") as out:
                out.write("".join(games[i] for i in share))
            command = [ludus, "analyse", path, "--nodes", str(nodes), "--json"]
            # Each into a file: a pipe read after another's would fill and stall.
            output = open(os.path.join(work, f"{j}.json"), "w+")
            runs.append((subprocess.Popen(command, stdout=output, text=True), output))
        records = []
        for share, (run, output) in zip(shares, runs):
            if run.wait() != 0:
                sys.exit(f"ludus analyse failed ({run.returncode})")
            output.seek(0)
            for line in output:
                record = json.loads(line)
                record["game"] = share[record["game"] - 1]
                records.append(record)
            output.close()
    return records


def loss(record):
    """What the played move lost, in expected score: the analysis's own
    figure, but nothing for the move it found best (a second search of that
    move differs from the first only by its noise)."""
    return 0.0 if record["played"] == record["best"] else record["loss"]


def records_of(args, games):
    """The analysis's position records: read back from --json, or made."""
    if args.json and os.path.exists(args.json):
        with opened(args.json, "r") as lines:
            records = [json.loads(line) for line in lines if line.strip()]
    else:
        records = analyse(games, args.ludus, args.nodes, args.jobs)
        if args.json:
            with opened(args.json, "w") as out:
                out.writelines(json.dumps(r) + "\n" for r in records)
    # Not the per-game summaries; with --first, not the games past it.
    return [r for r in records if "ply" in r and r["game"] < len(games)]


class Game:
    """One game's players, result and what the analysis says of it."""

    def __init__(self, text):
        self.white, self.black = tag(text, "White"), tag(text, "Black")
        self.white_score = {"1-0": 1.0, "0-1": 0.0}.get(tag(text, "Result"), 0.5)
        self.start = None  # White's expected score at the start
        self.lost = {self.white: 0.0, self.black: 0.0}

    def seat(self, player, expected):
        """An expected score or result of White's, for `player`'s seat."""
        return expected if player == self.white else 1.0 - expected

    def opponent(self, player):
        """The other player of the game."""
        return self.black if player == self.white else self.white


def report(player, games, losses):
    """Prints one player's losses and what they are worth to an opponent."""
    cells = ", ".join(
        f"plies {s * STRETCH + 1}-{(s + 1) * STRETCH}: {sum(v) / len(v):.3f} ({len(v)})"
        for s, v in sorted(losses.items())
    )
    print(f"{player}: loss a move {cells}")
    own = [g for g in games if player in g.lost]
    mean = sum(g.lost[player] for g in own) / len(own)
    perfect = [min(1.0, g.seat(g.opponent(player), g.start) + g.lost[player]) for g in own]
    print(
        f"  loss a game {mean:.3f} over {len(own)} games; a perfect opponent "
        f"would score about {sum(perfect) / len(perfect):.3f} against it"
    )
    # The accounting: start plus the opponent's losses less its own, against
    # what it scored; the difference is the analysis's drift along its own lines.
    foreseen = [
        g.seat(player, g.start) + g.lost[g.opponent(player)] - g.lost[player] for g in own
    ]
    scored = [g.seat(player, g.white_score) for g in own]
    print(
        f"  start and losses foresee {sum(foreseen) / len(own):.3f} a game "
        f"for it; it scored {sum(scored) / len(own):.3f}"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--ludus", default="target/release/ludus")
    parser.add_argument("--nodes", type=int, default=500_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first", type=int)
    parser.add_argument("--json")
    args = parser.parse_args()
    with opened(args.pgn, "r") as text:
        texts = split_games(text.read())[: args.first]
    records = records_of(args, texts)
    games = [Game(text) for text in texts]
    losses = {}
    for r in records:
        game = games[r["game"]]
        mover = game.white if r["mover"] == "first" else game.black
        if r["ply"] == 1:
            game.start = r["expected_before"]
        game.lost[mover] += loss(r)
        stretch = (r["ply"] - 1) // STRETCH
        losses.setdefault(mover, {}).setdefault(stretch, []).append(loss(r))
    print(f"{len(games)} games, {len(records)} positions analysed")
    for player in sorted(losses):
        report(player, games, losses[player])


if __name__ == "__main__":
    main()
