#!/usr/bin/env bash
# Imports the AACR-Bench positive file and exports every format with
# reviewdesk-cli, beside `python3 -m json.tool` on the same file (the
# reference), and prints the ratios. Options go to bench_exchange (--runs N).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_exchange" "$@"
