"""Stockfish's training data (.binpack, .plain, .bin) as NumPy batches, over
libseebatch.so (the tool's own format and rule code, in C; ctypes
releases the GIL during each call, so threads read files in parallel).

    for batch in seebatch.read_training("data.binpack", batch_size=1 << 16):
        batch.boards, batch.moves, batch.scores, batch.plies, batch.results
    seebatch.write_training("out.binpack", batches)
"""
import ctypes
import functools
import itertools
import os
import threading
from collections import Counter, namedtuple

import numpy as np

from . import _library
from ._arguments import MOST_ENTRIES, MOST_THREADS, allocated, cores_allowed, whole
from ._arrays import BOARD_DTYPE, address, boards_array, integer_array
from ._errors import SeebatchError, about_file, new_error
from ._library import ErrorStruct
from .see import _config

TRAINING_FORMATS = ("binpack", "plain", "bin")
FIELDS = ("boards", "moves", "scores", "plies", "results")
DTYPES = (BOARD_DTYPE, np.dtype(np.uint16), np.dtype(np.int16), np.dtype(np.uint16),
          np.dtype(np.int8))
ENTRY_BYTES = sum(dtype.itemsize for dtype in DTYPES)  # 79

class TrainingBatch(namedtuple("TrainingBatch", FIELDS)):
    """Entries i = 0..n-1 of training data: boards (BOARD_DTYPE), moves
    (uint16, the library's move encoding), scores (int16), plies (uint16),
    results (int8: -1, 0, 1 for the side to move).

    chunk_end (not a field): on batches of read_training(..., by_chunk=True),
    True on the last batch of each binpack chunk of the file, else False;
    None on other batches. select keeps it.

    source_format (not a field): on batches of read_training, the format of
    the file read ("binpack", "plain" or "bin"), which write_training takes when
    neither its format nor the output's name says one; None on other
    batches. select keeps it.

    see (not a field): on batches of stream_training(..., see=config), the
    int32 SEE of each entry's move; None on other batches."""
    chunk_end = None
    source_format = None
    see = None


class TrainingDataError(ValueError):
    """A training file that does not decode, or entries that cannot be written.

    path; byte_offset (reading: where in the file; plain: the block's start);
    entry, the entry's number counting from 1 as the `seebatch` tool's
    messages count (in the file, or among the entries given to the writer
    or the filter; 0 when no entry is concerned); index, the same from 0
    (entry - 1: the entries before it, its row in the batches joined), or
    None; status, the library's seebatch_status (an int). The message names
    the place as the tool does: "byte B, entry E: why" in a binpack, "line
    L, entry E: why" in plain text."""

    def __init__(self, message, path, byte_offset, entry, status=None):
        super().__init__(message)
        self.path, self.byte_offset, self.entry = path, byte_offset, entry
        self.index = entry - 1 if entry else None
        self.status = status


class Place(ctypes.Structure):
    """seebatch_training_place: where a fault is, beside its message."""
    _fields_ = [("byte_offset", ctypes.c_uint64), ("entry", ctypes.c_uint64)]


class Arrays(ctypes.Structure):
    _fields_ = [(name, ctypes.c_void_p) for name in FIELDS]


_P, _SIZE, _ERROR = ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ErrorStruct)
_ARRAYS, _OUT_P, _OUT_SIZE = (ctypes.POINTER(Arrays), ctypes.POINTER(ctypes.c_void_p),
                              ctypes.POINTER(ctypes.c_size_t))
