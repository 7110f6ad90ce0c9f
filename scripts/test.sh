#!/usr/bin/env bash
# Builds ReviewDesk and runs the whole test suite (Qt Test through CTest).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$(nproc)"
