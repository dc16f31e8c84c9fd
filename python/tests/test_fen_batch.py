"""boards_from_fens and boards_from_lines parse every row in one C call and
give exactly what the library's one-FEN parser gives row by row (boards and
messages), on good rows and hostile ones; the checked SEE still catches
boards and moves a user has corrupted after they came out of the library."""
import ctypes
import gzip
import os

import numpy as np
import pytest

import seebatch
from seebatch._arrays import address
from seebatch._errors import new_error
from seebatch._library import lib

from conftest import SPECIAL_FENS, run_cli

REAL = os.path.join(os.path.dirname(__file__), "..", "..", "bench", "data",
                    "real_positions.fen.gz")
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# Rows one parser call judges alone: empty, white space, over-long (255 and
# 256 bytes), bad fields, not ASCII, CRLF endings (a '\r' ending is dropped).
HOSTILE = ["", " ", "\t", "\r", START + "\r", "  " + START + " \t\r", START + "\r\r",
           START + " " * (255 - len(START)), START + " " * (256 - len(START)), "x" * 300,
           "8/8/8/8/8/8/8/K6k w - - 0 1 extra", "8/8/8/8/8/8/8/K\u00e96k w - -",
           "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8/8/8/8/8/K6k x - -",
           "kk6/8/8/8/8/8/8/K7 w - - 0 1", "8/8/8/8/8/8/8/K6k w - e3 0 1",
           "8/8/8/8/8/8/8/K6k w - - 65536 1", "\r" + START]


def real_fens(count):
    with gzip.open(REAL, "rt") as f:
        return [next(f).rstrip("\n") for _ in range(count)]


def embedded_fens():
    generated = run_cli("gen", "--count", "300").stdout.splitlines()
    assert len(generated) == 300
    return SPECIAL_FENS + generated + real_fens(1000)


def one_by_one(row):
    """The one-FEN parser's board and message (None when good) for a row,
    without the '\\r' a row may end in."""
    text = row.encode("utf-8", "surrogatepass") if isinstance(row, str) else row
    if text.endswith(b"\r"):
        text = text[:-1]
    board = np.zeros(1, seebatch.BOARD_DTYPE)
    error, pointer = new_error()
    status = lib.seebatch_board_from_fen(address(board), text, pointer)
    return board[0], (error.message.decode() if status else None)


def assert_like_one_by_one(rows, boards, errors):
    assert len(boards) == len(rows)
    messages = {e.row: e.message for e in errors}
    assert [e.row for e in errors] == sorted(messages)
    for i, row in enumerate(rows):
        board, message = one_by_one(row)
        assert messages.get(i) == message, (i, row)
        if message is None:
            assert boards[i].tobytes() == board.tobytes(), (i, row)
        else:
            assert not boards[i]["pieces"].any() and not boards[i]["colors"].any()