_PROTOTYPES = [
    ("seebatch_training_open", ctypes.c_int, [ctypes.c_char_p, _OUT_P, _ERROR]),
    ("seebatch_training_reader_format", ctypes.c_int, [_P]),
    ("seebatch_training_read", ctypes.c_int, [_P, _SIZE, _ARRAYS, _OUT_SIZE, _ERROR]),
    ("seebatch_training_read_chunk", ctypes.c_int,
     [_P, _SIZE, _ARRAYS, _OUT_SIZE, ctypes.POINTER(ctypes.c_int), _ERROR]),
    ("seebatch_training_at_end", ctypes.c_int, [_P]),
    ("seebatch_training_reader_place", Place, [_P]),
    ("seebatch_training_close", None, [_P]),
    ("seebatch_training_create", ctypes.c_int,
     [ctypes.c_char_p, ctypes.c_int, ctypes.c_int, _OUT_P, _ERROR]),
    ("seebatch_training_write", ctypes.c_int, [_P, _SIZE, _ARRAYS, _P, _ERROR]),
    ("seebatch_training_end_chunk", ctypes.c_int, [_P, _ERROR]),
    ("seebatch_training_writer_place", Place, [_P]),
    ("seebatch_training_finish", ctypes.c_int, [_P, _ERROR]),
    ("seebatch_training_abandon", None, [_P]),
    ("seebatch_training_moves_from_uci", ctypes.c_int,
     [_P, _SIZE, _P, _P, _SIZE, _SIZE, _P, _OUT_SIZE, _ERROR]),
    ("seebatch_training_filter_new", ctypes.c_int,
     [_SIZE, ctypes.POINTER(ctypes.c_char_p), _OUT_P, _ERROR]),
    ("seebatch_training_filter_keep", ctypes.c_int, [_P, _SIZE, _ARRAYS, _P, _ERROR]),
    ("seebatch_training_filter_place", Place, [_P]),
    ("seebatch_training_filter_free", None, [_P]),
    ("seebatch_training_filter_reads", ctypes.c_uint, [_P]),
    ("seebatch_file_format_named", ctypes.c_int, [ctypes.c_char_p]),
    ("seebatch_file_format_name", ctypes.c_char_p, [ctypes.c_int]),
    ("seebatch_file_format_of_path", ctypes.c_int, [ctypes.c_char_p]),
    ("seebatch_training_filter_file", ctypes.c_int, [_P, _ERROR]),
    ("seebatch_training_run", ctypes.c_int, [_P, _ERROR]),
]


class FilterCounts(ctypes.Structure):
    """seebatch_filter_counts: what the rules did to the entries judged."""
    _fields_ = [("entries", ctypes.c_uint64), ("kept", ctypes.c_uint64),
                ("matched", ctypes.c_uint64 * 16), ("alone", ctypes.c_uint64 * 16)]


class FilterFileJob(ctypes.Structure):
    """seebatch_filter_file_job: one call of seebatch_training_filter_file."""
    _fields_ = [("filter", ctypes.c_void_p), ("input", ctypes.c_char_p),
                ("output", ctypes.c_char_p), ("output_format", ctypes.c_int),
                ("threads", ctypes.c_uint), ("input_stream", ctypes.c_void_p),
                ("output_stream", ctypes.c_void_p), ("progress", ctypes.c_void_p),
                ("progress_context", ctypes.c_void_p), ("input_format", ctypes.c_int),
                ("skip", ctypes.c_void_p), ("skip_context", ctypes.c_void_p),
                ("counts", FilterCounts),
                ("place", Place), ("reason", ctypes.c_char * 160)]


class Portion(ctypes.Structure):
    """seebatch_portion: a portion of a file as seebatch_training_run delivers it."""
    _fields_ = [("state", ctypes.c_void_p), ("entries", ctypes.c_void_p),
                ("lines", ctypes.c_void_p), ("count", ctypes.c_size_t),
                ("first", ctypes.c_uint64), ("begins", ctypes.c_int), ("ends", ctypes.c_int),
                ("before", ctypes.c_uint64), ("size", ctypes.c_uint64),
                ("chains", ctypes.c_uint64)]


class Work(ctypes.Structure):
    """seebatch_work: what seebatch_training_run does with each portion."""
    _fields_ = [("context", ctypes.c_void_p), ("portion_new", ctypes.c_void_p),
                ("portion_free", ctypes.c_void_p), ("block", ctypes.c_void_p),
                ("deliver", ctypes.c_void_p)]


class Run(ctypes.Structure):
    """seebatch_run: one call of seebatch_training_run."""
    _fields_ = [("input", ctypes.c_char_p), ("input_stream", ctypes.c_void_p),
                ("format", ctypes.c_int), ("threads", ctypes.c_uint), ("work", Work),
                ("skip", ctypes.c_void_p), ("skip_context", ctypes.c_void_p),
                ("progress", ctypes.c_void_p), ("progress_context", ctypes.c_void_p),
                ("entries", ctypes.c_uint64), ("chunks", ctypes.c_uint64), ("place", Place),
                ("line", ctypes.c_uint64), ("reason", ctypes.c_char * 160)]


