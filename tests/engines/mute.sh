#!/usr/bin/env bash
# A fake engine for tests/arena/matches/failures.rs: says on stderr what it
# waits for, and never answers the handshake.
echo "fake: waiting for the network file to load" >&2
while read -r command rest; do
    case "$command" in
        quit) exit 0 ;;
    esac
done
