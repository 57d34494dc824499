#!/usr/bin/env python3
"""Measures how long `stop` takes to produce `bestmove`, and `quit` to exit.

Starts the engine, then N times: `go infinite`, waits a random 5-50 ms, sends
`stop` and times the arrival of `bestmove`. Then, 20 times, starts a fresh
engine, lets it search, sends `quit` and times the process exit. Prints p50,
p99 and the maximum of each.

The Alak solution is switched off (AlakSolution false), so that Alak is
searched rather than looked up; --solution keeps it on.

usage: bench/stop_latency.py [--engine target/release/ludus] [--runs 200]
       [--game alak] [--threads 1] [--position startpos] [--solution]
"""

import argparse
import random
import time

from daemon_pipe import Daemon


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--engine", default="target/release/ludus")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--game", default="alak")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--position", default="startpos")
    parser.add_argument("--solution", action="store_true")
    args = parser.parse_args()
    setup = [
        f"setoption name UCI_Variant value {args.game}",
        f"setoption name Threads value {args.threads}",
        f"setoption name AlakSolution value {'true' if args.solution else 'false'}",
    ]

    engine = Daemon(args.engine)

    for line in setup:
        engine.send(line)
    engine.send("isready")
    engine.read_until("readyok")
    rng = random.Random(1)
    latencies = []
    for _ in range(args.runs):
        engine.send(f"position {args.position}")
        engine.send("go infinite")
        time.sleep(rng.uniform(0.005, 0.05))
        sent = time.perf_counter()
        engine.send("stop")
        engine.read_until("bestmove")
        latencies.append((time.perf_counter() - sent) * 1000)
    engine.send("quit")
    engine.wait(5)
    report("stop -> bestmove", latencies)

    quits = []
    for _ in range(20):
        engine = Daemon(args.engine)
        for line in setup:
            engine.send(line)
        engine.send(f"position {args.position}")
        engine.send("go infinite")
        engine.send("isready")
        engine.read_until("readyok")
        time.sleep(rng.uniform(0.01, 0.1))
        sent = time.perf_counter()
        engine.send("quit")
        engine.wait(10)
        quits.append((time.perf_counter() - sent) * 1000)
    report("quit mid-search -> exit", quits)


def report(what, latencies):
    latencies = sorted(latencies)
    p50 = latencies[len(latencies) // 2]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"{what}: runs {len(latencies)}  p50 {p50:.2f} ms  p99 {p99:.2f} ms  max {latencies[-1]:.2f} ms")


if __name__ == "__main__":
    main()