_LABELS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32),
                           ctypes.c_size_t, ctypes.c_uint64)


class Labelling(ctypes.Structure):
    """seebatch_labelling: the rules of seebatch_label_work, and who takes its labels."""
    _fields_ = [("rules", ctypes.c_void_p), ("labels", ctypes.c_void_p),
                ("context", ctypes.c_void_p)]


# seebatch_counts's fields in order, as `seebatch stats --format jsonl` keys them.
COUNT_KEYS = ("entries", "chains", "games", "games_won_by_white", "games_drawn",
              "games_won_by_black", "side_to_move_won", "side_to_move_drew",
              "side_to_move_lost", "captures", "en_passant", "promotions", "castlings", "checks")
# The ranges of seebatch_counts's scores and plies, as `seebatch stats` names them.
SCORE_RANGES = ("32002", "-32768..-1000", "-999..-300", "-299..-101", "-100..-1", "0",
                "1..100", "101..299", "300..999", "1000..32767")
PLY_RANGES = ("0..9", "10..19", "20..39", "40..79", "80..159", "160..319", "320..65535")


class Counts(ctypes.Structure):
    """seebatch_counts: what seebatch_count_work counts."""
    _fields_ = ([(key, ctypes.c_uint64) for key in COUNT_KEYS] +
                [("scores", ctypes.c_uint64 * len(SCORE_RANGES)),
                 ("plies", ctypes.c_uint64 * len(PLY_RANGES)),
                 ("carry", ctypes.c_uint64 * 16)])


# seebatch_training_filter_reads's bits.
_FILTER_DRAWS, _FILTER_SEEDED = 4, 8


@functools.lru_cache(maxsize=None)
def _lib():
    """libseebatch.so (the one the package loaded) with the training functions'
    C types set, on the first call that needs them."""
    lib = _library.bind(_library.lib, _PROTOTYPES)
    lib.seebatch_label_work.restype = Work
    lib.seebatch_label_work.argtypes = [_P]
    lib.seebatch_count_work.restype = Work
    lib.seebatch_count_work.argtypes = [_P]
    return lib


def _format_code(name):
    """The library's number of a training format's name (seebatch_file_format)."""
    return _lib().seebatch_file_format_named(name.encode())


def _format_name(code):
    """The name of the library's format number."""
    return _lib().seebatch_file_format_name(code).decode()


def _format_of_path(path):
    """The training format a path's name says, by the library's one rule
    (seebatch_file_format_of_path, the tool's); None for no such name."""
    name = _format_name(_lib().seebatch_file_format_of_path(os.fsencode(path)))
    return name if name in TRAINING_FORMATS else None


def _raise(status, error, place, path, where):
    """Raises TrainingDataError for a failed call: status and error as it
    returned them, place where the fault is (a Place, or None: no entry)."""
    message = error.message.decode(errors="replace")
    if path:  # named once, whole
        message = about_file(path, message)
    place = place or Place()
    raise TrainingDataError(f"{where}: {message}", path, place.byte_offset, place.entry, status)


# The files read_training is reading now, by (device, inode), so that
# write_training refuses to replace one (a path, a link to it or a hard
# link): the guard against destroying an input, as the tool's.
_reading = Counter()
_reading_names = {}
_reading_lock = threading.Lock()


def _file_id(path):
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_dev, status.st_ino


def _start_reading(name):
    identity = _file_id(name)
    if identity is not None:
        with _reading_lock:
            _reading[identity] += 1
            _reading_names[identity] = name
    return identity


def _stop_reading(identity):
    if identity is not None:
        with _reading_lock:
            _reading[identity] -= 1
            if _reading[identity] <= 0:
                del _reading[identity], _reading_names[identity]


class _RefusedInput(ValueError):
    """write_training's output is a file read_training is reading."""


