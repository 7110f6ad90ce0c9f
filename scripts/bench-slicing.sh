#!/usr/bin/env bash
# Slices a googletest merge request with all four algorithms and times cppcheck --dump on the same files;
# the share of changed lines each algorithm covers on the libgit2 examples (real C); linear cost on a generated table.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
RD_PACKAGES+=(googletest cppcheck)
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_slicing" "$@"
