#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests and benchmarks: initdb and
# pg_ctl (Debian package postgresql) on a temporary folder, listening on
# 127.0.0.1 at a free port, trust authentication, C collation (the order
# SQLite sorts text in).
#
#   eval "$(scripts/pg-throwaway.sh start)"   # prints the exports below
#   ... REVIEWDESK_TEST_PG=postgresql://reviewdesk@127.0.0.1:PORT/postgres
#   scripts/pg-throwaway.sh stop "$REVIEWDESK_PG_DIR"
#
# The fault tests take the server away and bring it back (same port, same
# data) under a client: `down DIR` (a fast shutdown: sessions are ended)
# and `up DIR`.
#
# initdb refuses to run as root: as root the server runs as the `postgres`
# user (made by the Debian package).
set -euo pipefail

rd_pg_bin() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
    done
    command -v initdb >/dev/null 2>&1 && dirname "$(command -v initdb)" && return 0
    return 1
}

rd_pg_as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# A port nobody listens on, below the kernel's range of ephemeral ports
# (/proc/sys/net/ipv4/ip_local_port_range). Every test server that listens on
# port 0, and every outgoing connection, takes its port from that range: one
# could take ours between this choice and the server's start, or while a fault
# test has the server down (a test once failed so: "could not bind ...
# Address already in use"). REVIEWDESK_PG_PORTS: ports to try first, in order.
rd_next_port() {
    local wanted=(${REVIEWDESK_PG_PORTS:-})
    if [ "$attempt" -lt "${#wanted[@]}" ]; then
        echo "${wanted[$attempt]}"
        return 0
    fi
    local low=32768 first=10000 port
    read -r low _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || true
    [ "$low" -gt $((first + 1000)) ] || first=1024
    # A range that leaves nothing below it (a kernel tuned so): anywhere unprivileged.
    [ "$low" -gt $((first + 100)) ] || low=65536
    for _ in $(seq 50); do
        port=$((first + RANDOM % (low - first)))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    return 1
}

rd_pg_start() { # DIR PORT
    rd_pg_as_owner "$bin/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 \
        -o "-p $2 -k $1 -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB" start >/dev/null
}

case "${1:-}" in
start)
    bin="$(rd_pg_bin)" || { echo "pg-throwaway: no initdb found (Debian package postgresql)" >&2; exit 1; }
    if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
        echo "pg-throwaway: running as root needs the postgres user (Debian package postgresql)" >&2
        exit 1
    fi
    dir="$(mktemp -d "${TMPDIR:-/tmp}/reviewdesk-pg.XXXXXX")"
    chmod 755 "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
    rd_pg_as_owner "$bin/initdb" -D "$dir/data" -U reviewdesk -A trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1; }
    # Small and quick to start; fsync stays on so that commit latency is real.
    # A port taken after all is given up for another, five times at most.
    attempt=0
    while :; do
        port="$(rd_next_port)" || { echo "pg-throwaway: no free port found" >&2; rm -rf "$dir"; exit 1; }
        echo "$port" >"$dir/port"
        rd_pg_start "$dir" "$port" 2>"$dir/pg_ctl.log" && break
        attempt=$((attempt + 1))
        if ! grep -q "Address already in use" "$dir/server.log" || [ "$attempt" -ge 5 ]; then
            cat "$dir/pg_ctl.log" "$dir/server.log" >&2
            rm -rf "$dir"
            exit 1
        fi
        rm -f "$dir/server.log"
    done
    echo "export REVIEWDESK_PG_DIR='$dir'"
    echo "export REVIEWDESK_TEST_PG='postgresql://reviewdesk@127.0.0.1:$port/postgres'"
    ;;
down)
    dir="${2:?pg-throwaway: down DIR}"
    rd_pg_as_owner "$(rd_pg_bin)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
up)
    dir="${2:?pg-throwaway: up DIR}"
    bin="$(rd_pg_bin)"
    rd_pg_start "$dir" "$(cat "$dir/port")" || { cat "$dir/server.log" >&2; exit 1; }
    ;;
stop)
    dir="${2:-${REVIEWDESK_PG_DIR:-}}"
    [ -n "$dir" ] && [ -d "$dir/data" ] || { echo "pg-throwaway: no server folder given" >&2; exit 1; }
    bin="$(rd_pg_bin)"
    rd_pg_as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: $0 start | stop DIR | down DIR | up DIR" >&2
    exit 2
    ;;
esac
