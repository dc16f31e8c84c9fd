"""Training batches from many files at once, for a trainer: each file decoded,
judged by `seebatch filter`'s rules and labelled with SEE in C, read ahead on
Python worker threads (ctypes releases the GIL during each C call; the calls
made here start no thread of their own; a whole file labelled or filtered on
C's threads is training.py's label_file, count_file and Filter.filter_file).

    for batch in seebatch.stream_training(paths, 1 << 16, rules=["--skip-capture"],
                                          see="stockfish", threads=2, seed=7):
        batch.boards, batch.moves, batch.scores, batch.plies, batch.results, batch.see

How the files are mixed, so that the same arguments give the same batches
whatever the threads do: a file is read in portions (portion_size entries read,
then the rules' survivors kept), one portion after another, by one thread at a
time. `mix` files are open at once (the window); the consumer (the caller's
thread) takes one portion from a file of the window, then the next file in
turn (seed None) or one drawn from a generator seeded with `seed`, and
copies portions into batches of batch_size entries (with shuffle=N, through a
buffer of N entries handed out in an order drawn from the seed). When a file
ends the next one takes its place in the window: the files in the order
given, or in an order drawn for each pass with a seed. Which thread decodes
a portion, and when, changes nothing but the speed.
"""
import ctypes
import itertools
import os
import threading
from collections import deque
from types import SimpleNamespace

import numpy as np

from . import _library
from ._arguments import MOST_ENTRIES, MOST_SEED, MOST_THREADS, allocated, whole
from ._arrays import address
from ._library import ErrorStruct
from .see import _config
from .training import (ENTRY_BYTES, TrainingBatch, TrainingDataError, Filter, _empty, _lib,
                       _pointers, _raise, _start_reading, _stop_reading)

BOARD_WORDS = 9  # a board is 72 bytes: copied as nine uint64 (a structured copy is 10x slower)
_READY_PER_FILE = 2  # portions decoded ahead for each file of the window


class _Buffers:
    """The arrays one portion is decoded into (portion_size entries), kept and
    refilled: the columns, the rules' mask and the SEE values."""

    def __init__(self, size, see):
        self.columns = _empty(size)
        self.words = self.columns.boards.view(np.uint64).reshape(-1, BOARD_WORDS)
        self.pointers = _pointers(self.columns)
        self.keep = np.empty(size, np.uint8)
        self.see = np.empty(size, np.int32) if see else None


class _Portion:
    """Entries [start, stop) of buffers, not yet copied into a batch; with
    rows (the shuffle buffer's), entry i is row rows[i] of buffers."""

    def __init__(self, buffers, stop, rows=None):
        self.buffers, self.start, self.stop, self.rows = buffers, 0, stop, rows


class _File:
    """One file in one pass over the files: its reader, its rules (a rule
    may remember earlier entries of the file) and its portions decoded ahead;
    `fault` follows the last portion when the file ended at a fault."""

    def __init__(self, path, rules):
        self.path, self.rules = path, rules
        self.reader, self.filter = None, None
        self.portions, self.fault = deque(), None
        self.busy = False    # a thread is decoding its next portion
        self.ended = False   # no portion will come after those in self.portions
        self.entries = 0     # entries read from the file (before the rules)
        self.delivered = 0   # entries taken into batches

    def finished(self):
        return self.ended and not self.busy and not self.portions


