"""Static exchange evaluation of many moves on many boards, one C call each."""
import ctypes
import functools

import numpy as np

from . import _library
from ._arrays import address, boards_array, bounded_integers, integer_array
from ._errors import STATUS_ARGUMENT, STATUS_CONFIG, SeebatchError, new_error, raise_if_failed
from ._library import lib

PINS = 1                 # Stockfish's pin rule (contract rule 5)
PROMOTIONS = 2           # every pawn reaching its last rank is promoted (rule 6)
NORMAL_MOVES_ONLY = 4    # en passant, promotions and castling score 0
MOVE_PROMOTION_ONLY = 8  # only the judged move's own promotion counts (rule 6)
STOP_WHEN_AHEAD = 16     # the exchange breaks off as Crafty's and Berserk's do (rule 8)
VALUE_MAX = 4000000

INT32_MIN, INT32_MAX = -2**31, 2**31 - 1


class Config:
    """Piece values (pawn, knight, bishop, rook, queen) and flags (PINS,
    NORMAL_MOVES_ONLY, STOP_WHEN_AHEAD, and one promotion rule at most:
    PROMOTIONS or MOVE_PROMOTION_ONLY). Config.preset("classic" or "stockfish") gives the
    library's presets. Checked by the library when made: a value out of
    range, an unknown flag or two promotion rules raise SeebatchError."""

    def __init__(self, values, flags=0):
        values = tuple(int(v) for v in values)
        if len(values) != _library.PIECE_VALUES:
            raise ValueError(f"Config: {len(values)} values; give pawn, knight, bishop, rook, "
                             "queen")
        flags = int(flags)
        for i, v in enumerate(values):  # C sees 32-bit values: the library checks the rest
            if not INT32_MIN <= v <= INT32_MAX:
                raise SeebatchError(f"Config: values[{i}] is {v}, outside 0..{VALUE_MAX}",
                                    STATUS_CONFIG)
        if not 0 <= flags < 2**32:
            raise SeebatchError(f"Config: flags is {flags}, outside 0..{2**32 - 1} (32-bit "
                                "flags)", STATUS_CONFIG)
        self.values, self.flags = values, flags
        self._struct = _library.ConfigStruct((ctypes.c_int32 * _library.PIECE_VALUES)(*values), flags)
        self._rules = _library.RulesStruct()  # what every SEE call reads, prepared once
        error, error_pointer = new_error()
        raise_if_failed(lib.seebatch_rules_init(ctypes.byref(self._rules),
                                                ctypes.byref(self._struct), error_pointer),
                        error, "Config")

    @classmethod
    def preset(cls, name):
        """The library's preset of that name ("classic", "stockfish")."""
        return _preset(str(name))

    def __repr__(self):
        return f"seebatch.Config(values={self.values}, flags={self.flags})"


@functools.lru_cache(maxsize=None)
def _preset(name):
    """Presets are looked up once: a call naming one pays no C call for it."""
    struct, (error, error_pointer) = _library.ConfigStruct(), new_error()
    raise_if_failed(lib.seebatch_config_preset(name.encode(), ctypes.byref(struct),
                                               error_pointer), error, "config")
    return Config(tuple(struct.values), struct.flags)


def _config(config):
    """A Config from a preset name, a Config, or (values, flags)."""
    if isinstance(config, Config):
        return config
    if isinstance(config, str):
        return Config.preset(config)
    try:
        values, flags = config
    except (TypeError, ValueError):
        raise TypeError("config: give a preset name, a seebatch.Config or (values, flags), "
                        f"not {config!r}") from None
    return Config(values, flags)


