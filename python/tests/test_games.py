"""Issue 68, in Python as in the tool: the moves of games scored as played
(see_games, as `seebatch eval --games`), positions no game reaches refused
by the FEN readers unless allow_impossible=True, and moves their pieces
cannot make refused by the check."""
import os
import shutil
import subprocess

import numpy as np
import pytest

import seebatch
from conftest import run_cli

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
GAME = "e2e4 d7d5 e4e5 f7f5 e5f6 b8c6 f6g7 c8e6 g7h8n d8d7 g1f3 e8c8 f1e2 e6g4 e1g1"
GAMES = "\n".join([
    f"{START};{GAME}",
    '[Event "Club \\"open\\"; round 1"]', '[White "Alpha"]', "",
    f"{GAME} 1-0", "",
    '[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40"]', "", "e5d6 e8d7 *", "",
    "*",
    "position startpos moves e2e4 e7e5 e4e5",
    "position startpos moves d2d4 d7d5 c2c4 d5c4",
]) + "\n"
PGN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data",
                   "games.pgn")


def tool_records(text, *options):
    """The tool's eval --games records as (game, ply, move, value, capture) rows."""
    result = run_cli("eval", "--games", "--format", "csv", *options, text=text)
    rows = [line.split(",") for line in result.stdout.splitlines()[1:]]
    return [(int(g), int(p), m, int(v), c == "1") for g, p, m, v, c in rows], result


def python_records(played):
    return list(zip(played.game.tolist(), played.ply.tolist(),
                    seebatch.move_to_uci(played.move).tolist(), played.value.tolist(),
                    played.capture.tolist()))


def test_games_as_the_tool_scores_them():
    played, errors = seebatch.see_games(GAMES)
    expected, result = tool_records(GAMES)
    assert python_records(played) == expected
    assert [(e.row, e.message) for e in errors] == [
        (11, 'game 5: ply 3 (e4e5): move "e4e5": the white pawn on e4 cannot reach e5: it '
             "captures diagonally, not straight ahead; plies 1 to 2 scored, ply 3 not")]
    assert f"line 12: {errors[0].message}\n" in result.stderr
    assert (played.game == 5).sum() == 2    # scored up to its fault, as the tool scores it


# Issue 83: a game is scored up to its first move that cannot be played, the
# bad ply named as the tool names it; raw PGN is named, with its conversion,
# once a game.
FAULTS = "\n".join([
    "position startpos moves e2e4 d7d5 e4d5 d8d5 e1e3",
    '[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 40"]', "e5d6 e8d7 d6d7 e1e2 *",
    '[Event "raw"]', "", "1. e4 e5 2. Nf3 Nc6", "3. Bb5 a6 {a comment} 1-0", "",
    "e2e4 e7e5 Nf3 *",
    "position startpos moves d2d4",
]) + "\n"


def test_games_scored_up_to_their_fault():
    played, errors = seebatch.see_games(FAULTS)
    expected, result = tool_records(FAULTS)
    assert result.returncode == 1
    assert python_records(played) == expected
    assert [(g, p, m) for g, p, m, _, _ in expected] == [
        (1, 1, "e2e4"), (1, 2, "d7d5"), (1, 3, "e4d5"), (1, 4, "d8d5"),
        (2, 79, "e5d6"), (2, 80, "e8d7"), (4, 1, "e2e4"), (4, 2, "e7e5"), (5, 1, "d2d4")]
    convert = ("convert the PGN first: pgn-extract -Wuci --quiet G.pgn | seebatch eval --games "
               "(Debian package pgn-extract, installed as /usr/games/pgn-extract)")
    assert [(e.row, e.message) for e in errors] == [
        (0, 'game 1: ply 5 (e1e3): move "e1e3": the king on e1 cannot reach e3: it moves by a '
            "step of one square; plies 1 to 4 scored, ply 5 not"),
        (2, 'game 2: ply 81 (d6d7): move "d6d7": the white pawn on d6 cannot reach d7: it '
            "captures diagonally, not straight ahead; plies 79 to 80 scored, plies 81 to 82 not"),
        (5, f"game 3: ply 1 (1.) is PGN movetext (a move number), not a UCI move: {convert}"),
        (8, f"game 4: ply 3 (Nf3) is PGN movetext (a move in SAN), not a UCI move: {convert}; "
            "plies 1 to 2 scored")]
    assert [line.split(": ", 2)[2] for line in result.stderr.splitlines()[:4]] == \
        [f"line {e.row + 1}: {e.message}" for e in errors]


def test_a_game_move_by_move():
    played, _ = seebatch.see_games([f"position startpos moves {GAME}"])
    assert seebatch.move_to_uci(played.move).tolist() == GAME.split()
    assert played.ply.tolist() == list(range(1, 16))
    # exf6 e.p. (g7xf6: 0), fxg7 (Bxg7: 0), gxh8=N (a rook, nothing takes back)
    assert played.value[[4, 6, 8]].tolist() == [0, 0, 500]
    assert played.capture.nonzero()[0].tolist() == [4, 6, 8]
    # boards: the position each move was played on
    assert seebatch.see_values(played.boards, np.arange(15), played.move).tolist() == \
        played.value.tolist()
    assert played.boards[0].tobytes() == seebatch.boards_from_fens([START])[0][0].tobytes()


