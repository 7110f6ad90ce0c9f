#!/usr/bin/env bash
# Checks rd_debian_mirror (scripts/apt-mirror.sh), which gives
# scripts/test-trixie.sh its Debian mirror, on sample apt source folders.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/apt-mirror.sh"

failures=0
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# expect NAME EXPECTED: runs rd_debian_mirror on $work/NAME; EXPECTED empty
# means "none found" (status 1, no output).
expect() {
    local name="$1" expected="$2" got status
    got="$(rd_debian_mirror "$work/$name")"
    status=$?
    if [ -z "$expected" ] && { [ $status -ne 1 ] || [ -n "$got" ]; }; then
        echo "FAIL $name: expected none, got '$got' (status $status)"; failures=$((failures + 1))
    elif [ -n "$expected" ] && { [ $status -ne 0 ] || [ "$got" != "$expected" ]; }; then
        echo "FAIL $name: expected '$expected', got '$got' (status $status)"; failures=$((failures + 1))
    else
        echo "PASS $name"
    fi
}
put() { mkdir -p "$(dirname "$work/$1")"; cat > "$work/$1"; }

put one-line/sources.list <<'X'
# deb http://commented.example/debian bookworm main
deb-src http://src.example/debian bookworm main
deb http://security.debian.org/debian-security bookworm-security main
deb [arch=amd64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://ftp.de.debian.org/debian/ bookworm main contrib
deb http://later.example/debian bookworm main
X
expect one-line "http://ftp.de.debian.org/debian/"

put deb822/sources.list.d/debian.sources <<'X'
Types: deb
# http://snapshot.debian.org/archive/debian-security/20250520T000000Z
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main

Types: deb deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
X
expect deb822 "http://deb.debian.org/debian"

put disabled/sources.list.d/a-vendor.sources <<'X'
Types: deb
URIs: https://deb.nodesource.com/node_20.x
Suites: nodistro

Types: deb
URIs: http://disabled.example/debian
Enabled: no
Suites: bookworm

types: deb-src
uris: http://only-source.example/debian
suites: bookworm
X
put disabled/sources.list.d/b-debian.list <<'X'
deb http://mirror.example:3142/debian bookworm main
X
expect disabled "http://mirror.example:3142/debian"

# sources.list comes first, then sources.list.d in name order.
put order/sources.list <<'X'
deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main
X
put order/sources.list.d/b.sources <<'X'
Types: deb
URIs: http://b.example/debian
Suites: bookworm
X
put order/sources.list.d/a.list <<'X'
deb http://a.example/debian bookworm main
X
put order/sources.list.d/c.list.disabled <<'X'
deb http://ignored.example/debian bookworm main
X
expect order "http://a.example/debian"

put continued/sources.list.d/debian.sources <<'X'
Types: deb
URIs: http://apt-cache.example/ubuntu
 http://snapshot.debian.org/archive/debian/20250520T000000Z
Suites: bookworm
X
expect continued "http://snapshot.debian.org/archive/debian/20250520T000000Z"

put ubuntu/sources.list <<'X'
deb http://archive.ubuntu.com/ubuntu jammy main
deb-src http://deb.debian.org/debian bookworm main
deb cdrom:[Debian GNU/Linux 12]/debian bookworm main
X
expect ubuntu ""
expect missing-folder ""

# And this machine's own sources, whatever they are, give a usable URI.
if mirror="$(rd_debian_mirror)"; then
    echo "this machine: $mirror"
    case "$mirror" in
        http://*|https://*|ftp://*|file:*) ;;
        *) echo "FAIL this machine: '$mirror' is not a URI"; failures=$((failures + 1)) ;;
    esac
else
    echo "this machine: no Debian mirror in /etc/apt (test-trixie.sh would stop and say so)"
fi

[ $failures -eq 0 ] && echo "all passed"
exit $((failures > 0))
