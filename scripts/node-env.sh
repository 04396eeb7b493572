#!/usr/bin/env bash
# Sourced by shell scripts that need Node >= 24 (n8n 2.x): puts it first on PATH, and its headers
# in npm_config_nodedir for native builds; scripts/with-node.js finds or fetches it.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_BIN_DIR="$(node "$ROOT/scripts/with-node.js" --bin-dir)" || exit 1
export PATH="$NODE_BIN_DIR:$PATH"
export npm_config_nodedir="$(dirname "$NODE_BIN_DIR")"
