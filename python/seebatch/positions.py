"""Positions and moves: FEN rows to boards, the captures of boards, UCI text."""
import ctypes
import functools
from collections import namedtuple

import numpy as np

from ._arrays import BOARD_DTYPE, address, boards_array, integer_array
from ._errors import new_error, raise_if_failed
from ._library import CaptureList, FenRowsReport, RowError, lib

FenError = namedtuple("FenError", "row message")
FenError.__doc__ = "A row boards_from_fens could not parse: its index and why."

_MESSAGE_ROWS = 4096  # bad rows whose messages one call collects
_CHUNK_ROWS = 8192    # rows parsed per call


def _joined(rows):
    """The rows as one UTF-8 buffer, each ended by '\\n' (str and bytes rows may mix)."""
    for join in (lambda: "\n".join(rows).encode("utf-8", "surrogatepass"),
                 lambda: b"\n".join(rows)):
        try:
            return join() + b"\n"
        except TypeError:
            pass
    parts = []
    for i, row in enumerate(rows):
        if isinstance(row, str):
            parts.append(row.encode("utf-8", "surrogatepass"))
        elif isinstance(row, (bytes, bytearray)):
            parts.append(bytes(row))
        else:
            raise TypeError(f"boards_from_fens: fens[{i}] is {type(row).__name__}, "
                            "not str or bytes")
    return b"\n".join(parts) + b"\n"


def _parse(text, count, boards, report):
    error, error_pointer = new_error()
    status = lib.seebatch_boards_from_fens(text, len(text), count, address(boards),
                                           ctypes.byref(report), error_pointer)
    raise_if_failed(status, error, "boards_from_fens")


def _messages(rows, bad):
    """A FenError for each bad row index, with the library's message."""
    errors = []
    for start in range(0, len(bad), _MESSAGE_ROWS):
        chunk = bad[start:start + _MESSAGE_ROWS]
        room = (RowError * len(chunk))()
        report = FenRowsReport(None, room, len(chunk), 0)
        _parse(_joined([rows[i] for i in chunk]), len(chunk), np.empty(len(chunk), BOARD_DTYPE),
               report)
        errors += [FenError(int(chunk[e.row]), e.error.message.decode(errors="replace"))
                   for e in room[:report.bad_rows]]
    return errors


def _line_break_errors(rows):
    """A FenError for each row holding a '\\n', which would split it in two."""
    errors = []
    for i, row in enumerate(rows):
        at = row.find("\n" if isinstance(row, str) else b"\n")
        if at >= 0:
            errors.append(FenError(i, f"FEN, character {at + 1}: a line break inside the row"))
    return errors


def _without_line_end(row):
    """The row without one trailing LF or CRLF (as a line from readlines())."""
    if isinstance(row, str):
        return row[:-2] if row.endswith("\r\n") else row[:-1] if row.endswith("\n") else row
    if isinstance(row, (bytes, bytearray)):
        return row[:-2] if row.endswith(b"\r\n") else row[:-1] if row.endswith(b"\n") else row
    return row


def _parse_chunk(rows, boards, statuses):
    """Parses rows (a list, its rows' line ends taken off in place) into
    boards and statuses (views of the caller's arrays); returns the FenErrors
    of rows still holding a line break, which are parsed as ""."""
    text = _joined(rows)
    broken = []
    if text.count(b"\n") != len(rows):
        rows[:] = [_without_line_end(row) for row in rows]
        text = _joined(rows)
    if text.count(b"\n") != len(rows):
        broken = _line_break_errors(rows)
        rows = list(rows)
        for e in broken:
            rows[e.row] = ""
        text = _joined(rows)
    _parse(text, len(rows), boards, FenRowsReport(address(statuses), None, 0, 0))
    return broken


