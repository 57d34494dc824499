#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo-fuzz, libFuzzer) for a budget of
# seconds each, from the seed corpus kept in fuzz/corpus/TARGET; what the
# fuzzer finds on the way goes to a working corpus outside the repository,
# so the kept seeds stay small. A crash stops the run with its input in
# fuzz/artifacts/TARGET (turn it into a regression test, then fix it).
#
# usage: bench/fuzz.sh SECONDS [TARGET...]      (default: every target)
#   bench/fuzz.sh 20                            # CI's short run
#   bench/fuzz.sh 600                           # the recorded run
# environment: WORK (the working corpora, default a temporary folder),
# JOBS (targets run at once, default 1).
#
# Needs cargo-fuzz (.ci/run installs the pinned version) and, on the
# stable toolchain, RUSTC_BOOTSTRAP=1 for the sanitizer flags it passes.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:?usage: bench/fuzz.sh SECONDS [TARGET...]}
shift
export RUSTC_BOOTSTRAP=1
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi
work=${WORK:-$(mktemp -d)}
jobs=${JOBS:-1}
cargo fuzz build -O >/dev/null

run() {
    local target=$1
    mkdir -p "$work/$target"
    # -rss_limit_mb: a target that allocates wildly fails; -timeout: one
    # input may take at most 10 s.
    local status=0
    cargo fuzz run -O "$target" "$work/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -print_final_stats=1 >"$work/$target.log" 2>&1 || status=$?
    local runs
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$target.log" | grep -o '[0-9]*$' || echo '?')
    local cov
    cov=$(grep -o 'cov: [0-9]*' "$work/$target.log" | tail -1 | grep -o '[0-9]*' || echo '?')
    if [ $status -eq 0 ]; then
        echo "| $target | ${seconds} s | $runs | $cov | no crash |"
    else
        echo "| $target | ${seconds} s | $runs | $cov | FAILED (status $status): see $work/$target.log and fuzz/artifacts/$target |"
    fi
    return $status
}

failed=0
running=0
for target in "${targets[@]}"; do
    run "$target" &
    running=$((running + 1))
    if [ $running -ge "$jobs" ]; then
        wait -n || failed=1
        running=$((running - 1))
    fi
done
while [ $running -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
done
echo "logs and working corpora in $work" >&2
exit $failed