class _Stream:
    """What the consumer and the worker threads share, under one condition."""

    def __init__(self, options):
        self.options = options
        self.lib = _lib()
        self.condition = threading.Condition()
        self.window, self.spare = [], []
        self.stopping = False
        self.threads = []
        self.order = allocated("stream_training", "portion_size", options.portion_size,
                               lambda n: np.arange(n, dtype=np.uint32), 4)  # entry i's board is i

    # Worker threads -------------------------------------------------------

    def start(self, count):
        for number in range(count):
            thread = threading.Thread(target=self._work, name=f"seebatch-stream-{number}",
                                      daemon=True)
            thread.start()
            self.threads.append(thread)

    def _work(self):
        while True:
            with self.condition:
                file = self._wanted()
                while file is None and not self.stopping:
                    self.condition.wait()
                    file = self._wanted()
                if self.stopping:
                    return
                file.busy = True
                buffers = self.spare.pop() if self.spare else None
            self._decode_into(file, buffers)

    def _wanted(self):
        """The file of the window whose next portion is needed soonest: the one
        with the fewest portions ready (the earliest in the window of those)."""
        best = None
        for file in self.window:
            if not (file.busy or file.ended) and len(file.portions) < _READY_PER_FILE and \
                    (best is None or len(file.portions) < len(best.portions)):
                best = file
        return best

    def _decode_into(self, file, buffers):
        """Decodes file's next portion (file.busy is set: no other thread
        touches its reader) and hands it over; every C call runs without
        the GIL."""
        try:
            portion, fault, ended = self._decode(file, buffers)
        except BaseException as error:  # anything at all reaches the consumer
            portion, fault, ended = None, error, True
        with self.condition:
            if portion is not None:
                file.portions.append(portion)
            elif buffers is not None:
                self.spare.append(buffers)
            file.fault, file.ended, file.busy = fault, ended or fault is not None, False
            self.condition.notify_all()

    def _decode(self, file, buffers):
        """(a _Portion or None when no entry was kept, the fault as an
        exception or None, whether the file ended)."""
        lib, options = self.lib, self.options
        error = ErrorStruct()
        if file.reader is None:
            reader = ctypes.c_void_p()
            status = lib.seebatch_training_open(os.fsencode(file.path), ctypes.byref(reader),
                                                ctypes.byref(error))
            if status:
                return None, _fault(status, error, None, file.path), True
            file.reader = reader.value
            if file.rules is not None:
                file.filter = Filter(file.rules)
        buffers = buffers or allocated("stream_training", "portion_size", options.portion_size,
                                       lambda n: _Buffers(n, options.see is not None),
                                       ENTRY_BYTES + 5)
        count = ctypes.c_size_t(0)
        status = lib.seebatch_training_read(file.reader, options.portion_size,
                                            ctypes.byref(buffers.pointers), ctypes.byref(count),
                                            ctypes.byref(error))
        fault = _fault(status, error, lib.seebatch_training_reader_place(file.reader),
                       file.path) if status else None
        read = count.value
        file.entries += read
        kept = read
        if read and file.filter is not None:
            kept, rule_fault = self._judge(file, buffers, read)
            fault = rule_fault or fault
        if kept and options.see is not None:
            batch = _library.BatchStruct(address(buffers.columns.boards), kept, None,
                                         address(self.order), address(buffers.columns.moves), kept)
            _library.lib.seebatch_values(ctypes.byref(options.see._rules), ctypes.byref(batch),
                                    address(buffers.see))
        ended = bool(lib.seebatch_training_at_end(file.reader))
        return (_Portion(buffers, kept) if kept else None), fault, ended

    def _judge(self, file, buffers, read):
        """Keeps, at the front of buffers, the entries no rule drops:
        (their count, a fault of an entry the rules refused or None)."""
        error = ErrorStruct()
        status = self.lib.seebatch_training_filter_keep(file.filter._filter, read,
                                                        ctypes.byref(buffers.pointers),
                                                        address(buffers.keep), ctypes.byref(error))
        fault = None
        if status:
            # The filter numbers the file's entries as the reader does.
            place = self.lib.seebatch_training_filter_place(file.filter._filter)
            fault = _fault(status, error, place, file.path)
            read = int(place.entry - 1 - (file.entries - read))
        rows = np.flatnonzero(buffers.keep[:read])
        if len(rows) < read:
            columns = buffers.columns
            buffers.words[:len(rows)] = buffers.words[rows]
            for column in columns[1:]:
                column[:len(rows)] = column[rows]
        return len(rows), fault

    # The consumer ---------------------------------------------------------

    def take(self, file):
        """file's next portion, its fault (an exception) once its portions are
        taken, or None when it has ended; waits for a thread, or decodes on
        this one when there is none."""
        while True:
            with self.condition:
                while True:
                    if file.portions:
                        self.condition.notify_all()  # a thread may read ahead again
                        return file.portions.popleft()
                    if file.finished():
                        return file.fault
                    if not self.threads and not file.busy:
                        file.busy = True
                        buffers = self.spare.pop() if self.spare else None
                        break
                    self.condition.wait()
            self._decode_into(file, buffers)

    def give_back(self, portion):
        with self.condition:
            self.spare.append(portion.buffers)

    def replace(self, slot, file):
        """Takes window[slot] out (its reader closed: no thread is on it) and
        puts file in its place, or closes the gap when file is None."""
        with self.condition:
            old = self.window[slot]
            if file is None:
                del self.window[slot]
            else:
                self.window[slot] = file
            self.condition.notify_all()
        self._close(old)

    def stop(self):
        """Stops the threads, waits for each, and closes every file."""
        with self.condition:
            self.stopping = True
            self.condition.notify_all()
        for thread in self.threads:
            thread.join()
        for file in self.window:
            self._close(file)
        self.window = []

    def _close(self, file):
        if file.reader is not None:
            self.lib.seebatch_training_close(file.reader)
            file.reader = None
        file.filter = None


