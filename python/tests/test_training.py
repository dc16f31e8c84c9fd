"""read_training, write_training, moves_from_uci and Filter against the
`seebatch` tool's output and against plain text parsed here."""
import os

import numpy as np
import pytest

from conftest import run_cli
from training_data import (SMALL_BINPACK, assert_same_batches, assert_same_positions, make_games,
                           parse_plain, tool_binpack, tool_output)

import seebatch

# seebatch_status values (include/seebatch.h) that TrainingDataError.status carries.
STATUS_ARGUMENT, STATUS_BOARD, STATUS_MOVE = 1, 3, 4


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """(games .binpack with 100-odd chunks, its .plain, the tool's binpack of the plain)."""
    directory = tmp_path_factory.mktemp("games")
    binpack, plain = make_games(directory, 5, 60)
    return binpack, plain, tool_binpack(plain, directory / "tool.binpack")


def test_binpack_entries_are_the_plain_texts(games):
    binpack, plain, _ = games
    batch = seebatch.read_training_all(binpack)
    fens, moves, scores, plies, results = parse_plain(plain)
    assert len(batch.moves) == len(fens) > 5000
    boards, errors = seebatch.boards_from_fens(fens)
    assert errors == []
    assert_same_positions(batch.boards, boards)
    np.testing.assert_array_equal(batch.moves, seebatch.moves_from_uci(boards, moves))
    np.testing.assert_array_equal(seebatch.move_to_uci(batch.moves), moves)
    np.testing.assert_array_equal(batch.scores, scores)
    np.testing.assert_array_equal(batch.plies, plies)
    np.testing.assert_array_equal(batch.results, results)
    # The plain reader returns the same entries (its rule-50 counters have 8 bits).
    from_plain = seebatch.read_training_all(plain)
    assert_same_positions(from_plain.boards, batch.boards)
    assert_same_batches(from_plain[1:], batch[1:])


@pytest.mark.parametrize("batch_size", [1, 7, 1000, 1 << 20])
def test_batches_join_to_the_whole_file(games, batch_size):
    whole = seebatch.read_training_all(games[0])
    batches = list(seebatch.read_training(games[0], batch_size=batch_size))
    assert all(len(b.moves) == batch_size for b in batches[:-1])
    assert 1 <= len(batches[-1].moves) <= batch_size
    assert batches[0].boards.dtype == seebatch.BOARD_DTYPE
    joined = seebatch.TrainingBatch(*(np.concatenate(c) for c in zip(*batches)))
    assert_same_batches(joined, whole)


def test_binpack_read_and_written_is_the_same_bytes(games, tmp_path):
    _, _, tool_made = games
    out = tmp_path / "again.binpack"
    count = seebatch.write_training(out, seebatch.read_training(tool_made, batch_size=333))
    assert count == len(seebatch.read_training_all(tool_made).moves)
    assert out.read_bytes() == open(tool_made, "rb").read()


def test_plain_written_is_what_the_tool_writes(games, tmp_path):
    binpack = games[0]
    out = tmp_path / "games.plain"
    seebatch.write_training(out, seebatch.read_training(binpack))
    assert out.read_bytes() == tool_output("--output-format", "plain", binpack)


def generated_entries(count_fens=3000, seed=3):
    """Entries made here: positions from `seebatch gen`, one capture each,
    scores, plies and results drawn from a seeded generator."""
    fens = run_cli("gen", "--count", str(count_fens), "--seed", "41").stdout.splitlines()
    boards, errors = seebatch.boards_from_fens(fens)
    assert errors == []
    board_index, moves = seebatch.captures(boards)
    first = np.unique(board_index, return_index=True)[1]
    rows = board_index[first]
    random = np.random.default_rng(seed)
    n = len(rows)
    return seebatch.TrainingBatch(
        boards[rows], moves[first], random.integers(-32768, 32768, n).astype(np.int16),
        random.integers(0, 16384, n).astype(np.uint16), random.integers(-1, 2, n).astype(np.int8))


