#!/usr/bin/env bash
# An SPSA tuning (ludus spsa) over ssh hosts with GNU parallel, round by
# round: each round's game pairs in N shards, then `ludus spsa-merge` moves
# θ here, until the run is complete. The sharded run's θ is the one
# `ludus spsa` reaches alone with the same options and seed.
#
#   contrib/shards/spsa-parallel.sh HOSTS N SPSA-OPTIONS...
#
# HOSTS: a GNU parallel --sshloginfile, one ssh host a line (PARALLEL_SSH
# sets the ssh command). A host plays one shard at a time: give
# --concurrency for its cores. Run this from a directory holding `ludus`
# and the files the options name, by paths relative to it (the tuning
# build of --engine cmd=, --params, --openings); list those to send in
# SEND, e.g. SEND="ludus-tune params.txt book.txt". --seed must be fixed:
# every shard plays the same run. SPSA-OPTIONS are those of `ludus spsa`
# but --state, --shard and --results, which this script sets: the state
# is spsa.jsonl here; shard K runs in ~/ludus-spsa on its host, and its
# results and output come back as spsa-shard-K.json and spsa-shard-K.log.
#
# A shard that fails is tried again (RETRIES, default 2) from the pairs it
# sent back; a round still short after that is played again, up to 3
# times in a row (a finished shard ends at once). Running this command
# again in the same directory continues the run. The hosts need rsync and
# must run this machine's binaries.
set -euo pipefail
hosts=${1:?usage: spsa-parallel.sh HOSTS N SPSA-OPTIONS...}
count=${2:?usage: spsa-parallel.sh HOSTS N SPSA-OPTIONS...}
shift 2
state=spsa.jsonl
basefiles=()
for file in ${SEND:-}; do
    basefiles+=(--basefile "$file")
done
for ((k = 1; k <= count; k++)); do
    touch "spsa-shard-$k.log"
done

# Plays the state's current round: every shard, on the hosts.
play_round() {
    local state_files=(--transferfile "$state")
    # Round 1: each shard makes the state from its options (the same
    # line on every host) and it comes back here.
    [ -e "$state" ] || state_files=(--return "$state")
    seq 1 "$count" | parallel --sshloginfile "$hosts" --jobs 1 --retries "${RETRIES:-2}" \
        --workdir ludus-spsa --basefile ludus "${basefiles[@]}" "${state_files[@]}" \
        --transferfile 'spsa-shard-{}.json' --transferfile 'spsa-shard-{}.log' \
        --return 'spsa-shard-{}.json' --return 'spsa-shard-{}.log' --cleanup \
        ./ludus spsa "$@" --state "$state" --shard "{}/$count" \
        --results 'spsa-shard-{}.json' '>>' 'spsa-shard-{}.log'
}

shopt -s nullglob
tries=0
while :; do
    if [ -e "$state" ]; then
        shard_files=(spsa-shard-*.json)
        status=4 # no shard has begun: the round is to play
        if [ ${#shard_files[@]} -gt 0 ]; then
            status=0
            ./ludus spsa-merge --state "$state" "${shard_files[@]}" || status=$?
        fi
        case $status in
            0) tries=0 ;;
            3) exit 0 ;;
            4)
                tries=$((tries + 1))
                if [ "$tries" -gt 3 ]; then
                    echo "the round is still not complete after 3 tries: see spsa-shard-*.log" >&2
                    exit 1
                fi
                ;;
            *) exit "$status" ;;
        esac
    elif [ "$tries" -gt 0 ]; then
        echo "no shard made the state: see spsa-shard-*.log" >&2
        exit 1
    else
        tries=1
    fi
    # A shard that failed every try leaves the round short: the merge says
    # so, and the round is played again.
    play_round "$@" || echo "a shard failed: the round is merged as far as it got" >&2
done
