"""Values through Python equal `seebatch eval`'s, line for line, under every
kind of configuration; captures are the moves the tool labels."""
import os

import numpy as np
import pytest

import seebatch
from conftest import run_cli, run_cli_into


def eval_lines(fens, *options):
    result = run_cli("eval", *options, text="".join(f + "\n" for f in fens))
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def python_lines(fens, config, check):
    boards, errors = seebatch.boards_from_fens(fens)
    assert errors == []
    board_index, moves = seebatch.captures(boards)
    values = seebatch.see_values(boards, board_index, moves, config=config, check=check)
    uci = seebatch.move_to_uci(moves)
    return [f"{fens[b]};{u};{v}" for b, u, v in zip(board_index.tolist(), uci.tolist(),
                                                    values.tolist())]


CONFIGS = [
    ("classic", ["--preset", "classic"]),
    ("stockfish", ["--preset", "stockfish"]),
    (seebatch.Config((100, 300, 300, 500, 900), seebatch.PINS | seebatch.PROMOTIONS),
     ["--values", "100,300,300,500,900", "--pins", "--promotions"]),
    (((1, 2, 3, 4, 5), seebatch.PROMOTIONS), ["--values", "1,2,3,4,5", "--promotions"]),
    (((100, 325, 325, 500, 1000), seebatch.MOVE_PROMOTION_ONLY | seebatch.PINS),
     ["--pins", "--promotions=move"]),
    (((208, 781, 825, 1276, 2538), seebatch.STOP_WHEN_AHEAD | seebatch.PROMOTIONS),
     ["--values", "208,781,825,1276,2538", "--promotions", "--stop-when-ahead"]),
]


@pytest.mark.parametrize("config,options", CONFIGS, ids=["classic", "stockfish", "pins+promotions",
                                                         "tuple", "move-promotion", "stop-when-ahead"])
@pytest.mark.parametrize("check", [True, False], ids=["checked", "unchecked"])
def test_values_equal_eval(generated_fens, config, options, check):
    expected = eval_lines(generated_fens, *options)
    got = python_lines(generated_fens, config, check)
    assert len(got) > 4000
    assert got == expected


# bxc8=Q where a second pawn, d7, can recapture on c8 after Ne7xc8
# (tests/test_see_rules.c works it out): 1400 when every pawn promotes, 725
# when only the move's own promotion counts, 500 when none does.
PROMOTION_SQUARE = "2r4k/1P1Pn3/8/8/8/8/8/7K w - - 0 1"
PROMOTION_SETTINGS = [(seebatch.PROMOTIONS, "--promotions", 1400),
                      (seebatch.PROMOTIONS, "--promotions=all", 1400),
                      (seebatch.MOVE_PROMOTION_ONLY, "--promotions=move", 725),
                      (0, "--promotions=none", 500)]


@pytest.mark.parametrize("flags,option,expected", PROMOTION_SETTINGS)
def test_promotion_settings(flags, option, expected):
    boards, _ = seebatch.boards_from_fens([PROMOTION_SQUARE])
    moves = seebatch.moves_from_uci(boards, ["b7c8q"])
    values = seebatch.see_values(boards, [0], moves, ((100, 325, 325, 500, 1000), flags))
    assert values.tolist() == [expected]
    line = f"{PROMOTION_SQUARE};b7c8q"
    assert eval_lines([line], option) == [f"{line};{expected}"]


# Qd3xd5 takes a pawn the e6 pawn defends, and Nc3 could take back: -800 by
# the full negamax, -900 when the exchange breaks off with black 900 up.
QUEEN_TAKES = "6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1"


@pytest.mark.parametrize("flags,options,expected", [(0, [], -800),
                                                    (seebatch.STOP_WHEN_AHEAD,
                                                     ["--stop-when-ahead"], -900)])
def test_stop_when_ahead(flags, options, expected):
    boards, _ = seebatch.boards_from_fens([QUEEN_TAKES])
    moves = seebatch.moves_from_uci(boards, ["d3d5"])
    config = seebatch.Config((100, 325, 325, 500, 1000), flags)
    assert seebatch.see_values(boards, [0], moves, config).tolist() == [expected]
    assert seebatch.see_ge(boards, [0], moves, -850, config).tolist() == [expected >= -850]
    line = f"{QUEEN_TAKES};d3d5"
    assert eval_lines([line], *options) == [f"{line};{expected}"]


