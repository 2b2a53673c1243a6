"""treelab.bench against ``treelab bench --format csv``: the same grid, cell for cell."""

import csv
import io
import os
import subprocess
from pathlib import Path

import pytest

import treelab

ROOT = Path(__file__).resolve().parents[2]
TREELAB = os.environ.get("TREELAB", str(ROOT / "target" / "release" / "treelab"))
TIMES = {"seconds"}


def cli_bench(*args):
    out = subprocess.run([TREELAB, "bench", *args, "--format", "csv"], capture_output=True, text=True, check=True).stdout
    return [{k: v for k, v in row.items() if k not in TIMES} for row in csv.DictReader(io.StringIO(out))]


def as_text(rows):
    """Rows (dicts from treelab.bench, or a DataFrame's records) with every field as the CSV writes it."""
    return [{k: str(v) for k, v in row.items() if k not in TIMES} for row in rows]


def records(result):
    return result.to_dict("records") if hasattr(result, "to_dict") else result


def test_the_golden_grid_from_python_is_the_command_lines():
    # The golden bench's kind of grid: three algorithms, FFO #40-#44, depths 1-4, on 2 threads.
    py = treelab.bench("fforum-40-59.obf", "negaalpha,negascout,mtdf+tt=16+id", "1..4", threads=2)
    rows = records(py)
    cli = cli_bench("--suite", "fforum-40-59.obf", "--algos", "negaalpha,negascout,mtdf+tt=16+id", "--depths", "1..4", "--threads", "1")
    assert len(rows) == len(cli) == 20 * 3 * 4
    assert as_text(rows) == cli


def test_positions_as_text_keep_their_text():
    positions = ["4453", "44", ""]
    rows = records(treelab.bench(positions, ["negaalpha", "alphabeta+order=static"], [2, 4], game="connect4"))
    assert [r["position"] for r in rows][::4] == [p if p else "" for p in positions]
    for p in positions:
        for row in ("negaalpha", "alphabeta+order=static"):
            for d in (2, 4):
                one = treelab.search("connect4", p or None, row, d)
                cell = next(r for r in rows if str(r["position"]) == p and r["algorithm"] == row and int(r["depth"]) == d)
                assert int(cell["nodes"]) == one.counters["nodes"]


def test_a_bad_grid_says_why():
    with pytest.raises(ValueError, match="unknown"):
        treelab.bench("fforum-40-59.obf", ["quicksort"], 2)
    with pytest.raises(ValueError, match="game"):
        treelab.bench(["4453"], ["negaalpha"], 2)
    with pytest.raises(ValueError, match="depths"):
        treelab.bench("fforum-40-59.obf", ["negaalpha"], [0])
    with pytest.raises(ValueError):
        treelab.bench("no-such-suite.obf", ["negaalpha"], 2)


def test_without_pandas_a_list_of_dicts_with_the_same_cells(monkeypatch):
    with_pandas = as_text(records(treelab.bench("fforum-40-59.obf", ["negascout"], [1, 2])))
    monkeypatch.setitem(__import__("sys").modules, "pandas", None)
    plain = treelab.bench("fforum-40-59.obf", ["negascout"], [1, 2])
    assert isinstance(plain, list) and isinstance(plain[0], dict)
    assert isinstance(plain[0]["nodes"], int) and isinstance(plain[0]["position"], str)
    assert as_text(plain) == with_pandas


def golden_rows():
    """The golden bench's first half (tests/bench.rs): its rows and node totals over
    FFO #40-#59 at depth 5, read from the Rust test itself."""
    import re

    text = (ROOT / "tests" / "bench.rs").read_text()
    block = text.split("fn golden_bench_node_totals()", 1)[1].split("];", 1)[0]
    return [(row, int(n.replace("_", ""))) for row, n in re.findall(r'\("([^"]+)", ([\d_]+)\)', block)]


def test_the_golden_bench_from_python_has_its_signature():
    golden = golden_rows()
    assert len(golden) == 6
    algos = [row for row, _ in golden]
    rows = records(treelab.bench("fforum-40-59.obf", algos, [5], threads=2))
    cli = cli_bench("--suite", "fforum-40-59.obf", "--algos", ",".join(algos), "--depths", "5")
    assert as_text(rows) == cli
    for row, total in golden:
        assert sum(int(r["nodes"]) for r in rows if r["algorithm"] == row) == total, row
