"""read_training and the `seebatch` tool name the same fault of the same file
in the same words: the place ("byte B" in a binpack, "line L" in plain text),
the entry's number counting from 1, the reason (issue 29: Python counted
from 0, and gave another reason for a truncated file), and what the fault
left unread, the file from it on (issue 83)."""
import os
import subprocess

import pytest

from conftest import cli_path
from training_data import make_games

import seebatch


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return make_games(tmp_path_factory.mktemp("fault_games"), 11, 40)


def tool_fault(path):
    """The tool's first message about the file, after "seebatch filter: PATH: " (None: none)."""
    result = subprocess.run([cli_path(), "filter", "--count-only", str(path)],
                            capture_output=True, text=True)
    prefix = f"seebatch filter: {path}: "
    faults = [line[len(prefix):] for line in result.stderr.splitlines() if line.startswith(prefix)]
    assert (result.returncode == 1) == bool(faults), result.stderr
    return faults[0] if faults else None


def python_fault(path):
    """read_training's message about the file, after "read_training: PATH: " (None: none),
    and the number of entries it yielded before raising."""
    yielded = 0
    try:
        for batch in seebatch.read_training(path, batch_size=97):
            yielded += len(batch.moves)
    except seebatch.TrainingDataError as error:
        prefix = f"read_training: {path}: "
        assert str(error).startswith(prefix), str(error)
        assert error.entry == yielded + 1 and error.index == yielded
        return str(error)[len(prefix):], yielded
    return None, yielded


def unread_note(path, byte):
    """What a fault at byte of the file left unread (issue 83): the file from
    it on, as every message names it."""
    size = os.path.getsize(path)
    return f"; not read: {size - byte} of the file's {size} bytes"


def assert_same_fault(path, expect_fault=True):
    tool = tool_fault(path)
    python, yielded = python_fault(path)
    if str(path).endswith(".plain") and python is not None:
        # The tool skips a bad plain block and reads on; read_training ends
        # there, and says what it left unread.
        assert "; not read: " in python, python
        python = python.split("; not read: ")[0]
    assert python == tool
    if expect_fault:
        assert tool is not None, f"{path}: no fault found"
        assert f"entry {yielded + 1}: " in tool
    if tool is not None and tool.startswith("byte "):
        byte = int(tool.split(",")[0][len("byte "):])
        assert tool.endswith(unread_note(path, byte)), tool
    return tool


def chunk_offsets(data):
    offsets, at = [], 0
    while at < len(data):
        offsets.append(at)
        at += 8 + int.from_bytes(data[at + 4:at + 8], "little")
    return offsets


def test_binpack_faults_are_named_alike(games, tmp_path):
    data = open(games[0], "rb").read()
    offsets = chunk_offsets(data)
    assert len(offsets) > 10
    middle = offsets[len(offsets) // 2]
    cases = {
        "cut inside a chunk": data[:len(data) * 2 // 3],
        "cut inside a header": data[:middle + 5],
        "no chunk header": data[:middle] + b"BINX" + data[middle + 4:],
        "a header claiming too much": data[:middle + 4] + b"\xff\xff\xff\x7f" + data[middle + 8:],
        "junk after the last chunk": data + b"JUNKJUNK",
    }
    reasons = set()
    for name, damaged in cases.items():
        path = tmp_path / (name.replace(" ", "_") + ".binpack")
        path.write_bytes(damaged)
        reasons.add(assert_same_fault(path).split(": ", 1)[1].split("; not read: ")[0])
    assert len(reasons) == 4  # junk after the end is "no chunk header" too


def test_flipped_bytes_are_named_alike(games, tmp_path):
    """Bytes of stems and movetext changed: whatever the reader makes of each
    (a fault, or other entries), the tool makes the same."""
    data = bytearray(open(games[0], "rb").read())
    faults = 0
    for n, at in enumerate(range(40, len(data), len(data) // 37)):
        damaged = bytearray(data)
        damaged[at] ^= 0x5A
        path = tmp_path / f"flip{n}.binpack"
        path.write_bytes(bytes(damaged))
        faults += assert_same_fault(path, expect_fault=False) is not None
    assert faults >= 10


def test_plain_faults_are_named_alike(games, tmp_path):
    text = open(games[1], "rb").read()
    blocks = text.split(b"e\n")
    cases = {
        "a bad score": blocks[:5] + [blocks[5].replace(b"score ", b"score x")] + blocks[6:],
        "a key missing": blocks[:8] + [blocks[8].replace(b"ply ", b"plies ")] + blocks[9:],
        "an illegal move": blocks[:2] + [blocks[2].replace(b"move ", b"move a1a1\nmov ")]
        + blocks[3:],
        "a NUL byte": blocks[:4] + [blocks[4].replace(b"fen ", b"fen \0")] + blocks[5:],
    }
    for name, damaged in cases.items():
        path = tmp_path / (name.replace(" ", "_") + ".plain")
        path.write_bytes(b"e\n".join(damaged))
        assert " entry " in assert_same_fault(path)
    cut = tmp_path / "cut.plain"
    first_lines = b"\n".join(blocks[30].split(b"\n")[:2]) + b"\n"  # its fen and move
    cut.write_bytes(b"e\n".join(blocks[:30]) + b"e\n" + first_lines)
    assert "the input ends inside an entry" in assert_same_fault(cut)


def test_a_long_path_keeps_the_fault(games, tmp_path):
    """A path too long to share the library's 256-byte message with the
    place and why (CI's clone had one, and the tool's message lost its why):
    the tool, read_training and label_file name the path whole and the
    fault whole, alike."""
    data = open(games[0], "rb").read()
    offsets = chunk_offsets(data)
    deep = tmp_path / ("d" * 200) / ("e" * 100)
    deep.mkdir(parents=True)
    path = deep / "cut.binpack"
    path.write_bytes(data[:offsets[len(offsets) // 2] + 5])
    fault = assert_same_fault(path)
    assert fault.endswith(": the file ends inside a chunk header"
                          + unread_note(path, offsets[len(offsets) // 2])), fault
    with pytest.raises(seebatch.TrainingDataError) as raised:
        seebatch.label_file(path)
    assert str(raised.value) == f"label_file: {path}: {fault}"
