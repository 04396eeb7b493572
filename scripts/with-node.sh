#!/usr/bin/env bash
# `bash scripts/with-node.sh <command> [args...]`: scripts/with-node.js from a shell (Node >= 24 and
# the dev dependencies, then the command).
exec node "$(dirname "${BASH_SOURCE[0]}")/with-node.js" "$@"