def _refuse_an_input(name, identity):
    """Raises ValueError when identity (the output's) is a file being read."""
    with _reading_lock:
        source = _reading_names.get(identity) if identity is not None else None
    if source is not None:
        raise _RefusedInput(f"write_training: the output {name} is the same file as the input "
                         f"{source}, which read_training is reading; it would be destroyed, "
                         "so nothing was written (write to another file)")


def _empty(count):
    return TrainingBatch(*(np.empty(count, dtype) for dtype in DTYPES))


def _pointers(batch):
    return Arrays(*(address(array) for array in batch))


def read_training(path, batch_size=1 << 16, by_chunk=False, reuse=False):
    """Yields TrainingBatch after TrainingBatch (batch_size entries each, the
    last fewer) of a .binpack, .plain or .bin file, told as the tool tells it
    ("BINP" or "fen " at its start, else its name). Each batch is decoded in
    C into new arrays. A fault in the file
    raises TrainingDataError naming its byte offset and entry number, after
    every entry before it has been yielded.

    by_chunk=True (binpack): no batch spans two chunks of the file, and the
    last batch of each chunk has chunk_end True (it is empty when the chunk
    ended exactly at the batch before), so that write_training(...,
    keep_chunks=True) ends its chunks where the file's end, as the tool does.

    reuse=True fills the same arrays for every batch (each batch is valid
    until the next is asked for): no new memory per batch, for a loop that
    uses each batch and lets it go. batch_size is a whole number
    1..2^32 - 1 (else ValueError, before the file is opened)."""
    batch_size = whole("read_training", "batch_size", batch_size, 1, MOST_ENTRIES)

    def new_arrays():
        return allocated("read_training", "batch_size", batch_size, _empty, ENTRY_BYTES)

    lib, (error, error_pointer), name = _lib(), new_error(), os.fspath(path)
    reader = ctypes.c_void_p()
    status = lib.seebatch_training_open(os.fsencode(name), ctypes.byref(reader), error_pointer)
    if status:
        _raise(status, error, None, None, "read_training")
    reader = reader.value
    source_format = _format_name(lib.seebatch_training_reader_format(reader))
    by_chunk = by_chunk and source_format == "binpack"
    next_batch = _next_in_chunk if by_chunk else _next_batch
    ended = True  # the last batch yielded ended a chunk (or none was yielded)
    arrays = new_arrays() if reuse else None
    identity = _start_reading(name)
    try:
        while True:
            status, batch = next_batch(lib, reader, arrays or new_arrays(), error_pointer)
            batch.source_format = source_format
            if len(batch.moves) or (batch.chunk_end and not ended):
                yield batch
                ended = batch.chunk_end
            if status:
                _raise(status, error, lib.seebatch_training_reader_place(reader), name,
                       "read_training")
            if lib.seebatch_training_at_end(reader):
                return
    finally:
        _stop_reading(identity)
        lib.seebatch_training_close(reader)


def _next_batch(lib, reader, arrays, error_pointer):
    """(status, the next entries decoded into arrays: as many as they hold)."""
    count = ctypes.c_size_t(0)
    status = lib.seebatch_training_read(reader, len(arrays.moves), ctypes.byref(_pointers(arrays)),
                                        ctypes.byref(count), error_pointer)
    return status, _head(arrays, count.value)


def _next_in_chunk(lib, reader, arrays, error_pointer):
    """The same, within the current chunk; chunk_end when it ended."""
    done, count = ctypes.c_int(0), ctypes.c_size_t(0)
    status = lib.seebatch_training_read_chunk(reader, len(arrays.moves),
                                              ctypes.byref(_pointers(arrays)), ctypes.byref(count),
                                              ctypes.byref(done), error_pointer)
    batch = _head(arrays, count.value)
    batch.chunk_end = bool(done.value)
    return status, batch


def _head(batch, count):
    """The first count entries (views, so no copy)."""
    return TrainingBatch(*(array[:count] for array in batch))


def read_training_all(path):
    """The whole file as one TrainingBatch (the batches of read_training joined)."""
    batches = list(read_training(path))
    if not batches:
        return _empty(0)
    return TrainingBatch(*(np.concatenate(column) for column in zip(*batches)))


