#!/usr/bin/env bash
# Times the arena's Bradley-Terry fit of 100,000 generated votes over 20 run
# configurations (with and without 1,000 bootstrap resamples, and from a
# workspace), beside Hunter's MM iterated over every vote. Options go to
# bench_arena (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_arena" "$@"
