"""Finding and loading libseebatch.so (SEE and training data alike), and the
C prototypes of its SEE functions (training.py binds its own).

The library is looked for, in this order:
  1. the file named by the environment variable SEEBATCH_LIBRARY (no fallback
     if it is set but cannot be loaded);
  2. libseebatch.so inside this package, copied there by `pip install ./python`
     from the build tree;
  3. the build tree of the checkout this package sits in (../../build), so the
     package works from python/ without installing;
  4. the system's library path (after `cmake --install` to a prefix the loader
     searches), through ctypes.util.find_library.
The file is named as the platform names it (library_files): libseebatch.so
on Linux, libseebatch.dylib on macOS, libseebatch.dll (as mingw-w64 builds
it) or seebatch.dll (as MSVC would) on Windows.
"""
import ctypes
import ctypes.util
import os
import sys

from seebatch._names import WINDOWS as _WINDOWS, library_files

MESSAGE_SIZE = 256
PIECE_VALUES = 5

_here = os.path.dirname(os.path.abspath(__file__))


class LibraryNotFound(ImportError):
    """libseebatch.so was not found or could not be loaded."""


class ErrorStruct(ctypes.Structure):
    _fields_ = [("status", ctypes.c_int), ("message", ctypes.c_char * MESSAGE_SIZE)]


class ConfigStruct(ctypes.Structure):
    _fields_ = [("values", ctypes.c_int32 * PIECE_VALUES), ("flags", ctypes.c_uint32)]


class RulesStruct(ctypes.Structure):
    """seebatch_rules: a configuration prepared by seebatch_rules_init."""
    _fields_ = [("value", ctypes.c_int32 * 8), ("flags", ctypes.c_uint32)]


class BatchStruct(ctypes.Structure):
    """seebatch_batch: boards, their count, pins (NULL: worked out), the board
    of each move (NULL: one board), moves, their count."""
    _fields_ = [("boards", ctypes.c_void_p), ("board_count", ctypes.c_size_t),
                ("pins", ctypes.c_void_p), ("board_of_move", ctypes.c_void_p),
                ("moves", ctypes.c_void_p), ("count", ctypes.c_size_t)]


class RowError(ctypes.Structure):
    _fields_ = [("row", ctypes.c_size_t), ("error", ErrorStruct)]


class FenRowsReport(ctypes.Structure):
    _fields_ = [("statuses", ctypes.c_void_p), ("errors", ctypes.POINTER(RowError)),
                ("error_capacity", ctypes.c_size_t), ("bad_rows", ctypes.c_size_t)]


class GameStruct(ctypes.Structure):
    """seebatch_game: the board the moves start from (after the last one
    played, out), the board before each move and each move (capacity of
    each, or NULL), how many were played."""
    _fields_ = [("board", ctypes.c_uint64 * 9), ("before", ctypes.c_void_p),
                ("moves", ctypes.c_void_p), ("capacity", ctypes.c_size_t),
                ("count", ctypes.c_size_t)]


class AutoBackend(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("calls", ctypes.c_uint64), ("judged", ctypes.c_int),
                ("ns_per_capture", ctypes.c_double), ("trailed", ctypes.c_double)]


class AutoShape(ctypes.Structure):
    _fields_ = [("shape", ctypes.c_char * 80), ("learns", ctypes.c_bool), ("kept", ctypes.c_char_p),
                ("backend_count", ctypes.c_size_t), ("backends", AutoBackend * 3),
                ("repeats_every", ctypes.c_size_t)]


class CaptureList(ctypes.Structure):
    _fields_ = [("moves", ctypes.c_void_p), ("board_of_move", ctypes.c_void_p),
                ("capacity", ctypes.c_size_t), ("count", ctypes.c_size_t),
                ("next_board", ctypes.c_size_t)]


def _candidates(name, platform=None):
    """Where to look for library <name>, in order, as (description, path or name)."""
    platform = platform or sys.platform
    files = library_files(name, platform)
    for where, directory in (("the package", _here),
                             ("the checkout's build tree", os.path.join(_here, "..", "..", "build"))):
        for file in files:
            yield where, os.path.join(directory, file)
    # find_library looks on Windows for a file's stem along PATH; elsewhere
    # it takes the name alone.
    stems = [os.path.splitext(file)[0] for file in files] if platform in _WINDOWS else [name]
    for stem in stems:
        yield "the system library path", ctypes.util.find_library(stem)


