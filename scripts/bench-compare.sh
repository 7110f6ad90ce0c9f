#!/usr/bin/env bash
# Times `compare` on Code Review Bench imported with three judges (the real
# one and two synthetic ones, 2,000 resamples) and on a generated 1,000-MR,
# 200,000-comment workspace with five run configurations, beside a plain pass
# over the same rows. Options go to bench_compare (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_compare" "$@"