def test_see_ge_equals_values_compared(labelled):
    boards, board_index, moves = labelled
    values = seebatch.see_values(boards, board_index, moves, "stockfish")
    per_move = np.random.default_rng(15).integers(-3000, 3000, len(moves))
    for thresholds in (0, -100, 101, per_move, values, values + 1):
        for check in (True, False):
            passed = seebatch.see_ge(boards, board_index, moves, thresholds, "stockfish", check)
            assert passed.dtype == np.bool_
            assert np.array_equal(passed, values >= thresholds)
    # The library's thresholds are int32: the ends of its range are asked as
    # they are, and beyond them refused, naming the range (issue 83).
    assert not seebatch.see_ge(boards, board_index, moves, 2**31 - 1).any()
    assert seebatch.see_ge(boards, board_index, moves, -2**31, check=False).all()


def test_every_backend_gives_the_same_values(labelled):
    boards, board_index, moves = labelled
    in_use = seebatch.backend()
    results = []
    try:
        for name in seebatch.backends_available():
            seebatch.set_backend(name)
            assert seebatch.backend() == f"{name} (forced)"
            results.append(seebatch.see_values(boards, board_index, moves, "classic", False))
    finally:
        # Back to what was in use: what SEEBATCH_BACKEND forced, else auto's pick.
        seebatch.set_backend(os.environ.get("SEEBATCH_BACKEND") or "auto")
    assert seebatch.backend() == in_use
    assert all(np.array_equal(r, results[0]) for r in results)


def test_move_to_uci_is_the_library_text():
    board, _ = seebatch.boards_from_fens(["1r2k3/P1P5/8/8/8/8/5p1p/3K2R1 w - - 0 1"])
    _, moves = seebatch.captures(board)
    texts = seebatch.move_to_uci(moves).tolist()
    assert "a7b8q" in texts and "c7c8n" in texts and "g1h1" not in texts
    assert [seebatch.move_to_uci(m) for m in moves] == texts
    with pytest.raises(ValueError, match="the move is 65536, outside 0..65535"):
        seebatch.move_to_uci(65536)
    # Codes that are no move get no text (issue 29: 65535 gave "h8h8").
    with pytest.raises(ValueError, match=r"65535, which is no move \(kind 15; the kinds are 0..6\)"):
        seebatch.move_to_uci(65535)
    with pytest.raises(ValueError, match=r"0, which is no move \(its from-square and to-square are both a1\)"):
        seebatch.move_to_uci(0)
    with pytest.raises(ValueError, match=r"moves\[2\] is 29184, which is no move \(kind 7"):
        seebatch.move_to_uci(np.array([moves[0], moves[1], 7 << 12 | 8 << 6], np.uint16))
    # Every code of a kind 0..6 with two squares is a move, castling's included.
    # Stockfish's order: the to-square in bits 0-5, the from-square in 6-11.
    assert seebatch.move_to_uci(6 << 12 | 4 << 6 | 6) == "e1g1"


# `seebatch filter` and Python's Filter: the same rule driver in the library
# (seebatch_judge_entries), the same bytes out.
FILTER_RULE_SETS = [
    [],
    ["--skip-capture", "--skip-in-check", "--skip-see-ge", "0", "--skip-placeholder"],
    ["--preset", "stockfish", "--skip-see-ge", "-100", "--skip-promotion", "--skip-castling"],
    ["--skip-see-ge", "1", "--random-skip", "2", "--wld-skip", "--seed", "5"],
    ["--skip-early-ply", "8", "--skip-simple-eval", "300", "--skip-filtered", "--skip-value-none"],
    ["--piece-count-skip", "--seed", "3"],
]


def filter_both(tmp_path, source, rules, suffix):
    """(the tool's output, Python's) of the same rules on source."""
    tool_out, python_out = tmp_path / f"tool{suffix}", tmp_path / f"python{suffix}"
    result = run_cli("filter", *rules, "--output", str(tool_out), source)
    assert result.returncode == 0, result.stderr
    read, kept = seebatch.Filter(rules).filter_file(source, python_out)
    assert f"{read} entries read, {kept} kept" in result.stderr, result.stderr
    return tool_out.read_bytes(), python_out.read_bytes()


