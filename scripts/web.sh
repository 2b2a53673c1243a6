#!/usr/bin/env bash
# The browser build. `scripts/web.sh` builds treelab for wasm32 (release, simd128 on)
# and writes the static site to target/web/: index.html, the wasm, its JS glue and the
# worker script. `scripts/web.sh serve [PORT]` builds it and serves it on 127.0.0.1
# (port 8000 unless given) and prints the address. What it installs, once, into the
# user's toolchain and cargo bin: the wasm32 target and the wasm-bindgen CLI at the
# version Cargo.lock pins. Nothing else is downloaded but crates.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/web
version=$(awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
  echo "web.sh: Cargo.lock names no wasm-bindgen version" >&2
  exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  echo "== installing the wasm32 target (once)"
  rustup target add wasm32-unknown-unknown
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q " $version\$"; then
  echo "== installing wasm-bindgen-cli $version (once, about 2 minutes)"
  # Without --locked: the CLI's own lock file pins crates some registries do not serve.
  cargo install wasm-bindgen-cli --version "$version"
fi

echo "== building the wasm (release, simd128)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128 --cfg getrandom_backend=\"wasm_js\"" \
  cargo build --locked --profile web -p treelab-web --target wasm32-unknown-unknown

rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  target/wasm32-unknown-unknown/web/treelab_web.wasm
cp web/static/index.html web/static/worker.js "$out/"
wasm="$out/treelab_web_bg.wasm"
echo "== target/web: $(( $(stat -c %s "$wasm") / 1024 )) KiB of wasm, $(( $(gzip -9 -c "$wasm" | wc -c) / 1024 )) KiB gzipped"

if [ "${1:-}" = "serve" ]; then
  port=${2:-8000}
  echo "treelab is at http://127.0.0.1:$port/  (Ctrl-C ends it)"
  exec python3 -m http.server --bind 127.0.0.1 --directory "$out" "$port"
fi
