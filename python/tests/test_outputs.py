"""write_training as the tool writes --output (issue 37): never the file
being read (path, link, hard link), a temporary renamed over the target so
an interrupted or failed write leaves it as it was, the output format chosen
by the tool's rule (format=, else the name, else the format read), the path
named once in messages, and rows with line endings read by boards_from_fens."""
import errno
import os

import numpy as np
import pytest

from conftest import run_cli
from training_data import make_games

import seebatch


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    directory = tmp_path_factory.mktemp("outputs")
    binpack, plain = make_games(directory, 3, 12)
    return directory, binpack, plain


def temporaries(directory):
    return [name for name in os.listdir(directory) if name.startswith(".")]


@pytest.mark.parametrize("link", ["same", "symlink", "hardlink"])
def test_the_file_being_read_is_refused(files, tmp_path, link):
    _, binpack, _ = files
    source = tmp_path / "in.binpack"
    source.write_bytes(open(binpack, "rb").read())
    before = source.read_bytes()
    output = source
    if link == "symlink":
        output = tmp_path / "link.binpack"
        output.symlink_to(source)
    elif link == "hardlink":
        output = tmp_path / "hard.binpack"
        os.link(source, output)
    with pytest.raises(ValueError, match=rf"the output {output} is the same file as the input "
                                         rf"{source}"):
        seebatch.write_training(output, (seebatch.select(b, b.scores > 0)
                                         for b in seebatch.read_training(source, 100)))
    assert source.read_bytes() == before
    assert temporaries(tmp_path) == []
    # Once the reading is over, the same file may be written again.
    batch = seebatch.read_training_all(source)
    seebatch.write_training(output, batch)
    again = seebatch.read_training_all(source)
    for column, written in zip(again, batch):
        np.testing.assert_array_equal(column, written)


def test_an_interrupted_write_leaves_the_target_as_it_was(files, tmp_path):
    _, binpack, _ = files
    target = tmp_path / "out.binpack"
    target.write_bytes(b"old")

    def interrupted():
        for number, batch in enumerate(seebatch.read_training(binpack, 50)):
            if number == 3:
                raise KeyboardInterrupt
            yield batch
    with pytest.raises(KeyboardInterrupt):
        seebatch.write_training(target, interrupted())
    assert target.read_bytes() == b"old"
    assert temporaries(tmp_path) == []


def test_bad_input_keeps_the_entries_before_it(files, tmp_path):
    _, binpack, _ = files
    data = open(binpack, "rb").read()
    truncated = tmp_path / "truncated.binpack"
    truncated.write_bytes(data[:len(data) - 50])
    target = tmp_path / "out.plain"
    with pytest.raises(seebatch.TrainingDataError):
        seebatch.write_training(target, seebatch.read_training(truncated, 10))
    read = sum(len(b.moves) for b in _until_fault(truncated))
    assert read > 0
    assert len(seebatch.read_training_all(target).moves) == read
    assert temporaries(tmp_path) == []


def _until_fault(path):
    try:
        for batch in seebatch.read_training(path, 10):
            yield batch
    except seebatch.TrainingDataError:
        return


@pytest.mark.skipif(not os.access("/dev/full", os.W_OK), reason="no writable /dev/full here")
def test_dev_full_is_named_once(files):
    _, binpack, _ = files
    with pytest.raises(seebatch.TrainingDataError) as raised:
        seebatch.write_training("/dev/full", seebatch.read_training_all(binpack), format="plain")
    message = str(raised.value)
    assert message.count("/dev/full") == 1, message
    assert message.startswith("write_training: /dev/full: "), message


def test_a_failed_create_names_the_path_once(files, tmp_path):
    _, binpack, _ = files
    missing = tmp_path / "no" / "x.plain"
    with pytest.raises(seebatch.TrainingDataError) as raised:
        seebatch.write_training(missing, seebatch.read_training_all(binpack))
    assert str(raised.value).count(str(missing)) == 1, str(raised.value)


def _magic(path):
    return open(path, "rb").read(4)


def test_the_output_format_rule(files, tmp_path):
    """format=, else the name, else the format read: as `seebatch filter`."""
    _, binpack, plain = files
    batch = seebatch.read_training_all(binpack)
    # The name.
    seebatch.write_training(tmp_path / "a.binpack", batch)
    assert _magic(tmp_path / "a.binpack") == b"BINP"
    seebatch.write_training(tmp_path / "a.plain", batch)
    assert _magic(tmp_path / "a.plain") == b"fen "
    # format= wins over the name.
    seebatch.write_training(tmp_path / "b.plain", batch, format="binpack")
    assert _magic(tmp_path / "b.plain") == b"BINP"
    # Neither: the format the batches were read from.
    seebatch.write_training(tmp_path / "from_plain.out", seebatch.read_training(plain))
    assert _magic(tmp_path / "from_plain.out") == b"fen "
    seebatch.write_training(tmp_path / "from_binpack.out",
                            (seebatch.select(b, b.scores > -30000)
                             for b in seebatch.read_training(binpack)))
    assert _magic(tmp_path / "from_binpack.out") == b"BINP"
    # None of the three: refused.
    with pytest.raises(ValueError, match="give format="):
        seebatch.write_training(tmp_path / "c.out", batch._asdict())
    # The tool chooses the same for the same names.
    for name, magic in (("t.binpack", b"BINP"), ("t.plain", b"fen ")):
        assert run_cli("filter", plain, "--output", str(tmp_path / name)).returncode == 0
        assert _magic(tmp_path / name) == magic
    assert run_cli("filter", binpack, "--output", str(tmp_path / "t.out")).returncode == 0
    assert _magic(tmp_path / "t.out") == b"BINP"


