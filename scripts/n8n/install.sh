#!/usr/bin/env bash
# Installs a pinned, real n8n (never global) from its committed lock, scripts/n8n/locks/<version>/
# (package.json + package-lock.json), with `npm ci`: every machine, CI and contributors alike, gets
# the same tree, checked against the lock's integrity hashes. The install lives in
# <root>/n8n-<version>-<hash of the lock>/, root ~/.cache/n8n-nodes-faxplus ($XDG_CACHE_HOME), kept
# between runs and shared by every clone; a changed lock gets a new folder, so no stale install (or
# CI cache) is used for it. Idempotent: a marker file makes a second run instant.
#
# Usage: bash scripts/n8n/install.sh [version]           (or N8N_VERSION=... env)
#        bash scripts/n8n/install.sh --lock <version> [dir]
#          resolves <version> once and writes its lock into [dir] (scripts/n8n/locks/<version>);
#          commit it to pin a new version.
# N8N_LOCK_DIR=<dir> installs from the lock in <dir> (scripts/test-version.js: a version with no
# committed lock); N8N_INSTALL_ROOT=<dir> installs under <dir>.
# Prints the install folder as its last line on stdout; logs go to stderr.
#
# Why these steps:
# - 2.41.1 (scripts/n8n/VERSION) is the newest n8n that resolves here: 2.41.3 depends on
#   @n8n/agents@0.26.2 and @n8n/ai-node-sdk@0.31.2, which the registry does not serve.
# - n8n 2.x that asks linkedom@^0.18 gets 0.18.14 (0.18.15 needs `cssomnom`, not in the registry);
#   n8n 1.x gets xlsx 0.18.5 from the registry (its own xlsx is a tarball URL outside it).
# - `npm ci --ignore-scripts`: no dependency's install script runs (@confluentinc/kafka-javascript's
#   downloads a prebuilt binary). The one native module n8n needs for its SQLite database, sqlite3,
#   is compiled from source, in a folder of its own while n8n's packages download (its part of the
#   lock: sqlite3-lock.js), once per machine. No registry package ships a prebuilt one that n8n
#   can load: sqlite3's prebuild-install downloads from outside the registry, and
#   @appthreat/sqlite3, which ships its binaries inside its tarball, is an ES module without the
#   `verbose()` that n8n's TypeORM calls on `require('sqlite3')`. So a first install checks for the
#   toolchain (Python 3, make, a C++ compiler) before it downloads anything. The compile targets
#   (--build-from-source: its prebuild-install downloads nothing)
#   Node-API 6, as sqlite3's own prebuilt binaries are (its package.json: napi_versions [3, 6]), so
#   one compile serves the Node 24 of 2.x and the Node 20-22 of 1.x: once per sqlite3 tarball.
#   Left to node-gyp it would target the building Node's Node-API (10 on Node 24), and that module
#   crashes Node 20 when it opens a database.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
LOCK_ONLY=0
if [ "${1:-}" = "--lock" ]; then LOCK_ONLY=1; shift; fi
DEFAULT_VERSION="$(cat "$HERE/VERSION")"
VERSION="${1:-${N8N_VERSION:-$DEFAULT_VERSION}}"
MAJOR="${VERSION%%.*}"
CACHE="${N8N_INSTALL_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-faxplus}"

if [ "$MAJOR" -ge 2 ]; then
  # n8n 2.x needs Node >= 24 (and its headers for the sqlite3 build).
  source "$ROOT/scripts/node-env.sh"
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
fi

# A folder's own .npmrc, so that the project's or the user's settings do not leak in.
npmrc() {
  printf 'fund=false\naudit=false\nupdate-notifier=false\n' > "$1/.npmrc"
}

