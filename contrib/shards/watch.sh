#!/bin/sh
# Merges a match's shards every INTERVAL seconds and prints the report;
# once an SPRT bound is crossed (match-merge exits 3 or 4) it runs STOP, a
# command that cancels the shards still playing, and exits with that status.
#
#   contrib/shards/watch.sh INTERVAL STOP 'PATTERN'
#   contrib/shards/watch.sh 600 "scancel 4242" 'shard-*.json'
#
# PATTERN is expanded anew each round, as shards start writing. LUDUS is
# the ludus to merge with (default ./ludus).
set -u
interval=$1
stop=$2
pattern=$3
while :; do
    # shellcheck disable=SC2086 # the pattern is meant to expand
    set -- $pattern
    if [ -e "$1" ]; then
        "${LUDUS:-./ludus}" match-merge "$@"
        status=$?
        case $status in
            3 | 4)
                sh -c "$stop"
                exit "$status"
                ;;
        esac
    fi
    sleep "$interval"
done