def load():
    """libseebatch.so: the file SEEBATCH_LIBRARY names, else the first
    candidate that loads."""
    name, variable = "seebatch", "SEEBATCH_LIBRARY"
    named = os.environ.get(variable)
    if named:
        try:
            return ctypes.CDLL(named)
        except OSError as error:
            raise LibraryNotFound(f"{variable}={named} cannot be loaded: {error}") from None
    tried = []
    for where, path in _candidates(name):
        if path and (os.path.exists(path) or not os.path.dirname(path)):
            try:
                return ctypes.CDLL(path)
            except OSError as error:
                tried.append(f"{where} ({path}): {error}")
        else:
            tried.append(f"{where}: not there")
    raise LibraryNotFound(
        f"{library_files(name)[0]} not found; build it (cmake --build build) or set {variable} "
        "to its path. Tried " + "; ".join(tried))


# (name, result type, argument types): every C function the package calls.
_P = ctypes.c_void_p
_SIZE = ctypes.c_size_t
_PROTOTYPES = [
    ("seebatch_version", ctypes.c_char_p, []),
    ("seebatch_status_name", ctypes.c_char_p, [ctypes.c_int]),
    ("seebatch_board_from_fen", ctypes.c_int, [_P, ctypes.c_char_p, ctypes.POINTER(ErrorStruct)]),
    ("seebatch_count_rows", _SIZE, [_P, _SIZE]),
    ("seebatch_boards_from_fens", ctypes.c_int,
     [_P, _SIZE, _SIZE, _P, ctypes.POINTER(FenRowsReport), ctypes.POINTER(ErrorStruct)]),
    ("seebatch_position_status", ctypes.c_int, [_P, _SIZE, _P, ctypes.POINTER(ErrorStruct)]),
    ("seebatch_game_play", ctypes.c_int,
     [ctypes.POINTER(GameStruct), ctypes.c_char_p, _SIZE, ctypes.POINTER(ErrorStruct)]),
    ("seebatch_generate_captures_multi", ctypes.c_int,
     [_P, _SIZE, ctypes.POINTER(CaptureList), ctypes.POINTER(ErrorStruct)]),
    ("seebatch_move_to_uci", _SIZE, [ctypes.c_uint16, ctypes.c_char_p]),
    ("seebatch_config_preset", ctypes.c_int,
     [ctypes.c_char_p, ctypes.POINTER(ConfigStruct), ctypes.POINTER(ErrorStruct)]),
    ("seebatch_rules_init", ctypes.c_int,
     [ctypes.POINTER(RulesStruct), ctypes.POINTER(ConfigStruct), ctypes.POINTER(ErrorStruct)]),
    ("seebatch_check", ctypes.c_int,
     [ctypes.POINTER(RulesStruct), ctypes.POINTER(BatchStruct), ctypes.POINTER(ErrorStruct)]),
    ("seebatch_values", None, [ctypes.POINTER(RulesStruct), ctypes.POINTER(BatchStruct), _P]),
    ("seebatch_values_ge", None,
     [ctypes.POINTER(RulesStruct), ctypes.POINTER(BatchStruct), ctypes.c_int32, _P, _P]),
    ("seebatch_backend_init", ctypes.c_int, [ctypes.POINTER(ErrorStruct)]),
    ("seebatch_backend_set", ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(ErrorStruct)]),
    ("seebatch_backend_name", ctypes.c_char_p, []),
    ("seebatch_backends_available", _SIZE, [ctypes.POINTER(ctypes.c_char_p), _SIZE]),
    ("seebatch_auto_report", _SIZE, [ctypes.POINTER(AutoShape), _SIZE]),
    ("seebatch_view_init", ctypes.c_int, [ctypes.POINTER(ErrorStruct)]),
]


def bind(lib, prototypes=None):
    """Sets each function's C types; a function missing means a wrong or old library."""
    for name, result, arguments in prototypes or _PROTOTYPES:
        try:
            function = getattr(lib, name)
        except AttributeError:
            raise LibraryNotFound(f"{lib._name} has no {name}: not libseebatch, or one older "
                                  "than this package; rebuild it or point SEEBATCH_LIBRARY at "
                                  "a newer one") from None
        function.restype = result
        function.argtypes = arguments
    return lib


lib = bind(load())
