#!/usr/bin/env bash
# The README's test command: builds everything and runs every test, in release (the
# perft and search tests walk millions of nodes).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --locked --release "$@"
