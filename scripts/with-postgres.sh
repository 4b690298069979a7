#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 on 127.0.0.1 (TEST_DATABASE_URL), then stops it.
# initdb refuses root, so the cluster belongs to the postgres user in a temp dir it owns.
set -euo pipefail
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

dir=$(mktemp -d /tmp/earn-pg-XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
stop() {
  as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

as_pg "$PG_BIN/initdb" -A trust -U postgres -D "$dir/data" >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -h 127.0.0.1 -k $dir -c max_connections=300 -c fsync=off" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
