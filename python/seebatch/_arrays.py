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


def _first_outside(array, least, most):
    """The index of the first element of an integer array (flattened) outside
    least..most, or None; the comparisons made in the array's own kind, so
    that no element is rounded (uint64 against a negative bound, say)."""
    if array.dtype.kind == "O":
        for row, value in enumerate(array.ravel()):
            if not least <= value <= most:
                return row
        return None
    if least <= int(array.min()) and int(array.max()) <= most:
        return None
    flat = array.ravel()
    kind = np.uint64 if array.dtype.kind == "u" else np.int64
    outside = flat > kind(most) if most >= 0 or kind is np.int64 else np.ones(flat.shape, bool)
    if least > 0 or kind is np.int64:
        outside |= flat < kind(least)
    return int(np.argmax(outside))


def bounded_integers(values, where, name, least, most):
    """values as an integer array (0-D or more) whose every element lies in
    least..most, Python integers too big for NumPy's own types included:
    else TypeError (not integers) or ValueError naming the first element
    out of range and the range."""
    array = np.asarray(values)
    if array.dtype.kind == "O":
        for row, value in enumerate(array.ravel()):
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
                element = f"{name}[{row}]" if array.ndim else name
                raise TypeError(f"{where}: {element} is {value!r}; integers are needed")
    elif array.dtype.kind not in "iu":
        raise TypeError(f"{where}: {name} have dtype {array.dtype}; integers are needed")
    row = _first_outside(array, least, most) if array.size else None
    if row is not None:
        element = f"{name}[{row}]" if array.ndim == 1 else name if array.ndim == 0 else \
            f"{name} (element {row} flattened)"
        raise ValueError(f"{where}: {element} is {array.ravel()[row]}, outside {least}..{most}")
    return array


def integer_array(values, dtype, where, name):
    """values as a contiguous 1-D array of dtype (the same object if it is one);
    any other integers (a list, another integer dtype, Python integers of any
    size) are converted after checking every element lies in dtype's range.
    The message names the first element out of range and the range."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{where}: {name} must be 1-D, not {array.ndim}-D")
    if array.dtype == dtype:
        return np.ascontiguousarray(array)
    if array.size == 0:
        return np.empty(0, dtype)
    info = np.iinfo(dtype)
    array = bounded_integers(array, where, name, int(info.min), int(info.max))
    return np.ascontiguousarray(array, dtype=dtype)
