#!/usr/bin/env bash
# A fake engine for tests/arena/matches.rs: speaks the handshake, and when
# asked to move is stopped by SIGTERM, as a scheduler stops a job.
while read -r command rest; do
    case "$command" in
        uci) echo "id name fake"; echo "uciok" ;;
        ugi) echo "id name fake"; echo "ugiok" ;;
        isready) echo "readyok" ;;
        go) kill -TERM $$ ;;
        quit) exit 0 ;;
    esac
done
