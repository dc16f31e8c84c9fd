"""Which kernel the library runs (see docs/design.md, section 6, "Backends as a user meets them")."""
import ctypes
import os

from ._errors import SeebatchError, new_error, raise_if_failed
from ._library import lib


def backend():
    """The name of the backend in use ("avx2", "scalar")."""
    return lib.seebatch_backend_name().decode()


def backends_available():
    """The backends this machine can run, best first ("scalar" always last)."""
    names = (ctypes.c_char_p * 16)()
    count = lib.seebatch_backends_available(names, len(names))
    return [name.decode() for name in names[:min(count, len(names))]]


def set_backend(name):
    """Forces a backend for the whole process ("auto" re-runs detection).
    Raises SeebatchError for a name this build or machine cannot run."""
    error, error_pointer = new_error()
    raise_if_failed(lib.seebatch_backend_set(str(name).encode(), error_pointer), error,
                    "set_backend")


def check_environment():
    """Raises SeebatchError when SEEBATCH_BACKEND names a backend this build
    lacks or this machine cannot run, naming the value and the backends this
    machine runs: the library would run the scalar backend instead, and the
    library never prints (seebatch_backend_init is where it says so). Called
    once, when the package is imported."""
    error, error_pointer = new_error()
    status = lib.seebatch_backend_init(error_pointer)
    if status != 0:
        raise SeebatchError(
            f"SEEBATCH_BACKEND={os.environ.get('SEEBATCH_BACKEND', '')!r}: "
            f"{error.message.decode(errors='replace')}; this machine runs "
            f"{', '.join(backends_available())}: unset it, or name one of those or \"auto\"",
            status)
