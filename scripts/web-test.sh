#!/usr/bin/env bash
# The browser tests: builds the site (scripts/web.sh) and the native CLI, serves the
# site on 127.0.0.1 and drives it in headless Chromium (tests/web/browser.mjs).
# `scripts/web-test.sh speed` prints the browser's speed against the native build's
# instead (tests/web/speed.mjs). Needs Debian's chromium (/usr/bin/chromium) and node; installs playwright-core from
# npm once into ~/.cache/treelab/web-tests. Screenshots land in target/web-test/.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "web-test.sh: needs /usr/bin/chromium (apt-get install chromium)" >&2
  exit 1
fi
cache="${XDG_CACHE_HOME:-$HOME/.cache}/treelab/web-tests"
if [ ! -f "$cache/node_modules/playwright-core/index.mjs" ]; then
  echo "== installing playwright-core into $cache (once)"
  mkdir -p "$cache"
  [ -f "$cache/package.json" ] || echo '{"private": true}' > "$cache/package.json"
  (cd "$cache" && npm install --no-audit --no-fund --silent playwright-core@1)
fi

scripts/web.sh
cargo build --locked --release --bin treelab

out=target/web-test
rm -rf "$out"
mkdir -p "$out"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory target/web "$port" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/", timeout=1)
        break
    except OSError:
        time.sleep(0.1)
PY

BASE="http://127.0.0.1:$port/" TREELAB="$PWD/target/release/treelab" OUT="$PWD/$out" \
  PLAYWRIGHT="$cache/node_modules/playwright-core/index.mjs" \
  node "tests/web/${1:-browser}.mjs"
