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
BATCH, PORTION = 10_000, 4_096


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
    options.setdefault("portion_size", PORTION)
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
                                          portion_size=PORTION):
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
                                              portion_size=PORTION):
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
    batches = seebatch.stream_training(parts, BATCH, threads=2, seed=2, mix=3, portion_size=PORTION)
    next(batches)
    # Two threads, started with the stream; the file of the first portion open
    # (how many others the threads have opened by now is the scheduler's).
    assert len(stream_threads()) == 2 and 1 <= len(open_files(parts)) <= PARTS
    batches.close()
    assert stream_threads() == [] and open_files(parts) == []
    # A write over a file being streamed is refused, as one being read.
    for batch in seebatch.stream_training(parts, BATCH, threads=1):
        with pytest.raises(ValueError, match="same file as the input"):
            seebatch.write_training(parts[2], batch)
        break
    assert stream_threads() == [] and open_files(parts) == []


def test_bad_arguments(parts):
    for arguments in ({"batch_size": 0}, {"threads": -1}, {"mix": 0}, {"portion_size": 0}):
        with pytest.raises(ValueError, match="stream_training: "):
            seebatch.stream_training(parts, **arguments)
    missing = parts[0] + ".absent"
    with pytest.raises(seebatch.TrainingDataError, match="absent"):
        list(seebatch.stream_training([parts[0], missing], threads=2))


def test_every_path_is_checked_before_the_first_batch(parts, tmp_path):
    """A path that is missing, a directory or no training data raises at
    the call, naming it, before a batch of the good files ahead of it."""
    notes = tmp_path / "notes.txt"
    notes.write_text("no training data here\n")
    for bad, reason in ((parts[0] + ".absent", "cannot open"), (str(tmp_path), "cannot"),
                        (str(notes), "is no training data")):
        with pytest.raises(seebatch.TrainingDataError) as raised:
            seebatch.stream_training([*parts, bad], BATCH, threads=2)  # not iterated
        assert raised.value.path == bad and bad in str(raised.value)
        assert reason in str(raised.value) and str(raised.value).startswith("stream_training: ")
    if os.geteuid() != 0:  # root reads a file of mode 000
        locked = tmp_path / "locked.binpack"
        locked.write_bytes(open(parts[0], "rb").read())
        locked.chmod(0)
        with pytest.raises(seebatch.TrainingDataError, match="locked.binpack: cannot open"):
            seebatch.stream_training([*parts, str(locked)], BATCH)


@pytest.mark.parametrize("name,value,said", [
    ("seed", -1, "seed is -1; None or a whole number 0..9223372036854775807 is needed"),
    ("seed", 2.5, "seed is 2.5; None or a whole number 0.."),
    ("batch_size", 1000.5, "batch_size is 1000.5; a whole number 1..4294967295 is needed"),
    ("batch_size", "many", "batch_size is 'many'; a whole number 1.."),
    ("threads", 1.5, "threads is 1.5; a whole number 0..256"),
    ("mix", 0, "mix is 0; a whole number 1.."),
    ("portion_size", -4, "portion_size is -4; a whole number 1.."),
    ("shuffle", -1, "shuffle is -1; a whole number 0..")])
def test_each_argument_is_named_with_its_range(parts, name, value, said):
    with pytest.raises(ValueError) as raised:
        seebatch.stream_training(parts, **{name: value})
    assert str(raised.value) == f"stream_training: {said}" or \
        str(raised.value).startswith(f"stream_training: {said}")
    # Whole numbers given as floats are taken.
    assert sum(len(b.moves) for b in seebatch.stream_training(parts[:1], 10_000.0)) == PART_ENTRIES


def file_order(parts, batches):
    """The parts' indices in the order a mix=1 stream read them."""
    moves = joined(batches).moves
    expected = [read_all([path]).moves for path in parts]
    order = []
    for start in range(0, len(moves), PART_ENTRIES):
        found = [i for i, e in enumerate(expected) if np.array_equal(moves[start:start + PART_ENTRIES], e)]
        assert len(found) == 1, f"entries {start}.. are no one part's"
        order.append(found[0])
    return tuple(order)


def test_the_seed_draws_the_order_of_the_files(parts):
    """One file at a time (mix=1): seeds 0-5 do not all read the files in
    one order, each reads every file once, and a seed repeats its order."""
    orders = {seed: file_order(parts, stream(parts, threads=2, seed=seed, mix=1))
              for seed in range(6)}
    assert all(sorted(order) == list(range(PARTS)) for order in orders.values())
    assert len(set(orders.values())) > 1, f"every seed read the files in one order: {orders}"
    assert file_order(parts, stream(parts, threads=0, seed=3, mix=1)) == orders[3]
    assert file_order(parts, stream(parts, threads=2, mix=1)) == (0, 1, 2)