def as_batch(entries, where="training data"):
    """A TrainingBatch of contiguous arrays in the C types from anything with
    the five fields (a TrainingBatch, a dict, an object with attributes);
    integers out of their type's range are refused, naming the element."""
    def field(name):
        return entries[name] if isinstance(entries, dict) else getattr(entries, name)
    try:
        columns = [field(name) for name in FIELDS]
    except (KeyError, AttributeError) as missing:
        raise TypeError(f"{where}: needs boards, moves, scores, plies and results "
                        f"({missing} is missing)") from None
    boards = boards_array(columns[0], where)
    arrays = [boards]
    for name, values, dtype in zip(FIELDS[1:], columns[1:], DTYPES[1:]):
        arrays.append(integer_array(values, dtype, where, name))
        if len(arrays[-1]) != len(boards):
            raise ValueError(f"{where}: {len(boards)} boards but {len(arrays[-1])} {name}")
    return TrainingBatch(*arrays)


def _format_of(path, format, first):
    """The format written, by the tool's rule: format when given, else the
    output's extension, else the format the first batch was read from."""
    if format is None:
        format = _format_of_path(path) or \
            getattr(_with_mask(first, "write_training")[0], "source_format", None)
        if format is None:
            raise ValueError(f"write_training: {path}: give format='binpack', 'plain' or 'bin' "
                             "(the extension names neither, and the batches were not read "
                             "from a file by read_training)")
    if format not in TRAINING_FORMATS:
        raise ValueError(f"write_training: format {format!r} is none of 'binpack', 'plain', "
                         "'bin'")
    return _format_code(format)


def _peek(batches):
    """(the first batch or None, an iterator over all the batches)."""
    iterator = iter(batches)
    for first in iterator:
        return first, itertools.chain([first], iterator)
    return None, iter(())


def write_training(path, batches, format=None, keep_chunks=False):
    """Writes entries to path as the `seebatch` tool writes them: batches is
    one batch (a TrainingBatch, or a dict or object with the five fields) or
    an iterable of them; a (batch, mask) pair in place of a batch writes the
    entries where the bool mask is True (select without the copy). format is "binpack", "plain" or
    "bin"; by default the extension's (.binpack, .plain, .bin), else the format the batches
    were read from (their source_format), as `seebatch filter --output`
    chooses. The file is written to a temporary beside path, renamed over
    it at the end: an output that is a file read_training is reading is
    refused (ValueError), and a write that fails or is interrupted
    (KeyboardInterrupt) leaves path as it was. Every entry is checked (a consistent board, a move its piece
    can make, a result -1..1; binpack: what its format can hold); the first
    refused raises TrainingDataError naming its number, with the entries
    before it written. keep_chunks=True (binpack): a chunk ends after each
    batch whose chunk_end is True or None (a batch not read by chunk ends
    one) rather than at 1 MiB, so batches of read_training(...,
    by_chunk=True), selected or not, keep the input's chunks, as `seebatch
    filter` does. Returns the number of entries written."""
    lib, (error, error_pointer), name = _lib(), new_error(), os.fspath(path)
    if isinstance(batches, (TrainingBatch, dict)) or hasattr(batches, "boards"):
        batches = [batches]
    elif isinstance(batches, tuple) and len(batches) == 2:
        batches = [batches]
    first, batches = _peek(batches)
    code = _format_of(name, format, first)
    target = _file_id(name)
    _refuse_an_input(name, target)
    writer = ctypes.c_void_p()
    status = lib.seebatch_training_create(os.fsencode(name), code, int(bool(keep_chunks)),
                                          ctypes.byref(writer), error_pointer)
    if status:
        _raise(status, error, None, None, "write_training")
    writer = writer.value
    written, failed, finish = 0, None, True
    try:
        for number, entries in enumerate(batches):
            # The batches' reader is open once the first is made.
            _refuse_an_input(name, target)
            entries, mask = _with_mask(entries, f"write_training: batch {number}")
            batch = as_batch(entries, f"write_training: batch {number}")
            if mask is not None and len(mask) != len(batch.boards):
                raise ValueError(f"write_training: batch {number}: {len(batch.boards)} entries "
                                 f"but a mask of {len(mask)}")
            status = lib.seebatch_training_write(writer, len(batch.boards),
                                                 ctypes.byref(_pointers(batch)),
                                                 None if mask is None else address(mask),
                                                 error_pointer)
            if not status:
                written += len(batch.boards) if mask is None else int(np.count_nonzero(mask))
                if keep_chunks and getattr(entries, "chunk_end", None) is not False:
                    status = lib.seebatch_training_end_chunk(writer, error_pointer)
            if status:
                # Kept before finishing frees the writer (and its place).
                failed = (status, ErrorStruct.from_buffer_copy(error),
                          lib.seebatch_training_writer_place(writer))
                break
    except BaseException as error:
        # Bad entries or bad input keep the entries before them (as the
        # library's writer does; the tool's --output keeps nothing of a
        # failed run); an interruption (KeyboardInterrupt) or refusing an
        # input leaves the file as it was.
        finish = isinstance(error, Exception) and not isinstance(error, _RefusedInput)
        raise
    finally:
        if finish:
            finish_status = lib.seebatch_training_finish(writer, error_pointer)
        else:
            lib.seebatch_training_abandon(writer)
    if failed is not None:
        _raise(*failed, name, "write_training")
    if finish_status:
        _raise(finish_status, error, None, name, "write_training")
    return written


