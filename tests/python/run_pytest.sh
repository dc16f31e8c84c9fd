#!/usr/bin/env bash
# Runs the Python package's tests (python/tests, or the one file given)
# against this build's library and tool:
#   run_pytest.sh PYTHON LIBRARY TOOL BUILD_DIR [SANITIZERS [TEST_FILE]]
#
# PYTHON is Debian's interpreter (/usr/bin/python3 unless configured with
# -DSEEBATCH_PYTHON=...), which gets NumPy, pytest and Dask from apt. Exit 77
# (a visible skip) when it or those modules are missing, unless
# SEEBATCH_REQUIRE_PYTHON=1 (set by .ci/run, which installs them): there the
# tests must run, so a missing module fails. Sanitizer builds skip: their
# library needs its sanitizer runtime loaded before the interpreter starts.
set -uo pipefail
python=$1 library=$2 tool=$3 build=$4 sanitizers=${5:-} file=${6:-}
root=$(cd "$(dirname "$0")/../.." && pwd)

if [ -n "${SEEBATCH_EMULATOR:-}" ]; then
    echo "skipped: a cross build (run under $SEEBATCH_EMULATOR): this machine's Python cannot load the target's library; the native build runs the Python tests"
    exit 77
fi
if [ -n "$sanitizers" ]; then
    echo "skipped: a sanitizer build ($sanitizers); the Python tests run in the Release build"
    exit 77
fi
missing=$("$python" -c '
import importlib.util
print(" ".join(m for m in ("numpy", "pytest", "dask", "distributed")
               if importlib.util.find_spec(m) is None))' 2>&1) || missing="$python itself ($missing)"
if [ -n "$missing" ]; then
    echo "missing for the Python tests: $missing (Debian: apt-get install python3-numpy" \
        "python3-pytest python3-dask python3-distributed python3-venv python3-pip)"
    [ "${SEEBATCH_REQUIRE_PYTHON:-0}" = 1 ] && exit 1
    exit 77
fi
export SEEBATCH_LIBRARY=$library SEEBATCH_CLI=$tool \
    PYTHONDONTWRITEBYTECODE=1
# A scratch directory of each file's own: pytest empties it at the start,
# and ctest runs the files side by side.
scratch=$build/python_tests_tmp
[ -n "$file" ] && scratch=$scratch/$(basename "$file" .py) && mkdir -p "$build/python_tests_tmp"
exec "$python" -m pytest -q -p no:cacheprovider --basetemp="$scratch" \
    "${file:-$root/python/tests}"
