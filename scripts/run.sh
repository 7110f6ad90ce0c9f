#!/usr/bin/env bash
# Builds ReviewDesk and starts it. With arguments they go to reviewdesk-cli
# (e.g. `scripts/run.sh diff --repo . --base main --head HEAD`); without, it
# shows the CLI's help and the diff of this checkout's latest commit.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
rd_build
CLI="$BUILD_DIR/app/cli/reviewdesk-cli"
if [ $# -gt 0 ]; then
    exec "$CLI" "$@"
fi
"$CLI" --help
if git -C "$ROOT_DIR" rev-parse -q --verify HEAD~1 >/dev/null 2>&1; then
    echo
    echo "== reviewdesk-cli diff --repo $ROOT_DIR --base HEAD~1 --head HEAD --format json (first lines) =="
    "$CLI" diff --repo "$ROOT_DIR" --base HEAD~1 --head HEAD --format json | head -n 40
fi
