"""Times the Python path from FEN text to SEE values: boards_from_fens,
captures, see_values (checked, the default, and unchecked), on N real FENs
(bench/data/real_positions.fen.gz repeated). Run by bench/jobs/python.sh.

    python_end_to_end.py [--positions N] [--repeats R] [--stage STAGE]

Prints ns per position for each stage (the best of R runs) and the end to
end rate. --stage S runs only stage S in a loop (for perf record)."""
import argparse
import gzip
import os
import time

import numpy as np

import seebatch

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "real_positions.fen.gz")


def fens(count):
    with gzip.open(DATA, "rt") as f:
        lines = f.read().splitlines()
    return (lines * (count // len(lines) + 1))[:count]


def best(function, repeats):
    times = []
    for _ in range(repeats):
        start = time.process_time()
        result = function()
        times.append(time.process_time() - start)
    return min(times), result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--stage", choices=["all", "fens", "captures", "checked", "unchecked"],
                        default="all")
    options = parser.parse_args()
    rows = fens(options.positions)
    n = len(rows)
    stages = {}
    stages["fens"], (boards, errors) = best(lambda: seebatch.boards_from_fens(rows),
                                            options.repeats)
    assert not errors, errors[:3]
    stages["captures"], (board_index, moves) = best(lambda: seebatch.captures(boards),
                                                    options.repeats)
    stages["checked"], checked = best(
        lambda: seebatch.see_values(boards, board_index, moves), options.repeats)
    stages["unchecked"], unchecked = best(
        lambda: seebatch.see_values(boards, board_index, moves, check=False), options.repeats)
    assert np.array_equal(checked, unchecked)
    if options.stage != "all":
        work = {"fens": lambda: seebatch.boards_from_fens(rows),
                "captures": lambda: seebatch.captures(boards),
                "checked": lambda: seebatch.see_values(boards, board_index, moves),
                "unchecked": lambda: seebatch.see_values(boards, board_index, moves,
                                                         check=False)}[options.stage]
        for _ in range(options.repeats * 4):
            work()
        return
    print(f"positions {n}, moves {len(moves)} ({len(moves) / n:.2f} a position), "
          f"backend {seebatch.backend()}, best of {options.repeats}")
    for name, seconds in stages.items():
        extra = f", {seconds * 1e9 / len(moves):.1f} ns/move" if name in ("checked",
                                                                          "unchecked") else ""
        print(f"  {name:10s} {seconds * 1e9 / n:8.1f} ns/position{extra}")
    for name in ("checked", "unchecked"):
        total = stages["fens"] + stages["captures"] + stages[name]
        print(f"end to end ({name}): {n / total / 1e6:.2f} M positions/s")
    print(f"checked / unchecked see_values: {stages['checked'] / stages['unchecked']:.2f}x; "
          f"end to end: {(stages['fens'] + stages['captures'] + stages['checked']) / (stages['fens'] + stages['captures'] + stages['unchecked']):.3f}x")


if __name__ == "__main__":
    main()
