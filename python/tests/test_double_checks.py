"""Issue 83: a double check no single last move gives is refused by the FEN
readers, in Python as in the tool, with the library's reason naming the king,
both checkers and the squares between; double checks that moves give (a
discovery, a pawn's capture, a promotion, en passant opening two lines) are
read."""
import seebatch
from conftest import run_cli

IMPOSSIBLE = [  # the three, then a pawn and a queen
    ("4k3/7b/8/3p4/4K3/8/8/8 w - - 0 1",
     "the white king on e4 is in check from the pawn on d5 and the bishop on h7: no last move "
     "gives both (none came from the other's line, f5 or g6, with the king out of check before, "
     "nor did en passant open two lines)"),
    ("4k3/8/8/8/8/2b5/5p2/4K1N1 w - - 0 1",
     "the white king on e1 is in check from the pawn on f2 and the bishop on c3: no last move "
     "gives both (none came from the other's line, d2, with the king out of check before, nor "
     "did en passant open two lines)"),
    ("4k3/8/8/3p4/4K2r/8/8/8 w - - 0 1",
     "the white king on e4 is in check from the rook on h4 and the pawn on d5: no last move "
     "gives both (none came from the other's line, f4 or g4, with the king out of check before, "
     "nor did en passant open two lines)"),
    ("4k3/8/8/8/8/4q3/3p4/4K3 w - - 0 1",
     "the white king on e1 is in check from the pawn on d2 and the queen on e3: no last move "
     "gives both (none came from the other's line, e2, with the king out of check before, nor "
     "did en passant open two lines)"),
]

GIVEN = [
    "4k3/8/6B1/8/8/8/8/4R1K1 b - - 0 1",   # Be4-g6, the rook's file opened
    "8/8/3k4/4P3/8/8/8/3R2K1 b - - 0 1",   # d4xe5, the rook's file opened
    "4Q3/3k3R/8/8/8/8/8/6K1 b - - 0 1",    # e7-e8=Q beside the king, the rook's rank opened
    "B3R3/8/3P4/8/4k3/8/8/7K b - - 0 1",   # e5xd6 e.p.: the file and the diagonal opened
]


def test_boards_from_fens_names_the_double_check():
    _, errors = seebatch.boards_from_fens([fen for fen, _ in IMPOSSIBLE] + GIVEN)
    assert [e.row for e in errors] == list(range(len(IMPOSSIBLE)))
    for error, (_, reason) in zip(errors, IMPOSSIBLE):
        assert error.message == \
            f"impossible position: {reason} (allow_impossible=True keeps it)"
    _, errors = seebatch.boards_from_fens([fen for fen, _ in IMPOSSIBLE], allow_impossible=True)
    assert errors == []


def test_the_tool_names_it_alike():
    text = "".join(fen + "\n" for fen, _ in IMPOSSIBLE) + "".join(fen + "\n" for fen in GIVEN)
    result = run_cli("eval", text=text)
    assert result.returncode == 1
    refused = [line for line in result.stderr.splitlines() if "impossible position" in line]
    assert refused == [
        f"seebatch eval: standard input: line {i + 1}: impossible position: {reason} "
        "(--allow-impossible evaluates it)" for i, (_, reason) in enumerate(IMPOSSIBLE)]
    kept = run_cli("eval", "--allow-impossible", text=text)
    assert "impossible" not in kept.stderr


def test_games_start_from_them_or_not():
    played, errors = seebatch.see_games([GIVEN[0] + ";e8d7", IMPOSSIBLE[0][0] + ";e4d5"])
    assert seebatch.move_to_uci(played.move).tolist() == ["e8d7"]
    assert [e.message for e in errors] == [
        f"game 2: impossible position: {IMPOSSIBLE[0][1]} (allow_impossible=True keeps it)"]