if [ "$LOCK_ONLY" = 1 ]; then
  LOCK="${2:-$HERE/locks/$VERSION}"
  mkdir -p "$LOCK"
  # Only the overrides this version needs: linkedom where n8n asks ^0.18, xlsx where its
  # n8n-nodes-base takes it from a URL.
  n8n_deps="$(npm view "n8n@$VERSION" dependencies --json)"
  base="$(echo "$n8n_deps" | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))["n8n-nodes-base"]')"
  base_deps="$(npm view "n8n-nodes-base@$base" dependencies --json)"
  OVERRIDES="$(N8N_DEPS="$n8n_deps" BASE_DEPS="$base_deps" node -e '
    const n8n = JSON.parse(process.env.N8N_DEPS);
    const base = JSON.parse(process.env.BASE_DEPS);
    const o = {};
    if (/^\^0\.18/.test(n8n.linkedom ?? "")) o.linkedom = "0.18.14";
    if (/^https?:/.test(base.xlsx ?? "")) o.xlsx = "0.18.5";
    console.log(JSON.stringify(o));')"
  cat > "$LOCK/package.json" <<JSON
{
  "name": "n8n-install",
  "private": true,
  "description": "n8n $VERSION for the e2e suite and the demo (scripts/n8n/install.sh).",
  "dependencies": { "n8n": "$VERSION" },
  "overrides": $OVERRIDES
}
JSON
  npmrc "$LOCK"
  echo "Resolving n8n $VERSION into $LOCK/package-lock.json..." >&2
  (cd "$LOCK" && npm install --package-lock-only --ignore-scripts --loglevel=error >&2)
  rm "$LOCK/.npmrc"
  echo "$LOCK"
  exit 0
fi

LOCK="${N8N_LOCK_DIR:-$HERE/locks/$VERSION}"
if [ ! -f "$LOCK/package-lock.json" ]; then
  echo "No lock for n8n $VERSION in $LOCK: bash scripts/n8n/install.sh --lock $VERSION" >&2
  exit 1
fi
DIR="$CACHE/n8n-$VERSION-$(cat "$LOCK/package.json" "$LOCK/package-lock.json" | sha256sum | cut -c1-12)"
MARKER="$DIR/.installed"
mkdir -p "$DIR"

# One installer at a time per install (the e2e suite, the demo and the benchmarks may all call this).
exec 9>"$DIR/.lock"
flock 9

if [ -f "$MARKER" ] && [ -x "$DIR/node_modules/.bin/n8n" ]; then
  echo "$DIR"
  exit 0
fi

START=$(date +%s)
# The compiled module is kept beside the installs, named by what it is built from (sqlite3's locked
# tarball, its Node-API version, the machine): the n8n installs that lock the same sqlite3 (all three
# lines today) compile it once, about 100 s of a core.
SQLITE3_NAPI=6
SQLITE3_KEY="$(SQLITE3_NAPI=$SQLITE3_NAPI LOCK_FILE="$LOCK/package-lock.json" node -e '
  const lock = require(process.env.LOCK_FILE).packages["node_modules/sqlite3"];
  const key = [lock.version, lock.integrity, "napi " + process.env.SQLITE3_NAPI, process.platform, process.arch].join(" ");
  console.log(lock.version + "-" + require("crypto").createHash("sha256").update(key).digest("hex").slice(0, 12));')"
SQLITE3_BUILT="$CACHE/sqlite3-$SQLITE3_KEY/node_sqlite3.node"
SQLITE3_MODULE="$DIR/node_modules/sqlite3/build/Release/node_sqlite3.node"
PACKAGES="$(node -p 'require(process.argv[1]).lockPackages(process.argv[2]).length' "$ROOT/scripts/progress.js" "$LOCK")"

