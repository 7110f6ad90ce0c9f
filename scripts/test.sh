#!/usr/bin/env bash
# Builds ReviewDesk and runs the whole test suite (Qt Test through CTest).
# REVIEWDESK_SANITIZE=1 does both in build-asan with AddressSanitizer and UBSan.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
rd_sanitizer_env
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$(nproc)"
