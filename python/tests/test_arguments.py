"""The whole-number arguments of the package (threads, seeds, sizes) are
checked as the tool checks its options, before any work: a value out of the
tool's range (-j at most 256, --seed at most 2^63 - 1) or past what the
package can number (2^32 - 1 entries a batch) raises ValueError naming the
function, the argument and the range; arrays too big for memory raise a
MemoryError that names the argument; and a list of no files is refused."""
import pytest

import seebatch
from seebatch import _arguments

ENTRY = b"fen 4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\nmove e1e2\nscore 0\nply 1\nresult 0\ne\n"


@pytest.fixture
def plain(tmp_path):
    path = tmp_path / "entries.plain"
    path.write_bytes(ENTRY * 10)
    return str(path)


@pytest.mark.parametrize("name,value,said", [
    ("threads", 257, "threads is 257; a whole number 0..256 is needed"),
    ("threads", 10**6, "threads is 1000000; a whole number 0..256 is needed"),
    ("seed", 2**63, "seed is 9223372036854775808; None or a whole number "
                    "0..9223372036854775807 is needed"),
    ("seed", 2**64, "seed is 18446744073709551616; None or a whole number "
                    "0..9223372036854775807 is needed"),
    ("batch_size", 2**40, "batch_size is 1099511627776; a whole number 1..4294967295 is needed"),
    ("portion_size", 2**32, "portion_size is 4294967296; a whole number 1..4294967295 is needed"),
    ("shuffle", 2**32, "shuffle is 4294967296; a whole number 0..4294967295 is needed"),
    ("mix", 2**32, "mix is 4294967296; a whole number 1..4294967295 is needed")])
def test_stream_training_refuses_what_the_tool_refuses(plain, name, value, said):
    """Named with the range, at the call, before any file is opened (the
    path given does not exist: its fault would come second)."""
    for paths in ([plain], [plain + ".absent"]):
        with pytest.raises(ValueError) as raised:
            seebatch.stream_training(paths, **{name: value})
        assert str(raised.value) == f"stream_training: {said}"


def test_the_ends_of_the_ranges_are_taken(plain):
    for arguments in ({"threads": 256}, {"threads": 0}, {"seed": 2**63 - 1}, {"seed": 0},
                      {"batch_size": 1}, {"portion_size": 1}, {"mix": 1}):
        got = sum(len(b.moves) for b in seebatch.stream_training([plain], **arguments))
        assert got == 10, arguments


def test_no_file_is_refused(plain):
    for paths in ([], (), iter([])):
        with pytest.raises(ValueError, match=r"^stream_training: no file given \(paths is "
                                             r"empty\); give one or more"):
            seebatch.stream_training(paths)


def test_arrays_bigger_than_memory_name_their_argument(plain):
    """numpy's MemoryError spells out the whole record type (hundreds of
    characters); the package's names the argument and what it asked for."""
    def refused(count):
        raise MemoryError("Unable to allocate 1 PiB for an array with shape ... and data type "
                          + repr(seebatch.BOARD_DTYPE))
    with pytest.raises(MemoryError) as raised:
        _arguments.allocated("stream_training", "batch_size", 2**31, refused, 83)
    assert str(raised.value) == (
        "stream_training: batch_size=2147483648 asks for 178 GB of arrays (83 bytes an "
        "entry), more than this process can have; give a smaller batch_size")
    # The largest batch the range allows: where memory runs out (most
    # machines: 356 GB), said so.
    try:
        batches = seebatch.stream_training([plain], batch_size=2**32 - 1)
        next(batches)
    except MemoryError as error:
        assert str(error).startswith("stream_training: batch_size=4294967295 asks for ")
        assert "dtype" not in str(error) and len(str(error)) < 200
    else:
        pytest.skip("this machine gave 356 GB of arrays: no MemoryError to look at")


def test_read_training_and_filter_file_check_theirs(plain, tmp_path):
    for size in (0, 2**32, 2**40, 1.5):
        with pytest.raises(ValueError, match=r"^read_training: batch_size is .*; a whole number "
                                             r"1\.\.4294967295 is needed$"):
            next(seebatch.read_training(plain, batch_size=size))
    rules = seebatch.Filter(["--skip-capture"])
    for threads in (257, -1, 10**6):
        with pytest.raises(ValueError, match=r"^filter_file: threads is .*; a whole number "
                                             r"0\.\.256 is needed$"):
            rules.filter_file(plain, str(tmp_path / "out.plain"), threads=threads)
    # 0: one a core this process may run on, as the tool's -j 0: the same output.
    seebatch.Filter(["--skip-capture"]).filter_file(plain, str(tmp_path / "one.plain"), threads=1)
    seebatch.Filter(["--skip-capture"]).filter_file(plain, str(tmp_path / "all.plain"), threads=0)
    assert (tmp_path / "all.plain").read_bytes() == (tmp_path / "one.plain").read_bytes()
    assert 1 <= _arguments.cores_allowed() <= 256
