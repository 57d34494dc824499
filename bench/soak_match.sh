#!/usr/bin/env bash
# Soak run of `ludus match` under faults (issue 59): GAMES games of ludus
# against itself in Alak at a small node limit, two at a time, while a
# chaos loop kills a random engine (SIGKILL) or stalls one (SIGSTOP for
# longer than --movetimeout) every second or two. Afterwards the results
# file is checked: every game there exactly once, every crash and stall a
# loss of the engine that failed; and the runner's and the engines' memory
# (RSS) and open file descriptors, sampled every 10 s, must stay flat.
#
# usage: bench/soak_match.sh [GAMES] [NODES]     (default 10000 games, 300 nodes)
# environment: LUDUS (default target/release/ludus), OUT (a folder for the
# results, PGN, samples and chaos log; default a temporary one).
# Prints a summary for bench/notes/soak.md; exits non-zero if a check fails.
set -euo pipefail

games=${1:-10000}
nodes=${2:-300}
ludus=${LUDUS:-target/release/ludus}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
results=$out/results.jsonl samples=$out/samples.tsv chaos=$out/chaos.log
rm -f "$results" "$samples" "$chaos" "$out/games.pgn"
movetimeout=2

"$ludus" openings alak --count 168 --seed 59 >"$out/book.txt" || [ $? -eq 2 ]
"$ludus" match --game alak --engine "cmd=$ludus" name=a --engine "cmd=$ludus" name=b \
    --nodes "$nodes" --games "$games" --concurrency 2 --repeat --openings "$out/book.txt" \
    --movetimeout "$movetimeout" --ratinginterval 0 --results "$results" \
    --pgnout "$out/games.pgn" >"$out/match.out" 2>"$out/match.err" &
runner=$!

# RSS (kB) and open descriptors of a process (0 for one that is gone: an
# engine may be killed between the listing and the reading).
rss() { awk '/^VmRSS/ {print $2}' "/proc/$1/status" 2>/dev/null || echo 0; }
fds() { { ls "/proc/$1/fd" 2>/dev/null || true; } | wc -l; }

sample() {
    local engines=() max_rss=0 max_fds=0 pid
    mapfile -t engines < <(pgrep -P "$runner" || true)
    for pid in "${engines[@]}"; do
        local r f
        r=$(rss "$pid") f=$(fds "$pid")
        [ "${r:-0}" -gt $max_rss ] && max_rss=$r
        [ "${f:-0}" -gt $max_fds ] && max_fds=$f
    done
    local done_games
    done_games=$(grep -c '"record":"game"' "$results" 2>/dev/null) || true
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date +%s)" "$done_games" "$(rss "$runner")" \
        "$(fds "$runner")" "${#engines[@]}" "$max_rss" "$max_fds" >>"$samples"
}

kills=0 stops=0 next_sample=0
while kill -0 "$runner" 2>/dev/null; do
    now=$(date +%s)
    if [ "$now" -ge $next_sample ]; then
        sample
        next_sample=$((now + 10))
    fi
    sleep "$(awk -v r=$RANDOM 'BEGIN {printf "%.2f", 0.5 + r / 32767 * 1.5}')"
    mapfile -t engines < <(pgrep -P "$runner" || true)
    [ ${#engines[@]} -gt 0 ] || continue
    victim=${engines[$((RANDOM % ${#engines[@]}))]}
    if [ $((RANDOM % 2)) -eq 0 ]; then
        kill -KILL "$victim" 2>/dev/null && kills=$((kills + 1)) && echo "kill $victim" >>"$chaos"
    else
        # Stopped past --movetimeout: the runner gives up on it (and kills
        # it); if it was not thinking, it is woken again unharmed.
        if kill -STOP "$victim" 2>/dev/null; then
            stops=$((stops + 1))
            echo "stop $victim" >>"$chaos"
            (sleep $((movetimeout + 1)); kill -CONT "$victim" 2>/dev/null || true) &
        fi
    fi
done
wait "$runner" && status=0 || status=$?

python3 - "$results" "$samples" "$games" "$kills" "$stops" "$status" <<'EOF'
import collections
import json
import sys

results, samples, games, kills, stops, status = sys.argv[1:]
games, kills, stops, status = int(games), int(kills), int(stops), int(status)
lines = [json.loads(line) for line in open(results)]
settings = lines[0]
entries = [line for line in lines if line["record"] == "game"]
numbers = collections.Counter(entry["game"] for entry in entries)
problems = []
if status != 0:
    problems.append(f"the match exited with status {status}")
missing = sorted(set(range(1, games + 1)) - set(numbers))
twice = sorted(n for n, count in numbers.items() if count > 1)
if missing:
    problems.append(f"{len(missing)} games missing, e.g. {missing[:5]}")
if twice:
    problems.append(f"games recorded twice: {twice[:5]}")
if not any(line["record"] == "end" for line in lines):
    problems.append("no end record")
terminations = collections.Counter(entry["termination"] for entry in entries)
for entry in entries:
    if entry["termination"] not in ("crash", "stall"):
        continue
    loser = entry["reason"].split()[0]
    white_lost = entry["result"] == "0-1"
    expected = entry["white"] if white_lost else entry["black"]
    if entry["result"] == "1/2-1/2" or loser != expected:
        problems.append(f"game {entry['game']}: {entry['reason']} scored {entry['result']}")
rows = [list(map(int, line.split("\t"))) for line in open(samples)]
def flat(column, name, ratio, slack):
    # From the first sample a minute in (once every process has started)
    # to the end: a leak grows with the games played, a flat level stays
    # within `ratio` and `slack` of where it started.
    settled = [row for row in rows if row[0] - rows[0][0] >= 60] or rows
    first, last = settled[0][column], rows[-1][column]
    top = max(row[column] for row in settled)
    ok = top <= first * ratio + slack
    if not ok:
        problems.append(f"{name} grows: {first} -> {top}")
    return f"{name} {first} -> {last} (max {top}): {'flat' if ok else 'GROWS'}"
print(f"games: {len(entries)} of {games}, each once: {'yes' if not (missing or twice) else 'NO'}")
print("terminations:", dict(terminations))
print(f"chaos: {kills} SIGKILL, {stops} SIGSTOP past --movetimeout")
print(flat(2, "runner RSS kB", 1.2, 2048))
print(flat(3, "runner fds", 1, 2))
print(flat(5, "largest engine RSS kB", 1.2, 2048))
print(flat(6, "most engine fds", 1, 2))
print(f"samples: {len(rows)} over {rows[-1][0] - rows[0][0]} s")
if problems:
    print("PROBLEMS:", *problems, sep="\n  ")
    sys.exit(1)
print("all checks passed")
EOF
echo "results, PGN, samples and chaos log in $out" >&2
