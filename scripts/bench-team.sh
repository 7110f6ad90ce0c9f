#!/usr/bin/env bash
# Team scale: 40 merge requests reviewed by 4 --claim workers against 1
# (fake LLM server answering after 200 ms), and a judgement's commit latency
# on a throwaway local PostgreSQL server beside an SQLite file. Options go to
# bench_team (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
rd_start_throwaway_postgres
"$BUILD_DIR/tests/benchmarks/bench_team" "$@"
