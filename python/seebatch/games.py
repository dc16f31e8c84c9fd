"""The moves of games scored as played: `seebatch eval --games` for Python."""
import ctypes
import re
from collections import namedtuple

import numpy as np

from ._arrays import BOARD_DTYPE, address
from ._errors import new_error
from ._game_faults import STATUS_MOVE, continues_pgn_movetext, name_game_stop
from ._library import GameStruct, lib
from .positions import FenError, impossible_position
from .see import see_values

PlayedMoves = namedtuple("PlayedMoves", "game ply move value capture boards tags")
PlayedMoves.__doc__ = """Every move of the games read, in order, one entry each:
game (uint32, from 1: the game's place in the input, bad games counted),
ply (uint32: 1 for white's first move, from the position's fullmove number),
move (uint16), value (int32: its SEE on the position it was played in),
capture (bool: onto a piece of the other side, or en passant), boards (BOARD_DTYPE: that
position). tags: one dict a game (tags[g - 1] for game g), its PGN tags
("" values as written; {} for a game with none)."""

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_KEEPS_IT = " (allow_impossible=True keeps it)"
_EN_PASSANT = 5  # seebatch_move_kind

_TAG = re.compile(r'^\s*\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_UNESCAPE = re.compile(r"\\(.)")
_MOVES_WORD = re.compile(r"(?:^|[ \t])moves(?=[ \t]|$)")


def _lines(text):
    """The input as a list of str lines (bytes decoded as UTF-8)."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        text = bytes(text).decode("utf-8", "surrogateescape")
    if isinstance(text, str):
        return text.splitlines()
    return [row.decode("utf-8", "surrogateescape") if isinstance(row, (bytes, bytearray)) else row
            for row in text]


class _GameReader:
    """The games of the input in order: the tags before each, its start
    position, its moves played into growing arrays."""

    def __init__(self, allow_impossible):
        self.allow_impossible = allow_impossible
        self.start = self.board_of(START)[0]
        self.boards, self.moves, self.games, self.tags, self.errors = [], [], [], [], []
        self.pending, self.fen, self.fen_fault = {}, None, None
        self.in_pgn = False  # the last game was raw PGN: its movetext lines after it are its own

    def board_of(self, fen):
        """(board, fault): the position of a FEN (or UCI command), checked
        possible unless allowed."""
        board = np.empty(1, BOARD_DTYPE)
        error, pointer = new_error()
        if lib.seebatch_board_from_fen(address(board), fen.encode("utf-8", "surrogateescape"),
                                       pointer) != 0:
            return None, error.message.decode(errors="replace")
        reason = None if self.allow_impossible else impossible_position(board)
        return (None, reason + _KEEPS_IT) if reason else (board[0], None)

    def tag(self, row, line):
        match = _TAG.match(line)
        if not match:
            self.errors.append(FenError(row, 'a PGN tag is written [Name "value"]'))
            return
        name, value = match.group(1), _UNESCAPE.sub(r"\1", match.group(2))
        self.pending[name] = value
        if name == "FEN":
            self.fen, self.fen_fault = self.board_of(value)
            if self.fen_fault:
                self.fen_fault = f"its FEN tag (row {row}): {self.fen_fault}"

    def start_of(self, line, fen, fen_fault):
        """(start board, moves text) of a game line, whose tags gave the FEN
        fen (None: none; or fen_fault), or raises ValueError."""
        head, semicolon, tail = line.partition(";")
        if line.split(None, 1)[:1] == ["position"]:
            found = _MOVES_WORD.search(line)
            at = found.end() if found else len(line)
            board, fault = self.board_of(line[:found.start()] if found else line)
            moves = line[at:]
        elif semicolon or "/" in (line.split(None, 1) or [""])[0]:
            board, fault = self.board_of(head)
            moves = tail
        else:
            board, fault = (fen, fen_fault) if fen is not None or fen_fault else (self.start, None)
            moves = line
        if fault:
            raise ValueError(fault)
        return board, moves

    def game(self, row, line):
        number = len(self.tags) + 1
        self.tags.append(self.pending)
        fen, fen_fault = self.fen, self.fen_fault
        self.pending, self.fen, self.fen_fault = {}, None, None
        try:
            if "\0" in line:
                raise ValueError("contains a NUL byte")
            board, moves = self.start_of(line, fen, fen_fault)
            before, played, count, stop = self.play(board, moves)
        except ValueError as fault:
            self.errors.append(FenError(row, f"game {number}: {fault}"))
            return
        self.boards.append(before[:count])
        self.moves.append(played[:count])
        self.games.append(np.full(count, number, np.uint32))
        if stop:
            self.errors.append(FenError(row, f"game {number}: {stop}"))

    def play(self, board, moves):
        """(boards before each move, moves, count, stop) of the game played
        from board: at a move that cannot be played, those before it, and
        stop naming it as the tool does (else None); raises ValueError for a
        board the library refuses."""
        text = moves.encode("utf-8", "surrogateescape")
        capacity = len(text.split()) + 1
        before = np.empty(capacity, BOARD_DTYPE)
        played = np.empty(capacity, np.uint16)
        game = GameStruct(board=(ctypes.c_uint64 * 9).from_buffer_copy(board.tobytes()),
                          before=address(before), moves=address(played), capacity=capacity)
        error, pointer = new_error()
        status = lib.seebatch_game_play(ctypes.byref(game), text, len(text), pointer)
        if status == 0:
            return before, played, game.count, None
        why = error.message.decode(errors="replace")
        if status != STATUS_MOVE:
            raise ValueError(why)
        at = np.frombuffer(bytes(game.board), BOARD_DTYPE)[0]
        ply = 2 * (max(int(at["fullmove_number"]), 1) - 1) + int(at["side_to_move"]) + 1
        stop, self.in_pgn = name_game_stop(ply, moves, game.count, why)
        return before, played, game.count, stop


def see_games(text, config="classic", allow_impossible=False):
    """Every move of every game in text, scored as played: the SEE of each
    move on the position it was played in, as `seebatch eval --games`.

    text: a str or bytes (a file read whole), or a sequence of lines. A game
    is a line "position startpos|fen FEN [moves m1 m2 ...]", "FEN;m1 m2 ..."
    (a FEN or EPD record, then its moves), a FEN alone (no move), or the move
    line pgn-extract -Wuci writes ("e2e4 e7e5 ... 1-0", a result at the end
    read and ignored), which starts from the FEN of the [Tag "value"] lines
    before it, else the start position. Blank lines are skipped. Each move
    must be legal where it is played; a start position no game reaches is
    refused unless allow_impossible=True.

    Returns (PlayedMoves, errors): errors lists a FenError(row, "game G:
    what") for each bad line (row from 0). A game stops at its first move
    that cannot be played: the moves before it are in PlayedMoves, the error
    names the bad ply as PlayedMoves numbers it ("game G: ply P (e1e3): ...;
    plies 1 to 4 scored, ply 5 not"); raw PGN (a move number, SAN) is named
    so, with its conversion (pgn-extract -Wuci), the movetext lines after its
    first taken as its own. A game whose start cannot be read writes no move.
    The other games are still read. config as for see_values."""
    reader = _GameReader(allow_impossible)
    for row, line in enumerate(_lines(text)):
        stripped = line.rstrip("\r")
        if not stripped.strip(" \t"):
            continue
        if stripped.lstrip(" \t").startswith("["):
            reader.in_pgn = False
            reader.tag(row, stripped)
        elif not (reader.in_pgn and continues_pgn_movetext(stripped)):
            reader.in_pgn = False
            reader.game(row, stripped)
    boards = np.concatenate(reader.boards) if reader.boards else np.empty(0, BOARD_DTYPE)
    moves = np.concatenate(reader.moves) if reader.moves else np.empty(0, np.uint16)
    games = np.concatenate(reader.games) if reader.games else np.empty(0, np.uint32)
    values = see_values(boards, np.arange(len(moves), dtype=np.uint32), moves, config=config,
                        check=False)
    full = np.maximum(boards["fullmove_number"].astype(np.uint32), 1)
    ply = 2 * (full - 1) + boards["side_to_move"] + 1
    to = (moves & 63).astype(np.uint64)
    black_moves = ((boards["colors"][:, 1] >> ((moves >> 6) & 63).astype(np.uint64)) & 1) == 1
    theirs = np.where(black_moves, boards["colors"][:, 0], boards["colors"][:, 1])
    capture = ((theirs >> to) & 1).astype(bool) | ((moves >> 12) == _EN_PASSANT)
    return PlayedMoves(games, ply.astype(np.uint32), moves, values, capture, boards,
                       reader.tags), reader.errors


__all__ = ["PlayedMoves", "see_games"]
