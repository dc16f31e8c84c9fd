"""Which kernel the library runs (see docs/design.md, section 6, "Backends as a user meets them")."""
import ctypes
import os
import warnings

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
    """The settings rule of docs/tool.md ("Settings"), as the tool keeps it:
    raises SeebatchError for a bad value of any SEEBATCH_* variable the
    library reads, naming the variable and the value. SEEBATCH_BACKEND naming
    a backend this build lacks or this machine cannot run (the library would
    run the scalar backend instead, and it never prints:
    seebatch_backend_init is where it says so), or SEEBATCH_VIEW_EXCHANGE
    naming lookups that cannot run (seebatch_view_init). A profile auto
    refuses is a warning (RuntimeWarning), never an error. Called once, when
    the package is imported."""
    error, error_pointer = new_error()
    status = lib.seebatch_backend_init(error_pointer)
    message = error.message.decode(errors="replace")
    forced = os.environ.get("SEEBATCH_BACKEND", "") not in ("", "auto")
    if status != 0 and forced:
        raise SeebatchError(
            f"SEEBATCH_BACKEND={os.environ.get('SEEBATCH_BACKEND', '')!r}: "
            f"{message}; this machine runs "
            f"{', '.join(backends_available())}: unset it, or name one of those or \"auto\"",
            status)
    if status != 0:
        warnings.warn(message, RuntimeWarning, stacklevel=3)
    error, error_pointer = new_error()
    status = lib.seebatch_view_init(error_pointer)
    if status != 0:
        raise SeebatchError(
            f"SEEBATCH_VIEW_EXCHANGE={os.environ.get('SEEBATCH_VIEW_EXCHANGE', '')!r}: "
            f"{error.message.decode(errors='replace')}: unset it, or name one of those",
            status)
