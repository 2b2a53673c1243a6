"""treelab.train_net against ``treelab train-net``: the same options write the same
weights byte for byte and the same manifest, the learning curve is the one the manifest keeps, the network it writes
guides a search, and bad options are refused by name."""

import json
import os
import struct
import subprocess
from pathlib import Path

import pytest

import treelab

ROOT = Path(__file__).resolve().parents[2]
TREELAB = os.environ.get("TREELAB", str(ROOT / "target" / "release" / "treelab"))


def parts(path):
    """A safetensors file's header (its manifest without the commit, which names the
    build) and its tensors' bytes."""
    data = Path(path).read_bytes()
    n = struct.unpack("<Q", data[:8])[0]
    header = json.loads(data[8 : 8 + n])
    manifest = json.loads(header["__metadata__"]["treelab"])
    manifest.pop("commit")
    header["__metadata__"] = manifest
    return header, data[8 + n :]


def test_train_net_writes_the_command_lines_file(tmp_path):
    out = tmp_path / "ttt.safetensors"
    seen = []
    r = treelab.train_net(
        "tictactoe", str(out), positions=600, hidden=[32], epochs=4, seed=4,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert r.shape == "18-32-9"
    assert r.drawn == r.trained_on + r.held_out and r.held_out == 60
    assert [e["epoch"] for e in r.epochs] == [1, 2, 3, 4]
    last = r.epochs[-1]
    assert r.manifest["held_out_best_move"] == f"{last['best_move']}/{last['positions']}"
    assert r.manifest["game"] == "tictactoe" and r.manifest["seed"] == "4"
    assert r.command.startswith("treelab train-net --game tictactoe --positions 600 --plies 0..8")
    assert r.command.endswith("--out " + str(out))
    assert seen and all(total for _, total in seen)
    from_python = parts(out)
    # The command line with the same options, to the same file: the same weights, byte
    # for byte, and the same manifest (but the commit each build names).
    args = [TREELAB] + r.command.split()[1:]
    subprocess.run(args, capture_output=True, text=True, check=True)
    assert parts(out) == from_python
    # The network it wrote guides a PUCT search.
    s = treelab.search("tictactoe", algo="puct", iterations=20, net=str(out))
    assert s.net_evaluations > 0 and s.best is not None


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"game": "ewn"}, "no solver labels"),
        ({"positions": 0}, "positions=0"),
        ({"hidden": [0]}, "hidden=0"),
        ({"plies": (9, 3)}, "plies 9..3"),
        ({"held_out": 1.5}, "held_out 1.5"),
        ({"epochs": -1}, "epochs=-1"),
    ],
)
def test_train_net_refuses_bad_options_by_name(tmp_path, kwargs, message):
    args = {"game": "tictactoe", "out": str(tmp_path / "x.safetensors"), "positions": 50}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        treelab.train_net(**args)
    assert not (tmp_path / "x.safetensors").exists()
