#!/usr/bin/env bash
# Start a local PostgreSQL server for the server tests and print its URL.
#
# Uses Debian's packages (installed with apt-get when missing and running as
# root), creates the cluster and a role `bohn` if needed, and starts it. Prints
# nothing when no server can be had; then the PostgreSQL tests are skipped,
# unless BOHN_REQUIRE_POSTGRES=1 (CI), which makes this an error.
set -u
fail() {
  echo "tools/postgres.sh: $*" >&2
  if [ "${BOHN_REQUIRE_POSTGRES:-0}" = "1" ]; then exit 1; fi
  exit 0
}
if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get install -y -q postgresql >/dev/null 2>&1 || (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q postgresql >/dev/null 2>&1)) \
      || fail "could not install PostgreSQL"
  else
    fail "PostgreSQL is not installed (Debian: apt-get install postgresql)"
  fi
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters 2>/dev/null | awk '{print $1" "$2}' | grep -q "^$version main$"; then
  pg_createcluster "$version" main >/dev/null 2>&1 || fail "could not create a cluster"
fi
if ! pg_lsclusters 2>/dev/null | grep "^$version *main" | grep -q online; then
  if [ "$(id -u)" = "0" ]; then
    pg_ctlcluster "$version" main start >/dev/null 2>&1 || fail "could not start the cluster"
  else
    fail "the PostgreSQL cluster is down and only root may start it here"
  fi
fi
if [ "$(id -u)" = "0" ]; then
  su postgres -c "psql -q -c \"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bohn') THEN CREATE ROLE bohn LOGIN SUPERUSER PASSWORD 'bohn'; END IF; END \\\$\\\$;\"" >/dev/null 2>&1 \
    || fail "could not create the role bohn"
fi
port=$(pg_lsclusters 2>/dev/null | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
echo "postgresql://bohn:bohn@127.0.0.1:${port:-5432}/postgres"