def boards_from_fens(fens):
    """FEN strings (a list, any sequence, or a NumPy array of str or bytes) to
    boards, one call into the library per chunk of rows.

    Returns (boards, errors): boards is a BOARD_DTYPE array with one board per
    row; errors lists a FenError(row, message) for each row that could not be
    parsed, in row order, whose board is then the empty board (no moves).
    A row may end with one line end (LF or CRLF, as readlines() gives rows),
    as a line of the tool's input may. Bad rows never raise; a row that is neither str nor bytes raises TypeError,
    and so does a single FEN given bare (a str is a sequence of characters:
    taken as rows it would give one bad board per character).
    """
    if isinstance(fens, (str, bytes)) or (isinstance(fens, np.ndarray) and fens.ndim == 0):
        raise TypeError("boards_from_fens takes a sequence of FEN strings, not one FEN; "
                        "wrap it in a list: boards_from_fens([fen])")
    rows = fens.tolist() if isinstance(fens, np.ndarray) else list(fens)
    boards = np.empty(len(rows), BOARD_DTYPE)
    statuses = np.zeros(len(rows), np.uint8)
    broken = []
    # Chunks keep the text buffers small enough to be reused from call to call
    # (fresh memory costs page faults) and the peak memory low.
    for start in range(0, len(rows), _CHUNK_ROWS):
        end = min(start + _CHUNK_ROWS, len(rows))
        chunk = rows[start:end]
        broken += [FenError(start + e.row, e.message)
                   for e in _parse_chunk(chunk, boards[start:end], statuses[start:end])]
        rows[start:end] = chunk  # without their line ends, for the messages
    for e in broken:
        rows[e.row] = ""
    errors = {e.row: e for e in _messages(rows, np.flatnonzero(statuses))}
    errors.update((e.row, e) for e in broken)
    return boards, [errors[i] for i in sorted(errors)]


def captures(boards):
    """Every legal capture and promotion of every board, in one call.

    Returns (board_index, moves): uint32 and uint16 arrays, one entry per
    move, board by board in the order seebatch_generate_captures gives.
    Raises SeebatchError naming the first inconsistent board."""
    boards = boards_array(boards, "captures")
    capacity = 4 * len(boards) + 512
    moves = np.empty(capacity, np.uint16)
    board_index = np.empty(capacity, np.uint32)
    capture_list = CaptureList(address(moves), address(board_index), capacity, 0, 0)
    while True:
        error, error_pointer = new_error()
        status = lib.seebatch_generate_captures_multi(address(boards), len(boards),
                                                      ctypes.byref(capture_list), error_pointer)
        raise_if_failed(status, error, "captures")
        if capture_list.next_board == len(boards):
            count = capture_list.count
            return board_index[:count], moves[:count]
        capacity *= 2
        moves = np.concatenate([moves[:capture_list.count], np.empty(capacity, np.uint16)])
        board_index = np.concatenate([board_index[:capture_list.count],
                                      np.empty(capacity, np.uint32)])
        capture_list.moves, capture_list.board_of_move = address(moves), address(board_index)
        capture_list.capacity = len(moves)


def _uci_of(move):
    text = ctypes.create_string_buffer(8)
    length = lib.seebatch_move_to_uci(move, text)
    return text.raw[:length].decode()


@functools.lru_cache(maxsize=1)
def _uci_table():
    """The library's text for every 16-bit move code, made on first use (about 0.1 s)."""
    return np.array([_uci_of(move) for move in range(65536)])


_KIND_MAX = 6  # castling, the last kind of include/seebatch.h's seebatch_move_kind


@functools.lru_cache(maxsize=1)
def _is_move_table():
    """Whether each 16-bit code is a move: a kind the library defines (0..6) and
    a to-square other than the from-square."""
    codes = np.arange(65536)
    return ((codes >> 12) <= _KIND_MAX) & ((codes & 63) != ((codes >> 6) & 63))


def _no_move(where, move):
    kind = move >> 12
    why = f"kind {kind}; the kinds are 0..{_KIND_MAX}" if kind > _KIND_MAX else \
        f"its from-square and to-square are both {_uci_of(move)[:2]}"
    return ValueError(f"move_to_uci: {where} is {move}, which is no move ({why})")


def move_to_uci(moves):
    """UCI text of a move ("e2e4", "e7e8q"): a str for one move, a NumPy array
    of str for an array of moves. The text is the library's. A 16-bit code
    that is no move (an unknown kind, or the same from- and to-square: 65535,
    0) raises ValueError naming it, rather than getting a text such as
    "h8h8"."""
    if np.ndim(moves) == 0:
        move = int(moves)
        if not 0 <= move < 65536:
            raise ValueError(f"move_to_uci: {move} is not a 16-bit move")
        if not _is_move_table()[move]:
            raise _no_move("the move", move)
        return _uci_of(move)
    moves = integer_array(moves, np.uint16, "move_to_uci", "moves", 65536)
    bad = ~_is_move_table()[moves]
    if bad.any():
        row = int(np.argmax(bad))
        raise _no_move(f"moves[{row}]", int(moves[row]))
    return _uci_table()[moves]


__all__ = ["FenError", "boards_from_fens", "captures", "move_to_uci"]
