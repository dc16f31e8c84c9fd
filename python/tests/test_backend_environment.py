"""A bad SEEBATCH_BACKEND raises when the package is imported, naming the value
and every valid value (issue 54: Python gave the scalar backend
with no word, where the tool refuses the same variable with exit 2)."""
import os
import subprocess
import sys

import pytest

import seebatch
from conftest import PYTHON_DIR


def import_with_backend(value):
    """Imports the package in a new interpreter under SEEBATCH_BACKEND=value;
    prints the backend in use."""
    environment = dict(os.environ, SEEBATCH_BACKEND=value,
                       PYTHONPATH=PYTHON_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", "import seebatch; print(seebatch.backend())"],
                          env=environment, capture_output=True, text=True)


def assert_refused(value):
    run = import_with_backend(value)
    assert run.returncode != 0, run.stdout
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("seebatch._errors.SeebatchError: SEEBATCH_BACKEND=" + repr(value)), last
    # Every valid value named, fixed too.
    assert "auto, fixed, " in last and "scalar" in last and last.endswith(
        ": unset it, or name one of those"), last


def test_a_name_no_build_has_raises():
    assert_refused("avx-2")


def test_a_backend_this_machine_cannot_run_raises():
    missing = [name for name in ("avx512", "avx2") if name not in seebatch.backends_available()]
    if not missing:
        pytest.skip("this machine runs every backend: none to refuse")
    assert_refused(missing[0])


@pytest.mark.parametrize("value", ["auto", "scalar", ""])
def test_a_good_value_imports(value):
    run = import_with_backend(value)
    assert run.returncode == 0, run.stderr
    # Not this process's backend(): a stage may force one in its environment.
    available = seebatch.backends_available()
    unforced = f"auto (one backend here: {available[0]})" if len(available) == 1 else "auto (learning)"
    expected = "scalar (forced)" if value == "scalar" else unforced
    assert run.stdout.strip() == expected


def import_with(variable, value):
    """Imports the package in a new interpreter with variable=value."""
    environment = dict(os.environ, PYTHONPATH=PYTHON_DIR + os.pathsep + os.environ.get("PYTHONPATH", ""))
    environment[variable] = value
    return subprocess.run([sys.executable, "-c", "import seebatch"], env=environment,
                          capture_output=True, text=True)


@pytest.mark.parametrize("value", ["bogus", "PEXT", " portable", "pext2"])
def test_a_bad_view_exchange_raises(value):
    """Issue 61: SEEBATCH_VIEW_EXCHANGE=bogus imported silently, where the tool
    refuses it; one rule for every setting."""
    run = import_with("SEEBATCH_VIEW_EXCHANGE", value)
    assert run.returncode != 0, run.stderr
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("seebatch._errors.SeebatchError: SEEBATCH_VIEW_EXCHANGE=" + repr(value)), last
    assert "auto, pext, portable" in last, last


@pytest.mark.parametrize("value", ["auto", "portable", ""])
def test_a_good_view_exchange_imports(value):
    run = import_with("SEEBATCH_VIEW_EXCHANGE", value)
    assert run.returncode == 0, run.stderr
