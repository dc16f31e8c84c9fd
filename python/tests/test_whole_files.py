"""Whole files on threads (issue 70): label_file and count_file run the
library's one runner, the `seebatch` tool's, and give what the tool gives:
label_file the values `seebatch eval FILE` prints, count_file the line
`seebatch stats --format jsonl FILE` prints, byte for byte, on every number
of threads, on binpack, plain and bin, and before a fault."""
import json
import os
import subprocess

import numpy as np
import pytest

from conftest import cli_path
from training_data import SMALL_BINPACK, make_games

import seebatch


def inputs(tmp_path):
    """The same games as a binpack of small chunks, plain and bin, and
    small.binpack (one large chunk, cut for threads) where it is."""
    binpack, plain = make_games(tmp_path, 70, 120)
    bin_file = str(tmp_path / "games70.bin")
    subprocess.run([cli_path(), "convert", plain, bin_file], check=True, capture_output=True)
    files = {"binpack": binpack, "plain": plain, "bin": bin_file}
    if os.path.exists(SMALL_BINPACK):
        files["small.binpack"] = SMALL_BINPACK
    return files


def eval_values(path, *options):
    """The values `seebatch eval` prints for each entry of a file, and its exit status."""
    result = subprocess.run([cli_path(), "eval", *options, path], capture_output=True, text=True)
    values = [int(line.rsplit(";", 1)[1]) for line in result.stdout.splitlines()]
    return np.array(values, np.int32), result.returncode


def stats_line(path, *options):
    result = subprocess.run([cli_path(), "stats", "--format", "jsonl", *options, path],
                            capture_output=True, text=True)
    return result.stdout.splitlines()[0], result.returncode


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("see", ["classic", "stockfish"])
def test_label_file_gives_the_values_eval_prints(tmp_path, threads, see):
    for name, path in inputs(tmp_path).items():
        expected, status = eval_values(path, "--preset", see)
        assert status == 0, name
        labels = seebatch.label_file(path, see=see, threads=threads)
        assert labels.dtype == np.int32
        assert labels.tobytes() == expected.tobytes(), (name, threads)


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_count_file_gives_the_line_stats_prints(tmp_path, threads):
    for name, path in inputs(tmp_path).items():
        expected, status = stats_line(path, "-j", str(threads))
        assert status == 0, name
        counts = seebatch.count_file(path, threads=threads)
        assert json.dumps(counts, separators=(",", ":")) == expected, (name, threads)


def test_a_fault_keeps_what_came_before_it(tmp_path):
    """A binpack cut inside a chunk: both raise at the tool's byte and entry,
    with the labels and counts of every entry before it."""
    binpack, _ = make_games(tmp_path, 71, 60)
    data = open(binpack, "rb").read()
    cut = str(tmp_path / "cut.binpack")
    with open(cut, "wb") as out:
        out.write(data[: len(data) * 2 // 3])
    expected, status = eval_values(cut)
    assert status == 1
    tool_line, _ = stats_line(cut)
    for threads in (1, 2):
        with pytest.raises(seebatch.TrainingDataError) as raised:
            seebatch.label_file(cut, threads=threads)
        assert raised.value.labels.tobytes() == expected.tobytes()
        assert raised.value.entry == len(expected) + 1
        with pytest.raises(seebatch.TrainingDataError) as raised:
            seebatch.count_file(cut, threads=threads)
        assert json.dumps(raised.value.counts, separators=(",", ":")) == tool_line


def test_threads_are_checked_as_the_tools_j(tmp_path):
    """0..256 as -j (0: one a core), refused before the file is opened."""
    for call in (seebatch.label_file, seebatch.count_file):
        for threads in (257, -1, 10**6):
            with pytest.raises(ValueError, match=rf"^{call.__name__}: threads is {threads}; a "
                                                 r"whole number 0\.\.256 is needed"):
                call(str(tmp_path / "absent.binpack"), threads=threads)
    binpack, _ = make_games(tmp_path, 72, 20)
    assert seebatch.label_file(binpack, threads=0).tobytes() == \
        seebatch.label_file(binpack, threads=1).tobytes()
    assert seebatch.count_file(binpack, threads=0) == seebatch.count_file(binpack, threads=1)
