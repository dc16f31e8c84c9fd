"""Which kernel the library runs (see docs/design.md, section 6, "Backends as a user meets them")."""
import ctypes
import os
import warnings

from ._errors import SeebatchError, new_error, raise_if_failed
from ._library import AutoShape, lib


def backend():
    """How SEE calls choose their backend now, in words; the first word is the
    name set_backend and SEEBATCH_BACKEND take:
    "auto (learning)": each kind of call starts on auto's first guess for this
    CPU, and calls on many boards of 64 moves or more are timed on every
    backend and served by the fastest (auto_report says what it kept);
    "auto (one backend here: scalar)": nothing to learn;
    "fixed (auto's first guess for each kind of call, never learning)";
    or a backend forced for every call, "avx2 (forced)"."""
    name = lib.seebatch_backend_name().decode()
    if name == "fixed":
        return "fixed (auto's first guess for each kind of call, never learning)"
    if name != "auto":
        return f"{name} (forced)"
    available = backends_available()
    if len(available) == 1:
        return f"auto (one backend here: {available[0]})"
    return "auto (learning)"


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


# seebatch_auto_judged's values, in order.
_JUDGED = ("not tried", "on trial", "kept", "judged", "dropped")


def auto_report(every_shape=False):
    """What auto learned since it last started learning (import, or
    set_backend("auto")): a list with a dict for each kind of call it learned
    from, in calls it served (every_shape=True: all 24 call shapes, each with
    "learns", whether auto learns it at all), each
        {"shape": "values, many boards in order, pins worked out, at least 8 moves",
         "kept": "avx2",           # the backend serving these calls now
         "repeats_every": 10,      # the calls repeat every 10 (None: they do not)
         "backends": {"avx2": {"judged": "kept", "ns_per_capture": 24.0,
                               "trailed": None, "calls": 212},
                      "scalar": {"judged": "dropped", "ns_per_capture": None,
                                 "trailed": 3.04, "calls": 3}}}
    "judged" says how auto judged a backend: "kept" (ns_per_capture the mean
    of its timed calls once settled), "judged" (its trial ran its course:
    its speed beside the best's on the same positions, its first, cold call
    left out), "dropped" (its trial was cut short, trailing the best by far
    on its first calls, still cold: no speed, "trailed" its cost over the
    best's then), "on trial" or "not tried". "calls" are the calls of the
    shape timed on it (or parts of calls, judged beside another backend). An
    empty list: auto learned nothing (no call of 64 moves or more on many
    boards, or it does not learn: fixed, a backend forced, or one backend)."""
    shapes = (AutoShape * 24)()
    count = lib.seebatch_auto_report(shapes, len(shapes))
    report = []
    for shape in shapes[:min(count, len(shapes))]:
        backends = {b.name.decode(): {"judged": _JUDGED[b.judged] if 0 <= b.judged < len(_JUDGED)
                                      else "unknown",
                                      "ns_per_capture": float(b.ns_per_capture) or None,
                                      "trailed": float(b.trailed) or None,
                                      "calls": int(b.calls)}
                    for b in shape.backends[:shape.backend_count]}
        served = shape.learns and any(b["calls"] for b in backends.values())
        if not (served or every_shape):
            continue
        entry = {"shape": shape.shape.decode(), "kept": shape.kept.decode(),
                 "repeats_every": int(shape.repeats_every) or None, "backends": backends}
        if every_shape:
            entry["learns"] = bool(shape.learns)
        report.append(entry)
    return report


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
        # The library's message names every valid value: auto, fixed and the backends.
        raise SeebatchError(
            f"SEEBATCH_BACKEND={os.environ.get('SEEBATCH_BACKEND', '')!r}: {message}: unset it, "
            f"or name one of those", status)
    if status != 0:
        warnings.warn(message, RuntimeWarning, stacklevel=3)
    error, error_pointer = new_error()
    status = lib.seebatch_view_init(error_pointer)
    if status != 0:
        raise SeebatchError(
            f"SEEBATCH_VIEW_EXCHANGE={os.environ.get('SEEBATCH_VIEW_EXCHANGE', '')!r}: "
            f"{error.message.decode(errors='replace')}: unset it, or name one of those",
            status)
