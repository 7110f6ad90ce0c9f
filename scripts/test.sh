#!/usr/bin/env bash
# Builds ReviewDesk and runs the whole test suite (Qt Test through CTest).
# REVIEWDESK_SANITIZE=1 does both in build-asan with AddressSanitizer and UBSan.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
rd_sanitizer_env
rd_start_throwaway_postgres
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure --parallel "$(nproc)" || status=$?
rd_sanitizer_verdict || status=1
exit "$status"
