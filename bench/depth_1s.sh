#!/bin/sh
# Depth completed in 1 s (`go movetime 1000`, one thread, 16 MiB hash) from
# the start and two middle-game positions of wyke and wyke6: prints the last
# completed `info depth` line of each search.
# Usage: bench/depth_1s.sh [ENGINE] [MOVETIME_MS]   (default target/release/ludus 1000)
engine=${1:-target/release/ludus}
movetime=${2:-1000}
run() {
    variant=$1
    position=$2
    line=$( { printf 'uci\nsetoption name UCI_Variant value %s\nisready\n%s\ngo movetime %s\n' \
        "$variant" "$position" "$movetime"; sleep $((movetime / 1000 + 3)); printf 'quit\n'; } \
        | "$engine" | grep '^info depth' | grep -v 'bound' | tail -1)
    echo "$variant | $position | $line"
}
run wyke "position startpos"
run wyke "position fen 3444/4464/4424/4443 d 2-2 -"
run wyke "position fen 5262/4708/4374/1443 b 3-1 2-1-1"
run wyke6 "position startpos"
run wyke6 "position fen 464444/434454/444244/442444/444434/444644 b 3-1 2-2"
run wyke6 "position fen 564804/434454/474240/462447/144634/444644 d 2-1-1 4"
