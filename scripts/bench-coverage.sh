#!/usr/bin/env bash
# Proof by simulation (issue 40): 1,000 generated benchmarks with known truth
# (50 merge requests each, 1,000 resamples) through compare, the arena and
# Krippendorff's alpha; prints the coverage of every 95 % interval kind with
# its Wilson interval, and the family-wise error of 15 null pairs, raw and
# Holm-adjusted, as a Markdown table (docs/comparing.md, "Coverage by
# simulation"). Options go to bench_coverage (--help).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
"$BUILD_DIR/tests/benchmarks/bench_coverage" "$@"
