#!/usr/bin/env bash
# Runs a command with Node >= 24 and the project's dev dependencies installed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/node-env.sh"
cd "$ROOT"
# Install from the lock file when node_modules is missing or older than it, so every
# install is the same. `npm ci` refuses a lock file out of step with package.json:
# run `npm install` once, commit package-lock.json, and try again.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] || [ package.json -nt node_modules/.package-lock.json ]; then
  echo "Installing dev dependencies (npm ci)..." >&2
  if ! npm ci --no-audit --no-fund >&2; then
    echo "npm ci failed. If it says package.json and package-lock.json are out of sync, run 'npm install' and commit package-lock.json." >&2
    exit 1
  fi
fi
export PATH="$ROOT/node_modules/.bin:$PATH"
exec "$@"
