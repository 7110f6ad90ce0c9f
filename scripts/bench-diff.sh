#!/usr/bin/env bash
# Times reviewdesk-cli diff against git diff on a generated 2,400-file merge request.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_diff" "$@"
