#!/usr/bin/env bash
# Times the workspace (open, switching merge request, a filter change, a
# judgement's commit) on a generated 200-MR, 10,000-comment file, beside plain
# Qt SQL on the same file. Options go to bench_workspace (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_workspace" "$@"
