#!/usr/bin/env bash
# Installs a pinned, real n8n into <root>/install-<version>/ (never global), kept between
# runs and shared by every clone: the root is ~/.cache/n8n-nodes-faxplus ($XDG_CACHE_HOME),
# so a fresh clone does not install n8n again. A clone that already has the version
# installed in its own .n8n/ keeps using it. Idempotent: a marker file makes a second run instant.
#
# Usage: bash scripts/n8n/install.sh [version]      (or N8N_VERSION=... env)
# N8N_INSTALL_ROOT=<dir> installs into <dir>/install-<version> instead.
# Prints the install folder as its last line on stdout; logs go to stderr.
#
# Why 2.41.1 (the pin):
# - It is the newest n8n that both installs from the npm registry and starts here.
#   2.41.3 does not resolve: it depends on @n8n/agents@0.26.2 and
#   @n8n/ai-node-sdk@0.31.2, which the registry does not serve.
# - 2.41.x pulls linkedom@^0.18, whose newest 0.18.15 needs `cssomnom` (not in
#   the registry): we override linkedom to 0.18.14.
# - A plain `npm install` fails on @confluentinc/kafka-javascript, whose install
#   script downloads a prebuilt binary from the internet (and npm then removes
#   all of node_modules). So we install with --ignore-scripts and compile the
#   one native module n8n needs for its SQLite database (sqlite3) from source
#   with `npm rebuild sqlite3`, against the headers of the Node that runs n8n
#   (Node 24 for n8n 2.x; npm_config_nodedir comes from scripts/node-env.sh).
# - It matches the n8n-core / n8n-workflow 2.41 the package is built and unit
#   tested against.
# The last n8n 1.x (1.123.x, Node 20) also installs, with an `xlsx` override
# (its xlsx dependency is a tarball URL outside the registry):
#   bash scripts/n8n/install.sh 1.123.81
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
DEFAULT_VERSION="$(cat "$HERE/VERSION" 2>/dev/null || echo 2.41.1)"
VERSION="${1:-${N8N_VERSION:-$DEFAULT_VERSION}}"
MAJOR="${VERSION%%.*}"

if [ "$MAJOR" -ge 2 ]; then
  # n8n 2.x needs Node >= 24 (and its headers for the sqlite3 build).
  source "$ROOT/scripts/node-env.sh"
  OVERRIDES='{ "linkedom": "0.18.14" }'
else
  # n8n 1.x runs on Node 20-22 (the machine's Node 20): put one first on PATH, so that
  # sqlite3 is compiled against its headers (scripts/with-node.sh put Node 24 first).
  for candidate in ${N8N_NODE:-} $(type -ap node) /usr/bin/node /usr/local/bin/node; do
    major="$("$candidate" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
    if [ "$major" -ge 20 ] && [ "$major" -le 22 ]; then NODE_1X="$candidate"; break; fi
  done
  [ -n "${NODE_1X:-}" ] || { echo "n8n $VERSION needs Node 20-22 (set N8N_NODE)" >&2; exit 1; }
  export PATH="$(dirname "$NODE_1X"):$PATH"
  # Its headers: a Node installation keeps them in <prefix>/include/node.
  export npm_config_nodedir="$(cd "$(dirname "$(readlink -f "$NODE_1X")")/.." && pwd)"
  OVERRIDES='{ "xlsx": "0.18.5" }'
fi

installed() { [ -f "$1/.installed" ] && [ -x "$1/node_modules/.bin/n8n" ]; }
if [ -n "${N8N_INSTALL_ROOT:-}" ]; then
  DIR="$N8N_INSTALL_ROOT/install-$VERSION"
elif installed "$ROOT/.n8n/install-$VERSION"; then
  DIR="$ROOT/.n8n/install-$VERSION"
else
  DIR="${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-faxplus/install-$VERSION"
fi
MARKER="$DIR/.installed"
mkdir -p "$DIR"

# One installer at a time per version (the e2e suite, the demo and the
# benchmarks may all call this).
exec 9>"$DIR/.lock"
flock 9

if installed "$DIR"; then
  echo "$DIR"
  exit 0
fi

echo "Installing n8n $VERSION into $DIR (one time; a few minutes)..." >&2
START=$(date +%s)
cat > "$DIR/package.json" <<JSON
{
  "name": "n8n-install-$VERSION",
  "private": true,
  "description": "A pinned n8n for the e2e suite and the demo (scripts/n8n/install.sh).",
  "dependencies": { "n8n": "$VERSION" },
  "overrides": $OVERRIDES
}
JSON
# The folder's own .npmrc so that the project's or user's settings do not leak in.
cat > "$DIR/.npmrc" <<'RC'
fund=false
audit=false
update-notifier=false
RC

cd "$DIR"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2
echo "Compiling sqlite3 for $(node -v)..." >&2
# --ignore-scripts=false: under `npm test` npm passes the project's ignore-scripts=true (.npmrc) on as npm_config_ignore_scripts.
npm rebuild sqlite3 --ignore-scripts=false --loglevel=error >&2
# Fail now rather than at the first start if the native module does not load.
node -e "require('sqlite3')" >&2
"$DIR/node_modules/.bin/n8n" --version >&2
echo "$VERSION $(node -v) $(date -u +%FT%TZ)" > "$MARKER"
echo "n8n $VERSION installed in $(( $(date +%s) - START )) s." >&2
echo "$DIR"