class _Batch:
    """The arrays of one call, checked and in the layout C reads (no copy
    when they already are)."""

    def __init__(self, where, boards, board_index, moves, config):
        self.where = where
        self.boards = boards_array(boards, where)
        self.board_index = integer_array(board_index, np.uint32, where, "board_index")
        self.moves = integer_array(moves, np.uint16, where, "moves")
        if len(self.board_index) != len(self.moves):
            raise ValueError(f"{where}: {len(self.board_index)} board indices but "
                             f"{len(self.moves)} moves")
        self.config = _config(config)

    def check_indices(self):
        """What the unchecked call needs to stay in bounds: every index names a board."""
        if len(self.moves) and int(self.board_index.max()) >= len(self.boards):
            row = int(np.argmax(self.board_index >= len(self.boards)))
            raise SeebatchError(f"{self.where}: board_index[{row}] is {self.board_index[row]} "
                                f"but there are {len(self.boards)} boards", STATUS_ARGUMENT)

    def arguments(self):
        """The rules and the seebatch_batch of the call (the arrays in place)."""
        batch = _library.BatchStruct(address(self.boards), len(self.boards), None,
                                     address(self.board_index), address(self.moves),
                                     len(self.moves))
        return ctypes.byref(self.config._rules), ctypes.byref(batch)

    def check(self, arguments):
        """seebatch_check: every board, index and move, the first bad one named;
        else only that every index names a board (enough to stay in bounds)."""
        error, error_pointer = new_error()
        raise_if_failed(lib.seebatch_check(*arguments, error_pointer), error, self.where)


def see_values(boards, board_index, moves, config="classic", check=True):
    """SEE of moves[i] on boards[board_index[i]], as an int32 array.

    config: "classic", "stockfish", a seebatch.Config or (values, flags).
    check=True (the default) has the library check every board, index and
    move first and raises SeebatchError naming the first bad one ("board 3:
    ...", "move 17: ..."). check=False checks only that every index names a
    board (enough never to read out of bounds) and trusts the rest, as C's
    unchecked functions do: for boards from boards_from_fens and moves from
    captures, which are valid by construction. The GIL is released while C
    runs, and arrays already of dtype uint32 / uint16 / BOARD_DTYPE and
    contiguous are passed as they are, never copied."""
    batch = _Batch("see_values", boards, board_index, moves, config)
    values = np.empty(len(batch.moves), np.int32)
    arguments = batch.arguments()
    if check:
        batch.check(arguments)
    else:
        batch.check_indices()
    lib.seebatch_values(*arguments, address(values))
    return values


def see_ge(boards, board_index, moves, thresholds, config="classic", check=True):
    """Whether SEE of moves[i] on boards[board_index[i]] is at least the
    threshold: one integer for every move, or one per move. A bool array.

    Exactly see_values(...) >= thresholds, which is what the library's
    contract says see_ge is, answered by the library's threshold call
    (seebatch_values_ge). A threshold is the library's int32: one outside
    -2147483648..2147483647 raises ValueError naming it and the range
    (Python integers of any size are read, never wrapped). Other arguments
    as for see_values."""
    thresholds = np.asarray(thresholds)
    if thresholds.ndim not in (0, 1) or (thresholds.ndim == 1 and len(thresholds) != len(moves)):
        raise ValueError(f"see_ge: thresholds must be one integer or one per move "
                         f"({len(moves)}), not shape {thresholds.shape}")
    thresholds = bounded_integers(thresholds, "see_ge", "thresholds", INT32_MIN, INT32_MAX)
    batch = _Batch("see_ge", boards, board_index, moves, config)
    arguments = batch.arguments()
    if check:
        batch.check(arguments)
    else:
        batch.check_indices()
    passed = np.empty(len(batch.moves), np.uint8)
    each = np.ascontiguousarray(thresholds, np.int32) if thresholds.ndim == 1 else None
    lib.seebatch_values_ge(*arguments, int(thresholds) if each is None else 0,
                           None if each is None else address(each), address(passed))
    return passed.view(np.bool_)


__all__ = ["Config", "MOVE_PROMOTION_ONLY", "NORMAL_MOVES_ONLY", "PINS", "PROMOTIONS",
           "STOP_WHEN_AHEAD", "see_ge", "see_values"]