def _with_mask(item, where):
    """(entries, a contiguous uint8 mask or None) of a batch or a (batch, mask) pair."""
    if isinstance(item, TrainingBatch) or not (isinstance(item, tuple) and len(item) == 2):
        return item, None
    entries, mask = item
    mask = np.asarray(mask)
    if mask.dtype != np.bool_ or mask.ndim != 1:
        raise TypeError(f"{where}: a mask must be a 1-D bool array, not {mask.dtype} "
                        f"{mask.ndim}-D")
    return entries, np.ascontiguousarray(mask).view(np.uint8)


def moves_from_uci(boards, texts, board_index=None):
    """Parses UCI moves ("e2e4", "e7e8q", castling "e1g1" or the king taking
    its rook "e1h1", Chess960's "g1f1") into the library's move encoding
    (uint16), castling as the king taking its rook. Move i is on boards[board_index[i]], or on
    boards[i] when board_index is None. A move that does not parse raises
    SeebatchError naming its row."""
    if isinstance(texts, (str, bytes)):
        raise TypeError("moves_from_uci takes a sequence of UCI moves, not one string: "
                        "moves_from_uci(boards, [\"e2e4\"])")
    boards = boards_array(boards, "moves_from_uci")
    try:
        texts = np.asarray(texts, dtype=np.bytes_) if not isinstance(texts, np.ndarray) or \
            texts.dtype.kind != "S" else texts
    except UnicodeEncodeError as error:
        raise SeebatchError(f"moves_from_uci: a move is not ASCII ({error.object!r})", 1) from None
    texts = np.ascontiguousarray(texts.reshape(-1) if texts.ndim == 0 else texts)
    if texts.ndim != 1:
        raise ValueError(f"moves_from_uci: texts must be 1-D, not {texts.ndim}-D")
    if board_index is None:
        if len(texts) != len(boards):
            raise ValueError(f"moves_from_uci: {len(texts)} moves for {len(boards)} boards; give "
                             "board_index to say which board each is on")
        index_pointer = None
    else:
        board_index = integer_array(board_index, np.uint32, "moves_from_uci", "board_index")
        if len(board_index) != len(texts):
            raise ValueError(f"moves_from_uci: {len(texts)} moves but {len(board_index)} "
                             "board_index")
        index_pointer = address(board_index)
    moves, (error, error_pointer) = np.empty(len(texts), np.uint16), new_error()
    stride = max(texts.dtype.itemsize, 1)
    data = address(texts) if texts.size else None
    status = _lib().seebatch_training_moves_from_uci(address(boards), len(boards), index_pointer,
                                                     data, stride, len(texts), address(moves),
                                                     None, error_pointer)
    if status:
        raise SeebatchError(f"moves_from_uci: {error.message.decode(errors='replace')}", status)
    return moves


def _source_format(path):
    """The format of the file at path, told as read_training tells it."""
    lib, (error, error_pointer) = _lib(), new_error()
    reader = ctypes.c_void_p()
    status = lib.seebatch_training_open(os.fsencode(path), ctypes.byref(reader), error_pointer)
    if status:
        _raise(status, error, None, None, "filter_file")
    format = _format_name(lib.seebatch_training_reader_format(reader.value))
    lib.seebatch_training_close(reader.value)
    return format