def test_generated_arrays_round_trip_through_both_formats(tmp_path):
    entries = generated_entries()
    assert len(entries.moves) > 1000
    binpack, plain = tmp_path / "made.binpack", tmp_path / "made.plain"
    assert seebatch.write_training(binpack, entries) == len(entries.moves)
    seebatch.write_training(plain, entries._asdict())
    back = seebatch.read_training_all(binpack)
    assert_same_positions(back.boards, entries.boards)
    assert_same_batches(back[1:], entries[1:])
    # Plain text loses an en passant square no pawn can take on (Stockfish's
    # reader drops it); every other field comes back.
    back = seebatch.read_training_all(plain)
    lost = back.boards["en_passant"] != entries.boards["en_passant"]
    assert (back.boards["en_passant"][lost] == 64).all() and lost.mean() < 0.1
    kept = back.boards[~lost]
    assert_same_positions(kept, entries.boards[~lost])
    assert_same_batches(back[1:], entries[1:])
    # The tool reads each as the other: its plain of our binpack is our plain,
    # its binpack of our plain is our binpack.
    assert tool_output("--output-format", "plain", str(binpack)) == plain.read_bytes()
    replain = tmp_path / "from_plain.binpack"
    seebatch.write_training(replain, seebatch.read_training(plain))
    assert tool_output("--output-format", "binpack", str(plain)) == replain.read_bytes()
    # Read and written again, the same bytes.
    again = tmp_path / "again.binpack"
    seebatch.write_training(again, seebatch.read_training(binpack, batch_size=100))
    assert again.read_bytes() == binpack.read_bytes()


def chunk_offsets(data):
    """Byte offsets of the chunk headers of a binpack, walked here."""
    offsets, at = [], 0
    while at < len(data):
        assert data[at:at + 4] == b"BINP"
        offsets.append(at)
        at += 8 + int.from_bytes(data[at + 4:at + 8], "little")
    return offsets


def read_until_fault(path, batch_size):
    """The batches yielded, joined, and the TrainingDataError raised after them."""
    yielded = []
    with pytest.raises(seebatch.TrainingDataError) as raised:
        for batch in seebatch.read_training(path, batch_size=batch_size):
            yielded.append(batch)
    joined = seebatch.TrainingBatch(*(np.concatenate(c) for c in zip(*yielded)))
    return joined, raised.value