def test_cyclic_goes_on_past_an_empty_file(parts, tmp_path):
    """Cyclic over part0, an empty file and part1: the empty file gives no
    entry, and the stream goes on to part1, then round again."""
    empty = tmp_path / "empty.binpack"
    empty.write_bytes(b"")
    paths = [parts[0], str(empty), parts[1]]
    total = 2 * PART_ENTRIES
    moves, taken = [], 0
    for batch in seebatch.stream_training(paths, BATCH, threads=2, cyclic=True, mix=1,
                                          portion_size=PORTION):
        moves.append(batch.moves.copy())
        taken += len(batch.moves)
        if taken >= 2 * total:
            break
    moves = np.concatenate(moves)
    assert len(moves) >= 2 * total, f"the stream ended after {len(moves)} entries"
    expected = read_all([parts[0], parts[1]]).moves
    np.testing.assert_array_equal(moves[:total], expected)
    np.testing.assert_array_equal(moves[total:2 * total], expected)


@pytest.mark.parametrize("threads,seed,shuffle", [(0, None, 0), (2, None, 0), (2, 5, 0),
                                                  (2, 5, 50_000)])
def test_the_last_batch_is_given_when_partial(parts, threads, seed, shuffle):
    """7,000 does not divide 120,000: 17 batches of 7,000, then one of 1,000."""
    options = {"shuffle": shuffle} if shuffle else {}
    batches = list(seebatch.stream_training(parts, 7_000, threads=threads, seed=seed, mix=2,
                                            portion_size=PORTION, **options))
    assert [len(b.moves) for b in batches] == [7_000] * 17 + [1_000]
    np.testing.assert_array_equal(rows(joined(batches)), rows(read_all(parts)))


def test_the_shuffle_buffer_shuffles_entries_by_the_seed(parts):
    """One file: without the buffer seeds 7, 8 and None give the file's
    order; with it each seed its own order, the same whatever the threads,
    every entry once, and the first buffer's entries before the next's."""
    one = parts[:1]
    plain = [joined(stream(one, threads=2, seed=seed)).moves for seed in (7, 8, None)]
    np.testing.assert_array_equal(plain[0], plain[2])
    np.testing.assert_array_equal(plain[1], plain[2])
    block = 15_000
    shuffled = {seed: joined(stream(one, threads=2, seed=seed, shuffle=block)) for seed in (7, 8)}
    assert not np.array_equal(shuffled[7].moves, plain[2])
    assert not np.array_equal(shuffled[7].moves, shuffled[8].moves)
    for threads in (0, 1):
        again = joined(stream(one, threads=threads, seed=7, shuffle=block))
        for a, b in zip(again, shuffled[7]):
            np.testing.assert_array_equal(a, b)
    whole = read_all(one)
    np.testing.assert_array_equal(rows(shuffled[7]), rows(whole))
    first = seebatch.TrainingBatch(*(c[:block] for c in whole))
    np.testing.assert_array_equal(rows(seebatch.TrainingBatch(*(c[:block] for c in shuffled[7]))),
                                  rows(first))
    # A buffer larger than the files, and the SEE labels moved with their entries.
    batches = stream(parts, threads=2, seed=1, mix=3, shuffle=1 << 20, see="stockfish")
    got = joined(batches)
    np.testing.assert_array_equal(rows(got), rows(read_all(parts)))
    np.testing.assert_array_equal(np.concatenate([b.see for b in batches]), seebatch.see_values(
        got.boards, np.arange(len(got.moves)), got.moves, "stockfish"))
    with pytest.raises(ValueError, match="shuffle=1000 needs a seed"):
        seebatch.stream_training(parts, shuffle=1000)


def test_a_fault_comes_after_the_shuffled_entries_before_it(parts, tmp_path):
    damaged, expected = damaged_copy(parts[1], str(tmp_path / "damaged.binpack"))
    before = next(seebatch.read_training(damaged, batch_size=expected.entry - 1))
    assert len(before.moves) % 5_000, "the fault should come inside a buffer"
    got = []
    with pytest.raises(seebatch.TrainingDataError, match=f"entry {expected.entry}:"):
        for batch in seebatch.stream_training([damaged], 3_000, threads=2, seed=3,
                                              shuffle=5_000, portion_size=PORTION):
            got.append(batch)
    np.testing.assert_array_equal(rows(joined(got)), rows(before))
