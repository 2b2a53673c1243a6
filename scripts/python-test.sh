#!/usr/bin/env bash
# The Python package's tests: installs the package (python/, built by maturin) with
# pytest into a virtual environment outside the checkout, made once
# (~/.cache/treelab/py-venv), builds the native CLI the tests compare with, and runs
# python/tests. Needs python3 with venv (Debian: python3-venv).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${XDG_CACHE_HOME:-$HOME/.cache}/treelab/py-venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "== making the virtual environment $venv (once)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip
fi
echo "== installing the package from python/ (maturin builds the extension)"
"$venv/bin/pip" install --quiet ./python pytest pandas
cargo build --locked --release --bin treelab
echo "== the Python tests"
# From the checkout's root, so that `import treelab` is the installed package, not
# python/treelab/ without its extension.
TREELAB="$PWD/target/release/treelab" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