def _fault(status, error, place, path):
    """The TrainingDataError a failed call means (raised later, by the consumer)."""
    try:
        _raise(status, error, place, path, "stream_training")
    except TrainingDataError as fault:
        return fault


def _rules_of_pass(rules, seed, number):
    """The rule arguments for pass `number`: with a seed, rules that draw
    and no --seed of their own (the library says which:
    seebatch_training_filter_reads), the rules get a seed drawn for
    the pass, so each pass drops other entries."""
    if rules is None or seed is None or not Filter(rules).draws_unseeded():
        return rules
    drawn = int(np.random.default_rng([seed, number, 1]).integers(2**63))
    return rules + ["--seed", str(drawn)]


def _passes(paths, rules, cyclic, seed):
    """The files in reading order: one pass over paths, or passes for ever
    (cyclic); in the order given, or in an order drawn for each pass."""
    for number in itertools.count():
        order = range(len(paths)) if seed is None else \
            np.random.default_rng([seed, number]).permutation(len(paths))
        pass_rules = _rules_of_pass(rules, seed, number)
        for index in order:
            yield _File(paths[index], pass_rules)
        if not cyclic:
            return


def stream_training(paths, batch_size=1 << 16, rules=None, see=None, threads=2, cyclic=False,
                    seed=None, mix=8, portion_size=1 << 14, reuse=False, shuffle=0):
    """Yields TrainingBatch after TrainingBatch (batch_size entries each, the
    last fewer) from many .binpack, .plain or .bin files. The seed shuffles
    the files' order and which file each portion (portion_size entries) comes
    from, not the entries: a portion keeps the file's order (one file gives the
    same batches for seed 7, 8 or None) unless shuffle=N passes the entries
    through a buffer of N put in an order drawn from the seed.

    The mixing in full (the module's text): with seed=None the files come in
    the order given and portions from the window in turn; an integer draws the
    files' order for each pass and the file each portion comes from. shuffle=N
    (0: off; it needs a seed) gathers N entries (the last time fewer), draws
    their order and hands them out in it, as nnue-pytorch's loader shuffles
    its buffer of a million (N=1 << 20 holds 83 MB: 79 bytes an entry, 83
    with see; it costs about 0.1 us an entry on the caller's thread).

    Every path is opened before this returns: one that does not exist, cannot
    be read or is no training data raises TrainingDataError naming it, before
    any batch. rules: `seebatch filter`'s rule options (as Filter takes them),
    judged on each file in order by the tool's code; only the entries no rule
    drops are given. see: a configuration ("classic", "stockfish", a Config or
    (values, flags)): each batch then has `see`, the int32 SEE of each
    entry's move (batch.see is None otherwise). threads: the threads that
    read ahead (0: read on the caller's thread when a portion is needed); at
    most `mix` of them are busy, one per file. cyclic: pass over the files
    again and again (the stream ends only when a whole pass gives no entry).
    With a seed, rules that draw and have no --seed of their own get a seed
    drawn for each pass. reuse=True fills the same arrays for every batch
    (each valid until the next is asked for). batch_size, mix, portion_size
    (1..2^32 - 1), shuffle (0..2^32 - 1), threads (0..256, as the tool's -j)
    and seed (None, or 0..2^63 - 1, as the tool's --seed) are whole numbers;
    another value, or no path at all, raises ValueError naming it, before
    any file is opened; arrays bigger than memory raise MemoryError naming
    the argument that asked for them.

    A file that does not decode (or whose entries the rules refuse) raises
    TrainingDataError naming it, the byte and the entry, after every entry
    before it has been given (the batch being filled is yielded first).
    Closing the generator (a `break` out of the loop, or its end) stops the
    threads and closes every file."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    paths = [os.fsdecode(os.fspath(path)) for path in paths]
    if not paths:
        raise ValueError("stream_training: no file given (paths is empty); give one or more "
                         ".binpack, .plain or .bin files")
    where = "stream_training"
    options = SimpleNamespace(
        batch_size=whole(where, "batch_size", batch_size, 1, MOST_ENTRIES),
        mix=whole(where, "mix", mix, 1, MOST_ENTRIES),
        portion_size=whole(where, "portion_size", portion_size, 1, MOST_ENTRIES),
        threads=whole(where, "threads", threads, 0, MOST_THREADS),
        shuffle=whole(where, "shuffle", shuffle, 0, MOST_ENTRIES),
        seed=None if seed is None else whole(where, "seed", seed, 0, MOST_SEED,
                                             "None or a whole number"),
        cyclic=bool(cyclic), reuse=bool(reuse),
        rules=None if rules is None else Filter(rules).rules,  # refused here, not in a thread
        see=None if see is None else _config(see))
    if options.shuffle and options.seed is None:
        raise ValueError(f"stream_training: shuffle={options.shuffle} needs a seed (a whole "
                         "number 0 or more): the same seed gives the same batches")
    for path in paths:
        _check_opens(path)
    return _batches(paths, options)


def _check_opens(path):
    """Raises TrainingDataError unless path opens as training data (it
    exists, can be read, and its start or name says its format)."""
    lib, error, reader = _lib(), ErrorStruct(), ctypes.c_void_p()
    status = lib.seebatch_training_open(os.fsencode(path), ctypes.byref(reader),
                                        ctypes.byref(error))
    if status:
        _raise(status, error, None, path, "stream_training")
    lib.seebatch_training_close(reader.value)


def _batches(paths, options):
    """The generator stream_training returns (options: its arguments, checked)."""
    stream = _Stream(options)
    identities = [_start_reading(path) for path in paths]
    try:
        portions = _portions(stream, paths, options)
        if options.shuffle:
            portions = _shuffled(portions, options)
        yield from _in_batches(portions, options)
    finally:
        stream.stop()
        for identity in identities:
            _stop_reading(identity)


def _portions(stream, paths, options):
    """The portions in the order the module's text says, each given back once
    the next is asked for; a file's fault (an exception) is the last item."""
    cyclic, seed = options.cyclic, options.seed
    files = _passes(paths, options.rules, cyclic, seed)
    stream.window = list(itertools.islice(files, options.mix))
    choose = np.random.default_rng(seed) if seed is not None else None
    slot, empty_in_a_row = 0, 0
    stream.start(min(options.threads, options.mix))
    while stream.window:
        if choose is not None:
            slot = int(choose.integers(len(stream.window)))
        file = stream.window[slot]
        portion = stream.take(file)
        if isinstance(portion, BaseException):
            yield portion
            return
        if portion is None:
            empty_in_a_row = 0 if file.delivered else empty_in_a_row + 1
            if cyclic and empty_in_a_row >= len(paths):
                return
            stream.replace(slot, next(files, None))
            if stream.window:
                slot %= len(stream.window)
            continue
        file.delivered += portion.stop - portion.start
        yield portion
        stream.give_back(portion)
        if choose is None:
            slot = (slot + 1) % len(stream.window)