class Filter:
    """`seebatch filter`'s rules, given as its options (["--skip-capture",
    "--skip-see-ge", "0"]), applied by the tool's own code. keep_mask(batch)
    says which entries of a batch the rules keep; a rule that looks at
    earlier entries (the placeholder zero) remembers the batches before, so
    give one file's batches in order to one Filter."""

    def __init__(self, rules):
        if isinstance(rules, (str, bytes)):
            raise TypeError("Filter takes a list of the tool's arguments, not one string: "
                            "Filter([\"--skip-see-ge\", \"0\"]), or Filter(text.split())")
        rules = [os.fsdecode(rule) if isinstance(rule, bytes) else str(rule) for rule in rules]
        argv = (ctypes.c_char_p * max(len(rules), 1))(*(r.encode() for r in rules))
        made, (error, error_pointer) = ctypes.c_void_p(), new_error()
        if _lib().seebatch_training_filter_new(len(rules), argv, ctypes.byref(made),
                                               error_pointer):
            raise ValueError(f"Filter: {error.message.decode(errors='replace')}")
        self._filter = made.value
        self._free = _lib().seebatch_training_filter_free
        self.rules = rules

    def draws_unseeded(self):
        """True when a rule draws at random and no --seed was given."""
        reads = _lib().seebatch_training_filter_reads(self._filter)
        return bool(reads & _FILTER_DRAWS) and not reads & _FILTER_SEEDED

    def keep_mask(self, batch):
        """A bool array: True where no rule drops the entry."""
        batch = as_batch(batch, "keep_mask")
        keep, (error, error_pointer) = np.empty(len(batch.boards), np.uint8), new_error()
        status = _lib().seebatch_training_filter_keep(self._filter, len(keep),
                                                      ctypes.byref(_pointers(batch)),
                                                      address(keep), error_pointer)
        if status:
            _raise(status, error, _lib().seebatch_training_filter_place(self._filter), None,
                   "keep_mask")
        return keep.view(np.bool_)

    def filter_file(self, source, output, format=None, batch_size=None, threads=1):
        """Filters the file source into output as `seebatch filter RULES
        source --output output` does, byte for byte, by the library's one
        call for it (seebatch_training_filter_file): a binpack chunk by
        chunk, its chains and chunks kept (threads chunks at once), plain and
        bin in batches judged by the same rules. format as write_training's
        (by default output's extension, else the input's). Give a Filter one
        file: rules that look at earlier entries remember them. The output
        is written to a temporary beside it, renamed over it at the end (an
        output that is the input is refused with ValueError); a file that
        stops decoding raises TrainingDataError after the entries before the
        fault are written. batch_size is not used (the library chooses);
        threads 0..256, as the tool's -j (0: one a core this process may run
        on). Returns (entries read, entries kept)."""
        threads = whole("filter_file", "threads", threads, 0, MOST_THREADS)
        source, output = os.fspath(source), os.fspath(output)
        lib, (error, error_pointer) = _lib(), new_error()
        format = format or _format_of_path(output) or _source_format(source)
        if format not in TRAINING_FORMATS:
            raise ValueError(f"filter_file: format {format!r} is none of 'binpack', 'plain', "
                             "'bin'")
        target = _file_id(output)
        if target is not None and target == _file_id(source):
            # The type write_training's refusal has.
            raise _RefusedInput(f"filter_file: the output {output} is the input; it would be "
                                "destroyed, so nothing was written (write to another file)")
        _refuse_an_input(output, target)
        job = FilterFileJob(filter=self._filter, input=os.fsencode(source),
                            output=os.fsencode(output), output_format=_format_code(format),
                            threads=threads or cores_allowed())
        status = lib.seebatch_training_filter_file(ctypes.byref(job), error_pointer)
        if status:
            place = job.place if job.place.entry else None
            _raise(status, error, place, source if place else None, "filter_file")
        return job.counts.entries, job.counts.kept

    def __del__(self):
        if getattr(self, "_filter", None):
            self._free(self._filter)
            self._filter = None


