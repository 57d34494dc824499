#!/usr/bin/env bash
# Peak resident memory of the daemon for several Hash sizes: each run sets
# the size, searches for half a second (so the table is touched) and quits.
# usage: bench/memory.sh [engine] [game]
set -euo pipefail
engine=${1:-target/release/ludus}
game=${2:-alak}
for hash in 16 256 1024; do
  peak_kib=$(
    { printf 'setoption name UCI_Variant value %s\nsetoption name Hash value %s\n' "$game" "$hash"
      printf 'position startpos\ngo movetime 500\n'; sleep 1; printf 'quit\n'; } |
      /usr/bin/time -f '%M' "$engine" 2>&1 >/dev/null | tail -n 1
  )
  echo "Hash ${hash} MiB: peak RSS $((peak_kib / 1024)) MiB (${peak_kib} KiB), overhead $((peak_kib / 1024 - hash)) MiB"
done
