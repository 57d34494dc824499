# shellcheck shell=bash
# Shared by the batch tests (slurm.sh, parallel.sh), which run the recipes
# of contrib/shards/ for real: the match they shard, the same match played
# whole, and the check that the merged shards equal it. Sourced, not run.
#
# A batch test makes a temporary directory $work with run/ (the directory
# a recipe runs from: ludus, old-ludus, book.txt) and whole/ (the whole
# match). It registers what to undo with on_exit; the trap runs them in
# reverse order and removes $work.

set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
shards=3
# A deterministic match (node limits), slow enough that a shard can be
# stopped while it plays, with decisive games so the pentanomial counts
# mean something. Engine paths and the book are relative to run/.
match=(--game wyke --engine cmd=./ludus name=new nodes=20000
    --engine cmd=./old-ludus name=old nodes=5000 --games 24 --repeat
    --openings book.txt --order random --seed 7 --sprt elo0=0 elo1=10)

# Prints a failure and exits non-zero.
die() {
    echo "FAIL: $*" >&2
    exit 1
}

# Prints a step of the test.
step() {
    echo "-- [${SECONDS}s] $*"
}

undo=()
# Registers a command to run when the test exits, however it exits.
on_exit() {
    undo+=("$1")
}

# Runs the registered commands, last first, then removes $work.
cleanup() {
    local status=$? i
    for ((i = ${#undo[@]} - 1; i >= 0; i--)); do
        eval "${undo[i]}" || true
    done
    [ -n "${work:-}" ] && rm -rf "$work"
    if [ "$status" -eq 0 ]; then
        echo "$(basename "$0"): passed in ${SECONDS}s"
    else
        echo "FAIL: $(basename "$0") exited with status $status after ${SECONDS}s" >&2
    fi
    exit "$status"
}
trap cleanup EXIT
# A signal ends the test as a failure, through the same cleanup.
trap 'exit 130' INT
trap 'exit 143' TERM

# Installs Debian packages unless every command named is already there:
# need_packages "cmd1 cmd2" pkg1 pkg2...
need_packages() {
    local commands=$1 missing=0 cmd
    shift
    for cmd in $commands; do
        command -v "$cmd" >/dev/null || missing=1
    done
    [ "$missing" -eq 0 ] && return 0
    step "apt-get install $*"
    export DEBIAN_FRONTEND=noninteractive
    # Waits for another apt-get (up to 5 minutes) rather than failing.
    apt-get -o DPkg::Lock::Timeout=300 update -qq </dev/null
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq "$@" </dev/null >/dev/null
    for cmd in $commands; do
        command -v "$cmd" >/dev/null || die "$cmd is missing after installing $*"
    done
}

# True once COMMAND succeeds, polling every 0.2 s; false after SECONDS:
# poll SECONDS COMMAND...
poll() {
    local tries=$(($1 * 5))
    shift
    for (( ; tries > 0; tries--)); do
        "$@" && return 0
        sleep 0.2
    done
    return 1
}

# Waits until COMMAND succeeds, or fails the test after SECONDS:
# wait_for SECONDS WHAT COMMAND...
wait_for() {
    local seconds=$1 what=$2
    shift 2
    poll "$seconds" "$@" || die "timed out after ${seconds}s waiting for $what"
}

# Builds ludus (or takes the binary LUDUS_BIN names: .ci/run gives the one
# its test step built) and lays out $work/run and $work/whole.
prepare() {
    local ludus
    if [[ -n "${LUDUS_BIN:-}" ]]; then
        ludus=$(realpath "$LUDUS_BIN")
    else
        step "cargo build --release"
        (cd "$repo" && cargo build --release --quiet)
        ludus=$(cd "$repo" && realpath "${CARGO_TARGET_DIR:-target}/release/ludus")
    fi
    work=$(mktemp -d /tmp/ludus-batch.XXXXXX)
    mkdir "$work/run" "$work/whole"
    cp "$ludus" "$work/run/ludus"
    cp "$ludus" "$work/run/old-ludus"
    "$work/run/ludus" openings wyke --count 24 --seed 1 --plies 4 >"$work/run/book.txt"
}

# The number of finished games in a results file (0 if it is not there).
games_in() {
    if [ -e "$1" ]; then grep -c '^{"record":"game"' "$1" || true; else echo 0; fi
}

# Plays the match whole, in $work/whole, from the files in run/.
play_whole() {
    step "the whole match: ludus match ${match[*]}"
    (cd "$work/run" && ./ludus match "${match[@]}" --ratinginterval 0 \
        --results "$work/whole/whole.json" --pgnout "$work/whole/whole.pgn" \
        >"$work/whole/whole.log" 2>&1) || {
        cat "$work/whole/whole.log"
        die "the whole match failed"
    }
}

# The score report's lines: score, sides, Elo, SPRT, Ptnml.
report() {
    grep -E '^(Score of |\.\.\.      |Elo difference|SPRT|Ptnml)' "$1"
}

# The games of PGN files, one a line as "ROUND<tab>tags and movetext",
# without the Date tag and the move comments (thinking times), by round.
games_of() {
    awk '
        function flush() {
            if (text == "") return
            gsub(/\{[^}]*\}/, "", text)
            gsub(/[ \t]+/, " ", text)
            print round "\t" text
            text = ""
        }
        /^\[Event / { flush() }
        /^\[Date / { next }
        /^\[Round / { round = $2; gsub(/[^0-9]/, "", round) }
        { text = text " " $0 }
        END { flush() }
    ' "$@" | sort -n -k1,1
}

# Merges run/shard-*.json and checks that it equals the whole match: the
# same report (score, Elo, SPRT, pentanomial counts), every shard complete,
# and the same games, round by round.
check_merge() {
    local run=$work/run
    step "ludus match-merge shard-*.json"
    (cd "$run" && ./ludus match-merge shard-*.json >"$work/merged.log" 2>&1) || {
        cat "$work/merged.log"
        die "match-merge failed"
    }
    cat "$work/merged.log"
    grep -q "Shards: $shards of $shards complete, 0 incomplete, 0 missing" "$work/merged.log" ||
        die "the merge does not hold $shards complete shards"
    report "$work/whole/whole.log" >"$work/whole.report"
    report "$work/merged.log" >"$work/merged.report"
    grep -q '^Ptnml' "$work/whole.report" || die "the whole match printed no Ptnml line"
    diff -u "$work/whole.report" "$work/merged.report" ||
        die "the merged report differs from the whole match's"
    games_of "$work/whole/whole.pgn" >"$work/whole.games"
    games_of "$run"/shard-*.pgn >"$work/merged.games"
    [ "$(wc -l <"$work/whole.games")" -eq 24 ] || die "the whole match's PGN lacks games"
    diff "$work/whole.games" "$work/merged.games" >"$work/games.diff" || {
        head -c 4000 "$work/games.diff"
        die "the shards' PGN games differ from the whole match's"
    }
    echo "merged shards = whole match: same report, same 24 games"
}

# SPSA: a tiny tuning of a tuning build (LUDUS_TUNE_BIN, or built as the
# tests of ludus spsa build it) in Wyx at 500 nodes a move, deterministic:
# 8 iterations in 2 rounds of 4. Lays out $work/spsa (the tuning build as
# `ludus`, params.txt) and plays the run whole there (local.jsonl), for
# the sharded run to match.
spsa=(--game wyx --engine cmd=./ludus nodes=500 --params params.txt
    --iterations 8 --round-size 4 --seed 3)
spsa_dir=""
prepare_spsa() {
    local tune
    spsa_dir=$work/spsa
    mkdir "$spsa_dir"
    if [[ -n "${LUDUS_TUNE_BIN:-}" ]]; then
        tune=$(realpath "$LUDUS_TUNE_BIN")
    else
        step "cargo build --profile tune-test --features tune"
        (cd "$repo" && cargo build --quiet --profile tune-test --features tune --bin ludus)
        tune=$(cd "$repo" && realpath "${CARGO_TARGET_DIR:-target}/tune-test/ludus")
    fi
    cp "$tune" "$spsa_dir/ludus"
    printf '%s\n' 'RFP_MARGIN, int, 120, 20, 400, 19, 0.05' 'LMR_BASE, int, 50, 0, 200, 10, 0.05' \
        >"$spsa_dir/params.txt"
    step "SPSA in one go: ludus spsa ${spsa[*]} --state local.jsonl"
    (cd "$spsa_dir" && ./ludus spsa "${spsa[@]}" --concurrency 2 --state local.jsonl \
        >local.log 2>&1) || { cat "$spsa_dir/local.log"; die "the local SPSA run failed"; }
}

# Checks that the sharded run's state (spsa.jsonl) holds the local run's θ
# at every iteration, and that each shard finished each round.
check_spsa() {
    local round k
    for round in 1 2; do
        for k in 1 2; do
            grep -q "Finished shard $k/2 of round $round/2" "$spsa_dir/spsa-shard-$k.log" ||
                { cat "$spsa_dir/spsa-shard-$k.log"; die "shard $k of round $round did not finish"; }
        done
    done
    theta_steps() {
        grep '^{"record":"step"' "$1"
    }
    [ "$(theta_steps "$spsa_dir/local.jsonl" | wc -l)" -eq 8 ] || die "the local run lacks steps"
    diff <(theta_steps "$spsa_dir/local.jsonl") <(theta_steps "$spsa_dir/spsa.jsonl") ||
        die "the sharded θ differs from the local run's"
    echo "sharded SPSA = SPSA in one go: the same θ at each of 8 iterations"
}
