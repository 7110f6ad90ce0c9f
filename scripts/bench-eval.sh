#!/usr/bin/env bash
# Times the evaluation (every metric at every stage, line match only) of a
# generated 200-MR, 10,000-comment workspace, beside reading the same
# comments from the store. Options go to bench_eval (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_eval" "$@"
