#!/usr/bin/env bash
# A fake engine for tests/arena/matches.rs, run from a scratch copy: speaks the
# handshake, and when asked to move deletes itself and dies, so it cannot be
# restarted.
while read -r command rest; do
    case "$command" in
        uci) echo "id name fake"; echo "uciok" ;;
        ugi) echo "id name fake"; echo "ugiok" ;;
        isready) echo "readyok" ;;
        go) rm -f -- "$0"; exit 3 ;;
        quit) exit 0 ;;
    esac
done
