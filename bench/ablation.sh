#!/bin/sh
# Feature ablation: per game and per search feature, the engine with the
# feature switched off (LUDUS_SEARCH_OFF, see crates/engine/src/search/
# features.rs) against the engine with every feature, at a fixed node
# count per move (so the result does not move with the load of a shared
# machine), --repeat over balanced openings. Prints one table row per match.
# (LUDUS_SEARCH_ON switches features on the same way, over a game's own set.)
# Usage: bench/ablation.sh [ENGINE] [GAMES] [NODES] [WORKDIR]
#   (defaults: target/release/ludus, 200, 3000, target/ablation)
# ABLATION_FEATURES and ABLATION_GAMES narrow the lists; ABLATION_SKIP
# (default: what the games' SEARCH_FEATURES leave off, where switching off
# changes nothing; keep it in step with them) skips game:feature pairs;
# ABLATION_SEED (9) picks the openings; CONCURRENCY (2) games at once.
engine=$(realpath "${1:-target/release/ludus}")
games=${2:-200}
nodes=${3:-3000}
work=${4:-target/ablation}
features=${ABLATION_FEATURES:-"aspiration quiescence reductions futility move_count_pruning killers history"}
game_list=${ABLATION_GAMES:-"alak wyke wyke6 pylyx pylyx10 wyx"}
known="aspiration quiescence reductions futility move_count_pruning killers history"
for feature in $features; do
    case " $known " in *" $feature "*) ;; *) echo "unknown feature $feature" >&2; exit 2;; esac
done
default_skip="alak:reductions alak:move_count_pruning alak:killers
    wyke:history wyke6:history wyx:quiescence wyx:move_count_pruning wyx:killers"
# shellcheck disable=SC2086 # split on any white space, joined by one space
skip=$(echo ${ABLATION_SKIP-$default_skip})
mkdir -p "$work"
echo "| game | feature off | games | W-L-D (off vs all) | Elo ± error | nElo ± error |"
echo "|---|---|---|---|---|---|"
for game in $game_list; do
    option=
    [ "$game" = alak ] && option=option.AlakSolution=false
    book="$work/$game.book"
    # A shallow balance check; a game with random starts (wyx) takes none.
    [ -s "$book" ] || "$engine" openings "$game" --count $((games / 2)) --seed "${ABLATION_SEED:-9}" \
        --depth 2 > "$book" 2>/dev/null \
        || "$engine" openings "$game" --count $((games / 2)) --seed "${ABLATION_SEED:-9}" > "$book"
    for feature in $features; do
        case " $skip " in
            *" $game:$feature "*) continue;;
        esac
        log="$work/$game-$feature.log"
        "$engine" match --game "$game" \
            --engine cmd=/usr/bin/env args="LUDUS_SEARCH_OFF=$feature $engine" \
                name="no-$feature" $option \
            --engine cmd="$engine" name=all $option \
            --nodes "$nodes" --games "$games" --repeat \
            --concurrency "${CONCURRENCY:-2}" --openings "$book" > "$log" 2>&1
        score=$(grep '^Score of' "$log" | tail -1 | sed 's/.*: \([0-9]* - [0-9]* - [0-9]*\).*/\1/')
        elo=$(grep '^Elo difference' "$log" | tail -1 | sed 's/Elo difference: \([^,]*\),.*/\1/')
        nelo=$(grep 'nElo' "$log" | tail -1 | sed 's/.*nElo: \(.*\)/\1/')
        echo "| $game | $feature | $games | $score | $elo | $nelo |"
    done
done