@pytest.mark.parametrize("rules", FILTER_RULE_SETS, ids=lambda r: " ".join(r) or "no rules")
def test_filter_file_writes_the_tools_bytes(tmp_path, rules):
    from training_data import SMALL_BINPACK, make_games, tool_binpack
    sources = []
    if os.path.exists(SMALL_BINPACK):
        sources.append(SMALL_BINPACK)
    # Games in small chunks whose chains break where Stockfish's writer would
    # join them (kept only by the chunk driver: a batch does not record the
    # breaks); the same with chains joined (the tool's writer); as plain text.
    binpack, plain = make_games(tmp_path, 21, 60)
    sources += [binpack, tool_binpack(plain, tmp_path / "joined.binpack"), plain]
    for number, source in enumerate(sources):
        suffix = os.path.splitext(source)[1]
        expected, got = filter_both(tmp_path, source, rules, f"{number}{suffix}")
        assert len(expected) > 1000, source
        assert got == expected, f"{source}: Python wrote {len(got)} bytes, the tool {len(expected)}"


@pytest.mark.parametrize("output", ["binpack", "plain", "bin"])
@pytest.mark.parametrize("rules", FILTER_RULE_SETS, ids=lambda r: " ".join(r) or "no rules")
def test_filter_file_on_plain_and_bin_writes_the_tools_bytes(tmp_path, rules, output):
    """Plain and bin input: the tool and Python judge the entries by the one
    library judge (seebatch_training_filter_keep, batch by batch) and write
    the same bytes, in each output format, with the same counts."""
    from training_data import make_games
    _, plain = make_games(tmp_path, 22, 60)
    bin_file = str(tmp_path / "games.bin")
    result = run_cli("convert", plain, bin_file)
    assert result.returncode == 0, result.stderr
    for source in (plain, bin_file):
        suffix = f"{os.path.splitext(source)[1]}.{output}"
        expected, got = filter_both(tmp_path, source, rules, suffix)
        assert len(expected) > 1000, source
        assert got == expected, f"{source}: Python wrote {len(got)} bytes, the tool {len(expected)}"


@pytest.mark.parametrize("cut", ["truncated", "corrupt", "bad magic", "short header",
                                 "huge chunk"])
@pytest.mark.parametrize("rules", [[], ["--skip-see-ge", "0", "--skip-placeholder"]],
                         ids=["no rules", "see and placeholder"])
def test_filter_file_stops_where_the_tool_stops(tmp_path, cut, rules):
    """A binpack that stops decoding, or whose chunk header is damaged or
    cut: the same entries written before the fault, and the same message at
    the same byte and entry, from both drivers of the library's chunk filter
    reading chunks with the library's one chunk reader."""
    from training_data import make_games
    binpack, _ = make_games(tmp_path, 23, 40)
    data = bytearray(open(binpack, "rb").read())
    second = 8 + int.from_bytes(data[4:8], "little")  # the second chunk's header
    assert data[second:second + 4] == b"BINP"
    if cut == "truncated":
        data = data[:len(data) * 2 // 3]
    elif cut == "corrupt":
        data[len(data) * 2 // 3] ^= 0xFF  # a chain's movetext, or a stem, that no longer decodes
    elif cut == "bad magic":
        data[second + 1] ^= 0xFF
    elif cut == "short header":
        data += b"BINP\x01"
    else:
        data[second + 4:second + 8] = (200 << 20).to_bytes(4, "little")
    source = tmp_path / f"{cut}.binpack"
    source.write_bytes(bytes(data))
    tool_out, python_out = tmp_path / "tool.binpack", tmp_path / "python.binpack"
    result = run_cli("filter", *rules, "--output", str(tool_out), str(source))
    assert result.returncode == 1, result.stderr
    assert not tool_out.exists()  # a failed run makes no --output file (issue 83)
    result = run_cli_into(tool_out, "filter", *rules, "--output-format", "binpack", str(source))
    assert result.returncode == 1, result.stderr
    with pytest.raises(seebatch.TrainingDataError) as raised:
        seebatch.Filter(rules).filter_file(source, python_out)
    place = f"byte {raised.value.byte_offset}, entry {raised.value.entry}:"
    assert place in result.stderr, (str(raised.value), result.stderr)
    message = str(raised.value).removeprefix("filter_file: ")
    assert message.startswith(f"{source}: {place}"), message
    assert message in result.stderr, (message, result.stderr)
    assert python_out.read_bytes() == tool_out.read_bytes()
