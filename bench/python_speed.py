#!/usr/bin/env python3
"""Random playouts per second through Python: ludus's games through the
package ``ludus`` (``Position.random_playout``, all in Rust, and a loop
of ``legal_actions`` + ``push`` from Python, as an agent steps), and, as a
reference, OpenSpiel's C++ games of similar size through ``pyspiel``
(``clobber``, ``breakthrough``, ``connect_four``, ``othello``) with the
same Python loop. Run in a virtual environment with ``ludus[test]``:

    python bench/python_speed.py [SECONDS_PER_ROW]
"""

import random
import sys
import time

import pyspiel

import ludus

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
#: A bound on plies, so that every loop ends (ludus's games end by their
#: rules or repetition; this only stops a pathological walk).
MAX_PLIES = 1000


def rate(step):
    """Playouts a second and plies a playout of ``step(seed) -> plies``."""
    started = time.perf_counter()
    playouts = plies = 0
    while time.perf_counter() - started < SECONDS:
        plies += step(playouts)
        playouts += 1
    elapsed = time.perf_counter() - started
    return playouts / elapsed, plies / playouts


def ludus_in_rust(name):
    game = ludus.Game(name)

    def step(seed):
        start = game.start(seed if game.has_random_start else None)
        return start.random_playout(seed, MAX_PLIES).plies
    return step


def ludus_from_python(name):
    game = ludus.Game(name)

    def step(seed):
        rng = random.Random(seed)
        position = game.start(seed if game.has_random_start else None)
        while not position.is_over() and position.plies < MAX_PLIES:
            position.push(rng.choice(position.legal_actions()))
        return position.plies
    return step


def openspiel_from_python(name):
    game = pyspiel.load_game(name)

    def step(seed):
        rng = random.Random(seed)
        state = game.new_initial_state()
        plies = 0
        while not state.is_terminal() and plies < MAX_PLIES:
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        return plies
    return step


def main():
    print(f"{SECONDS:g} s a row; playouts/s and mean plies a playout")
    print("| game | Rust playout (playouts/s) | Python loop (playouts/s) | plies |")
    print("|------|---:|---:|---:|")
    for name in ludus.games():
        if name == "wyke6":
            # 400 000 legal moves a position: the Python loop builds a list
            # of them every ply.
            fast, plies = rate(ludus_in_rust(name))
            print(f"| {name} | {fast:,.0f} | — | {plies:.0f} |")
            continue
        fast, plies = rate(ludus_in_rust(name))
        slow, _ = rate(ludus_from_python(name))
        print(f"| {name} | {fast:,.0f} | {slow:,.0f} | {plies:.0f} |")
    for name in ("clobber", "breakthrough", "connect_four", "othello"):
        slow, plies = rate(openspiel_from_python(name))
        print(f"| OpenSpiel {name} (C++) | — | {slow:,.0f} | {plies:.0f} |")


if __name__ == "__main__":
    main()
