#!/usr/bin/env bash
# Times the real window, offscreen, on a generated 1,000-merge-request,
# 200,000-comment workspace (three annotators, a repository with small diffs):
# open, the Merge Requests browser's filter, switching merge request, scrolling
# the Comments panel and the cards of a 2,000-comment merge request, memory;
# each beside a plain Qt reference in the same run. Options go to bench_window
# (--help); --keep DIR leaves the workspace and repository there for screenshots.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$BUILD_DIR/tests/benchmarks/bench_window" "$@"
