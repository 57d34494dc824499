#!/usr/bin/env python3
"""For k dominoes left, search ten Wyx positions (see examples/wyx_late.rs)
for <ms> (`go infinite`, then `stop`: a plain `go movetime` returns at
once when only one move is legal) and report which searches proved the result: a
`score mate N`, or `score cp 0` at a completed depth of at least 2k + 1 plies
(each domino is one move, at most one pass before it, so every line has
reached the end of the game).

usage: bench/wyx_solve.py <k> [movetime ms, default 1000]
Run from the worktree after `cargo build --release --examples`.
"""
import subprocess
import sys
import threading

k = int(sys.argv[1])
movetime = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
fens = subprocess.run(["target/release/examples/wyx_late", str(k)],
                      capture_output=True, text=True, check=True).stdout.split("\n")
fens = [f for f in fens if f]
proved = 0
for fen in fens:
    script = (f"setoption name UCI_Variant value wyx\nucinewgame\nposition fen {fen}\n"
              "go infinite\n")
    proc = subprocess.Popen(["target/release/ludus"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    proc.stdin.write(script)
    proc.stdin.flush()

    def stop():
        proc.stdin.write("stop\n")
        proc.stdin.flush()

    timer = threading.Timer(movetime / 1000, stop)
    timer.start()
    last = None
    for line in proc.stdout:
        if line.startswith("info depth") and "bound" not in line:
            last = line.split()
        if line.startswith("bestmove"):
            break
    proc.stdin.write("quit\n")
    proc.stdin.close()
    proc.wait()
    depth = int(last[last.index("depth") + 1])
    kind, value = last[last.index("score") + 1], last[last.index("score") + 2]
    ok = kind == "mate" or (value == "0" and depth >= 2 * k + 1)
    proved += ok
    print(f"k={k} depth={depth} score {kind} {value} {'proved' if ok else '-'}")
print(f"k={k}: {proved}/{len(fens)} proved in {movetime} ms")
