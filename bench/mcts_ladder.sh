#!/bin/sh
# ludus against OpenSpiel's MCTS (python -m ludus.bot mcts: random
# rollouts, solve=True), the first opponent from outside the project.
# Usage: bench/mcts_ladder.sh PYTHON GAME SIMULATIONS [GAMES] [LUDUS_MOVETIME]
#   PYTHON: a python with the package installed (pip install "./crates/python[test]")
#   defaults: 40 games, ludus at 0.1 s a move; openings of `ludus openings`
#   (Wyx: random racks), each played twice, sides swapped.
# The bot gets `go nodes SIMULATIONS` (its simulations a move, no clock);
# ludus may overrun its 0.1 s by TIMEMARGIN ms (--timemargin, 300 unless
# set) before it loses on time: on a busy machine the operating system alone
# takes that long (100 ms was too little at a load of 8 on 2 cores).
# Prints the match's score line and Elo (in Wyx also the Double Wyx line:
# the pairs of games on one rack, scored as the rules score pairs, the fewer
# tokens left over both games winning), each side's mean time a move and
# how the games ended; PGNOUT=FILE keeps the games. RESULTS=FILE.jsonl makes
# the match resumable (`--results FILE.jsonl --resume`, its games in
# FILE.pgn beside it): run the same command again to go on where it stopped.
# LUDUS_OPTIONS="option.NAME=VALUE ..." adds engine keys to ludus's side
# (Wyx: option.WyxScoring=game, since the runner otherwise sets margin).
# MAXMOVES=N draws a game after N moves each (`--maxmoves`): a drawn Alak
# opening, played perfectly by ludus, may otherwise shuffle for an hour.
# CONCURRENCY=N plays N games at once (1 unless set): each bot move takes a
# core, so 2 on 2 cores halves the wall time (ludus then shares the cores).
# OPENINGS_OPTIONS="..." adds options to `ludus openings` (Wyx: "--depth 64
# --max-score 100" keeps only racks a search finds balanced).
set -eu
python=$1
game=$2
sims=$3
games=${4:-40}
movetime=${5:-0.1}
ludus=${LUDUS:-target/release/ludus}
timemargin=${TIMEMARGIN:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pgn=$work/games.pgn
resume=""
if [ -n "${RESULTS:-}" ]; then
    pgn=${RESULTS%.jsonl}.pgn
    resume="--results $RESULTS --resume"
fi
"$ludus" openings "$game" --count $((games / 2)) --seed 11 ${OPENINGS_OPTIONS:-} >"$work/open.txt" || [ -s "$work/open.txt" ]
"$ludus" match --game "$game" --games "$games" --repeat --openings "$work/open.txt" \
    --seed 11 --concurrency "${CONCURRENCY:-1}" --ratinginterval 0 $resume --movetimeout 600 --timemargin "$timemargin" \
    ${MAXMOVES:+--maxmoves "$MAXMOVES"} \
    --engine cmd="$ludus" name=ludus st="$movetime" ${LUDUS_OPTIONS:-} \
    --engine cmd="$python" args="-m ludus.bot mcts --simulations $sims --seed 5" \
        proto=ugi name="mcts$sims" nodes="$sims" \
    --pgnout "$pgn" | grep -E "^(Score of|Double|Elo)"
if [ -n "${PGNOUT:-}" ]; then cp "$pgn" "$PGNOUT"; fi
tr '\n' ' ' <"$pgn" | grep -o '{[^}]*} \(1-0\|0-1\|1/2-1/2\) ' |
    sed 's/} .*$/}/' | sort | uniq -c
"$python" - "$pgn" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
times = {}
for game in text.split("[Event ")[1:]:
    names = {side: re.search(rf'\[{side} "([^"]+)"\]', game).group(1) for side in ("White", "Black")}
    body = game[game.index("\n\n"):]
    for ply, spent in enumerate(re.findall(r"([0-9.]+)s\}", body)):
        name = names["White" if ply % 2 == 0 else "Black"]
        times.setdefault(name, []).append(float(spent))
for name, spent in sorted(times.items()):
    print(f"{name}: {sum(spent) / len(spent):.3f} s a move over {len(spent)} moves")
PY
