"""Which kernel the library runs (see docs/design.md, section 6, "Backends as a user meets them")."""
import ctypes
import os
import warnings

from ._errors import SeebatchError, new_error, raise_if_failed
from ._library import AutoShape, lib


def backend():
    """The name of the backend in use ("avx2", "scalar")."""
    return lib.seebatch_backend_name().decode()


def backends_available():
    """The backends this machine can run, best first ("scalar" always last)."""
    names = (ctypes.c_char_p * 16)()
    count = lib.seebatch_backends_available(names, len(names))
    return [name.decode() for name in names[:min(count, len(names))]]


def set_backend(name):
    """Chooses the backend for the whole process: "auto" learns afresh which
    backend is fastest for the calls it serves, "fixed" takes auto's first
    guess without learning (reproducible timings), a backend's name forces it.
    Raises SeebatchError for a name this build or machine cannot run."""
    error, error_pointer = new_error()
    raise_if_failed(lib.seebatch_backend_set(str(name).encode(), error_pointer), error,
                    "set_backend")


def auto_report():
    """What auto has learned since it last started learning, per call shape:
    a list of dicts {"shape", "learns", "kept", "repeats_every", "backends":
    [{"name", "calls", "ns_per_capture"}]}, one a shape (24), the backends
    widest first. "calls" are the calls of the shape timed on that backend;
    "repeats_every" is the cycle of calls the last look found (work the
    branch predictor learns), 0 where none."""
    shapes = (AutoShape * 24)()
    count = lib.seebatch_auto_report(shapes, len(shapes))
    return [{"shape": shape.shape.decode(), "learns": bool(shape.learns),
             "kept": shape.kept.decode(), "repeats_every": int(shape.repeats_every),
             "backends": [{"name": b.name.decode(), "calls": int(b.calls),
                           "ns_per_capture": float(b.ns_per_capture)}
                          for b in shape.backends[:shape.backend_count]]}
            for shape in shapes[:min(count, len(shapes))]]


def check_environment():
    """The settings rule of docs/tool.md ("Settings"), as the tool keeps it:
    raises SeebatchError for a bad value of any SEEBATCH_* variable the
    library reads, naming the variable and the value. SEEBATCH_BACKEND naming
    a backend this build lacks or this machine cannot run (the library would
    run the scalar backend instead, and it never prints:
    seebatch_backend_init is where it says so), or SEEBATCH_VIEW_EXCHANGE
    naming lookups that cannot run (seebatch_view_init). SEEBATCH_PROFILE,
    the retired profiles' variable, is a warning, never an error. Called
    once, when the package is imported."""
    if os.environ.get("SEEBATCH_PROFILE"):
        warnings.warn("SEEBATCH_PROFILE is ignored: seebatch calibrate's profiles are retired "
                      "(auto learns from the calls it serves)", stacklevel=3)
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
