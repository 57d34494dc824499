#!/bin/sh
# Two threads against one at equal time, per game: the same engine with
# `Threads 2` against itself with one thread, the same fixed time a move
# (`--st`), one game at a time (the two-thread engine needs both cores),
# --repeat over balanced openings. Run it only on an otherwise idle
# machine with at least two cores: on a busy one the second thread gets no
# core of its own and the match measures the load. Prints one table row
# per game.
# Usage: bench/smp_match.sh [ENGINE] [GAMES] [SECONDS] [WORKDIR]
#   (defaults: target/release/ludus, 200, 0.1, target/smp_match)
# SMP_GAMES narrows the list of games.
engine=$(realpath "${1:-target/release/ludus}")
games=${2:-200}
seconds=${3:-0.1}
work=${4:-target/smp_match}
mkdir -p "$work"
echo "| game | games | W-L-D (2 threads vs 1) | Elo ± error | nElo ± error | time control |"
echo "|---|---|---|---|---|---|"
for game in ${SMP_GAMES:-wyke wyke6 pylyx pylyx10 wyx alak}; do
    option=
    # Alak's table would play both sides perfectly: search it instead.
    [ "$game" = alak ] && option="--each option.AlakSolution=false"
    book="$work/$game.book"
    [ -s "$book" ] || "$engine" openings "$game" --count $((games / 2)) --seed 17 \
        > "$book" 2>/dev/null
    log="$work/$game.log"
    # shellcheck disable=SC2086 # $option is two words or none
    "$engine" match --game "$game" \
        --engine cmd="$engine" name=threads2 option.Threads=2 \
        --engine cmd="$engine" name=threads1 $option \
        --st "$seconds" --timemargin 200 --games "$games" --repeat \
        --concurrency 1 --openings "$book" --pgnout "$work/$game.pgn" > "$log" 2>&1
    score=$(grep '^Score of' "$log" | tail -1 | sed 's/.*: \([0-9]* - [0-9]* - [0-9]*\).*/\1/')
    elo=$(grep '^Elo difference' "$log" | tail -1 | sed 's/Elo difference: \([^,]*\),.*/\1/')
    nelo=$(grep 'nElo' "$log" | tail -1 | sed 's/.*nElo: \(.*\)/\1/')
    echo "| $game | $games | $score | $elo | $nelo | $seconds s a move |"
done
