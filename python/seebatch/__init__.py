"""seebatch: static exchange evaluation of many chess captures at once, from
NumPy arrays, over the C library libseebatch.so (found as _library.py says).

    import seebatch
    boards, errors = seebatch.boards_from_fens(fens)
    board_index, moves = seebatch.captures(boards)
    values = seebatch.see_values(boards, board_index, moves, config="classic")
"""
from ._arrays import BOARD_DTYPE
from ._errors import SeebatchError
from ._library import LibraryNotFound, lib as _lib
from .backends import auto_report, backend, backends_available, check_environment as _check_environment, set_backend
from .games import PlayedMoves, see_games
from .positions import FenError, boards_from_fens, boards_from_lines, captures, move_to_uci
from .see import (MOVE_PROMOTION_ONLY, NORMAL_MOVES_ONLY, PINS, PROMOTIONS, STOP_WHEN_AHEAD,
                  Config, see_ge, see_values)
from .streaming import stream_training
from .training import (Filter, TrainingBatch, TrainingDataError, count_file, keep_mask,
                       label_file, moves_from_uci, read_training, read_training_all, select,
                       write_training)

__version__ = _lib.seebatch_version().decode()
# A bad SEEBATCH_* setting raises here, as the tool refuses it (docs/tool.md, "Settings").
_check_environment()

__all__ = ["BOARD_DTYPE", "Config", "FenError", "LibraryNotFound", "MOVE_PROMOTION_ONLY",
           "NORMAL_MOVES_ONLY", "PINS", "PlayedMoves",
           "PROMOTIONS", "STOP_WHEN_AHEAD", "SeebatchError", "auto_report", "backend", "backends_available", "boards_from_fens", "boards_from_lines",
           "captures", "move_to_uci", "see_games", "see_ge", "see_values", "set_backend",
           "Filter", "TrainingBatch", "TrainingDataError", "count_file", "keep_mask",
           "label_file", "moves_from_uci",
           "read_training", "read_training_all", "select", "stream_training", "write_training"]
