#!/usr/bin/env bash
# Runs the review pipeline against the fake server: overhead, and throughput at 200 ms latency for concurrency 1-16.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_pipeline" "$@"