def test_boards_from_fens_takes_line_endings(files):
    """Rows as readlines() gives them: LF and CRLF ends are taken, as the tool takes them."""
    fens = ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "4k3/8/8/8/8/8/8/4K2R w K - 3 40"]
    plain, plain_errors = seebatch.boards_from_fens(fens)
    assert plain_errors == []
    for ending in ("\n", "\r\n"):
        boards, errors = seebatch.boards_from_fens([fen + ending for fen in fens])
        assert errors == []
        np.testing.assert_array_equal(boards, plain)
    # Only one line end is taken: a line break inside the row is still refused.
    _, errors = seebatch.boards_from_fens([fens[0] + "\n\n"])
    assert len(errors) == 1


def test_bin_through_the_library_is_the_tools(files, tmp_path):
    """read_training and write_training on .bin: the tool's bytes, the same
    entries as the plain text, a fault named as the tool names it."""
    _, binpack, plain = files
    tool_bin = tmp_path / "tool.bin"
    assert run_cli("filter", binpack, "--output", str(tool_bin)).returncode == 0
    batch = seebatch.read_training_all(binpack)
    seebatch.write_training(tmp_path / "python.bin", batch)
    assert (tmp_path / "python.bin").read_bytes() == tool_bin.read_bytes()
    assert len(tool_bin.read_bytes()) == 40 * len(batch.moves)
    back = seebatch.read_training_all(tool_bin)
    for column, expected in zip(back, batch):
        np.testing.assert_array_equal(column, expected)
    read = next(seebatch.read_training(tool_bin))
    assert read.source_format == "bin"
    # bin -> plain through Python: the tool's plain text of the binpack.
    seebatch.write_training(tmp_path / "back.plain", seebatch.read_training(tool_bin))
    tool_plain = tmp_path / "tool.plain"
    assert run_cli("filter", binpack, "--output", str(tool_plain)).returncode == 0
    assert (tmp_path / "back.plain").read_bytes() == tool_plain.read_bytes()
    # A truncated .bin: the entries before the fault, then the tool's words.
    data = tool_bin.read_bytes()
    truncated = tmp_path / "truncated.bin"
    truncated.write_bytes(data[:40 * 7 + 13])
    count = 0
    with pytest.raises(seebatch.TrainingDataError) as raised:
        for b in seebatch.read_training(truncated, 3):
            count += len(b.moves)
    assert count == 7
    assert "byte 280, entry 8: truncated: the file ends 13 bytes into a 40-byte entry" \
        in str(raised.value)
    assert raised.value.byte_offset == 280 and raised.value.entry == 8
    result = run_cli("filter", str(truncated), "--count-only")
    assert f"{truncated}: byte 280, entry 8: truncated" in result.stderr


@pytest.mark.parametrize("kind", ["binpack", "plain", "bin"])
def test_filter_file_refuses_its_input_as_write_training_does(files, tmp_path, kind):
    """filter_file with the output the input raises what write_training
    raises for its own refusal (one type, whatever the input's format: the
    binpack path refuses before the chunk driver runs, plain and bin through
    write_training), and the file is as it was."""
    _, binpack, plain = files
    source = tmp_path / f"in.{kind}"
    if kind == "bin":
        result = run_cli("convert", plain, str(source))
        assert result.returncode == 0, result.stderr
    else:
        source.write_bytes(open(binpack if kind == "binpack" else plain, "rb").read())
    before = source.read_bytes()
    with pytest.raises(ValueError) as own:
        seebatch.write_training(source, seebatch.read_training(source, 100))
    with pytest.raises(ValueError, match="is the") as refused:
        seebatch.Filter(["--skip-capture"]).filter_file(source, source)
    assert type(refused.value) is type(own.value), (type(refused.value), type(own.value))
    assert source.read_bytes() == before
    assert temporaries(tmp_path) == []


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="no symbolic links")
def test_through_links_in_other_directories(files, tmp_path):
    """A second check of the output's links (test_output_files has the first,
    in C): from Python, a link in one directory to a link in another, to a
    file not made yet; the file is made where the last link names it, both
    links stay, no temporary is left; links that loop are refused, naming
    the system's reason."""
    _, binpack, _ = files
    batch = seebatch.read_training_all(binpack)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "first.binpack", tmp_path / "b" / "second.binpack"
    first.symlink_to(os.path.join("..", "b", "second.binpack"))
    second.symlink_to("made.binpack")
    assert seebatch.write_training(first, batch) == len(batch.moves)
    assert first.is_symlink() and second.is_symlink()
    made = seebatch.read_training_all(tmp_path / "b" / "made.binpack")
    for column, written in zip(made, batch):
        np.testing.assert_array_equal(column, written)
    assert temporaries(tmp_path / "a") == [] and temporaries(tmp_path / "b") == []
    loop_a, loop_b = tmp_path / "a" / "loop.binpack", tmp_path / "b" / "loop.binpack"
    loop_a.symlink_to(os.path.join("..", "b", "loop.binpack"))
    loop_b.symlink_to(os.path.join("..", "a", "loop.binpack"))
    with pytest.raises(seebatch.TrainingDataError, match=os.strerror(errno.ELOOP)):
        seebatch.write_training(loop_a, batch)
    assert loop_a.is_symlink() and loop_b.is_symlink()
