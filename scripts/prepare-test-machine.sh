#!/usr/bin/env bash
# Makes a fresh Debian machine ready for `npm test`: the fonts the fixture generator draws with, qpdf for
# encrypted e-PAN fixtures, Chromium for the browser-page tests, and the PostgreSQL and Redis servers the
# multi-instance tests talk to (installed from Debian when missing, started, and the `test` database created
# with trust authentication on loopback: a test machine's setup, not a production one).
set -euo pipefail

sudo_cmd=(); [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
packages=(fonts-ocr-b fonts-noto-core fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 qpdf chromium postgresql redis-server)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "prepare-test-machine: installing ${missing[*]}"
  "${sudo_cmd[@]}" apt-get update -qq
  # policy-rc.d-less containers may refuse to start services from the package scripts; we start them below.
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi

# PostgreSQL: the first cluster Debian created, trust on loopback, started, with a `test` database.
cluster_version="$(ls /etc/postgresql | sort -V | tail -n 1)"
hba="/etc/postgresql/$cluster_version/main/pg_hba.conf"
if ! "${sudo_cmd[@]}" grep -Eq '^host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
  # Prepended: pg_hba.conf is read top-down and the first matching line wins.
  "${sudo_cmd[@]}" sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  restart_pg=1
fi
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  "${sudo_cmd[@]}" pg_ctlcluster --skip-systemctl-redirect "$cluster_version" main start
elif [ "${restart_pg:-0}" = 1 ]; then
  "${sudo_cmd[@]}" pg_ctlcluster --skip-systemctl-redirect "$cluster_version" main reload
fi
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
pg_isready -q -h 127.0.0.1 -p 5432 || { echo "prepare-test-machine: PostgreSQL did not start on 127.0.0.1:5432" >&2; exit 1; }
if ! psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -qc 'create database test'
fi

# Redis: in the foreground's stead, a daemon on loopback without persistence.
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  "${sudo_cmd[@]}" mkdir -p /var/lib/redis /var/log/redis
  "${sudo_cmd[@]}" redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || { echo "prepare-test-machine: Redis did not start on 127.0.0.1:6379" >&2; exit 1; }
echo "prepare-test-machine: fonts, qpdf, chromium, PostgreSQL (test database) and Redis are ready"
