"""Auto learns from the calls it serves: seebatch.auto_report says what it
learned per kind of call, seebatch.backend() how the backend is chosen;
"fixed" and a backend's name stop learning;
SEEBATCH_PROFILE, the retired profiles' variable, never changes a result or
stops an import."""
import os
import subprocess
import sys

import numpy as np

import seebatch
from conftest import PYTHON_DIR

FENS = ["1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]


def many_board_call():
    """A call of many boards in board order, of more than 64 moves."""
    boards, errors = seebatch.boards_from_fens(FENS * 40)
    assert not errors
    board_index, moves = seebatch.captures(boards)
    assert len(moves) >= 64
    return boards, board_index, moves


def shape(report, name):
    return next(s for s in report if s["shape"] == name)


VALUES_IN_ORDER = "values, many boards in order, pins worked out, at least 8 moves"


def test_auto_reports_what_it_learned():
    seebatch.set_backend("auto")
    boards, board_index, moves = many_board_call()
    expected = None
    for _ in range(40):
        values = seebatch.see_values(boards, board_index, moves, check=False)
        expected = values if expected is None else expected
        assert np.array_equal(values, expected)  # whichever backend served the call
    available = seebatch.backends_available()
    report = seebatch.auto_report()
    if len(available) == 1:
        assert report == [] and seebatch.backend() == f"auto (one backend here: {available[0]})"
        return
    assert seebatch.backend() == "auto (learning)"
    # Only what auto learned from: one kind of call here.
    assert [s["shape"] for s in report] == [VALUES_IN_ORDER]
    values_in_order = report[0]
    assert list(values_in_order["backends"]) == available
    assert values_in_order["kept"] in available
    # The same call forty times is work that repeats every call.
    assert values_in_order["repeats_every"] == 1
    for name, backend in values_in_order["backends"].items():
        assert backend["calls"] > 0, (name, backend)
    # The kept backend's speed is judged; so is every backend tried on
    # repeating work beyond its first call.
    kept = values_in_order["backends"][values_in_order["kept"]]
    assert kept["ns_per_capture"] > 0, kept
    # A speed only where it is a steady one; a backend dropped on its
    # first, cold calls says how far it trailed instead (issue 76).
    for name, backend in values_in_order["backends"].items():
        assert backend["judged"] in ("kept", "judged", "dropped", "on trial"), (name, backend)
        steady = backend["judged"] in ("kept", "judged")
        assert (backend["ns_per_capture"] is not None) == steady, (name, backend)
        assert (backend["trailed"] is not None) == (backend["judged"] == "dropped"), (name, backend)
        if backend["trailed"] is not None:
            assert backend["trailed"] > 1, (name, backend)
    every = seebatch.auto_report(every_shape=True)
    assert len(every) == 24
    assert shape(every, VALUES_IN_ORDER)["learns"]
    assert not shape(every, "values, one board, pins worked out, at least 8 moves")["learns"]


def test_fixed_and_a_name_stop_learning():
    for name in ["fixed"] + seebatch.backends_available():
        seebatch.set_backend(name)
        assert seebatch.auto_report() == [], name
        report = seebatch.auto_report(every_shape=True)
        assert not any(s["learns"] for s in report), name
        if name != "fixed":
            assert all(s["kept"] == name for s in report), name
            assert seebatch.backend() == f"{name} (forced)"
        else:
            assert seebatch.backend().startswith("fixed (auto's first guess")
    seebatch.set_backend("auto")
    report = seebatch.auto_report(every_shape=True)
    assert all(b["calls"] == 0 for s in report for b in s["backends"].values())


def run_with_profile(value):
    environment = dict(os.environ, SEEBATCH_PROFILE=value,
                       PYTHONPATH=PYTHON_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    environment.pop("SEEBATCH_BACKEND", None)
    code = ("import seebatch, numpy; b, _ = seebatch.boards_from_fens(%r); i, m = seebatch.captures(b); "
            "print(seebatch.backend(), list(seebatch.see_values(b, i, m)))" % (FENS,))
    return subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True,
                          text=True)


def test_a_profile_changes_nothing(tmp_path):
    damaged = tmp_path / "damaged.profile"
    damaged.write_bytes(b"seebatch profile 1\ncpu AuthenticAMD-17h-01h\nchoices s\n")
    plain = run_with_profile("")
    assert plain.returncode == 0, plain.stderr
    for value in (str(damaged), str(tmp_path / "missing.profile"), "none"):
        run = run_with_profile(value)
        assert run.returncode == 0, run.stderr
        assert run.stdout == plain.stdout
        assert "SEEBATCH_PROFILE is ignored" in run.stderr
