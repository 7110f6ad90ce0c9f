#!/usr/bin/env bash
# Runs reviewdesk-cli diff and git diff -M on a generated merge request (2,544 files, or
# --files N) and prints wall time, CPU time and peak memory of both, and the ratios.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_diff" "$@"
