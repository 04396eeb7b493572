#!/usr/bin/env bash
# Runs a command with Node >= 24 and the project's dev dependencies installed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/node-env.sh"
cd "$ROOT"
# Install when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dev dependencies (npm install)..." >&2
  npm install --no-audit --no-fund >&2
fi
export PATH="$ROOT/node_modules/.bin:$PATH"
exec "$@"