def _shuffled(portions, options):
    """The entries of portions through the shuffle buffer: options.shuffle of
    them (the last time fewer) as one portion whose rows are in an order drawn
    from options.seed; a fault follows the entries before it."""
    buffer = allocated("stream_training", "shuffle", options.shuffle,
                       lambda n: _Output(n, options.see is not None), ENTRY_BYTES + 4)
    draw = np.random.default_rng([options.seed, 0, 2])  # not the files' or the rules' draws
    filled = 0
    for portion in portions:
        if isinstance(portion, BaseException):
            if filled:
                yield _Portion(buffer, filled, draw.permutation(filled))
            yield portion
            return
        while portion.start < portion.stop:
            filled += buffer.copy(filled, portion)
            if filled == options.shuffle:
                yield _Portion(buffer, filled, draw.permutation(filled))
                filled = 0
    if filled:
        yield _Portion(buffer, filled, draw.permutation(filled))


def _in_batches(portions, options):
    """Batches of options.batch_size entries copied from portions, the last
    fewer; at a fault, the batch being filled, then the fault raised."""
    batch_size, out, filled = options.batch_size, None, 0
    for portion in portions:
        if isinstance(portion, BaseException):
            if filled:
                yield _batch(out, filled, options)
            raise portion
        while portion.start < portion.stop:
            if out is None:
                out = allocated("stream_training", "batch_size", batch_size,
                                lambda n: _Output(n, options.see is not None), ENTRY_BYTES + 4)
            filled += out.copy(filled, portion)
            if filled == batch_size:
                yield _batch(out, filled, options)
                out = out if options.reuse else None
                filled = 0
    if filled:
        yield _batch(out, filled, options)


