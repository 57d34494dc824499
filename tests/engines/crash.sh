#!/usr/bin/env bash
# A fake engine for tests/arena/matches.rs: speaks the handshake, then misbehaves.
while read -r command rest; do
    case "$command" in
        uci) echo "id name fake"; echo "uciok" ;;
        ugi) echo "id name fake"; echo "ugiok" ;;
        isready) echo "readyok" ;;
        # Dies when asked to move, saying why on stderr.
        go) echo "fake: cannot search: out of memory" >&2; exit 3 ;;
        quit) exit 0 ;;
    esac
done
