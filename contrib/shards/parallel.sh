#!/bin/sh
# A match in N shards over ssh hosts with GNU parallel, then merged.
#
#   contrib/shards/parallel.sh HOSTS N MATCH-OPTIONS...
#
# HOSTS: a GNU parallel --sshloginfile, one ssh host a line (PARALLEL_SSH
# sets the ssh command). A host plays one shard at a time: give
# --concurrency for its cores. Run this from a directory holding `ludus`
# (the referee, sent to every host) and the files the options name, by
# paths relative to it (engines' cmd=, --openings); list those to send in
# SEND, e.g. SEND="old-ludus book.txt". Each shard runs in ~/ludus-shards
# on its host; its results file, PGN and output come back here as
# shard-K.json, shard-K.pgn and shard-K.log, and are sent out again with
# the shard whenever it runs. So a failed shard, tried again (RETRIES,
# default 2), continues with --resume from the games that came back
# (GNU parallel removes a failed try's files from the host, after
# bringing them back), and so does this whole command run again in the
# same directory: no game is lost or counted twice, and the log grows.
# (On a first run GNU parallel warns that shard-K.json "is not readable
# and will not be transferred": it does not exist yet.)
# The hosts need rsync (GNU parallel sends and fetches files with it) and
# must run this machine's binaries.
#
# Example:
#   SEND="old-ludus book.txt" contrib/shards/parallel.sh hosts.txt 8 \
#       --game alak --engine cmd=./ludus name=new --engine cmd=./old-ludus name=old \
#       --tc 10+0.1 --games 8000 --repeat --openings book.txt --seed 7 \
#       --sprt elo0=0 elo1=5
set -eu
hosts=$1
count=$2
shift 2
# Each extra file is sent once per host, like the referee.
basefiles=""
for file in ${SEND:-}; do
    basefiles="$basefiles --basefile $file"
done
# A shard's PGN and log are sent out to be appended to, so they must
# exist; its results file must not before it has a game.
for k in $(seq 1 "$count"); do
    touch "shard-$k.pgn" "shard-$k.log"
done
# shellcheck disable=SC2086 # $basefiles is a list of options
seq 1 "$count" | parallel --sshloginfile "$hosts" --jobs 1 --retries "${RETRIES:-2}" \
    --workdir ludus-shards --basefile ludus $basefiles \
    --transferfile 'shard-{}.json' --transferfile 'shard-{}.pgn' --transferfile 'shard-{}.log' \
    --return 'shard-{}.json' --return 'shard-{}.pgn' --return 'shard-{}.log' --cleanup \
    ./ludus match "$@" --shard "{}/$count" --results 'shard-{}.json' \
    --pgnout 'shard-{}.pgn' --resume '>>' 'shard-{}.log'
# The merged report; the exit status says whether an SPRT bound is crossed.
exec ./ludus match-merge shard-*.json