def _run_file(path, work, threads, where):
    """seebatch_training_run over the file at path with work: the Run after
    it, or TrainingDataError (with the run on it) for a fault of the file."""
    lib, (error, error_pointer), name = _lib(), new_error(), os.fspath(path)
    run = Run(input=os.fsencode(name), threads=threads or cores_allowed(), work=work)
    status = lib.seebatch_training_run(ctypes.byref(run), error_pointer)
    if status:
        message = about_file(name, error.message.decode(errors="replace"))
        fault = TrainingDataError(f"{where}: {message}", name, run.place.byte_offset,
                                  run.place.entry, status)
        fault.run = run
        raise fault
    return run


def label_file(path, see="classic", threads=1):
    """The SEE of the move of every entry of a training file (.binpack,
    .plain or .bin, told as read_training tells it), in file order, as an
    int32 array: the values `seebatch eval FILE` prints, under the same
    configuration (a preset name, a Config, or (values, flags)). The file is
    read and labelled on `threads` threads by the library's one runner (the
    tool's), a many-board SEE call a block (seebatch_label_work); threads
    0..256, as the tool's -j (0: one a core this process may run on). A fault of
    the file raises TrainingDataError naming its byte and entry; its
    `labels` are the values of every entry before it."""
    threads = whole("label_file", "threads", threads, 0, MOST_THREADS)
    config = _config(see)
    portions = []

    def take(context, values, count, before):
        if count:
            portions.append(np.ctypeslib.as_array(values, (count,)).copy())
        return 0

    callback = _LABELS(take)
    labelling = Labelling(rules=ctypes.addressof(config._rules),
                          labels=ctypes.cast(callback, ctypes.c_void_p))
    work = _lib().seebatch_label_work(ctypes.byref(labelling))
    labels = lambda: np.concatenate(portions) if portions else np.empty(0, np.int32)
    try:
        _run_file(path, work, threads, "label_file")
    except TrainingDataError as fault:
        if "stopped by the work" in str(fault):  # the library's labels ran out of memory
            raise MemoryError("label_file: out of memory") from None
        fault.labels = labels()
        raise
    return labels()


def count_file(path, threads=1):
    """What a training file holds, as `seebatch stats --format jsonl FILE`
    counts it, in the same keys and order: {"file", "format", "entries",
    "chunks" (binpack), "chains", "games", ..., "scores": {range: count},
    "plies": {range: count}}. Counted on `threads` threads by the library's
    one runner and the tool's count (seebatch_count_work); threads 0..256,
    as label_file's. A fault of the
    file raises TrainingDataError naming its byte and entry; its `counts`
    are those of the entries before it."""
    threads = whole("count_file", "threads", threads, 0, MOST_THREADS)
    counts = Counts()
    work = _lib().seebatch_count_work(ctypes.byref(counts))
    name = os.fspath(path)
    try:
        run = _run_file(path, work, threads, "count_file")
    except TrainingDataError as fault:
        fault.counts = _counts_of(name, _source_format(name), counts, fault.run.chunks)
        raise
    return _counts_of(name, _source_format(name), counts, run.chunks)


def _counts_of(name, format, counts, chunks):
    """The counts as `seebatch stats --format jsonl` keys them."""
    result = {"file": name, "format": format, "entries": counts.entries}
    if format == "binpack":
        result["chunks"] = chunks
    result.update((key, getattr(counts, key)) for key in COUNT_KEYS[1:])
    result["scores"] = dict(zip(SCORE_RANGES, counts.scores))
    result["plies"] = dict(zip(PLY_RANGES, counts.plies))
    return result


def keep_mask(batch, rules):
    """Filter(rules).keep_mask(batch): one batch judged alone."""
    return Filter(rules).keep_mask(batch)


def select(batch, mask):
    """The entries of a batch where mask is True, as a TrainingBatch (with
    the batch's chunk_end)."""
    chunk_end = getattr(batch, "chunk_end", None)
    selected = TrainingBatch(*(array[mask] for array in as_batch(batch, "select")))
    selected.chunk_end = chunk_end
    selected.source_format = getattr(batch, "source_format", None)
    return selected
