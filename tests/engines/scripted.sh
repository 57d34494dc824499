#!/usr/bin/env bash
# A fake engine for tests/arena/matches.rs: plays game n of its process (counted
# by ucinewgame/uginewgame) from line n of the file given as its argument,
# a list of moves, answering each go with the move after those played.
mapfile -t lines < "$1"
game=0
played=0
while read -r command rest; do
    case "$command" in
        uci) echo "id name scripted"; echo "uciok" ;;
        ugi) echo "id name scripted"; echo "ugiok" ;;
        isready) echo "readyok" ;;
        ucinewgame|uginewgame) game=$((game + 1)) ;;
        position)
            played=0
            if [[ "$rest" == *" moves "* ]]; then
                read -ra moves <<< "${rest#* moves }"
                played=${#moves[@]}
            fi
            ;;
        go)
            read -ra line <<< "${lines[game - 1]}"
            echo "bestmove ${line[played]}"
            ;;
        quit) exit 0 ;;
    esac
done
