"""stream_training over three binpacks made from small.binpack: exactly
read_training's entries, the same batches for a seed whatever the threads,
another order for another seed, a damaged file named after the entries
before it, and no thread or file left behind when the loop breaks."""
import os
import threading

import numpy as np
import pytest

from training_data import SMALL_BINPACK

import seebatch

PARTS = 3
PART_ENTRIES = 40_000
BATCH, PIECE = 10_000, 4_096


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    """Three binpacks of 40,000 entries each: consecutive entries of small.binpack."""
    if not os.path.exists(SMALL_BINPACK):
        pytest.skip(f"{SMALL_BINPACK} is absent (a real Stockfish binpack, never committed)")
    directory = tmp_path_factory.mktemp("parts")
    whole = next(seebatch.read_training(SMALL_BINPACK, batch_size=PARTS * PART_ENTRIES))
    paths = []
    for number in range(PARTS):
        rows = slice(number * PART_ENTRIES, (number + 1) * PART_ENTRIES)
        path = str(directory / f"part{number}.binpack")
        seebatch.write_training(path, seebatch.TrainingBatch(*(c[rows] for c in whole)))
        paths.append(path)
    return paths


def joined(batches):
    batches = list(batches)
    return seebatch.TrainingBatch(*(np.concatenate(c) for c in zip(*batches)))


def rows(batch):
    """One row of ten uint64 per entry: the board's nine words, then move,
    score, ply and result packed; sorted, for a comparison as multisets."""
    words = np.ascontiguousarray(batch.boards).view(np.uint64).reshape(-1, 9)
    rest = (batch.moves.astype(np.uint64) | (batch.scores.view(np.uint16).astype(np.uint64) << 16)
            | (batch.plies.astype(np.uint64) << 32)
            | (batch.results.view(np.uint8).astype(np.uint64) << 48))
    table = np.column_stack([words, rest])
    return table[np.lexsort(table.T[::-1])]


def read_all(paths):
    return joined(b for path in paths for b in seebatch.read_training(path))


def stream(paths, **options):
    options.setdefault("piece_size", PIECE)
    return list(seebatch.stream_training(paths, BATCH, **options))


@pytest.mark.parametrize("threads,seed,mix", [(0, None, 8), (1, None, 2), (2, None, 8),
                                              (2, 11, 8), (2, 11, 2), (1, 3, 1)])
def test_every_entry_once(parts, threads, seed, mix):
    batches = stream(parts, threads=threads, seed=seed, mix=mix)
    assert all(len(b.moves) == BATCH for b in batches[:-1])
    assert 1 <= len(batches[-1].moves) <= BATCH
    assert all(b.see is None for b in batches)
    np.testing.assert_array_equal(rows(joined(batches)), rows(read_all(parts)))


def test_one_file_at_a_time_is_the_files_in_order(parts):
    expected = read_all(parts)
    for threads in (0, 2):
        got = joined(stream(parts, threads=threads, mix=1))
        for name, a, b in zip(seebatch.TrainingBatch._fields, got, expected):
            np.testing.assert_array_equal(a, b, err_msg=name)


def test_a_seed_gives_the_same_batches_whatever_the_threads(parts):
    runs = [stream(parts, threads=threads, seed=7, mix=3) for threads in (0, 1, 2, 2)]
    first = joined(runs[0])
    for run in runs[1:]:
        assert [len(b.moves) for b in run] == [len(b.moves) for b in runs[0]]
        for a, b in zip(joined(run), first):
            np.testing.assert_array_equal(a, b)
    other = joined(stream(parts, threads=2, seed=8, mix=3))
    assert not np.array_equal(other.moves, first.moves)
    np.testing.assert_array_equal(rows(other), rows(first))
    in_turn = joined(stream(parts, threads=2, mix=3))
    assert not np.array_equal(in_turn.moves, first.moves)


RULES = ["--skip-capture", "--skip-in-check", "--skip-early-ply", "8"]


