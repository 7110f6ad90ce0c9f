#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, clang + ASan + UBSan, in build-fuzz)
# and runs each for SECONDS (default 60), as many at once as there are cores, starting from
# its seed corpus (tests/fuzz/corpus/<target>) and what earlier runs found
# (build-fuzz/fuzz-corpus/<target>). Prints every target's executions and any
# crash; exits non-zero when a target crashed, leaked, hung (over 30 s on one
# input) or ran out of memory. The crashing input is kept under
# build-fuzz/fuzz-artifacts/<target>/.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
SECONDS_PER_TARGET="${1:-60}"
shift || true
FUZZ_DIR="${FUZZ_BUILD_DIR:-$ROOT_DIR/build-fuzz}"

RD_PACKAGES+=(clang libclang-rt-14-dev)
rd_install_deps
rd_ccache_env
if [ ! -f "$FUZZ_DIR/build.ninja" ]; then
    CC=clang CXX=clang++ cmake -S "$ROOT_DIR" -B "$FUZZ_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DREVIEWDESK_FUZZ=ON -DREVIEWDESK_BUILD_TESTS=OFF
fi
cmake --build "$FUZZ_DIR" --target reviewdesk_fuzzers --parallel "$(nproc)"

# Leaks are reported per input; UBSan stops at the first finding.
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
# The targets run $(nproc) at a time, each on a core of its own for its
# SECONDS; the summary keeps the list's order.
fuzz_one() { # NAME BINARY SEEDS DICT: writes fuzz-logs/NAME.result
    local name="$1" binary="$2" seeds="$3" dict="$4"
    local corpus="$FUZZ_DIR/fuzz-corpus/$name" artifacts="$FUZZ_DIR/fuzz-artifacts/$name/"
    local log="$FUZZ_DIR/fuzz-logs/$name.log" result=0 runs cov
    mkdir -p "$corpus" "$artifacts"
    "$binary" -max_total_time="$SECONDS_PER_TARGET" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
        -dict="$dict" -artifact_prefix="$artifacts" "$corpus" "$seeds" >"$log" 2>&1 || result=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
    if [ "$result" -ne 0 ]; then
        echo "$name: CRASH after ${runs:-?} executions (exit $result, log $log)" >"$log.result"
    else
        echo "$name: ${runs:-?} executions in ${SECONDS_PER_TARGET}s, ${cov:-cov: ?}, no crash" >"$log.result"
    fi
}

mkdir -p "$FUZZ_DIR/fuzz-logs"
rm -f "$FUZZ_DIR"/fuzz-logs/*.result
names=()
while read -r name binary seeds dict; do
    [ -n "$name" ] || continue
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    names+=("$name")
    echo "== $name: ${SECONDS_PER_TARGET}s"
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
    fuzz_one "$name" "$binary" "$seeds" "$dict" &
done <"$FUZZ_DIR/tests/fuzz/fuzz-targets.txt"
wait

status=0
echo "== fuzzing summary"
for name in "${names[@]}"; do
    result="$FUZZ_DIR/fuzz-logs/$name.log.result"
    if [ ! -f "$result" ]; then
        echo "$name: no result (the fuzzing script itself failed; log $FUZZ_DIR/fuzz-logs/$name.log)"
        status=1
    elif grep -q ': CRASH after' "$result"; then
        cat "$result"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|artifact_prefix|Test unit written|MS: )' \
            "$FUZZ_DIR/fuzz-logs/$name.log" | head -20 || true
        status=1
    else
        cat "$result"
    fi
done
exit "$status"
