# Services for the server and browser tests; sourced by .ci/run (as root, on Debian) before `make test`.
#
# Installs Debian's postgresql and chromium (skipping what is there), starts a PostgreSQL cluster
# listening on loopback only, creates a test role and database, and exports
#   QUESTBOX_TEST_PG_URL   postgresql://questbox:...@127.0.0.1:PORT/questbox_test
#   QUESTBOX_CHROMIUM      /usr/bin/chromium
# Idempotent: sourcing it twice reuses the running cluster. A developer can source it too.
# (Sourced, so no `set -e` of its own and no `exit`: failures are reported and the tests that
# need the missing service skip with a reason.)

_qb_services() {
  local need=()
  command -v pg_ctlcluster >/dev/null 2>&1 || need+=(postgresql)
  command -v chromium >/dev/null 2>&1 || need+=(chromium)
  if [ "${#need[@]}" -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
      echo "ci-services: need ${need[*]} but not root: skipping the install" >&2
    else
      echo "ci-services: installing ${need[*]}"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >/dev/null || echo "ci-services: apt-get update failed" >&2
      apt-get install -y -qq "${need[@]}" >/dev/null \
        || echo "ci-services: apt-get install ${need[*]} failed" >&2
    fi
  fi

  if command -v chromium >/dev/null 2>&1; then
    export QUESTBOX_CHROMIUM="$(command -v chromium)"
  fi

  command -v pg_ctlcluster >/dev/null 2>&1 || { echo "ci-services: no PostgreSQL" >&2; return 0; }
  local ver cluster=main port
  ver="$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1 || true)"
  [ -n "$ver" ] || { echo "ci-services: no PostgreSQL server binaries" >&2; return 0; }
  if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$ver $cluster"; then
    pg_createcluster "$ver" "$cluster" -- --auth-local=peer --auth-host=scram-sha-256 >/dev/null \
      || { echo "ci-services: pg_createcluster failed" >&2; return 0; }
  fi
  # loopback only
  if [ -d "/etc/postgresql/$ver/$cluster/conf.d" ]; then
    printf "listen_addresses = '127.0.0.1'\n" > "/etc/postgresql/$ver/$cluster/conf.d/questbox-loopback.conf" || true
  fi
  if ! pg_lsclusters -h | awk -v v="$ver" -v c="$cluster" '$1==v && $2==c {print $4}' | grep -q online; then
    pg_ctlcluster "$ver" "$cluster" start || { echo "ci-services: cannot start PostgreSQL" >&2; return 0; }
  fi
  port="$(pg_lsclusters -h | awk -v v="$ver" -v c="$cluster" '$1==v && $2==c {print $3}' || true)"
  [ -n "$port" ] || { echo "ci-services: no port for the cluster" >&2; return 0; }
  local psql=(runuser -u postgres -- psql -q -p "$port" -v ON_ERROR_STOP=1)
  "${psql[@]}" -tc "SELECT 1 FROM pg_roles WHERE rolname='questbox'" | grep -q 1 \
    || "${psql[@]}" -c "CREATE ROLE questbox LOGIN PASSWORD 'questbox'" \
    || { echo "ci-services: cannot create the role" >&2; return 0; }
  "${psql[@]}" -tc "SELECT 1 FROM pg_database WHERE datname='questbox_test'" | grep -q 1 \
    || "${psql[@]}" -c "CREATE DATABASE questbox_test OWNER questbox" \
    || { echo "ci-services: cannot create the database" >&2; return 0; }
  export QUESTBOX_TEST_PG_URL="postgresql://questbox:questbox@127.0.0.1:${port}/questbox_test"
  echo "ci-services: PostgreSQL $ver on 127.0.0.1:$port; chromium: ${QUESTBOX_CHROMIUM:-none}"
}
_qb_services
unset -f _qb_services
