#!/usr/bin/env bash
# The Python package's tests: installs the package (python/, built by maturin) with
# pytest, pandas, OpenSpiel, tqdm, Dask (dask and distributed, for the executor tests
# on a LocalCluster) and the notebook runner into a virtual environment outside the
# checkout, made once (~/.cache/treelab/py-venv; TREELAB_PY_VENV names another),
# builds the native CLI the tests compare with, runs python/tests, executes
# docs/notebooks/compare.ipynb (a failing cell fails the run), builds the wheel with
# scripts/wheel.sh, checks what it holds, and installs it into a fresh virtual
# environment with no index, no compiler on the PATH and binaries only: it must
# install without building and search. Needs python3 with venv (Debian: python3-venv).
set -euo pipefail
cd "$(dirname "$0")/.."

venv="${TREELAB_PY_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/treelab/py-venv}"
if [ ! -x "$venv/bin/python" ]; then
  echo "== making the virtual environment $venv (once)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --upgrade pip
fi
echo "== installing the package from python/ (maturin builds the extension; pip install -v shows it)"
"$venv/bin/pip" install --quiet ./python pytest pandas open_spiel nbclient ipykernel matplotlib maturin \
  tqdm dask distributed
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
echo "== the wheel (scripts/wheel.sh)"
PATH="$venv/bin:$PATH" scripts/wheel.sh
wheel=$(ls target/wheels/treelab-*.whl)
"$venv/bin/python" - "$wheel" <<'PY'
import sys, zipfile
names = zipfile.ZipFile(sys.argv[1]).namelist()
for need in ("treelab/__init__.py", "treelab/__init__.pyi", "treelab/py.typed", "treelab/_game.py",
             "treelab/_tools.py", "treelab/_results.py", "treelab/_progress.py", "treelab/_executor.py",
             "treelab/openspiel.py"):
    assert need in names, f"{need} is not in {sys.argv[1]}"
assert any(n.startswith("treelab/_treelab") for n in names), names
print(f"{sys.argv[1]}: {len(names)} files")
PY
echo "== the wheel installs into a fresh virtual environment without building"
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
python3 -m venv "$fresh/venv"
# No index, binaries only, and neither cargo nor rustc on the PATH: a build could not
# even start.
env -i HOME="$fresh" PATH="$fresh/venv/bin:/usr/local/bin:/usr/bin:/bin" \
  "$fresh/venv/bin/pip" install --no-index --only-binary=:all: --no-deps "$PWD/$wheel" | tee "$fresh/pip.log"
if grep -qi "building wheel" "$fresh/pip.log"; then
  echo "the wheel was built again on install" >&2
  exit 1
fi
(cd "$fresh" && env -i HOME="$fresh" PATH="$fresh/venv/bin:/usr/bin:/bin" "$fresh/venv/bin/python" - <<'PY'
import shutil, treelab
assert shutil.which("cargo") is None and shutil.which("rustc") is None
r = treelab.search("tictactoe", algo="negaalpha", progress=False)
assert r.score == 0 and r.nodes > 0, r
print(f"installed without building: treelab {treelab.__version__} from {treelab.__file__}: {r}")
PY
)
