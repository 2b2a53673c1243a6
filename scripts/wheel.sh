#!/usr/bin/env bash
# The Python package as one wheel file, to install where there is no Rust: builds
# python/ with maturin (release, abi3: one file for every CPython from 3.9 on this
# kind of machine) into target/wheels/ and prints where it is. The wheel installs with
# `pip install FILE` on a machine of the same kind (the same operating system and
# processor, a C library at least as new as its tag's manylinux version) with no
# compiler. maturin comes from the PATH, else from a virtual environment made once at
# ~/.cache/treelab/wheel-venv. cargo shows its progress as it goes: a first build
# compiles the engine and its dependencies (4½ minutes of CPU time; docs/python.md
# gives the figures); a later build in the same checkout reuses
# target/ and takes about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."

if command -v maturin >/dev/null 2>&1; then
  maturin=maturin
else
  venv="${XDG_CACHE_HOME:-$HOME/.cache}/treelab/wheel-venv"
  if [ ! -x "$venv/bin/maturin" ]; then
    echo "== making $venv with maturin (once)"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet "maturin>=1.5,<2"
  fi
  maturin="$venv/bin/maturin"
fi

out=target/wheels
rm -f "$out"/treelab-*.whl
"$maturin" build --release --locked -m python/Cargo.toml -o "$out"
wheel=$(ls "$out"/treelab-*.whl)
echo
echo "the wheel: $wheel"
echo "install it anywhere of the same kind, no compiler needed: pip install $wheel"
