#!/usr/bin/env bash
# GNU parallel for real: every `parallel treelab ...` line of docs/cli.md is run as it
# stands (by bash, with Debian's `parallel`, installed here if missing) in an empty
# folder with the release binary on the PATH; its slices or its grid folder are merged
# with `treelab merge`, and the result must equal the same grid run whole, cell for
# cell, times aside. Run by .ci/run; a few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
if ! command -v parallel >/dev/null; then
  echo "installing GNU parallel"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get install -y --no-install-recommends parallel >/dev/null 2>&1 ||
    { $sudo apt-get update >/dev/null 2>&1 && $sudo apt-get install -y --no-install-recommends parallel >/dev/null; }
fi
cargo build --locked --release --bin treelab 2>&1 | tail -1
bin=$(mktemp -d "${TMPDIR:-/tmp}/treelab-parallel.XXXXXX")
trap 'rm -rf "$bin"' EXIT
mkdir -p "$bin/path"
ln -s "$root/target/release/treelab" "$bin/path/treelab"
export PATH="$bin/path:$PATH"

# The documented lines, and what each is checked against.
python3 - "$root/docs/cli.md" > "$bin/lines" <<'PY'
import shlex, sys
lines = [l.strip() for l in open(sys.argv[1]) if l.startswith("parallel treelab ")]
if not lines:
    sys.exit("docs/cli.md shows no `parallel treelab` line")
for line in lines:
    words = shlex.split(line.split(" ::: ")[0])[1:]  # the command parallel runs
    out = words[words.index("--out") + 1]
    whole, skip = [], 0
    for i, w in enumerate(words):
        if skip:
            skip -= 1
            continue
        if w in ("--shard", "--out", "--format"):
            skip = 1
            continue
        if w == "--shard-from-one":
            continue
        whole.append(w)
    merged = out.replace("{#}", "*") if "{#}" in out else out
    print("\t".join([line, shlex.join(whole + ["--format", "csv"]), merged]))
PY
n=0
while IFS=$'\t' read -r line whole merged; do
  n=$((n + 1))
  work="$bin/line-$n"
  mkdir -p "$work"
  (
    cd "$work"
    echo "== $line"
    bash -c "$line" > /dev/null
    bash -c "$whole" > whole.csv
    # shellcheck disable=SC2086 # a glob of the slices
    treelab merge $merged --format csv > merged.csv
    python3 - whole.csv merged.csv <<'PY'
import csv, sys
def rows(path):
    r = list(csv.reader(open(path, newline="")))
    k = r[0].index("seconds")
    return [x[:k] + x[k + 1:] for x in r]
a, b = rows(sys.argv[1]), rows(sys.argv[2])
if a != b or len(a) < 2:
    sys.exit(f"the merged slices differ from the whole grid ({len(b)} and {len(a)} lines)")
print(f"  merged = whole: {len(a) - 1} cells, seconds aside")
PY
  )
done < "$bin/lines"
echo "parallel-test: the $n GNU parallel lines of docs/cli.md merge into the whole grid"