@pytest.mark.parametrize("batch_size", [50, 1 << 16])
def test_a_bad_chunk_header_is_named_after_every_entry_before_it(games, tmp_path, batch_size):
    data = open(games[0], "rb").read()
    offsets = chunk_offsets(data)
    assert len(offsets) > 20
    bad_at = offsets[len(offsets) // 2]
    before = tmp_path / "before.binpack"
    before.write_bytes(data[:bad_at])
    expected = seebatch.read_training_all(before)
    broken = tmp_path / "broken.binpack"
    broken.write_bytes(data[:bad_at] + b"BINX" + data[bad_at + 4:])
    joined, error = read_until_fault(broken, batch_size)
    assert_same_batches(joined, expected)
    assert error.byte_offset == bad_at
    # Entries count from 1, as in the tool's messages: the first not yielded.
    assert error.entry == len(expected.moves) + 1 and error.index == len(expected.moves)
    assert f"byte {bad_at}, entry {len(expected.moves) + 1}:" in str(error)
    assert str(broken) in str(error)


def test_a_truncated_file_yields_what_decodes_then_names_the_end(games, tmp_path):
    data = open(games[2], "rb").read()
    whole = seebatch.read_training_all(games[2])
    cut = tmp_path / "cut.binpack"
    cut.write_bytes(data[:len(data) // 2])
    joined, error = read_until_fault(cut, 64)
    assert 0 < len(joined.moves) < len(whole.moves)
    assert_same_batches(joined, seebatch.TrainingBatch(*(c[:len(joined.moves)] for c in whole)))
    assert error.entry == len(joined.moves) + 1
    assert error.byte_offset <= len(data)
    assert "the file ends" in str(error)  # the reason, as the tool gives it


def test_a_bad_plain_block_is_named_by_its_offset_and_number(games, tmp_path):
    text = open(games[1], "rb").read()
    blocks = text.split(b"e\n")
    bad = blocks[:3] + [blocks[3].replace(b"score ", b"score x")] + blocks[4:]
    path = tmp_path / "bad.plain"
    path.write_bytes(b"e\n".join(bad))
    joined, error = read_until_fault(path, 2)
    assert len(joined.moves) == 3
    assert error.entry == 4
    assert error.byte_offset == sum(len(b) + 2 for b in blocks[:3])
    # Blocks of six lines (fen, move, score, ply, result, e): the fourth's score is line 21.
    assert "line 21, entry 4: score needs a whole number" in str(error)


def test_a_missing_file_is_named():
    with pytest.raises(seebatch.TrainingDataError, match="no/such.binpack: cannot open"):
        next(seebatch.read_training("no/such.binpack"))


def test_write_refuses_a_bad_entry_after_writing_those_before(tmp_path):
    entries = generated_entries(400)
    results = entries.results.copy()
    results[17] = 2
    bad = entries._replace(results=results)
    path = tmp_path / "bad.binpack"
    with pytest.raises(seebatch.TrainingDataError, match="entry 18: result 2") as raised:
        seebatch.write_training(path, bad)
    assert raised.value.entry == 18 and raised.value.index == 17
    assert raised.value.status == STATUS_ARGUMENT
    assert len(seebatch.read_training_all(path).moves) == 17
    moves = entries.moves.copy()
    moves[4] = 0  # a1a1
    with pytest.raises(seebatch.TrainingDataError, match="entry 5: move a1a1") as raised:
        seebatch.write_training(tmp_path / "bad.plain", entries._replace(moves=moves))
    assert raised.value.status == STATUS_MOVE and raised.value.entry == 5
    with pytest.raises(ValueError, match=r"results\[0\] is 300"):
        seebatch.write_training(tmp_path / "x.plain", entries._replace(
            results=np.full(len(entries.moves), 300)))
    with pytest.raises(ValueError, match="neither"):
        seebatch.write_training(tmp_path / "x.txt", entries)


def test_write_refuses_what_binpack_cannot_hold(tmp_path):
    # a queenside right with no rook on a1: kept as asked, for the writer to refuse
    boards, _ = seebatch.boards_from_fens(["4k3/8/8/8/8/8/8/4K2R w Q - 0 1"],
                                          allow_impossible=True)
    moves = seebatch.moves_from_uci(boards, ["h1h2"])
    entry = seebatch.TrainingBatch(boards, moves, np.zeros(1, np.int16), np.zeros(1, np.uint16),
                                   np.zeros(1, np.int8))
    with pytest.raises(seebatch.TrainingDataError, match="binpack cannot store it"):
        seebatch.write_training(tmp_path / "x.binpack", entry)


def test_moves_from_uci_names_the_row():
    boards, _ = seebatch.boards_from_fens(["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
                                           "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"])
    moves = seebatch.moves_from_uci(boards, ["e2e4", "a7a8q", "e1d1"], board_index=[0, 1, 1])
    assert seebatch.move_to_uci(moves).tolist() == ["e2e4", "a7a8q", "e1d1"]
    with pytest.raises(seebatch.SeebatchError, match='row 2: "e3e4" on board 0') as raised:
        seebatch.moves_from_uci(boards, ["e2e4", "e2e3", "e3e4"], board_index=[0, 0, 0])
    assert raised.value.status_name == "bad move"
    with pytest.raises(seebatch.SeebatchError, match="row 1: board 5, but there are 2") as raised:
        seebatch.moves_from_uci(boards, ["e2e4", "e2e3"], board_index=[0, 5])
    assert raised.value.status_name == "bad argument"
    with pytest.raises(seebatch.SeebatchError, match="row 1: .*a7a8"):
        seebatch.moves_from_uci(boards, ["e2e4", "a7a8"])
    with pytest.raises(ValueError, match="give board_index"):
        seebatch.moves_from_uci(boards, ["e2e4"])
    # One move given bare is refused, not read as a sequence of characters.
    for bare in ("e2e4", b"e2e4"):
        with pytest.raises(TypeError, match="a sequence of UCI moves, not one string"):
            seebatch.moves_from_uci(boards[:1], bare)


def test_filter_names_the_entry_it_refuses_across_batches():
    """The entry number counts every entry the Filter was given (the
    library's seebatch_training_filter_place), and the status says a board."""
    entries = generated_entries(400)
    first = seebatch.TrainingBatch(*(array[:100] for array in entries))
    second = seebatch.TrainingBatch(*(array[100:200].copy() for array in entries))
    second.boards[3]["colors"][0] = second.boards[3]["colors"][1]  # both colours everywhere
    rules = seebatch.Filter(["--skip-capture"])
    assert len(rules.keep_mask(first)) == 100
    with pytest.raises(seebatch.TrainingDataError, match="entry 104: board: ") as raised:
        rules.keep_mask(second)
    assert raised.value.entry == 104 and raised.value.index == 103
    assert raised.value.status == STATUS_BOARD and raised.value.byte_offset == 0


def test_read_training_names_a_directory(tmp_path):
    with pytest.raises(seebatch.TrainingDataError, match=f"{tmp_path}: cannot read: Is a directory"):
        next(seebatch.read_training(tmp_path))


RULE_SETS = [
    ["--skip-capture", "--skip-in-check", "--skip-see-ge", "0"],
    ["--skip-see-ge=-100", "--skip-promotion", "--skip-castling"],
    ["--skip-placeholder", "--skip-value-none"],
    ["--skip-early-ply", "12", "--skip-simple-eval", "500", "--skip-filtered"],
    ["--random-skip", "3", "--wld-skip", "--seed", "9"],
    # Configuration options too: SEE under Stockfish's values and pins.
    ["--preset", "stockfish", "--skip-see-ge", "0"],
    ["--values", "100,900,150,500,300", "--pins", "--skip-see-ge", "1"],
    ["--promotions=move", "--skip-see-ge", "0"],
    ["--preset", "stockfish", "--stop-when-ahead", "--skip-see-ge", "0"],
]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_filter_keeps_what_the_tool_keeps(games, tmp_path, rules):
    binpack = games[0]
    rule_filter = seebatch.Filter(rules)
    out = tmp_path / "kept.plain"
    # Batches of 100 split games, so the placeholder rule must remember them.
    kept = seebatch.write_training(out, (seebatch.select(b, rule_filter.keep_mask(b))
                                         for b in seebatch.read_training(binpack, 100)))
    expected = tool_output(*rules, "--output-format", "plain", binpack)
    assert out.read_bytes() == expected
    assert 0 < kept < len(seebatch.read_training_all(binpack).moves)


@pytest.mark.parametrize("batch_size", [3, 16, 1 << 16])
def test_filter_by_chunk_writes_the_tools_bytes(games, tmp_path, batch_size):
    """Games in 100-odd small chunks: read by chunk and written keeping the
    chunks, the kept entries are the tool's output byte for byte.
    The games' chains are first joined wherever an entry follows the one
    before (what Stockfish's writer does, and ours): the tool keeps an input's
    chain breaks, which a batch does not record."""
    joined = tmp_path / "joined.binpack"
    seebatch.write_training(joined, seebatch.read_training(games[0], 1 << 16, by_chunk=True),
                            keep_chunks=True)
    binpack = str(joined)
    data = open(binpack, "rb").read()
    assert len(chunk_offsets(data)) == len(chunk_offsets(open(games[0], "rb").read()))
    rules = RULE_SETS[0] + ["--skip-placeholder"]
    rule_filter = seebatch.Filter(rules)
    batches = list(seebatch.read_training(binpack, batch_size, by_chunk=True))
    assert sum(b.chunk_end for b in batches) == len(chunk_offsets(data))
    assert max(len(b.moves) for b in batches) <= batch_size
    assert_same_batches(seebatch.TrainingBatch(*(np.concatenate(c) for c in zip(*batches))),
                        seebatch.read_training_all(binpack))
    out = tmp_path / "kept.binpack"
    seebatch.write_training(out, (seebatch.select(b, rule_filter.keep_mask(b)) for b in batches),
                            keep_chunks=True)
    assert out.read_bytes() == tool_output(*rules, binpack)


def test_filter_names_a_bad_rule(capfd):
    with pytest.raises(ValueError, match='rule argument 1, "--skip-everything": not a rule'):
        seebatch.Filter(["--skip-capture", "--skip-everything"])
    # The value and the range, in the exception; nothing printed (issue 29:
    # the tool's message went to stderr and the exception said "a bad value").
    with pytest.raises(ValueError, match='rule argument 0, "--skip-see-ge": --skip-see-ge needs '
                                         'a whole number -2147483648..2147483647, not "lots"'):
        seebatch.Filter(["--skip-see-ge", "lots"])
    with pytest.raises(ValueError, match='"--preset=fast": --preset needs classic or stockfish, '
                                         'not "fast"'):
        seebatch.Filter(["--preset=fast"])
    with pytest.raises(ValueError, match="--seed seeds --random-skip and --wld-skip"):
        seebatch.Filter(["--skip-capture", "--seed", "3"])
    with pytest.raises(ValueError, match='rule argument 1, "--promotions=some": --promotions takes '
                                         'none, move or all, not "some"'):
        seebatch.Filter(["--skip-capture", "--promotions=some"])
    assert capfd.readouterr() == ("", "")


def test_filter_refuses_one_string():
    """A bare string is a sequence of characters: refused, saying how to give it."""
    for bare in ("--skip-capture", b"--skip-capture"):
        with pytest.raises(TypeError, match="a list of the tool's arguments, not one string"):
            seebatch.Filter(bare)
    assert seebatch.Filter([b"--skip-capture"]).rules == ["--skip-capture"]


small = pytest.mark.skipif(not os.path.exists(SMALL_BINPACK),
                           reason=f"{SMALL_BINPACK} is absent (not the project's to commit)")


@small
def test_small_binpack_read_and_written_is_the_same_bytes(tmp_path):
    out = tmp_path / "small.binpack"
    count = seebatch.write_training(out, seebatch.read_training(SMALL_BINPACK, 10000))
    assert count > 400000
    assert out.read_bytes() == open(SMALL_BINPACK, "rb").read()


@small
def test_small_binpack_as_plain_is_what_the_tool_writes(tmp_path):
    out = tmp_path / "small.plain"
    seebatch.write_training(out, seebatch.read_training(SMALL_BINPACK), format="plain")
    assert out.read_bytes() == tool_output("--output-format", "plain", SMALL_BINPACK)


@small
def test_small_binpack_filtered_is_what_the_tool_writes(tmp_path):
    rules = ["--skip-capture", "--skip-in-check", "--skip-see-ge", "0", "--skip-placeholder"]
    rule_filter = seebatch.Filter(rules)
    out = tmp_path / "kept.binpack"
    seebatch.write_training(out, (seebatch.select(b, rule_filter.keep_mask(b)) for b in
                                  seebatch.read_training(SMALL_BINPACK, 4096, by_chunk=True)),
                            keep_chunks=True)
    assert out.read_bytes() == tool_output(*rules, SMALL_BINPACK)


def test_reused_arrays_and_masks_give_the_same_entries(games, tmp_path):
    binpack = games[0]
    copies = [seebatch.TrainingBatch(*(a.copy() for a in b))
              for b in seebatch.read_training(binpack, 500, reuse=True)]
    assert_same_batches(seebatch.TrainingBatch(*(np.concatenate(c) for c in zip(*copies))),
                        seebatch.read_training_all(binpack))
    rules = RULE_SETS[0]
    selected, masked = tmp_path / "selected.plain", tmp_path / "masked.plain"
    first, second = seebatch.Filter(rules), seebatch.Filter(rules)
    seebatch.write_training(selected, (seebatch.select(b, first.keep_mask(b))
                                       for b in seebatch.read_training(binpack, 500)))
    count = seebatch.write_training(masked, ((b, second.keep_mask(b)) for b in
                                             seebatch.read_training(binpack, 500, reuse=True)))
    assert masked.read_bytes() == selected.read_bytes() == tool_output(
        *rules, "--output-format", "plain", binpack)
    assert count == masked.read_bytes().count(b"\ne\n")
    with pytest.raises(TypeError, match="a mask must be a 1-D bool array"):
        seebatch.write_training(masked, [(copies[0], np.ones(500, np.uint8))])


RULES = [["--skip-in-check"], ["--skip-capture"], ["--skip-see-ge", "0"], ["--skip-promotion"],
         ["--skip-castling"], ["--skip-value-none"], ["--skip-placeholder"],
         ["--skip-early-ply", "8"], ["--skip-filtered"], ["--skip-simple-eval", "60"],
         ["--random-skip", "3"], ["--wld-skip"], ["--soft-early-skip", "20"],
         ["--piece-count-skip"]]


def test_the_tools_help_names_every_rule_the_filter_takes():
    """`seebatch filter --help` (the tool's text) names every rule a Filter
    takes, and every option it names under "Rules:" is one a Filter takes
    (a value given where it needs one): the help and the library's parser
    do not drift apart."""
    help_text = run_cli("filter", "--help").stdout
    rules = help_text.split("\nRules:\n", 1)[1].split("\nOptions:\n", 1)[0]
    named = [line.split()[0] for line in rules.splitlines() if line.startswith("  --")]
    for rule in RULES:
        assert rule[0] in named, rule[0]
        seebatch.Filter(rule)
    for option in named:
        for arguments in ([option], [option, "1"], ["--random-skip", "1", option, "1"]):
            try:
                seebatch.Filter(arguments)
                break
            except ValueError:
                continue
        else:
            raise AssertionError(f"{option}, named by the help, is no option a Filter takes")
    assert len(named) >= 15
