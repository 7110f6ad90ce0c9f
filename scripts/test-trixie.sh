#!/usr/bin/env bash
# Builds and tests ReviewDesk inside a Debian 13 (trixie) root, where Qt 6.8,
# KF6 KSyntaxHighlighting, libgit2 1.9 and libclang 19 are packaged: the build
# path that Debian 12 cannot exercise. Needs root (or sudo) for debootstrap and
# chroot; the root is made once and reused (TRIXIE_ROOT).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/apt-mirror.sh"

TRIXIE_ROOT="${TRIXIE_ROOT:-/var/tmp/reviewdesk-trixie}"
TRIXIE_PACKAGES=(
    g++ cmake ninja-build pkg-config git ccache
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libkf6syntaxhighlighting-dev
    libgit2-dev libclang-dev nlohmann-json3-dev fonts-dejavu-core fonts-wqy-microhei libqt6sql6-sqlite
    python3-jsonschema
    qt6-charts-dev libqt6opengl6-dev
    libsqlite3-dev libhnswlib-dev
    qtkeychain-qt6-dev
)
STAMP="$TRIXIE_ROOT/.reviewdesk-packages"

if ! command -v debootstrap >/dev/null; then
    rd_as_root apt-get update -qq
    rd_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
fi
if [ ! -x "$TRIXIE_ROOT/usr/bin/apt-get" ]; then
    # The mirror this machine's apt already uses (reachable from here, maybe a
    # local one), not a host named in this script.
    if ! mirror="$(rd_debian_mirror /etc/apt)"; then
        echo "test-trixie.sh: no Debian archive mirror found in /etc/apt/sources.list or /etc/apt/sources.list.d/*.list, *.sources" >&2
        echo "  (looked for a 'deb' line or 'URIs:' entry whose path has a 'debian' folder, such as http://deb.debian.org/debian)" >&2
        exit 1
    fi
    echo "Creating the Debian 13 root in $TRIXIE_ROOT from $mirror (about a minute)"
    rd_as_root rm -rf "$TRIXIE_ROOT"
    rd_as_root debootstrap --variant=minbase trixie "$TRIXIE_ROOT" "$mirror" >/dev/null
fi
if [ "$(cat "$STAMP" 2>/dev/null)" != "${TRIXIE_PACKAGES[*]}" ]; then
    rd_as_root chroot "$TRIXIE_ROOT" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    rd_as_root chroot "$TRIXIE_ROOT" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -qq --no-install-recommends "${TRIXIE_PACKAGES[@]}" >/dev/null
    echo "${TRIXIE_PACKAGES[*]}" | rd_as_root tee "$STAMP" >/dev/null
fi

# The source tree appears at /src inside the root; the build stays in it.
mounts=(proc dev src)
cleanup() {
    for m in "${mounts[@]}"; do
        mountpoint -q "$TRIXIE_ROOT/$m" && rd_as_root umount -l "$TRIXIE_ROOT/$m" || true
    done
}
trap cleanup EXIT
rd_as_root mkdir -p "$TRIXIE_ROOT/src"
mountpoint -q "$TRIXIE_ROOT/proc" || rd_as_root mount -t proc proc "$TRIXIE_ROOT/proc"
mountpoint -q "$TRIXIE_ROOT/dev" || rd_as_root mount --rbind /dev "$TRIXIE_ROOT/dev"
mountpoint -q "$TRIXIE_ROOT/src" || rd_as_root mount --bind "$ROOT_DIR" "$TRIXIE_ROOT/src"

rd_as_root chroot "$TRIXIE_ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
    CCACHE_DIR=/root/.ccache CCACHE_BASEDIR=/src CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime bash -euo pipefail -c '
    cd /src
    if [ ! -f build-trixie/build.ninja ]; then
        # What this stage adds is Qt 6.8, gcc 14 and the KF6 highlighter, not
        # speed: -O1, shared libraries, no benchmark programs and no fuzz seed
        # replays (the fuzzing stage runs those) keep its build short (CI runs
        # it after two others, on 2 cores, from a cold cache).
        cmake -S . -B build-trixie -G Ninja -DCMAKE_BUILD_TYPE=Release -DREVIEWDESK_WERROR=ON \
            -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DREVIEWDESK_SHARED_LIBS=ON -DREVIEWDESK_BUILD_BENCHMARKS=OFF \
            -DREVIEWDESK_FUZZ_REPLAYS=OFF
    fi
    cmake --build build-trixie --parallel "$(nproc)"
    ctest --test-dir build-trixie --output-on-failure --parallel "$(nproc)"
'
