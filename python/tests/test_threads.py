"""Threads: the GIL is released while C runs, and threads labelling parts of
one batch get exactly the values of one call."""
import ctypes
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import seebatch


def test_threads_give_the_same_values(labelled):
    boards, board_index, moves = labelled
    expected = seebatch.see_values(boards, board_index, moves, "stockfish")
    parts = np.array_split(np.arange(len(moves)), 16)
    with ThreadPoolExecutor(4) as pool:
        for _ in range(5):
            results = list(pool.map(lambda p: seebatch.see_values(
                boards, board_index[p[0]:p[-1] + 1], moves[p[0]:p[-1] + 1], "stockfish"), parts))
            assert np.array_equal(np.concatenate(results), expected)
            fens_results = list(pool.map(lambda _: seebatch.captures(boards)[1], range(4)))
            assert all(np.array_equal(f, fens_results[0]) for f in fens_results)


def test_every_c_function_is_called_without_the_gil():
    """ctypes releases the GIL around a call of a CDLL's function and keeps it
    around a PyDLL's (_FUNCFLAG_PYTHONAPI): every function the package binds,
    see_values' among them, is of the first kind. No clock involved."""
    from seebatch import _library, training
    names = [name for name, _, _ in _library._PROTOTYPES + training._PROTOTYPES]
    assert "seebatch_values" in names and "seebatch_training_open" in names
    holding = [name for name in names
               if getattr(_library.lib, name)._flags_ & ctypes._FUNCFLAG_PYTHONAPI]
    assert holding == [], f"called holding the GIL: {holding}"


# The child of the test below: a thread writes 40,000 entries (2.7 MB) to a
# FIFO with write_training, one C call for the batch (seebatch_training_write),
# while the main thread reads the FIFO in a Python loop. A pipe holds 64 KiB:
# the call cannot return before that loop has run many times. Were the GIL
# held during the call, the loop could not run once while it waits: the
# child would never end.
_WRITE_WHILE_READ = """
import sys, threading
sys.path.insert(0, sys.argv[1])
import seebatch
batch, fifo = seebatch.read_training_all(sys.argv[2]), sys.argv[3]
writer = threading.Thread(target=seebatch.write_training, args=(fifo, batch))
writer.start()
received = []
with open(fifo, "rb") as pipe:
    while True:
        chunk = pipe.read(1 << 12)
        if not chunk:
            break
        received.append(chunk)
writer.join()
sys.stdout.buffer.write(b"".join(received))
"""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_the_gil_is_released_while_a_call_waits(tmp_path):
    """A C call of the package that cannot return until another thread's
    Python has run (a write to a FIFO that thread reads) returns, and that
    thread got every byte: the GIL was released during the call. Proven by
    the outcome, not by a clock; in a child process, so that a regression is
    a child that never ends (stopped after ten minutes, far beyond any load),
    not a hung test run."""
    entry = b"fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\nmove e1e2\nscore 0\nply 1\nresult 0\ne\n"
    source = tmp_path / "entries.plain"
    source.write_bytes(entry * 40_000)
    fifo = str(tmp_path / "fifo.plain")
    os.mkfifo(fifo)
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        child = subprocess.run([sys.executable, "-c", _WRITE_WHILE_READ, package, str(source),
                                fifo], capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        pytest.fail("the write never returned: the GIL was held while C waited for Python")
    assert child.returncode == 0, child.stderr.decode()
    assert child.stdout == source.read_bytes()