def test_tags_and_the_fen_tag():
    played, errors = seebatch.see_games(GAMES.encode())
    assert played.tags[1] == {"Event": 'Club "open"; round 1', "White": "Alpha"}
    assert played.tags[0] == {} and played.tags[3] == {}
    third = played.game == 3
    assert played.ply[third].tolist() == [79, 80]
    assert played.value[third].tolist() == [100, 0]      # e5xd6 e.p.
    assert len(errors) == 1 and (played.game == 4).sum() == 0   # "*": a game of no move


def test_impossible_start_positions():
    text = ['[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]', "e2e4", "kK6/8/8/8/8/8/8/8 w - - 0 1;b8a8"]
    played, errors = seebatch.see_games(text)
    assert len(played.move) == 0
    assert [e.message for e in errors] == [
        "game 1: its FEN tag (row 0): impossible position: no white king "
        "(allow_impossible=True keeps it)",
        "game 2: impossible position: the kings stand side by side (b8, a8) "
        "(allow_impossible=True keeps it)"]
    played, errors = seebatch.see_games(text[2:], allow_impossible=True)
    assert errors == [] and seebatch.move_to_uci(played.move).tolist() == ["b8a8"]


@pytest.mark.skipif(not (shutil.which("pgn-extract") or os.path.exists("/usr/games/pgn-extract")),
                    reason="pgn-extract is not installed")
def test_a_pgn_through_pgn_extract():
    extract = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
    text = subprocess.run([extract, "-Wuci", "--quiet", PGN], capture_output=True, text=True,
                          check=True).stdout
    played, errors = seebatch.see_games(text, config="stockfish")
    expected, result = tool_records(text, "--preset", "stockfish")
    assert errors == [] and result.returncode == 0
    assert python_records(played) == expected
    assert sorted(set(played.game.tolist())) == [1, 2, 3, 4, 5, 6]


IMPOSSIBLE = [
    ("k7/8/8/8/8/8/8/R3K3 w KQ - 0 1", "castling right K with no white rook on h1"),
    ("kK6/8/8/8/8/8/8/8 w - - 0 1", "the kings stand side by side (b8, a8)"),
    ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on the first or last rank (a8)"),
    ("8/8/8/3q4/4P3/8/8/8 w - - 0 1", "no white king"),
    ("4k3/8/8/8/8/8/8/4K3 w - d6 0 1", "en passant square d6, but no black pawn"),
    ("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "black is in check with white to move"),
]


def test_boards_from_fens_refuses_impossible_positions():
    rows = [START] + [fen for fen, _ in IMPOSSIBLE] + [KIWIPETE]
    boards, errors = seebatch.boards_from_fens(rows)
    assert [e.row for e in errors] == list(range(1, len(IMPOSSIBLE) + 1))
    for error, (_, reason) in zip(errors, IMPOSSIBLE):
        assert error.message.startswith("impossible position: " + reason), error.message
        assert error.message.endswith("(allow_impossible=True keeps it)")
    empty = seebatch.boards_from_fens(["8/8/8/8/8/8/8/8 w - - 0 1"], allow_impossible=True)[0]
    assert all(boards[i].tobytes() == empty[0].tobytes() for i in range(1, len(IMPOSSIBLE) + 1))
    kept, errors = seebatch.boards_from_fens(rows, allow_impossible=True)
    assert errors == []
    board_index, moves = seebatch.captures(kept[2:3])
    assert seebatch.move_to_uci(moves).tolist() == ["b8a8"]   # the king taken, when asked for


def test_boards_from_lines_refuses_them_too():
    text = "\n".join([START, IMPOSSIBLE[1][0], "", IMPOSSIBLE[3][0]]) + "\n"
    _, errors = seebatch.boards_from_lines(text)
    assert [e.row for e in errors] == [1, 2, 3]
    assert "the kings stand side by side" in errors[0].message and "empty" in errors[1].message
    _, errors = seebatch.boards_from_lines(text, allow_impossible=True)
    assert [e.row for e in errors] == [2]


def test_the_check_refuses_moves_pieces_cannot_make():
    boards, _ = seebatch.boards_from_fens([KIWIPETE])
    h1h3 = 7 << 6 | 23   # the rook through its own pawn on h2
    with pytest.raises(seebatch.SeebatchError,
                       match="see_values: move 0: the rook on h1 cannot reach h3: h2 is in the way"):
        seebatch.see_values(boards, [0], [h1h3])
    # The fast call scores it, as the contract defines it for any such move.
    assert seebatch.see_values(boards, [0], [h1h3], check=False).tolist() == [100]
