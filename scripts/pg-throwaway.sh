#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster (issue 2, section 5).
#
#   scripts/pg-throwaway.sh npm test
#
# Creates a cluster in a fresh temp dir, listening only on 127.0.0.1 at a free port with
# trust auth, creates the database `storefront_test`, exports
# TEST_DATABASE_URL=postgres://postgres@127.0.0.1:<port>/storefront_test, runs the command,
# then stops the cluster and deletes the dir, whatever the command's outcome. Exits with the
# command's status.
#
# Needs PostgreSQL server binaries (initdb, pg_ctl): PG_BIN if set, else the newest
# /usr/lib/postgresql/*/bin (Debian's `postgresql` package), else initdb on PATH.
# initdb refuses to run as root, so as root the cluster runs as the `postgres` user
# (created by Debian's package; created here as a system user when missing).
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: $0 COMMAND [ARGS...]   (runs COMMAND with TEST_DATABASE_URL set)" >&2
  exit 2
fi

find_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then
    echo "$PG_BIN"
    return
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -n "$dir" && -x "$dir/initdb" ]]; then
    echo "$dir"
    return
  fi
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  echo "pg-throwaway: no PostgreSQL server binaries (initdb, pg_ctl) found; install Debian's 'postgresql' or set PG_BIN." >&2
  exit 1
}

BIN=$(find_bin)
RUN_AS=()
if [[ $(id -u) -eq 0 ]]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
  RUN_AS=(runuser -u postgres --)
fi

# A free port, asked of the OS (node is always there: this is a node project).
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
DATA=$(mktemp -d "${TMPDIR:-/tmp}/pg-throwaway.XXXXXX")
chmod 700 "$DATA"
if [[ ${#RUN_AS[@]} -gt 0 ]]; then chown postgres "$DATA"; fi

stop_cluster() {
  local status=$?
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA/db" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$DATA"
  exit "$status"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "pg-throwaway: PostgreSQL from $BIN on 127.0.0.1:$PORT (data in $DATA)"
"${RUN_AS[@]}" "$BIN/initdb" -D "$DATA/db" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$DATA/initdb.log" 2>&1 ||
  { cat "$DATA/initdb.log" >&2; exit 1; }
# fsync off: a throwaway test cluster needs speed, not durability. The socket lives in the
# data dir, so no system run dir is needed.
"${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DATA/db" -l "$DATA/server.log" -w -t 60 \
  -o "-p $PORT -c listen_addresses=127.0.0.1 -k $DATA -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$DATA/server.log" >&2; exit 1; }
"${RUN_AS[@]}" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres storefront_test

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/storefront_test"
echo "pg-throwaway: TEST_DATABASE_URL=$TEST_DATABASE_URL"

# Not `exec`: the EXIT trap must run after the command to stop the cluster.
set +e
"$@"
status=$?
set -e
exit "$status"
