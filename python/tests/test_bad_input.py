"""Bad input raises an exception naming the row and what is wrong, or is
reported per row (FEN); the interpreter never crashes."""
import numpy as np
import pytest

import seebatch

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
TRACE = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1"


def test_bad_fen_rows_are_reported_not_raised():
    fens = [START, "", TRACE, "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/8/8/8/8/8/8/K6k w - - 0 1\nsecond line", b"8/8/8/8/8/8/8/K6k x - -",
            "8/8/8/8/8/8/8/K6k w - - \x00", "8/8/8/8/8/8/8/K\u00e96k w - -", "x" * 300]
    boards, errors = seebatch.boards_from_fens(fens)
    assert len(boards) == len(fens)
    assert [e.row for e in errors] == [1, 3, 4, 5, 6, 7, 8]
    messages = dict(errors)
    assert "field 1 (piece placement), character 1: missing: the FEN is empty" in messages[1]
    assert "field 1 (piece placement), character 17: rank 7 has 7 squares" in messages[3]
    assert "character 28: a line break inside the row" in messages[4]
    assert "field 2 (side to move)" in messages[5]
    assert "a NUL byte inside the row" in messages[6]
    assert "is not ASCII" in messages[7]
    assert "longer than 255 bytes" in messages[8]
    # Bad rows hold the empty board, so they add no moves; good rows are intact.
    for row in messages:
        assert not boards[row]["pieces"].any() and not boards[row]["colors"].any()
    board_index, _ = seebatch.captures(boards)
    assert set(board_index.tolist()) == {2}  # the start position has no captures


def test_rows_that_are_not_text():
    with pytest.raises(TypeError, match=r"fens\[1\] is int"):
        seebatch.boards_from_fens([START, 7])


def test_one_bare_fen_is_refused_not_split_into_characters():
    """Issue 20: a bare str gave one bad row per character (56 rows, 56
    errors); it must raise and say how to pass one FEN."""
    for bare in (START, START.encode(), np.array(START)):
        with pytest.raises(TypeError, match=r"not one FEN; wrap it in a list"):
            seebatch.boards_from_fens(bare)
    boards, errors = seebatch.boards_from_fens([START])
    assert len(boards) == 1 and errors == []


def test_many_bad_rows_all_have_messages():
    fens = ["4k3/8/8/8/8/8/8/4K3 w - -", "bad"] * 6000
    boards, errors = seebatch.boards_from_fens(fens)
    assert [e.row for e in errors] == list(range(1, 12000, 2))
    assert all("unknown character 'a'" in e.message for e in errors)


def good_batch():
    boards, _ = seebatch.boards_from_fens([START, TRACE])
    board_index, moves = seebatch.captures(boards)
    return boards, board_index, moves


def test_inconsistent_board_names_board_and_field():
    boards, board_index, moves = good_batch()
    boards[1]["pieces"][1] |= boards[1]["pieces"][2]  # knights on the bishops' squares too
    with pytest.raises(seebatch.SeebatchError, match=r"see_values: board 1: square .* is in both "
                                                     "the knight and bishop bitboards") as raised:
        seebatch.see_values(boards, board_index, moves)
    assert raised.value.status_name == "inconsistent board"
    with pytest.raises(seebatch.SeebatchError, match="captures: board 1: square"):
        seebatch.captures(boards)
    boards[1]["reserved"] = 0xFF  # Chess960's rook files: k's 7 files in, or not held
    boards[1]["pieces"][1] &= ~boards[1]["pieces"][2]
    with pytest.raises(seebatch.SeebatchError, match="board 1: castling 0x.., reserved 0xff: right"):
        seebatch.see_ge(boards, board_index, moves, 0)


def test_bad_move_names_its_row():
    boards, board_index, moves = good_batch()
    moves = moves.copy()
    moves[2] = 0  # a1a1
    with pytest.raises(seebatch.SeebatchError, match=r"see_values: move 2: "):
        seebatch.see_values(boards, board_index, moves)


def test_board_index_out_of_range():
    boards, board_index, moves = good_batch()
    board_index = board_index.copy()
    board_index[-1] = 2
    last = len(moves) - 1
    for check in (True, False):
        with pytest.raises(seebatch.SeebatchError, match=rf"{last} .*names board 2|"
                                                          rf"board_index\[{last}\] is 2"):
            seebatch.see_values(boards, board_index, moves, check=check)
    with pytest.raises(seebatch.SeebatchError, match=rf"board_index\[{last}\] is 2 but there"):
        seebatch.see_ge(boards, board_index, moves, 0, check=False)
    with pytest.raises(ValueError, match=r"board_index\[0\] is -1, outside"):
        seebatch.see_values(boards, np.full(len(moves), -1), moves)


def test_wrong_types_shapes_and_lengths():
    boards, board_index, moves = good_batch()
    with pytest.raises(TypeError, match="boards have dtype"):
        seebatch.see_values(np.zeros(2, np.uint64), board_index, moves)
    with pytest.raises(ValueError, match="boards must be 1-D"):
        seebatch.captures(boards.reshape(1, 2))
    with pytest.raises(ValueError, match="3 board indices but 2 moves"):
        seebatch.see_values(boards, board_index[:3], moves[:2])
    with pytest.raises(TypeError, match="moves have dtype float64"):
        seebatch.see_values(boards, board_index, moves.astype(float))
    with pytest.raises(ValueError, match=r"moves\[0\] is 70000, outside 0..65535"):
        seebatch.see_values(boards, board_index[:1], [70000])
    with pytest.raises(ValueError, match="thresholds must be one integer or one per move"):
        seebatch.see_ge(boards, board_index, moves, [1, 2])
    with pytest.raises(TypeError, match="thresholds have dtype"):
        seebatch.see_ge(boards, board_index, moves, 0.5)