# No registry package ships a prebuilt sqlite3 that n8n can load (the header above; CONTRIBUTING.md,
# "The first start"), so a first compile needs a toolchain: checked before minutes of downloads.
# Prints what is missing, nothing when all is there.
missing_toolchain() {
  local missing=()
  command -v python3 >/dev/null 2>&1 || command -v python >/dev/null 2>&1 || missing+=("Python 3")
  case "$(uname -s)" in
    MINGW* | MSYS* | CYGWIN*) ;; # node-gyp finds Visual Studio itself, and says what it lacks
    *)
      command -v make >/dev/null 2>&1 || missing+=("make")
      command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 ||
        command -v clang++ >/dev/null 2>&1 || missing+=("a C++ compiler")
      ;;
  esac
  if [ ${#missing[@]} -gt 0 ]; then printf '%s\n' "${missing[@]}" | paste -sd, - | sed 's/,/, /g'; fi
}
if [ ! -f "$SQLITE3_BUILT" ]; then
  LACKING="$(missing_toolchain)"
  if [ -n "$LACKING" ]; then
    cat >&2 <<EOF
n8n's SQLite module (sqlite3) is compiled from source on the first start, and this machine lacks
$LACKING. Install them, then run it again:
  Debian/Ubuntu   sudo apt-get install -y python3 make g++
  Fedora/RHEL     sudo dnf install -y python3 make gcc-c++
  macOS           xcode-select --install
  Windows         Python 3 and Visual Studio Build Tools with "Desktop development with C++"
                  (winget install Python.Python.3.12 Microsoft.VisualStudio.2022.BuildTools)
Nothing was installed yet. The compiled module is kept in $CACHE for every later install.
EOF
    exit 1
  fi
fi

# Compiles sqlite3 in a folder of its own, from its part of n8n's lock (scripts/n8n/sqlite3-lock.js):
# it runs while n8n's packages download, and keeps the module in $SQLITE3_BUILT.
SQLITE3_BUILD="$CACHE/sqlite3-$SQLITE3_KEY/build.$$"
compile_sqlite3() {
  rm -rf "$SQLITE3_BUILD"
  node "$HERE/sqlite3-lock.js" "$LOCK/package-lock.json" "$SQLITE3_BUILD"
  npmrc "$SQLITE3_BUILD"
  (cd "$SQLITE3_BUILD" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
  # --ignore-scripts=false: under `npm test` npm passes the project's ignore-scripts=true (.npmrc) on
  # as npm_config_ignore_scripts. --build-from-source: prebuild-install exits before any download,
  # and node-gyp compiles; it reads its options from npm_config_* (napi_build_version: a variable
  # of sqlite3's binding.gyp).
  (cd "$SQLITE3_BUILD" && npm_config_napi_build_version=$SQLITE3_NAPI \
    node "$ROOT/scripts/progress.js" \
    "compiling sqlite3 from source for Node-API $SQLITE3_NAPI ($(node -v); about 2 minutes of a core on a quiet machine)" -- \
    npm rebuild sqlite3 --build-from-source --ignore-scripts=false --loglevel=error >&2)
  # A copy, then a rename: another install reading it meanwhile sees the whole file or none.
  mkdir -p "$(dirname "$SQLITE3_BUILT")"
  cp "$SQLITE3_BUILD/node_modules/sqlite3/build/Release/node_sqlite3.node" "$SQLITE3_BUILT.$$"
  mv -f "$SQLITE3_BUILT.$$" "$SQLITE3_BUILT"
  rm -rf "$SQLITE3_BUILD"
}
SQLITE3_PID=
if [ ! -f "$SQLITE3_BUILT" ]; then
  compile_sqlite3 &
  SQLITE3_PID=$!
fi

echo "Installing n8n $VERSION into $DIR, one time: $PACKAGES packages (about 2.7 GB) from the npm registry$([ -n "$SQLITE3_PID" ] && echo ", and sqlite3 compiled meanwhile"); a few minutes on a quiet machine, up to half an hour on a busy machine or network, a line every 15 s. Kept there for every later start, from any clone." >&2
cp "$LOCK/package.json" "$LOCK/package-lock.json" "$DIR/"
npmrc "$DIR"
cd "$DIR"
node "$ROOT/scripts/progress.js" --npm "$DIR" "installing n8n $VERSION's packages (npm ci)" -- \
  npm ci --ignore-scripts --no-audit --no-fund --loglevel=http >&2
if [ -n "$SQLITE3_PID" ]; then
  if kill -0 "$SQLITE3_PID" 2>/dev/null; then
    echo "n8n's packages are in place; the sqlite3 compile goes on (a line every 15 s)..." >&2
  fi
  wait "$SQLITE3_PID" || { echo "sqlite3 did not compile: its output is above." >&2; exit 1; }
fi
# Loads the module and opens a database with it: a module built for another Node-API can load and
# still crash at the first query.
sqlite3_works() {
  node -e "new (require('sqlite3').Database)(':memory:').get('select 1', (e) => process.exit(e ? 1 : 0))"
}
use_sqlite3() {
  mkdir -p "$(dirname "$SQLITE3_MODULE")"
  cp "$SQLITE3_BUILT" "$SQLITE3_MODULE"
}
use_sqlite3
# A kept module that does not work here (a system library changed under it) is built again.
if ! sqlite3_works 2>/dev/null; then
  echo "The kept sqlite3 module ($SQLITE3_BUILT) does not work with $(node -v); it is compiled again." >&2
  compile_sqlite3
  use_sqlite3
fi
# Fail now rather than at the first start if the native module does not work.
sqlite3_works >&2
"$DIR/node_modules/.bin/n8n" --version >&2
echo "$VERSION $(node -v) $(date -u +%FT%TZ)" > "$MARKER"
echo "n8n $VERSION installed in $(( $(date +%s) - START )) s; kept in $DIR and sqlite3 in $(dirname "$SQLITE3_BUILT"): later starts skip this." >&2
echo "$DIR"
