#!/usr/bin/env python3
"""For k dominoes left, search ten Wyx positions (see bench/wyx_late.rs)
for <ms> (`go infinite`, then `stop`: a plain `go movetime` returns at
once when only one move is legal) and report which searches proved the result: a
`score mate N`, or `score cp 0` at a completed depth of at least 2k plies.
(Each domino is one move with at most one pass before it, so the game ends
within 2k plies; where the depth left covers that, the search neither prunes
nor reduces, so such an iteration's score is exact.)

With --exact, each position's true value (from the independent memoised
minimax of bench/wyx_late.rs; slow past k = 20) is checked against every
proof: mate > 0 = win, mate < 0 = loss, proved cp 0 = draw.

usage: bench/wyx_solve.py <k> [movetime ms, default 1000] [--exact]
Run from the worktree after `cargo build --release --examples`.
"""
import subprocess
import sys
import threading

args = [a for a in sys.argv[1:] if a != "--exact"]
exact = "--exact" in sys.argv
k = int(args[0])
movetime = int(args[1]) if len(args) > 1 else 1000
lines = subprocess.run(["target/release/examples/wyx_late", str(k)] + (["--exact"] if exact else []),
                       capture_output=True, text=True, check=True).stdout.split("\n")
lines = [line for line in lines if line]
values = [line.rsplit(" ", 1)[1] if exact else None for line in lines]
fens = [line.rsplit(" ", 1)[0] if exact else line for line in lines]
wrong = 0
proved = 0
for fen, value in zip(fens, values):
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
    kind, score = last[last.index("score") + 1], last[last.index("score") + 2]
    ok = kind == "mate" or (score == "0" and depth >= 2 * k)
    proved += ok
    note = ""
    if exact and ok:
        claim = "draw" if kind == "cp" else ("win" if int(score) > 0 else "loss")
        if claim != value:
            wrong += 1
            note = f" WRONG: exact value {value}"
    print(f"k={k} depth={depth} score {kind} {score} {'proved' if ok else '-'}{note}")
print(f"k={k}: {proved}/{len(fens)} proved in {movetime} ms"
      + (f", {wrong} proofs contradicted by the exact values" if exact else ""))
