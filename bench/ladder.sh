#!/bin/sh
# Sanity ladders: per game, depth d+1 against depth d and 2N nodes against
# N nodes (node odds stand in for time odds: they do not depend on the load
# of a shared machine), the same engine on both sides, --repeat over
# balanced openings. Prints each match's score and Elo lines.
# Usage: bench/ladder.sh [ENGINE] [GAMES_PER_RUNG] [WORKDIR]
# (defaults: target/release/ludus, 100, target/ladder)
engine=${1:-target/release/ludus}
games=${2:-100}
work=${3:-target/ladder}
mkdir -p "$work"
# game:shallow depth:node budget:extra engine option (LADDER_RUNGS overrides)
rungs=${LADDER_RUNGS:-"alak:3:1000:option.AlakSolution=false wyke:2:1000: wyke6:1:1000: pylyx:2:1000: pylyx10:2:1000: wyx:3:1000:"}
for rung in $rungs; do
    game=${rung%%:*}; rest=${rung#*:}
    depth=${rest%%:*}; rest=${rest#*:}
    nodes=${rest%%:*}; option=${rest#*:}
    book="$work/$game.book"
    # A shallow balance check; a game with random starts (wyx) takes none.
    [ -s "$book" ] || "$engine" openings "$game" --count $((games / 2)) --seed 5 \
        --depth 2 > "$book" 2>/dev/null \
        || "$engine" openings "$game" --count $((games / 2)) --seed 5 > "$book"
    for kind in depth nodes; do
        if [ $kind = depth ]; then strong="depth=$((depth + 1))"; weak="depth=$depth"
        else strong="nodes=$((nodes * 2))"; weak="nodes=$nodes"; fi
        log="$work/$game-$kind.log"
        "$engine" match --game "$game" \
            --engine cmd="$engine" name="$strong" $strong $option \
            --engine cmd="$engine" name="$weak" $weak $option \
            --games "$games" --repeat --concurrency 1 --openings "$book" \
            > "$log" 2>&1
        echo "$game $strong vs $weak: $(grep '^Score of' "$log" | tail -1)"
        grep -E '^Elo difference' "$log" | tail -1
    done
done
