#!/usr/bin/env bash
# AACR hunk review retrieval: the BM25 index (SQLite FTS5) of a generated
# 1,500-file repository built and queried beside an in-memory linear scan;
# HNSW search over 100,000 embedding vectors beside exact search. Options go
# to bench_retrieval (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_retrieval" "$@"
