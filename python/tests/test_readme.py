"""README's Python block runs as printed (issue 76: it named `paths` without
defining it): in a directory holding the training file it names, made here,
each line runs, and the values its comment shows are what it computes."""
import os
import re
import shutil

from conftest import PYTHON_DIR
from training_data import make_games

README = os.path.join(PYTHON_DIR, "..", "README.md")


def readme_python_block():
    text = open(README).read()
    section = text[text.index("\n## Python\n"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_readme_python_block_runs(tmp_path, monkeypatch):
    block = readme_python_block()
    names = re.findall(r'"([\w.]+\.binpack)"', block)
    assert names, "README's Python block names no .binpack it reads"
    binpack, _ = make_games(tmp_path, 76, 20)
    for name in names:
        shutil.copyfile(binpack, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    scope = {}
    exec(compile(block, "README.md (Python)", "exec"), scope)
    # The comment's values are the ones computed.
    shown = re.search(r"# int32: \[([-\d ]+)\]", block).group(1).split()
    assert [int(v) for v in scope["values"]] == [int(v) for v in shown]
    batch = next(iter(scope["batches"]))
    assert len(batch.moves) > 0 and len(batch.see) == len(batch.moves)
