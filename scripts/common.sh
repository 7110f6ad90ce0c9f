# Shared by the scripts in this folder: install what the build needs from
# Debian's packages (only what is missing), configure once, build incrementally.
# shellcheck shell=bash

ROOT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# REVIEWDESK_SANITIZE=1: the AddressSanitizer + UBSan build, in its own directory so
# it never mixes objects with the plain build.
if [ "${REVIEWDESK_SANITIZE:-0}" = 1 ]; then
    BUILD_DIR="${BUILD_DIR:-$ROOT_DIR/build-asan}"
    # The benchmarks are timed in the plain build only; they are compiled there.
    # Shared libraries (cmake/Libraries.cmake) keep the instrumented build on disk
    # at a quarter of its static size (4 GB, not 15).
    # The fuzz targets' seeds are replayed under the same sanitizers by
    # scripts/fuzz.sh (CI's next stage), so they are not compiled here again.
    RD_CMAKE_OPTIONS=(-DREVIEWDESK_SANITIZE=ON -DREVIEWDESK_BUILD_BENCHMARKS=OFF -DREVIEWDESK_SHARED_LIBS=ON -DREVIEWDESK_FUZZ_REPLAYS=OFF)
else
    BUILD_DIR="${BUILD_DIR:-$ROOT_DIR/build}"
    RD_CMAKE_OPTIONS=()
fi

# Debian 12 (bookworm) package names.
RD_PACKAGES=(
    g++ cmake ninja-build pkg-config git ccache
    qt6-base-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libqt6sql6-sqlite
    qt6-charts-dev libqt6opengl6-dev
    libgit2-dev libclang-dev nlohmann-json3-dev libsqlite3-dev libhnswlib-dev
    libqt6sql6-psql postgresql qtkeychain-qt6-dev
    fonts-dejavu-core fonts-wqy-microhei
    python3-jsonschema
)

rd_as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

rd_install_deps() {
    local missing=()
    for pkg in "${RD_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "Installing Debian packages: ${missing[*]}"
        rd_as_root apt-get update -qq
        rd_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

# The compiler cache (ccache) is keyed on paths relative to the clone, so a
# clone elsewhere (CI's, a second worktree) reuses what this one compiled; the
# sloppiness lets it cache sources compiled with a precompiled header.
rd_ccache_env() {
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$ROOT_DIR}"
    export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
}

# rd_build [TARGET...]: configures once, then builds the targets named (all
# without any), and only what they need.
rd_build() {
    rd_ccache_env
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        cmake -S "$ROOT_DIR" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DREVIEWDESK_WERROR=ON "${RD_CMAKE_OPTIONS[@]}"
    fi
    local targets=()
    [ $# -eq 0 ] || targets=(--target "$@")
    cmake --build "$BUILD_DIR" --parallel "$(nproc)" "${targets[@]}"
}

# The sanitizer run's environment: the first report stops the process with a
# non-zero status (so the test fails), with a symbolized stack. Leaks are checked
# at exit; the suppressions cover only libraries we link but do not build.
# Reports are also written under $BUILD_DIR/sanitizer-reports: a child process
# (reviewdesk-cli, reviewdesk) whose stderr the test reads, or whose failure the
# test expects, must not hide one (rd_sanitizer_verdict fails the run on any file).
rd_sanitizer_env() {
    [ "${REVIEWDESK_SANITIZE:-0}" = 1 ] || return 0
    RD_SANITIZER_REPORTS="$BUILD_DIR/sanitizer-reports"
    rm -rf "$RD_SANITIZER_REPORTS"
    mkdir -p "$RD_SANITIZER_REPORTS"
    local common="halt_on_error=1:abort_on_error=1:log_path=$RD_SANITIZER_REPORTS/report:log_exe_name=1"
    export ASAN_OPTIONS="$common:detect_leaks=1:strict_init_order=1:check_initialization_order=1"
    export UBSAN_OPTIONS="$common:print_stacktrace=1"
    export LSAN_OPTIONS="suppressions=$ROOT_DIR/tests/sanitizers/lsan.supp:print_suppressions=0"
}

# After ctest: any sanitizer report, from a test or from a process it started,
# fails the run and is printed.
rd_sanitizer_verdict() {
    [ "${REVIEWDESK_SANITIZE:-0}" = 1 ] || return 0
    local reports=("$RD_SANITIZER_REPORTS"/*)
    [ -e "${reports[0]}" ] || return 0
    for report in "${reports[@]}"; do
        echo "=== $report"
        cat "$report"
    done
    echo "Sanitizer reports: ${#reports[@]} (see above); failing the run." >&2
    return 1
}

# A throwaway PostgreSQL server for the store tests' PostgreSQL rows
# (scripts/pg-throwaway.sh), stopped when the calling script exits, whatever
# happened. Without one the rows are skipped, except in CI (CI=true), where
# a server that does not start fails the run.
rd_start_throwaway_postgres() {
    local exports
    if exports="$("$ROOT_DIR/scripts/pg-throwaway.sh" start)"; then
        eval "$exports"
        # shellcheck disable=SC2064
        trap "'$ROOT_DIR/scripts/pg-throwaway.sh' stop '$REVIEWDESK_PG_DIR'" EXIT
        echo "PostgreSQL for the tests: $REVIEWDESK_TEST_PG"
    elif [ "${CI:-}" = true ]; then
        echo "The throwaway PostgreSQL server did not start; CI needs it." >&2
        return 1
    else
        echo "No PostgreSQL server for the tests: their PostgreSQL rows are skipped." >&2
    fi
}
