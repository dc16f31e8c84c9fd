"""The tool and Python tell a file's format by one rule and a fault in it in
the same words: the same bad file gives `seebatch stats` and `read_training`
the same message (the tool's after its "seebatch stats: " prefix)."""
import random

import pytest

import seebatch
from conftest import run_cli


def tool_message(path):
    result = run_cli("stats", str(path))
    assert result.returncode != 0, f"stats read {path} as good data"
    first = result.stderr.splitlines()[0]
    prefix = "seebatch stats: "
    assert first.startswith(prefix), first
    return first[len(prefix):].split("; give --input-format")[0].split(" (see seebatch")[0]


def python_message(path):
    with pytest.raises(seebatch.TrainingDataError) as raised:
        for _ in seebatch.read_training(str(path)):
            pass
    return str(raised.value)


RANDOM = bytes(random.Random(46).randrange(256) for _ in range(3000))
TEXT = b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"


FILES = [
    ("random.binpack", RANDOM),
    ("random.plain", RANDOM),
    ("random.bin", RANDOM[:1000] + b"\xff" * 40),
    ("random", RANDOM),
    ("lines.epd", TEXT),
    ("lines.txt", TEXT),
    ("starts_binp.dat", b"BINP" + RANDOM),
    ("starts_fen.dat", b"fen " + TEXT),
]


@pytest.mark.parametrize("name, data", FILES, ids=[name for name, _ in FILES])
def test_same_file_same_words(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    said = tool_message(path)
    assert said in python_message(path), (said, python_message(path))


def test_empty_file_holds_nothing(tmp_path):
    for name in ("empty", "empty.plain", "empty.binpack", "empty.bin"):
        path = tmp_path / name
        path.write_bytes(b"")
        assert list(seebatch.read_training(str(path))) == []
        result = run_cli("stats", str(path))
        assert result.returncode == 0, result.stderr
        assert "entries: 0" in result.stdout.splitlines()
