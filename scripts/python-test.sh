#!/usr/bin/env bash
# The Python package's tests: installs the package (python/, built by maturin) with
# pytest, pandas, OpenSpiel and the notebook runner into a virtual environment outside
# the checkout, made once (~/.cache/treelab/py-venv), builds the native CLI the tests
# compare with, runs python/tests, executes docs/notebooks/compare.ipynb (a failing
# cell fails the run) and builds the wheel with `maturin build --release`. Needs
# python3 with venv (Debian: python3-venv).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${XDG_CACHE_HOME:-$HOME/.cache}/treelab/py-venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "== making the virtual environment $venv (once)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip
fi
echo "== installing the package from python/ (maturin builds the extension)"
"$venv/bin/pip" install --quiet ./python pytest pandas open_spiel nbclient ipykernel matplotlib maturin
cargo build --locked --release --bin treelab
echo "== the Python tests"
# From the checkout's root, so that `import treelab` is the installed package, not
# python/treelab/ without its extension.
TREELAB="$PWD/target/release/treelab" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
echo "== the notebook docs/notebooks/compare.ipynb"
(cd docs/notebooks && MPLBACKEND=Agg "$venv/bin/python" - <<'PY'
import nbclient, nbformat
nb = nbformat.read("compare.ipynb", as_version=4)
nbclient.NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": "."}}).execute()
print(f"{sum(c.cell_type == 'code' for c in nb.cells)} code cells ran")
PY
)
echo "== the wheel (maturin build --release)"
rm -rf target/wheels
"$venv/bin/maturin" build --quiet --release --locked -m python/Cargo.toml -o target/wheels
"$venv/bin/python" - <<'PY'
import glob, zipfile
wheels = glob.glob("target/wheels/treelab-*.whl")
assert len(wheels) == 1, wheels
names = zipfile.ZipFile(wheels[0]).namelist()
for need in ("treelab/__init__.py", "treelab/__init__.pyi", "treelab/py.typed", "treelab/game.py",
             "treelab/tools.py", "treelab/openspiel.py"):
    assert need in names, f"{need} is not in {wheels[0]}"
assert any(n.startswith("treelab/_treelab") for n in names), names
print(f"{wheels[0]}: {len(names)} files")
PY