INT32 = "outside -2147483648..2147483647"


@pytest.mark.parametrize("thresholds, said", [
    (10**20, f"thresholds is 100000000000000000000, {INT32}"),
    (2**40, f"thresholds is 1099511627776, {INT32}"),
    (2**31, f"thresholds is 2147483648, {INT32}"),
    (-2**31 - 1, f"thresholds is -2147483649, {INT32}"),
    ([0, 10**20], rf"thresholds\[1\] is 100000000000000000000, {INT32}"),
    (np.array([5, 2**63 + 1], np.uint64), rf"thresholds\[1\] is 9223372036854775809, {INT32}"),
    (np.array([0, -2**40], np.int64), rf"thresholds\[1\] is -1099511627776, {INT32}"),
])
def test_thresholds_outside_int32_refused_naming_the_range(thresholds, said):
    """Issue 83: a threshold the library cannot be given (its int32) is
    refused, named with the range, whatever Python type holds it: before, a
    Python int too big for int64 was "dtype object" and 2**40 answered
    quietly by another path."""
    boards, board_index, moves = good_batch()
    with pytest.raises(ValueError, match=f"^see_ge: {said}$"):
        seebatch.see_ge(boards, board_index[:2], moves[:2], thresholds)


def test_thresholds_that_fit_are_taken_in_any_integer_type():
    boards, board_index, moves = good_batch()
    values = seebatch.see_values(boards, board_index, moves)
    for fit in (values.tolist(), values.astype(object), values.astype(np.int64),
                np.int64(-2**31), 2**31 - 1, np.uint64(7), [int(v) for v in values]):
        passed = seebatch.see_ge(boards, board_index, moves, fit)
        assert np.array_equal(passed, values >= np.asarray(fit, dtype=np.int64))


def test_other_bounded_integers_name_their_range():
    """Every array argument of fixed width takes Python integers of any size
    and names the range of the first that does not fit."""
    boards, board_index, moves = good_batch()
    with pytest.raises(ValueError, match=r"^see_values: moves\[0\] is 100000000000000000000, "
                                         r"outside 0..65535$"):
        seebatch.see_values(boards, board_index[:1], [10**20])
    with pytest.raises(ValueError, match=r"board_index\[1\] is 4294967296, outside "
                                         r"0..4294967295$"):
        seebatch.see_values(boards, [0, 2**32], moves[:2])
    with pytest.raises(ValueError, match="the move is 100000000000000000000, outside 0..65535"):
        seebatch.move_to_uci(10**20)
    with pytest.raises(TypeError, match=r"moves\[1\] is None; integers are needed"):
        seebatch.see_values(boards, board_index[:2], [int(moves[0]), None])
    with pytest.raises(seebatch.SeebatchError, match=r"flags is 1099511627776, outside "
                                                     r"0..4294967295"):
        seebatch.Config((100, 300, 300, 500, 900), 2**40)


def test_bad_configurations():
    boards, board_index, moves = good_batch()
    with pytest.raises(seebatch.SeebatchError, match="config: .*nosuch"):
        seebatch.see_values(boards, board_index, moves, config="nosuch")
    with pytest.raises(seebatch.SeebatchError, match="Config: .*knight"):
        seebatch.Config((100, -1, 300, 500, 900))
    with pytest.raises(seebatch.SeebatchError, match="Config: .*flag"):
        seebatch.Config((100, 300, 300, 500, 900), 64)
    with pytest.raises(seebatch.SeebatchError, match="Config: SEEBATCH_PROMOTIONS and "
                       "SEEBATCH_MOVE_PROMOTION_ONLY are two promotion rules: set one"):
        seebatch.Config((100, 300, 300, 500, 900),
                        seebatch.PROMOTIONS | seebatch.MOVE_PROMOTION_ONLY)
    with pytest.raises(seebatch.SeebatchError, match=r"values\[4\] is 99999999999"):
        seebatch.Config((100, 300, 300, 500, 99999999999))
    with pytest.raises(ValueError, match="4 values"):
        seebatch.Config((100, 300, 300, 500))
    with pytest.raises(TypeError, match="preset name"):
        seebatch.see_values(boards, board_index, moves, config=3)


def test_unknown_backend():
    before = seebatch.backend()
    with pytest.raises(seebatch.SeebatchError, match="set_backend: .*nosuch"):
        seebatch.set_backend("nosuch")
    assert seebatch.backend() == before


def test_empty_batches():
    boards, _ = seebatch.boards_from_fens([])
    assert boards.shape == (0,) and boards.dtype == seebatch.BOARD_DTYPE
    board_index, moves = seebatch.captures(boards)
    assert len(board_index) == len(moves) == 0
    assert len(seebatch.see_values(boards, board_index, moves)) == 0
    assert len(seebatch.see_ge(boards, board_index, moves, 0, check=False)) == 0


def test_training_fields_name_their_range(tmp_path):
    """write_training's fields as the tool's types hold them: a score too big
    for any NumPy integer is named with int16's range, not "dtype object"."""
    boards, board_index, moves = good_batch()
    entries = {"boards": boards[board_index[:1]], "moves": moves[:1], "scores": [10**20],
               "plies": [0], "results": [0]}
    with pytest.raises(ValueError, match=r"^write_training: batch 0: scores\[0\] is "
                                         r"100000000000000000000, outside -32768..32767$"):
        seebatch.write_training(tmp_path / "out.plain", entries)
