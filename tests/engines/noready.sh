#!/usr/bin/env bash
# A fake engine for tests/arena/matches.rs: speaks the handshake, then misbehaves.
while read -r command rest; do
    case "$command" in
        uci) echo "id name fake"; echo "uciok" ;;
        ugi) echo "id name fake"; echo "ugiok" ;;
        # Never answers isready.
        isready) ;;
        quit) exit 0 ;;
    esac
done
