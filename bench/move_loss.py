#!/usr/bin/env python3
"""What each player's moves gave away, judged by a deeper search.

Usage: bench/move_loss.py GAMES.pgn [--ludus BIN] [--nodes N] [--jobs J]
                          [--json FILE]

Runs `ludus analyse --json` over the games (PGN as `ludus match` writes
it; J analyses at once, each on a share of the games) and prints, per
player, the expected score its moves lost on average by stretch of plies,
and over a whole game. A move the analysis finds best loses nothing; any
other loses its expected score before the move less the one after it
(never below 0).

It also prints, per player X, what a perfect player in X's opponent's
seat would score against X's moves: per game, the seat's expected score
at the start plus everything X's moves lost, capped at 1, averaged over
the games. It is an estimate (the analysis is not exact, and X would meet
other positions), and an upward one: the analysis's own errors count as
X's losses where they mark a move of X's.

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
    """What the played move lost, in expected score."""
    if record["played"] == record["best"]:
        return 0.0
    return max(0.0, record["expected_before"] - record["expected_after"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--ludus", default="target/release/ludus")
    parser.add_argument("--nodes", type=int, default=500_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json")
    args = parser.parse_args()
    with opened(args.pgn, "r") as text:
        games = split_games(text.read())
    if args.json and os.path.exists(args.json):
        with opened(args.json, "r") as lines:
            records = [json.loads(line) for line in lines if line.strip()]
    else:
        records = analyse(games, args.ludus, args.nodes, args.jobs)
        if args.json:
            with opened(args.json, "w") as out:
                out.writelines(json.dumps(r) + "\n" for r in records)
    seats = [(tag(g, "White"), tag(g, "Black")) for g in games]
    start = {}
    lost = {}
    by_stretch = {}
    records = [r for r in records if "ply" in r]  # not the summaries
    for r in records:
        mover = seats[r["game"]][0 if r["mover"] == "first" else 1]
        if r["ply"] == 1:
            start[r["game"]] = r["expected_before"]
        lost.setdefault((mover, r["game"]), 0.0)
        lost[(mover, r["game"])] += loss(r)
        stretch = (r["ply"] - 1) // STRETCH
        by_stretch.setdefault(mover, {}).setdefault(stretch, []).append(loss(r))
    print(f"{len(games)} games, {len(records)} positions analysed")
    for player in sorted(by_stretch):
        stretches = by_stretch[player]
        cells = ", ".join(
            f"plies {s * STRETCH + 1}-{(s + 1) * STRETCH}: {sum(v) / len(v):.3f} ({len(v)})"
            for s, v in sorted(stretches.items())
        )
        print(f"{player}: loss a move {cells}")
        own = [(g, v) for (p, g), v in lost.items() if p == player]
        ceiling = []
        for game, value in own:
            white = seats[game][0] == player
            seat = 1.0 - start[game] if white else start[game]
            ceiling.append(min(1.0, seat + value))
        mean = sum(v for _, v in own) / len(own)
        print(
            f"  loss a game {mean:.3f} over {len(own)} games; a perfect opponent "
            f"would score about {sum(ceiling) / len(ceiling):.3f} against it"
        )


if __name__ == "__main__":
    main()
