"""Which kernel the library runs (see docs/design.md, section 6, "Backends as a user meets them")."""
import ctypes

from ._errors import new_error, raise_if_failed
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
