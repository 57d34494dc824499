#!/usr/bin/env bash
# Time losses of ludus against itself in Alak (issue 59): plays a match at a
# move time or a clock and counts the games lost on time, per 1 000 games,
# with the machine's load average sampled beside it (the figure means
# little without it). One line of Markdown per run, for bench/notes/time.md.
#
# usage: bench/time_losses.sh GAMES CONCURRENCY LIMIT...
#   bench/time_losses.sh 1000 2 --st 0.05        # concurrency = cores (2)
#   bench/time_losses.sh 1000 4 --st 0.05        # 2x oversubscribed on 2 cores
#   bench/time_losses.sh 1000 2 --tc 1+0.01
#   bench/time_losses.sh 1000 4 --tc 1+0.01
# Any further `ludus match` options may follow the limit (`--timemargin 0`
# to see the delays the default margin absorbs).
#
# environment: LUDUS (default target/release/ludus), OUT (a folder for the
# PGN and the log, default a temporary one), SEED (openings, default 59).
# The openings are `ludus openings alak --count GAMES/2 --seed SEED`, each
# played twice with the sides swapped (Alak has 168 at 4 plies: a longer
# match takes them in turn again).
set -euo pipefail

if [ $# -lt 3 ]; then
    sed -n '2,/^set -e/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
games=$1 concurrency=$2
shift 2
ludus=${LUDUS:-target/release/ludus}
seed=${SEED:-59}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
pgn=$out/games.pgn log=$out/match.log loads=$out/loads
rm -f "$pgn" "$loads"

# Alak has fewer balanced openings than a long match asks for: the file
# then holds those found (exit status 2), and the match takes them in turn.
"$ludus" openings alak --count $(((games + 1) / 2)) --seed "$seed" >"$out/book.txt" || [ $? -eq 2 ]

# The 1-minute load average every 5 s while the match runs.
(while sleep 5; do cut -d' ' -f1 /proc/loadavg >>"$loads"; done) &
sampler=$!
trap 'kill $sampler 2>/dev/null || true' EXIT

load_before=$(cut -d' ' -f1 /proc/loadavg)
started=$(date +%s)
command=("$ludus" match --game alak --engine "cmd=$ludus" name=a --engine "cmd=$ludus" name=b
    --games "$games" --concurrency "$concurrency" --repeat --openings "$out/book.txt"
    --pgnout "$pgn" "$@")
"${command[@]}" >"$log" 2>&1 || true
seconds=$(($(date +%s) - started))
kill $sampler 2>/dev/null || true
load_after=$(cut -d' ' -f1 /proc/loadavg)

played=$(grep -c '^\[Event ' "$pgn" || true)
lost=$(grep -c '^\[Termination "time forfeit"\]' "$pgn" || true)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo '?')
cores=$(nproc)
python3 - "$pgn" "$loads" "$played" "$lost" "$load_before" "$load_after" \
    "$commit" "$cores" "$concurrency" "$seconds" "$*" <<'EOF'
import re
import statistics
import sys

pgn, loads, played, lost, before, after, commit, cores, concurrency, seconds, limit = sys.argv[1:]
played, lost = int(played), int(lost)
samples = [float(x) for x in open(loads).read().split()] if played else []
samples = samples or [float(before), float(after)]
times = sorted(float(t) * 1000 for t in re.findall(r" (\d+\.\d+)s\}", open(pgn).read()))
per_1000 = 1000 * lost / played if played else float("nan")
tail = "-"
if times:
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
    tail = f"{len(times)} moves, p99 {p99:.0f} ms, max {times[-1]:.0f} ms"
print(
    f"| {limit} | {concurrency} on {cores} cores | {played} | {lost} | {per_1000:.1f} | "
    f"{tail} | {before} -> {after} (mean {statistics.mean(samples):.1f}, "
    f"max {max(samples):.1f}) | {seconds} s | {commit} |"
)
EOF
echo "PGN and log in $out" >&2
