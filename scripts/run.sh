#!/usr/bin/env bash
# Builds ReviewDesk and starts the window on the demo merge request (written
# into your data directory on first start). Arguments go to `reviewdesk`
# instead, e.g. `scripts/run.sh --repo ~/src/project --base main --head topic`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
rd_install_deps
# Only the window and what it links: the tests and the command line wait for scripts/test.sh.
rd_build reviewdesk
APP="$BUILD_DIR/app/gui/reviewdesk"
[ $# -gt 0 ] || set -- --demo
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
    if [[ " $* " == *" --screenshot "* ]]; then
        export QT_QPA_PLATFORM=offscreen
    else
        echo "No display found. ReviewDesk is a desktop application: run this in a desktop session," >&2
        echo "or take a picture of it headless: scripts/run.sh --demo --screenshot demo.png" >&2
        exit 1
    fi
fi
exec "$APP" "$@"
