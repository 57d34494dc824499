#!/usr/bin/env python3
"""How quickly an engine converts its wins: plies per won game.

Usage: bench/plies_to_win.py RESULTS.jsonl [...] [--over N]

Reads the results files `ludus match --results` writes (plain or .gz) and
prints, for the first engine of each file, its wins out of the games and
the plies of those wins: median, how many took more than N (150 unless
given) and the longest.
"""

import argparse
import gzip
import json
import statistics


def records(path):
    """The file's records, one dict a line."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def won_by(game, name):
    """Whether the engine `name` won this game record."""
    return (game["result"] == "1-0" and game["white"] == name) or (
        game["result"] == "0-1" and game["black"] == name
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="+")
    parser.add_argument("--over", type=int, default=150)
    args = parser.parse_args()
    for path in args.results:
        rows = records(path)
        settings = next(r for r in rows if r["record"] == "settings")
        name = settings["engines"][0]["name"]
        games = [r for r in rows if r["record"] == "game"]
        plies = sorted(g["plies"] for g in games if won_by(g, name))
        if not plies:
            print(f"{path}: {name} won none of {len(games)} games")
            continue
        over = sum(1 for p in plies if p > args.over)
        print(
            f"{path}: {name} won {len(plies)} of {len(games)}; plies to win: "
            f"median {statistics.median(plies):g}, over {args.over} {over}, longest {plies[-1]}"
        )


if __name__ == "__main__":
    main()
