"""Positions and moves: FEN rows to boards, the captures of boards, UCI text."""
import ctypes
import functools
from collections import namedtuple

import numpy as np

from ._arrays import BOARD_DTYPE, address, boards_array, bounded_integers, integer_array
from ._errors import new_error, raise_if_failed
from ._library import CaptureList, FenRowsReport, RowError, lib

FenError = namedtuple("FenError", "row message")
FenError.__doc__ = "A row boards_from_fens could not parse: its index and why."

_MESSAGE_ROWS = 4096  # bad rows whose messages one call collects when parsing them again
_MESSAGE_ROOM = 64    # bad rows whose messages the first call keeps
# Rows joined and parsed per call. One text for all rows would be a fresh
# buffer twice the size of the text (the str and its bytes), whose page
# faults and cache misses cost more per row than the parsing saved by
# making one call; a chunk's buffers are reused from call to call, warm in
# the cache.
_CHUNK_ROWS = 8192
_STATUS_ARGUMENT = 1  # seebatch_status: the text does not hold `count` rows
_STATUS_BOARD = 3     # seebatch_status: a position no game reaches (seebatch_position_status)
_KEEPS_IT = " (allow_impossible=True keeps it)"


def empty_board():
    """SEEBATCH_BOARD_EMPTY: the board of a bad row."""
    board = np.zeros((), BOARD_DTYPE)
    board["en_passant"], board["fullmove_number"] = 64, 1
    return board


def impossible_position(boards):
    """The library's reason why the one board in `boards` (a 1-element
    BOARD_DTYPE array) is no position a game reaches, or None."""
    error, pointer = new_error()
    if lib.seebatch_position_status(address(boards), 1, None, pointer) == 0:
        return None
    return error.message.decode(errors="replace")


def refuse_impossible(boards, statuses):
    """FenErrors for the rows read well (status 0) whose positions no game
    reaches, with the library's reason; their boards emptied and statuses
    set, as for a bad row. boards and statuses: contiguous, in place."""
    kinds = np.empty(len(boards), np.uint32)
    if lib.seebatch_position_status(address(boards), len(boards), address(kinds), None) == 0:
        return []
    bad = np.flatnonzero((kinds != 0) & (statuses == 0))
    errors = [FenError(int(row), impossible_position(boards[row:row + 1]) + _KEEPS_IT)
              for row in bad]
    boards[bad] = empty_board()
    statuses[bad] = _STATUS_BOARD
    return errors


def _joined(rows):
    """The rows (a list of ours) as one UTF-8 buffer, each ended by '\n'
    (str and bytes rows may mix). An empty row is added for the join and
    taken off again, so the last '\n' costs no second copy of the text."""
    end = rows[0][:0] if rows and isinstance(rows[0], (str, bytes)) else ""
    rows.append(end)
    try:
        if isinstance(end, str):
            return "\n".join(rows).encode("utf-8", "surrogatepass")
        return b"\n".join(rows)
    except TypeError:
        pass
    finally:
        rows.pop()
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


class _Parsed:
    """One seebatch_boards_from_fens call over a text: a board and a status
    for every row (in new arrays, or in the views given), and the messages
    of the first _MESSAGE_ROOM bad rows."""

    def __init__(self, text, count, room=_MESSAGE_ROOM, boards=None, statuses=None):
        self.text = np.frombuffer(text, np.uint8)  # no copy; kept while C reads it
        self.boards = np.empty(count, BOARD_DTYPE) if boards is None else boards
        self.statuses = np.empty(count, np.uint8) if statuses is None else statuses
        self.room = (RowError * min(count, room))()
        self.report = FenRowsReport(address(self.statuses), self.room, len(self.room), 0)
        self.error, error_pointer = new_error()
        self.status = lib.seebatch_boards_from_fens(
            address(self.text), len(self.text), count, address(self.boards),
            ctypes.byref(self.report), error_pointer)

    def raise_if_failed(self):
        raise_if_failed(self.status, self.error, "boards_from_fens")

    def errors(self, rows_of):
        """A FenError for every bad row: the messages C kept, then those of
        the rows beyond its room, parsed again from rows_of() (the rows)."""
        kept = self.room[:min(self.report.bad_rows, len(self.room))]
        errors = [FenError(int(e.row), e.error.message.decode(errors="replace")) for e in kept]
        if self.report.bad_rows > len(kept):
            bad = np.flatnonzero(self.statuses)[len(kept):]
            errors += _messages(rows_of(), bad)
        return errors


def _messages(rows, bad):
    """A FenError for each bad row index, with the library's message."""
    errors = []
    for start in range(0, len(bad), _MESSAGE_ROWS):
        chunk = bad[start:start + _MESSAGE_ROWS]
        parsed = _Parsed(_joined([rows[i] for i in chunk]), len(chunk), room=len(chunk))
        parsed.raise_if_failed()
        errors += [FenError(int(chunk[e.row]), e.message) for e in parsed.errors(None)]
    return errors


def _without_line_end(row):
    """The row without one trailing LF or CRLF."""
    end = "\n" if isinstance(row, str) else b"\n"
    if not row.endswith(end):
        return row
    return row[:-2] if row.endswith("\r\n" if isinstance(row, str) else b"\r\n") else row[:-1]


