#!/bin/sh
# How long `ludus analyse` takes per position, and the marks it gives, on a
# 20-game match of every game: a weak engine (2 000 nodes a move) against a
# strong one (50 000), from 10 balanced openings played twice, sides
# swapped; each game analysed at the given limit (one thread).
# Usage: bench/analyse.sh [ENGINE] [LIMIT...]
#   (default target/release/ludus --nodes 20000)
# Prints per game: positions, seconds, ms per position, and the marks of
# each side (inaccuracies/mistakes/blunders).
set -eu
engine=${1:-target/release/ludus}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- --nodes 20000
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'game | positions | seconds | ms/position | weak ?!/?/?? | strong ?!/?/??\n'
for game in alak wyke wyke6 pylyx pylyx10 wyx; do
    if [ "$game" = wyx ]; then
        "$engine" openings "$game" --count 10 --seed 7 >"$work/open.txt"
    else
        "$engine" openings "$game" --count 10 --seed 7 >"$work/open.txt" 2>/dev/null || true
    fi
    "$engine" match --game "$game" --engine cmd="$engine" name=weak nodes=2000 \
        --engine cmd="$engine" name=strong nodes=50000 \
        --openings "$work/open.txt" --repeat --games 20 --seed 7 \
        --maxmoves 300 --pgnout "$work/$game.pgn" >/dev/null
    start=$(date +%s.%N)
    "$engine" analyse "$work/$game.pgn" "$@" --json >"$work/$game.json"
    end=$(date +%s.%N)
    python3 - "$work/$game.json" "$game" "$start" "$end" <<'PY'
import json, sys
path, game, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
positions, marks = 0, {}
for line in open(path):
    row = json.loads(line)
    if "summary" in row:
        for side in row["summary"]:
            m = marks.setdefault(side["name"], [0, 0, 0])
            m[0] += side["inaccuracies"]; m[1] += side["mistakes"]; m[2] += side["blunders"]
    else:
        positions += 1
seconds = end - start
fmt = lambda name: "/".join(map(str, marks.get(name, [0, 0, 0])))
print(f"{game} | {positions} | {seconds:.1f} | {1000 * seconds / positions:.1f} | {fmt('weak')} | {fmt('strong')}")
PY
done