@pytest.mark.parametrize("hostile", [False, True])
def test_batch_gives_what_the_one_fen_parser_gives(hostile):
    rows = embedded_fens()
    if hostile:
        rows = [r for pair in zip(rows, HOSTILE * (len(rows) // len(HOSTILE) + 1)) for r in pair]
    boards, errors = seebatch.boards_from_fens(rows)
    assert_like_one_by_one(rows, boards, errors)
    assert bool(errors) == hostile
    # The same rows as one text, LF or CRLF, with or without the last ending.
    text = "\n".join(rows).encode("utf-8", "surrogatepass")
    crlf = "".join(r + ("\n" if r.endswith("\r") else "\r\n") for r in rows).encode(
        "utf-8", "surrogatepass")  # a row's own '\r' serves as its CR
    for lines in (text, text + b"\n", crlf,
                  bytearray(text), memoryview(text), text.decode("utf-8", "surrogatepass")):
        line_boards, line_errors = seebatch.boards_from_lines(lines)
        assert line_boards.tobytes() == boards.tobytes()
        assert line_errors == errors


def test_rows_with_nul_or_line_break_are_their_own_errors():
    rows = [START, "8/8/8/8/8/8/8/K6k w - - \x00 1", START + "\nsecond", START]
    given = list(rows)
    boards, errors = seebatch.boards_from_fens(rows)
    assert rows == given  # the caller's list is read, never changed
    assert [(e.row, e.message) for e in errors] == [
        (1, "FEN, character 25: a NUL byte inside the row"),
        (2, f"FEN, character {len(START) + 1}: a line break inside the row")]
    assert boards[0].tobytes() == boards[3].tobytes() == one_by_one(START)[0].tobytes()
    # In a text, a line break ends the row; a NUL stays the row's error.
    boards, errors = seebatch.boards_from_lines(b"\n".join(r.encode() for r in rows))
    assert len(boards) == 5
    assert [e.row for e in errors] == [1, 3]
    assert errors[0].message == "FEN, character 25: a NUL byte inside the row"


def test_more_bad_rows_than_the_first_call_keeps():
    good = real_fens(300)
    rows = [r if i % 3 else f"bad {i}" for i, r in enumerate(good)]  # 100 bad rows
    for boards, errors in (seebatch.boards_from_fens(rows),
                           seebatch.boards_from_lines("\n".join(rows))):
        assert [e.row for e in errors] == list(range(0, 300, 3))
        assert_like_one_by_one(rows, boards, errors)


def test_rows_a_text_holds():
    assert [len(seebatch.boards_from_lines(t)[0]) for t in
            (b"", b"\n", b"\r\n", b"\n\n", START.encode(), (START + "\n").encode(),
             (START + "\n" + START).encode(), (START + "\r\n" + START + "\r\n").encode())] == \
        [0, 1, 1, 2, 1, 1, 2, 2]
    assert lib.seebatch_count_rows(None, 5) == 0
    with pytest.raises(TypeError, match="boards_from_lines takes bytes"):
        seebatch.boards_from_lines([START])


def checked_batch():
    boards, errors = seebatch.boards_from_fens(real_fens(200))
    assert not errors
    board_index, moves = seebatch.captures(boards)
    return boards, board_index, moves


def fault(boards, board_index, moves):
    with pytest.raises(seebatch.SeebatchError) as raised:
        seebatch.see_values(boards, board_index, moves)
    return str(raised.value)


def test_checked_values_equal_unchecked():
    boards, board_index, moves = checked_batch()
    assert np.array_equal(seebatch.see_values(boards, board_index, moves),
                          seebatch.see_values(boards, board_index, moves, check=False))


def test_checks_catch_a_board_edited_after_parsing():
    boards, board_index, moves = checked_batch()
    last = int(board_index[-1])
    edits = [("pieces", 1, "is in both the pawn and knight bitboards"),
             ("colors", 0, "is in both the white and black bitboards"),
             # Chess960's rook files: k's 7 files in (or not held), K's for no right.
             ("reserved", None, "reserved 0xff: right "),
             ("castling", None, "castling 0xf0, reserved 0x00: right K is not held"),
             ("side_to_move", None, "side to move is 2"),
             ("en_passant", None, "is not on the third or sixth rank")]
    for field, index, message in edits:
        edited = boards.copy()
        if field == "pieces":
            edited[last]["pieces"][index] |= edited[last]["pieces"][0]
        elif field == "colors":
            edited[last]["colors"][0] |= edited[last]["colors"][1]
        else:
            edited[last][field] = {"reserved": 0xFF, "castling": 0xF0, "side_to_move": 2,
                                   "en_passant": 0}[field]
        assert fault(edited, board_index, moves).startswith(f"see_values: board {last}: ")
        assert message in fault(edited, board_index, moves)


def test_checks_catch_moves_edited_after_generation():
    boards, board_index, moves = checked_batch()
    board = boards[board_index[7]]
    occupied = int(board["colors"][0] | board["colors"][1])
    empty = next(s for s in range(64) if not occupied >> s & 1)
    mover = int(moves[7]) >> 6 & 63  # the from-square: bits 6-11, the to-square 0-5
    own = next(s for s in range(64) if s != mover and
               int(board["colors"][int(board["colors"][1]) >> mover & 1]) >> s & 1)
    for move, message in [(moves[7] & ~(63 << 6) | empty << 6, "no piece on the from-square"),
                          ((moves[7] & ~63) | own, "holds a"),
                          (moves[7] | 7 << 12, "move kind 7 is unknown"),
                          (moves[7] & 0xFFF | 6 << 12, "castling")]:
        edited = moves.copy()
        edited[7] = move
        assert fault(boards, board_index, edited).startswith("see_values: move 7: ")
        assert message in fault(boards, board_index, edited)


def test_checks_of_a_few_moves_among_many_boards():
    """A batch naming few of many boards checks the boards it names."""
    boards, board_index, moves = checked_batch()
    few = slice(0, 20)
    named = set(board_index[few].tolist())
    unnamed = next(b for b in range(len(boards)) if b not in named)
    edited = boards.copy()
    edited[unnamed]["reserved"] = 0xFF  # a rook 7 files in from its corner
    assert np.array_equal(seebatch.see_values(edited, board_index[few], moves[few]),
                          seebatch.see_values(boards, board_index[few], moves[few], check=False))
    edited[int(board_index[3])]["reserved"] = 0xFF
    assert f"board {int(board_index[3])}: castling " in fault(edited, board_index[few], moves[few])
    assert "reserved 0xff: right " in fault(edited, board_index[few], moves[few])
    out_of_range = board_index[few].copy()
    out_of_range[5] = len(boards)
    assert "move 5 names board" in fault(boards, out_of_range, moves[few])


def test_chess960_in_both_notations():
    """Chess960 FENs (the published perft suite's first position; rooks off the
    corners) read alike in X-FEN and Shredder-FEN, their rook files kept in
    castling and reserved; castling is the king taking its rook, read in both
    UCI forms, written e1g1 in standard chess and as the king taking its rook
    otherwise; its SEE is 0 (tests/test_chess960.c holds every backend to it)."""
    pairs = [("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
              "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
             ("r3k2r/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/1R2K1R1 w GBha - 0 1"),
             ("rk5r/8/8/8/8/8/8/R5KR w KQkq - 0 1", "rk5r/8/8/8/8/8/8/R5KR w HAha - 0 1"),
             ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")]
    boards, errors = seebatch.boards_from_fens([fen for pair in pairs for fen in pair])
    assert errors == []
    for i in range(len(pairs)):
        assert boards[2 * i].tobytes() == boards[2 * i + 1].tobytes(), pairs[i]
    # White's queenside rook on f1: 5 files in from a1, bits 7-9 of castling | reserved << 8.
    word = int(boards[0]["castling"]) | int(boards[0]["reserved"]) << 8
    assert word & 15 == 15 and word >> 7 & 7 == 5 and word >> 4 & 7 == 0
    assert boards[6]["castling"] == 15 and boards[6]["reserved"] == 0  # standard chess
    texts = ["e1g1", "e1b1", "g1h1", "g1a1", "e1h1", "e1g1"]
    on = [2, 2, 4, 4, 6, 6]
    moves = seebatch.moves_from_uci(boards, texts, on)
    assert [int(m) >> 12 for m in moves] == [6] * 6  # castling
    assert [int(m) & 63 for m in moves] == [6, 1, 7, 0, 7, 7]  # onto the rook: g1 b1 h1 a1 h1 h1
    assert list(seebatch.move_to_uci(moves)) == ["e1g1", "e1b1", "g1h1", "g1a1", "e1g1", "e1g1"]
    assert list(seebatch.see_values(boards, on, moves)) == [0] * 6


def test_epd_records_where_fens_are_taken():
    """An EPD record is the board of its four fields, hmvc and fmvn its
    clocks; a malformed one is refused in the tool's words."""
    records = ["r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - bm Nf6; hmvc 3; fmvn 7;",
               "4k3/8/8/8/8/8/8/4K3 w - - id \"x\";",
               "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2"]
    fens = ["r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 7",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
    boards, errors = seebatch.boards_from_fens(records)
    expected, none = seebatch.boards_from_fens(fens)
    assert none == []
    assert boards[:2].tobytes() == expected.tobytes()
    assert [(e.row, e.message) for e in errors] == [(2, "EPD opcode bm, column 27: no ';' ends it")]


def test_uci_position_commands_read_as_their_position():
    """Issue 61: "position startpos moves ..." and "position fen ... moves ..."
    give the position after the moves, as the library's FEN reader does; a bad
    move is named by its index."""
    after = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"
    long_game = "position startpos moves" + " g1f3 g8f6 f3g1 f6g8" * 30 + " e2e4 d7d5"
    rows = ["position startpos moves e2e4 d7d5", f"position fen {START} moves e2e4 d7d5",
            long_game, after, "position startpos moves e2e4 e7e5 d7d6"]
    boards, errors = seebatch.boards_from_fens(rows)
    expected, _ = seebatch.boards_from_fens([after])
    for i in range(3):
        assert boards[i]["pieces"].tolist() == expected[0]["pieces"].tolist(), rows[i]
    assert [e.row for e in errors] == [4]
    assert "move 3 (d7d6) is not legal" in errors[0].message
