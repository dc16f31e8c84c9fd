"""Training data the tests make themselves, and a reader of plain text written
here in Python (so what the C readers return is checked against text, not
against themselves)."""
import os
import subprocess

import numpy as np
import pytest

from conftest import PYTHON_DIR, cli_path, run_cli

import seebatch

SMALL_BINPACK = os.path.join(PYTHON_DIR, "..", "..", "shared", "data", "small.binpack")


def games_tool():
    """tests/make_training_games of this build (beside the tool, under tests/)."""
    return os.path.join(os.path.dirname(cli_path()), "tests", "make_training_games")


def make_games(directory, seed, games):
    """Random legal games as (chained .binpack with small chunks, the same
    entries as .plain), made by tests/make_training_games."""
    tool = games_tool()
    if not os.path.exists(tool):
        pytest.skip(f"{tool} is not built (configure with SEEBATCH_TESTS=ON)")
    binpack, plain = str(directory / f"games{seed}.binpack"), str(directory / f"games{seed}.plain")
    subprocess.run([tool, str(seed), str(games), binpack, plain], check=True, capture_output=True)
    return binpack, plain


def tool_binpack(plain, binpack):
    """The tool's own binpack of a plain file (chunks closed at 1 MiB, as Stockfish's writer)."""
    result = run_cli("filter", "--output-format", "binpack", "--output", str(binpack), str(plain))
    assert result.returncode == 0, result.stderr
    return str(binpack)


def tool_output(*arguments):
    """What `seebatch filter ARGUMENTS` writes to standard output, as bytes."""
    result = subprocess.run([cli_path(), "filter", *arguments], capture_output=True)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout


def parse_plain(path):
    """(fens, moves, scores, plies, results) of a .plain file, parsed here."""
    fields = {"fen": [], "move": [], "score": [], "ply": [], "result": []}
    with open(path) as text:
        for line in text:
            line = line.rstrip("\n")
            if line == "e" or not line:
                continue
            key, value = line.split(" ", 1)
            fields[key].append(value)
    return (fields["fen"], fields["move"], np.array(fields["score"], np.int16),
            np.array(fields["ply"], np.uint16), np.array(fields["result"], np.int8))


def assert_same_positions(boards, expected):
    """Equal pieces, colours, side, castling and en passant; rule-50 counters
    equal in the 8 bits plain keeps."""
    for name in ("pieces", "colors", "side_to_move", "castling", "en_passant"):
        np.testing.assert_array_equal(boards[name], expected[name], err_msg=name)
    np.testing.assert_array_equal(boards["halfmove_clock"] & 0xFF, expected["halfmove_clock"])


def assert_same_batches(a, b):
    for name, x, y in zip(seebatch.TrainingBatch._fields, a, b):
        np.testing.assert_array_equal(x, y, err_msg=name)
