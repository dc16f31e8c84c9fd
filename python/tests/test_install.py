"""`pip install ./python` with no network into a virtual environment made
with --system-site-packages: the installed package carries the library and
works from any directory with no environment variable set; a library that
cannot be used is named."""
import ctypes.util
import os
import shutil
import subprocess
import sys

import pytest

import seebatch
from conftest import PYTHON_DIR, SPECIAL_FENS

USE = f"""
import seebatch, os
assert os.path.dirname(seebatch._lib._name) == os.path.dirname(seebatch.__file__), seebatch._lib._name
training = seebatch.training._lib()._name
assert os.path.dirname(training) == os.path.dirname(seebatch.__file__), training
boards, errors = seebatch.boards_from_fens({SPECIAL_FENS[:1]!r})
board_index, moves = seebatch.captures(boards)
print(seebatch.__version__, list(zip(seebatch.move_to_uci(moves).tolist(),
                                     seebatch.see_values(boards, board_index, moves).tolist())))
"""


def test_pip_install_without_network(tmp_path):
    library = os.environ.get("SEEBATCH_LIBRARY",
                             os.path.join(PYTHON_DIR, "..", "build", "libseebatch.so"))
    # A copy of python/, so the build leaves nothing in the checkout.
    source = tmp_path / "python"
    shutil.copytree(PYTHON_DIR, source, ignore=shutil.ignore_patterns(
        "__pycache__", "build", "*.egg-info"))
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(tmp_path / "venv")],
                   check=True)
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    install = subprocess.run(
        [str(tmp_path / "venv" / "bin" / "pip"), "install", "--no-build-isolation", "--no-index",
         "--no-cache-dir", str(source)],
        env=dict(environment, SEEBATCH_LIBRARY=library, PIP_NO_INPUT="1"),
        capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    environment.pop("SEEBATCH_LIBRARY", None)
    used = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-c", USE], cwd=tmp_path,
                          env=environment, capture_output=True, text=True, timeout=60)
    assert used.returncode == 0, used.stderr
    assert used.stdout.strip() == (f"{seebatch.__version__} "
                                   "[('d3e5', -225), ('g2b7', -225), ('e2e5', -400)]")


def test_library_that_cannot_be_used_is_named():
    """SEEBATCH_LIBRARY naming a missing file or another library: an ImportError
    naming it, never a fallback to some other copy."""
    environment = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    for named, expected in (("/nonexistent/libseebatch.so", "cannot be loaded"),
                            (sys.executable, "cannot be loaded"),
                            (ctypes.util.find_library("m") or "libm.so.6", "has no seebatch_")):
        used = subprocess.run([sys.executable, "-c", "import seebatch"], capture_output=True,
                              text=True, env=dict(environment, SEEBATCH_LIBRARY=named))
        assert used.returncode != 0
        assert "LibraryNotFound" in used.stderr and expected in used.stderr, used.stderr
        assert named in used.stderr


def test_pip_install_before_the_library_is_built_fails_with_the_command(tmp_path):
    """Issue 20: `pip install ./python` in a checkout whose library is not
    built installed a package that failed at import. It must fail at install
    time and give the command that builds the library."""
    if ctypes.util.find_library("seebatch"):
        pytest.skip("a system-wide libseebatch is installed: the package may use it")
    # A checkout with no build/ next to python/.
    source = tmp_path / "checkout" / "python"
    shutil.copytree(PYTHON_DIR, source, ignore=shutil.ignore_patterns(
        "__pycache__", "build", "*.egg-info"))
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(tmp_path / "venv")],
                   check=True)
    environment = {k: v for k, v in os.environ.items()
                   if k not in ("PYTHONPATH", "SEEBATCH_LIBRARY")}
    install = subprocess.run(
        [str(tmp_path / "venv" / "bin" / "pip"), "install", "--no-build-isolation", "--no-index",
         "--no-cache-dir", str(source)],
        env=dict(environment, PIP_NO_INPUT="1"), capture_output=True, text=True, timeout=300)
    output = install.stdout + install.stderr
    assert install.returncode != 0, output
    assert "libseebatch.so is not built" in output, output
    assert "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build" in output, output
    imported = subprocess.run([str(tmp_path / "venv" / "bin" / "python"), "-c", "import seebatch"],
                              cwd=tmp_path, env=environment, capture_output=True, text=True)
    assert imported.returncode != 0, "nothing may be installed"
