#!/usr/bin/env bash
# A fake engine for tests/arena/matches.rs: speaks the handshake, then misbehaves.
while read -r command rest; do
    case "$command" in
        uci) echo "id name fake"; echo "uciok" ;;
        ugi) echo "id name fake"; echo "ugiok" ;;
        isready) echo "readyok" ;;
        # Answers with a move that is not on the board.
        go) echo "info depth 1 score cp 10 pv 12-13"; echo "bestmove 12-13" ;;
        quit) exit 0 ;;
    esac
done