def test_rules_and_see_labels_are_those_of_filter_and_see_values(parts):
    expected = []
    for path in parts:
        rules = seebatch.Filter(RULES)
        expected += [seebatch.select(b, rules.keep_mask(b)) for b in seebatch.read_training(path)]
    expected = joined(expected)
    assert 0 < len(expected.moves) < PARTS * PART_ENTRIES
    batches = stream(parts, rules=RULES, see="stockfish", threads=2, seed=4, mix=3)
    got = joined(batches)
    np.testing.assert_array_equal(rows(got), rows(expected))
    see = np.concatenate([b.see for b in batches])
    assert see.dtype == np.int32
    np.testing.assert_array_equal(see, seebatch.see_values(
        got.boards, np.arange(len(got.moves)), got.moves, "stockfish"))
    with pytest.raises(ValueError, match="rule argument 0"):
        seebatch.stream_training(parts, rules=["--no-such-rule"])


def test_cyclic_passes_again(parts):
    total = PARTS * PART_ENTRIES
    taken, batches = 0, []
    for batch in seebatch.stream_training(parts, BATCH, threads=2, cyclic=True, mix=1,
                                          piece_size=PIECE):
        batches.append(batch.moves.copy())
        taken += len(batch.moves)
        if taken >= 2 * total + 1:
            break
    moves = np.concatenate(batches)
    expected = read_all(parts).moves
    np.testing.assert_array_equal(moves[:total], expected)
    np.testing.assert_array_equal(moves[total:2 * total], expected)


def damaged_copy(path, target):
    """A copy of path with one byte changed in the second half, where
    read_training raises past entry 100: (the copy, that error)."""
    data = bytearray(open(path, "rb").read())
    for offset in range(len(data) // 2, len(data), 331):
        changed = bytearray(data)
        changed[offset] ^= 0x5A
        with open(target, "wb") as out:
            out.write(changed)
        try:
            seebatch.read_training_all(target)
        except seebatch.TrainingDataError as error:
            if error.entry > 100:
                return target, error
    pytest.fail("no damage found that read_training refuses")


@pytest.mark.parametrize("threads", [0, 2])
def test_a_damaged_second_file_is_named_after_the_entries_before_it(parts, tmp_path, threads):
    damaged, expected = damaged_copy(parts[1], str(tmp_path / "damaged.binpack"))
    paths = [parts[0], damaged, parts[2]]
    got = []
    with pytest.raises(seebatch.TrainingDataError) as raised:
        for batch in seebatch.stream_training(paths, BATCH, threads=threads, mix=1,
                                              piece_size=PIECE):
            got.append(batch)
    error = raised.value
    assert error.path == damaged and error.entry == expected.entry
    assert damaged in str(error) and f"entry {expected.entry}:" in str(error)
    assert str(error) == str(expected).replace("read_training", "stream_training")
    before = joined([*seebatch.read_training(parts[0]),
                     next(seebatch.read_training(damaged, batch_size=expected.entry - 1))])
    for a, b in zip(joined(got), before):
        np.testing.assert_array_equal(a, b)
    # Mixed with the others: the same fault, raised in the consumer.
    with pytest.raises(seebatch.TrainingDataError, match=f"entry {expected.entry}:"):
        for _ in seebatch.stream_training(paths, BATCH, threads=threads, seed=1):
            pass


def stream_threads():
    return [t for t in threading.enumerate() if t.name.startswith("seebatch-stream")]


def open_files(paths):
    """The file descriptors of this process open on one of paths."""
    names = {os.path.realpath(p) for p in paths}
    found = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") in names:
                found.append(fd)
        except OSError:
            pass
    return found


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc/self/fd to see open files")
def test_breaking_out_stops_the_threads_and_closes_the_files(parts):
    assert stream_threads() == [] and open_files(parts) == []
    batches = seebatch.stream_training(parts, BATCH, threads=2, seed=2, mix=3, piece_size=PIECE)
    next(batches)
    assert len(stream_threads()) == 2 and len(open_files(parts)) == PARTS
    batches.close()
    assert stream_threads() == [] and open_files(parts) == []
    # A write over a file being streamed is refused, as one being read.
    for batch in seebatch.stream_training(parts, BATCH, threads=1):
        with pytest.raises(ValueError, match="same file as the input"):
            seebatch.write_training(parts[2], batch)
        break
    assert stream_threads() == [] and open_files(parts) == []


def test_bad_arguments(parts):
    for arguments in ({"batch_size": 0}, {"threads": -1}, {"mix": 0}, {"piece_size": 0}):
        with pytest.raises(ValueError, match="stream_training: "):
            seebatch.stream_training(parts, **arguments)
    missing = parts[0] + ".absent"
    with pytest.raises(seebatch.TrainingDataError, match="absent"):
        list(seebatch.stream_training([parts[0], missing], threads=2))