def _line_break_errors(rows):
    """A FenError for each row holding a '\n', which would split it in two."""
    errors = []
    for i, row in enumerate(rows):
        at = row.find("\n" if isinstance(row, str) else b"\n")
        if at >= 0:
            errors.append(FenError(i, f"FEN, character {at + 1}: a line break inside the row"))
    return errors


def boards_from_fens(fens, allow_impossible=False):
    """FEN strings (a list, any sequence, or a NumPy array of str or bytes) to
    boards, one call into the library per 8192 rows.

    Returns (boards, errors): boards is a BOARD_DTYPE array with one board per
    row; errors lists a FenError(row, message) for each row that could not be
    parsed, in row order, whose board is then the empty board (no moves).
    Bad rows never raise; a row that is neither str nor bytes raises TypeError,
    and so does a single FEN given bare (a str is a sequence of characters:
    taken as rows it would give one bad board per character). A row may end
    in one "\n" or "\r\n" (rows from readlines()) or a bare "\r", taken off
    as the tool takes it off a line; a "\n" elsewhere in a row is an error
    of that row. For a file read whole, see boards_from_lines.

    A position no game reaches (no king, kings side by side, the side not to
    move in check, a pawn on rank 1 or 8, a castling right whose king or rook
    is not in place, an en passant square no pawn just passed, a check no
    last move gives: the library's seebatch_position_status, every rule of
    python-chess's Board.status(), in its names, and any double check no
    single last move gives) is a bad row too,
    unless allow_impossible=True: SEE is defined on any such board.
    """
    if isinstance(fens, (str, bytes)) or (isinstance(fens, np.ndarray) and fens.ndim == 0):
        raise TypeError("boards_from_fens takes a sequence of FEN strings, not one FEN; "
                        "wrap it in a list: boards_from_fens([fen]) (or boards_from_lines "
                        "for a text of one FEN a line)")
    # A list is read in place: each chunk is a slice, a copy of its own.
    rows = fens.tolist() if isinstance(fens, np.ndarray) else \
        fens if isinstance(fens, list) else list(fens)
    boards = np.empty(len(rows), BOARD_DTYPE)
    statuses = np.empty(len(rows), np.uint8)
    errors = []
    for start in range(0, len(rows), _CHUNK_ROWS):
        end = min(start + _CHUNK_ROWS, len(rows))
        errors += [FenError(start + e.row, e.message)
                   for e in _parse_chunk(rows[start:end], boards[start:end], statuses[start:end],
                                         allow_impossible)]
    return boards, errors


def _parse_chunk(rows, boards, statuses, allow_impossible):
    """Parses rows (a list of ours) into views of the caller's arrays; the
    FenErrors of the bad rows, numbered within the chunk, in row order."""
    parsed = _Parsed(_joined(rows), len(rows), boards=boards, statuses=statuses)
    broken = []
    if parsed.status == _STATUS_ARGUMENT and rows:  # a row holds a '\n'
        # One LF or CRLF ends a row (rows from readlines()), as the tool takes
        # it off a line; a '\n' left is inside its row: that row's own error.
        rows[:] = [_without_line_end(row) for row in rows]
        broken = _line_break_errors(rows)
        for e in broken:
            rows[e.row] = ""
        parsed = _Parsed(_joined(rows), len(rows), boards=boards, statuses=statuses)
    parsed.raise_if_failed()
    errors = {e.row: e for e in parsed.errors(lambda: rows)}
    errors.update((e.row, e) for e in broken)
    if not allow_impossible:
        errors.update((e.row, e) for e in refuse_impossible(boards, statuses))
    return [errors[i] for i in sorted(errors)]


def boards_from_lines(text, allow_impossible=False):
    """A text of one FEN a line to boards, in one call into the library: a
    file read whole (boards_from_lines(open(path, "rb").read())), as bytes,
    bytearray, memoryview or anything else holding bytes, or a str.

    Lines end in "\n" or "\r\n"; a last line without its ending counts,
    and an ending after it adds no empty row, so "a\nb" and "a\nb\n" both
    hold two rows (seebatch_count_rows). Returns (boards, errors) as
    boards_from_fens does, row i being line i (from 0), with the same
    messages; an empty line is a bad row ("the FEN is empty"), and so is a
    position no game reaches unless allow_impossible=True."""
    if isinstance(text, str):
        text = text.encode("utf-8", "surrogatepass")
    try:
        data = np.frombuffer(text, np.uint8)  # no copy
    except (TypeError, ValueError) as error:
        raise TypeError(f"boards_from_lines takes bytes (or a str), not {type(text).__name__}: "
                        f"{error}") from None
    count = lib.seebatch_count_rows(address(data), len(data))
    parsed = _Parsed(data, count)
    parsed.raise_if_failed()
    errors = parsed.errors(lambda: data.tobytes().split(b"\n"))
    if not allow_impossible:
        errors = sorted(errors + refuse_impossible(parsed.boards, parsed.statuses))
    return parsed.boards, errors


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
        move = int(bounded_integers(moves, "move_to_uci", "the move", 0, 65535))
        if not _is_move_table()[move]:
            raise _no_move("the move", move)
        return _uci_of(move)
    moves = integer_array(moves, np.uint16, "move_to_uci", "moves")
    bad = ~_is_move_table()[moves]
    if bad.any():
        row = int(np.argmax(bad))
        raise _no_move(f"moves[{row}]", int(moves[row]))
    return _uci_table()[moves]


__all__ = ["FenError", "boards_from_fens", "boards_from_lines", "captures", "move_to_uci"]
