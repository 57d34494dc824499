#!/usr/bin/env python3
"""How the engines of a match used their clocks, from the match's PGN.

Usage: bench/clock_use.py GAMES.pgn BASE_SECONDS INCREMENT_SECONDS [--late NAME]

Replays every game's clocks from the move times the runner writes in its
comments ({... 0.250s}): per engine the moves, the mean and longest time a
move, the lowest clock left after a move, the moves that left under 100 ms,
the clock left when the game ended, and the time losses. With --late NAME,
also how late NAME's answers came past the hard limit its time manager set
(the formula of TimeBudget::for_clock in crates/engine/src/search/time.rs
with the default Move Overhead of 10 ms and no movestogo): the delay of a
loaded machine between the search's stop and the runner reading bestmove.
"""

import re
import statistics
import sys

OVERHEAD = 10.0
RESERVE = 40 * OVERHEAD
HORIZON = 35


def hard_limit(time_left, inc):
    """The hard limit ludus sets for a clock (ms), as crates/engine/src/search/time.rs."""
    usable = max(0.0, time_left - OVERHEAD)
    spendable = usable - min(RESERVE, usable)
    later = max(0.0, inc - OVERHEAD) * (HORIZON - 1)
    optimum = min((spendable + later) / HORIZON, spendable * 0.2)
    return max(1.0, min(optimum * 5, spendable * 0.75))


def games(path):
    """(names, move times in ms, termination comment) per game."""
    text = open(path, encoding="utf-8").read()
    for game in re.split(r"\n(?=\[Event )", text):
        white = re.search(r'\[White "([^"]+)"\]', game)
        black = re.search(r'\[Black "([^"]+)"\]', game)
        if not white or not black or "\n\n" not in game:
            continue
        body = game.split("\n\n", 1)[1]
        times = [float(t) * 1000 for t in re.findall(r"(\d+\.\d+)s\}", body)]
        yield [white.group(1), black.group(1)], times, body


def quantile(values, q):
    return values[min(len(values) - 1, int(q * len(values)))]


def main():
    args = sys.argv[1:]
    late_name = None
    if "--late" in args:
        at = args.index("--late")
        late_name = args[at + 1]
        del args[at : at + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    path, base, inc = args[0], float(args[1]) * 1000, float(args[2]) * 1000
    stats = {}
    late = []
    for names, times, body in games(path):
        clocks = [base, base]
        for i, taken in enumerate(times):
            side = i % 2
            s = stats.setdefault(names[side], {"times": [], "lowest": 1e12, "low": 0, "end": [], "losses": 0})
            if names[side] == late_name:
                late.append(taken - hard_limit(clocks[side], inc))
            s["times"].append(taken)
            clocks[side] -= taken
            s["lowest"] = min(s["lowest"], clocks[side])
            s["low"] += clocks[side] < 100
            clocks[side] += inc
        for side in (0, 1):
            s = stats.setdefault(names[side], {"times": [], "lowest": 1e12, "low": 0, "end": [], "losses": 0})
            s["end"].append(clocks[side])
            s["losses"] += f"{names[side]} loses on time" in body
    for name, s in sorted(stats.items()):
        end = sorted(s["end"])
        print(
            f"{name}: {len(s['times'])} moves, mean {statistics.mean(s['times']):.0f} ms, "
            f"longest {max(s['times']):.0f} ms, lowest clock left {s['lowest']:.0f} ms, "
            f"{s['low']} moves left under 100 ms; clock at the end: median {statistics.median(end):.0f} ms "
            f"(p10 {quantile(end, 0.1):.0f}, p90 {quantile(end, 0.9):.0f}); {s['losses']} time losses"
        )
    if late:
        late.sort()
        print(
            f"{late_name} past its hard limit: p50 {quantile(late, 0.5):.0f}, p90 {quantile(late, 0.9):.0f}, "
            f"p99 {quantile(late, 0.99):.0f}, p99.9 {quantile(late, 0.999):.0f}, max {late[-1]:.0f} ms; "
            + ", ".join(f"over {t} ms: {sum(x > t for x in late)}" for t in (100, 200, 300, 400))
        )


if __name__ == "__main__":
    main()
