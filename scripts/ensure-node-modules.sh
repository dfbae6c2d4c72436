#!/bin/sh
# Installs the locked dependencies when they are missing or older than package-lock.json,
# so `npm start` and `npm test` work on a fresh clone with nothing run before them.
set -e
cd "$(dirname "$0")/.."
marker=node_modules/.package-lock.json
if [ ! -f "$marker" ] || [ package-lock.json -nt "$marker" ]; then
  echo "installing dependencies (npm ci) …"
  npm ci --no-audit --no-fund
fi