class _Output:
    """The arrays of the batch being filled (or of the shuffle buffer)."""

    def __init__(self, size, see):
        self.columns = _empty(size)
        self.words = self.columns.boards.view(np.uint64).reshape(-1, BOARD_WORDS)
        self.see = np.empty(size, np.int32) if see else None

    def copy(self, filled, portion):
        """Copies as much of portion as fits after `filled` entries; returns how many."""
        count = min(len(self.columns.moves) - filled, portion.stop - portion.start)
        start, stop, source = portion.start, portion.start + count, portion.buffers
        into = slice(filled, filled + count)
        if portion.rows is None:
            self.words[into] = source.words[start:stop]
            for column, taken in zip(self.columns[1:], source.columns[1:]):
                column[into] = taken[start:stop]
            if self.see is not None:
                self.see[into] = source.see[start:stop]
        else:  # gathered straight into the batch: no copy in between ("clip": the
            rows = portion.rows[start:stop]  # rows are in range, and it skips numpy's check)
            np.take(source.words, rows, axis=0, out=self.words[into], mode="clip")
            for column, taken in zip(self.columns[1:], source.columns[1:]):
                np.take(taken, rows, out=column[into], mode="clip")
            if self.see is not None:
                np.take(source.see, rows, out=self.see[into], mode="clip")
        portion.start = stop
        return count


def _batch(out, filled, options):
    batch = TrainingBatch(*(column[:filled] for column in out.columns))
    batch.see = None if out.see is None else out.see[:filled]
    return batch
