#!/bin/sh
# Nodes per second with 1 and 2 threads, per game: `ludus bench` (each
# game's bench positions at its bench depth) and `go movetime` from the
# start position (Alak searched, not looked up). Runs alternate between
# the thread counts; the median of the runs is printed.
#
# For the movetime searches it also prints the nodes per CPU-second (user +
# system time of the engine process): what each thread does with the CPU
# it gets. On a machine shared with other work a second thread gets no
# second core, so the wall-clock ratio says little there; the CPU-second
# figure still shows whether threads slow each other down.
#
# Usage: bench/smp_scaling.sh [LUDUS] [RUNS] [MOVETIME_MS]
set -eu
ludus=${1:-target/release/ludus}
runs=${2:-3}
movetime=${3:-3000}
tmp=${TMPDIR:-/tmp}/smp_scaling_$$

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { echo "$1 $2" | awk '{printf "%.2f", $1 / $2}'; }

bench_nps() { # game threads
    "$ludus" bench --game "$1" --threads "$2" | awk '/Nodes\/second/ {print $3}'
}

# Prints "<nps> <nodes per CPU-second>".
movetime_nps() { # game threads
    printf 'setoption name UCI_Variant value %s\nsetoption name AlakSolution value false\nsetoption name Threads value %s\nisready\nposition startpos\ngo movetime %s\n' \
        "$1" "$2" "$movetime" |
        /usr/bin/time -f '%U %S' -o "$tmp.cpu" "$ludus" >"$tmp.out"
    awk '/^info depth/ {for (i = 1; i < NF; i++) {if ($i == "nps") nps = $(i + 1); if ($i == "nodes") nodes = $(i + 1)}}
        END {print nps, nodes}' "$tmp.out" >"$tmp.nodes"
    read -r nps nodes <"$tmp.nodes"
    read -r user sys <"$tmp.cpu"
    echo "$nps $nodes $user $sys" | awk '{printf "%d %d\n", $1, $2 / ($3 + $4 + 0.001)}'
}

printf '%-8s %10s %10s %5s | %10s %10s %5s | %10s %10s %5s\n' game \
    bench-1T bench-2T ratio go-1T go-2T ratio cpu-1T cpu-2T ratio
for game in alak wyke wyke6 pylyx pylyx10 wyx; do
    for threads in 1 2; do : >"$tmp.bench$threads" && : >"$tmp.go$threads" && : >"$tmp.cpu$threads"; done
    run=0
    while [ "$run" -lt "$runs" ]; do
        for threads in 1 2; do
            bench_nps "$game" "$threads" >>"$tmp.bench$threads"
            movetime_nps "$game" "$threads" >"$tmp.line"
            read -r nps per_cpu <"$tmp.line"
            echo "$nps" >>"$tmp.go$threads"
            echo "$per_cpu" >>"$tmp.cpu$threads"
        done
        run=$((run + 1))
    done
    b1=$(median <"$tmp.bench1") b2=$(median <"$tmp.bench2")
    g1=$(median <"$tmp.go1") g2=$(median <"$tmp.go2")
    c1=$(median <"$tmp.cpu1") c2=$(median <"$tmp.cpu2")
    printf '%-8s %10s %10s %5s | %10s %10s %5s | %10s %10s %5s\n' "$game" \
        "$b1" "$b2" "$(ratio "$b2" "$b1")" "$g1" "$g2" "$(ratio "$g2" "$g1")" \
        "$c1" "$c2" "$(ratio "$c2" "$c1")"
done
rm -f "$tmp".*
