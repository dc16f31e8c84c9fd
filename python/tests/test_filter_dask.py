"""examples/filter_dask.py on a LocalCluster of two worker processes (on
127.0.0.1, stopped at the end of the run) writes, for each file of a
directory, what `seebatch filter` writes for it."""
import os
import subprocess
import sys

from conftest import PYTHON_DIR
from training_data import make_games, tool_binpack, tool_output

RULES = ["--skip-capture", "--skip-in-check", "--skip-see-ge", "0", "--skip-placeholder"]


def test_filter_dask_writes_what_the_tool_writes(tmp_path, dask_port_taken):
    inputs, outputs = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    for seed in (11, 12, 13):
        binpack, plain = make_games(tmp_path, seed, 25)
        tool_binpack(plain, inputs / f"tool{seed}.binpack")
    # Games in many small chunks, and plain text, too.
    os.rename(binpack, inputs / "chunks.binpack")
    os.rename(plain, inputs / "games.plain")
    (inputs / "notes.txt").write_text("not training data: ignored\n")

    environment = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    script = os.path.join(PYTHON_DIR, "examples", "filter_dask.py")
    result = subprocess.run(
        [sys.executable, script, str(inputs), str(outputs), "--local-workers", "2",
         "--rules", " ".join(RULES), "--batch-size", "1000"],
        env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    names = sorted(os.listdir(inputs))
    assert sorted(os.listdir(outputs)) == [n for n in names if n != "notes.txt"]
    for name in os.listdir(outputs):
        source = str(inputs / name)
        if name == "chunks.binpack":
            # Its chains break inside games; the tool keeps those breaks,
            # batches do not: the same entries, compared as plain text.
            expected = tool_output(*RULES, "--output-format", "plain", source)
            actual = tool_output("--output-format", "plain", str(outputs / name))
        else:
            expected, actual = tool_output(*RULES, source), (outputs / name).read_bytes()
        assert actual == expected, name
        assert len(expected) > 1000
    assert result.stdout.count("entries read") == 5


def test_filter_dask_names_a_broken_file(tmp_path):
    inputs, outputs = tmp_path / "in", tmp_path / "out"
    inputs.mkdir()
    (inputs / "bad.binpack").write_bytes(b"BINP\x10\x00\x00\x00" + b"\x00" * 5)
    environment = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    script = os.path.join(PYTHON_DIR, "examples", "filter_dask.py")
    result = subprocess.run([sys.executable, script, str(inputs), str(outputs),
                             "--local-workers", "1"],
                            env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1
    assert "bad.binpack" in result.stderr and "byte " in result.stderr
