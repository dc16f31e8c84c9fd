"""Shared fixtures: the package under test (from this checkout), the
`seebatch` tool it is compared with, and positions to label.

ctest (tests/python/run_pytest.sh) sets SEEBATCH_LIBRARY and SEEBATCH_CLI to
the build's library and tool; run by hand, both are taken from ../build."""
import os
import subprocess
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, PYTHON_DIR)

import seebatch  # noqa: E402

# Positions for the rules SEE has cases for: en passant, promotions (quiet and
# capturing, a second pawn recapturing on the promotion square), pins, x-rays,
# kings that may not capture, an exchange rule 8 breaks off.
SPECIAL_FENS = [
    "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
    "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 w - - 0 1",
    "1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 b - - 0 1",
    "4k3/4r3/8/4p3/3P4/8/4R3/4K3 w - - 0 1",
    "3qk3/3r4/3r4/8/8/3R4/3R4/3QK3 w - - 0 1",
    "8/8/8/3k4/4p3/3K4/8/8 w - - 0 1",
    "r3k2r/8/8/3bB3/8/8/8/R3K2R b KQkq - 5 20",
    "2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1",
    "6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1",
]


def cli_path():
    return os.environ.get("SEEBATCH_CLI", os.path.join(PYTHON_DIR, "..", "build", "seebatch"))


def run_cli(*arguments, text=None):
    return subprocess.run([cli_path(), *arguments], input=text, capture_output=True, text=True)


def run_cli_into(path, *arguments):
    """The tool with `--output -` after arguments, its standard output (the
    entries, as they are read: what a run that fails still writes there) into
    the file path; stderr as text. A failed run writes nothing to an --output
    FILE (docs/tool.md), so the bytes written before a fault are compared here."""
    with open(path, "wb") as out:
        return subprocess.run([cli_path(), *arguments, "--output", "-"], stdout=out,
                              stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="session")
def generated_fens():
    """2,000 positions from `seebatch gen` and the special ones."""
    result = run_cli("gen", "--count", "2000", "--seed", "15")
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines() + SPECIAL_FENS


@pytest.fixture(scope="session")
def labelled(generated_fens):
    """boards, board_index and moves of the generated positions."""
    boards, errors = seebatch.boards_from_fens(generated_fens)
    assert errors == []
    board_index, moves = seebatch.captures(boards)
    return boards, board_index, moves


@pytest.fixture
def dask_port_taken():
    """Dask's default dashboard port 8787 held by this test while it runs (if
    nothing else holds it already), so a run that needs a fixed free port
    fails here as it would beside Jupyter or another cluster."""
    import socket
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        holder.bind(("0.0.0.0", 8787))
        holder.listen(1)
    except OSError:
        pass  # taken already: the same condition
    yield
    holder.close()
