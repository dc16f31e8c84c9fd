"""BOARD_DTYPE is seebatch_board byte for byte, and a million moves already in
the right dtype and layout reach C without a copy."""
import ctypes
import tracemalloc

import numpy as np

import seebatch
from seebatch import _library
from seebatch._arrays import address

TRACE = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w kq e6 7 40"


def test_board_dtype_is_the_c_struct():
    assert seebatch.BOARD_DTYPE.itemsize == 72
    offsets = {name: seebatch.BOARD_DTYPE.fields[name][1] for name in seebatch.BOARD_DTYPE.names}
    assert offsets == {"pieces": 0, "colors": 48, "side_to_move": 64, "en_passant": 65,
                       "castling": 66, "reserved": 67, "halfmove_clock": 68,
                       "fullmove_number": 70}
    # The library's single-FEN parser writes the same bytes into a BOARD_DTYPE element.
    single = np.zeros(1, seebatch.BOARD_DTYPE)
    error = _library.ErrorStruct()
    assert _library.lib.seebatch_board_from_fen(address(single), TRACE.encode(),
                                                ctypes.byref(error)) == 0
    # every field set, so no position a game reaches: kept as asked
    boards, _ = seebatch.boards_from_fens([TRACE], allow_impossible=True)
    assert single.tobytes() == boards.tobytes()
    board = boards[0]
    assert board["side_to_move"] == 0 and board["castling"] == 4 | 8
    assert board["en_passant"] == 5 * 8 + 4 and board["halfmove_clock"] == 7
    assert board["fullmove_number"] == 40
    assert board["pieces"][5] == (1 << 2) | (1 << 57)  # kings on c1 and b8
    assert bin(int(board["colors"][1])).count("1") == 10


class Recorder:
    """Stands in for a C function of the library, noting each call's arguments."""

    def __init__(self, function):
        self.function, self.calls = function, []

    def __call__(self, *arguments):
        self.calls.append(arguments)
        return self.function(*arguments)


def test_a_million_moves_without_copies(labelled, monkeypatch):
    boards, board_index, moves = labelled
    repeat = -(-1_000_000 // len(moves))
    board_index = np.tile(board_index, repeat)[:1_000_000]
    moves = np.tile(moves, repeat)[:1_000_000]
    for check in (False, True):
        recorder = Recorder(_library.lib.seebatch_values)
        monkeypatch.setattr(_library.lib, "seebatch_values", recorder)
        tracemalloc.start()
        values = seebatch.see_values(boards, board_index, moves, check=check)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        (arguments,) = recorder.calls
        batch = arguments[1]._obj  # the seebatch_batch, passed by reference
        assert batch.boards == boards.ctypes.data
        assert batch.board_count == len(boards)
        assert batch.pins is None
        assert batch.board_of_move == board_index.ctypes.data
        assert batch.moves == moves.ctypes.data
        assert batch.count == len(moves)
        assert arguments[2] == values.ctypes.data
        # Only the 4 MB of values were allocated: a copy of the moves (2 MB) or
        # of the indices (4 MB) would show.
        assert values.nbytes <= peak < values.nbytes + 1_000_000
    assert np.array_equal(values, seebatch.see_values(boards, board_index.astype(np.int64),
                                                      moves.astype(np.int32)))


def test_strided_input_is_copied_and_still_right(labelled):
    boards, board_index, moves = labelled
    doubled_index = np.repeat(board_index, 2)[::2]
    doubled_moves = np.repeat(moves, 2)[::2]
    assert not doubled_moves.flags.c_contiguous
    assert np.array_equal(seebatch.see_values(boards, doubled_index, doubled_moves),
                          seebatch.see_values(boards, board_index, moves))
