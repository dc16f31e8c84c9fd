"""NumPy arrays handed to C: the board dtype, and input checks that copy only
when an array is not already in the dtype and layout C reads."""
import numpy as np

from ._library import lib  # noqa: F401  (the library is loaded before any array is made)

PIECE_TYPES = 6

# seebatch_board, field for field (include/seebatch.h): 72 bytes, aligned to 8.
BOARD_DTYPE = np.dtype([
    ("pieces", np.uint64, (PIECE_TYPES,)),  # indexed by pawn, knight, bishop, rook, queen, king
    ("colors", np.uint64, (2,)),            # white, black
    ("side_to_move", np.uint8),
    ("en_passant", np.uint8),               # square, or 64 for none
    ("castling", np.uint8),
    ("reserved", np.uint8),
    ("halfmove_clock", np.uint16),
    ("fullmove_number", np.uint16),
], align=True)
assert BOARD_DTYPE.itemsize == 72


def address(array):
    """The address of an array's first element, as C receives it."""
    return array.ctypes.data


def boards_array(boards, where):
    """boards as a contiguous 1-D BOARD_DTYPE array (the same object if it is one)."""
    array = np.asarray(boards)
    if array.dtype != BOARD_DTYPE:
        raise TypeError(f"{where}: boards have dtype {array.dtype}, not seebatch.BOARD_DTYPE")
    if array.ndim != 1:
        raise ValueError(f"{where}: boards must be 1-D, not {array.ndim}-D")
    return np.ascontiguousarray(array)


def integer_array(values, dtype, where, name, limit):
    """values as a contiguous 1-D array of dtype (the same object if it is one);
    any other integer array is converted after checking every element lies in
    [0, limit). The message names the first element out of range."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{where}: {name} must be 1-D, not {array.ndim}-D")
    if array.dtype == dtype:
        return np.ascontiguousarray(array)
    if array.size == 0:
        return np.empty(0, dtype)
    if array.dtype.kind not in "iu":
        raise TypeError(f"{where}: {name} have dtype {array.dtype}; integers are needed")
    outside = (array < 0) | (array >= limit)
    if outside.any():
        row = int(np.argmax(outside))
        raise ValueError(f"{where}: {name}[{row}] is {array[row]}, outside 0..{limit - 1}")
    return np.ascontiguousarray(array, dtype=dtype)
