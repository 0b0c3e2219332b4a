#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server on loopback (port ${PG_PORT:-5544}) for the test suite and prints its URL.
# Needs Debian's postgresql package; run as root (the server itself runs as the postgres user).
set -euo pipefail
port="${PG_PORT:-5544}"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
data="$(mktemp -d /tmp/kaoping-pg.XXXXXX)"
chown postgres:postgres "$data"
su postgres -s /bin/sh -c "'$bin/initdb' -D '$data' -A trust -U postgres -E UTF8 --locale=C.UTF-8 >/dev/null"
# A port another server already holds is skipped: try the next few.
for try in 0 1 2 3 4 5 6 7 8 9; do
  p=$((port + try))
  if su postgres -s /bin/sh -c "'$bin/pg_ctl' -D '$data' -l '$data/server.log' -w start -o \"-c listen_addresses=127.0.0.1 -p $p -k /tmp -c max_connections=300 -c fsync=off\"" >/dev/null 2>&1; then
    echo "postgres://postgres@127.0.0.1:$p/postgres"
    exit 0
  fi
done
echo "could not start PostgreSQL; see $data/server.log" >&2
exit 1
