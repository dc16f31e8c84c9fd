"""examples/label_dask.py on a LocalCluster of two worker processes (on
127.0.0.1, stopped at the end of the run) writes what `seebatch eval` writes."""
import os
import re
import subprocess
import sys

from conftest import PYTHON_DIR, SPECIAL_FENS, run_cli

BAD_AND_ODD_LINES = ["not a fen", "", "  \t", SPECIAL_FENS[0] + "\r", "  " + SPECIAL_FENS[2] + "\t",
                     "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -"]


def test_label_dask_writes_what_eval_writes(tmp_path, dask_port_taken):
    generated = run_cli("gen", "--count", "6000", "--seed", "77").stdout.splitlines()
    lines = generated[:3000] + BAD_AND_ODD_LINES + generated[3000:] + SPECIAL_FENS
    positions = tmp_path / "positions.fen"
    positions.write_text("\n".join(lines) + "\n")
    # The configuration options as the tool's, rule 8 and a promotion rule too.
    options = ["--preset", "stockfish", "--stop-when-ahead", "--promotions=move"]
    expected = run_cli("eval", *options, str(positions))
    assert expected.returncode == 1  # three bad lines (the empty board: no king)

    output = tmp_path / "labelled.txt"
    environment = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    script = os.path.join(PYTHON_DIR, "examples", "label_dask.py")
    # Blocks of 40 kB: about a dozen tasks over the two workers, more than the window.
    result = subprocess.run(
        [sys.executable, script, str(positions), str(output), "--local-workers", "2", *options,
         "--block-bytes", "40000", "--window", "4"],
        env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 1, result.stderr
    assert output.read_text() == expected.stdout
    assert len(expected.stdout.splitlines()) > 10000

    def bad_line_numbers(stderr):
        return [int(n) for n in re.findall(rf"^[^:]*: {re.escape(str(positions))}: line (\d+): ",
                                           stderr, re.MULTILINE)]
    assert bad_line_numbers(result.stderr) == bad_line_numbers(expected.stderr) == [3001, 3006, 3007]


def test_label_dask_blocks_of_megabytes_raise_no_warning(tmp_path, dask_port_taken):
    """Blocks over Dask's 1 MB limit for an object in the task graph (issue
    37: a 13-line "Large object ... detected in task graph" warning on every
    run) go to the workers scattered: the output is eval's, stderr silent."""
    positions = tmp_path / "positions.fen"
    positions.write_text(run_cli("gen", "--count", "30000", "--seed", "3").stdout)
    assert positions.stat().st_size > 1_400_000
    expected = run_cli("eval", str(positions))
    assert expected.returncode == 0

    output = tmp_path / "labelled.txt"
    environment = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    script = os.path.join(PYTHON_DIR, "examples", "label_dask.py")
    result = subprocess.run(
        [sys.executable, script, str(positions), str(output), "--local-workers", "2",
         "--block-bytes", "1200000"],
        env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert output.read_text() == expected.stdout
    assert "Large object" not in result.stderr and "Warning" not in result.stderr, result.stderr
