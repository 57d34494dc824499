#!/usr/bin/env python3
"""Soak run of the daemon (issue 59): CYCLES `position ... / go nodes N`
cycles on one engine process, its memory (RSS) sampled as it goes.

Plays games against itself through the protocol: each cycle sends the
position with every move so far and `go nodes N`, and plays the bestmove;
a finished game (or one of 300 plies) starts the next, in the next of the
six games (`setoption name UCI_Variant`, `ucinewgame`). RSS is read from
/proc every SAMPLE cycles; after the first tenth of the run (the tables
and the hash warmed up) it must stay flat: the highest later sample within
10 % and 4 MiB of the first.

usage: bench/soak_daemon.py [--engine target/release/ludus] [--cycles 100000]
       [--nodes 200] [--sample 5000]
Prints a summary for bench/notes/soak.md; exits 1 if the memory grows.
"""

import argparse
import sys
import time

from daemon_pipe import Daemon

GAMES = ["alak", "wyke", "wyke6", "pylyx", "pylyx10", "wyx"]


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", default="target/release/ludus")
    parser.add_argument("--cycles", type=int, default=100_000)
    parser.add_argument("--nodes", type=int, default=200)
    parser.add_argument("--sample", type=int, default=5000)
    args = parser.parse_args()
    engine = Daemon(args.engine)
    game, moves, games_played, samples = 0, [], 0, []
    started = time.time()

    def new_game():
        nonlocal moves
        engine.send(f"setoption name UCI_Variant value {GAMES[game]}")
        engine.send("ucinewgame")
        engine.send("isready")
        engine.read_until("readyok")
        moves = []

    new_game()
    for cycle in range(1, args.cycles + 1):
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        engine.send(position)
        engine.send(f"go nodes {args.nodes}")
        best = engine.read_until("bestmove")
        if len(best) < 2 or best[1] == "(none)" or len(moves) >= 300:
            games_played += 1
            game = (game + 1) % len(GAMES)
            new_game()
        else:
            moves.append(best[1])
        if cycle % args.sample == 0:
            samples.append((cycle, rss_kib(engine.pid)))
    engine.send("quit")
    engine.wait(30)
    seconds = time.time() - started
    settled = [s for s in samples if s[0] > args.cycles // 10] or samples
    first, top, last = settled[0][1], max(s[1] for s in settled), samples[-1][1]
    flat = top <= first * 1.1 + 4096
    print(
        f"{args.cycles} cycles ({games_played} games, {args.nodes} nodes a move) in "
        f"{seconds:.0f} s; RSS after the first tenth {first} KiB, highest {top} KiB, "
        f"last {last} KiB: {'flat' if flat else 'GROWS'}"
    )
    print("samples (cycle, KiB):", " ".join(f"{c}:{r}" for c, r in samples))
    sys.exit(0 if flat else 1)


if __name__ == "__main__":
    main()
