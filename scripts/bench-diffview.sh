#!/usr/bin/env bash
# Opens a generated 50,000-line file diff in the diff view and prints paint, scroll and memory figures.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$BUILD_DIR/tests/benchmarks/bench_diffview" "$@"
