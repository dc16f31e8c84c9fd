"""Speed of the Python binding against the C calls it wraps, in one process.

    /usr/bin/python3 python/bench_labelling.py [--positions N] [--repeats R]

1. Labelling boards already parsed: seebatch.see_values (check=False and
   check=True) against a direct call of seebatch_values on the same
   arrays, for batches of 10,000 to 1,000,000 moves. Each round times every
   variant once, in turn (the order rotating); reported are the median time
   per capture and the median of each round's ratio Python / C.
2. boards_from_fens on a list of FEN str, and captures on the boards:
   positions per second on one thread.

Times are CPU time of this process (time.process_time), so time spent waiting
for a core another process holds is not counted.

Positions come from `seebatch gen` (the build tree's tool, or SEEBATCH_CLI).
Timings on a shared machine are noisy: compare the ratios, and repeat.
"""
import argparse
import ctypes
import os
import statistics
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seebatch  # noqa: E402
from seebatch._arrays import address  # noqa: E402
from seebatch._library import BatchStruct, lib  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def generated_fens(count):
    tool = os.environ.get("SEEBATCH_CLI", os.path.join(HERE, "..", "build", "seebatch"))
    output = subprocess.run([tool, "gen", "--count", str(count)], check=True,
                            capture_output=True, text=True).stdout
    return output.splitlines()


def c_multi(boards, board_index, moves, rules):
    """The C call alone, as a C program makes it (ctypes adds about a microsecond)."""
    values = np.empty(len(moves), np.int32)
    batch = BatchStruct(address(boards), len(boards), None, address(board_index),
                        address(moves), len(moves))
    lib.seebatch_values(rules, ctypes.byref(batch), address(values))
    return values


def label_rounds(boards, board_index, moves, size, repeats):
    """ns per capture of each variant (median over rounds) and its ratio to the
    C call (median of the ratios within each round, which cancels slow drift)."""
    config = seebatch.Config.preset("classic")
    struct = ctypes.byref(config._rules)
    batches = [(start, start + size) for start in range(0, len(moves) - size + 1, size)]
    variants = {
        "C seebatch_values": lambda i, m: c_multi(boards, i, m, struct),
        "see_values(check=False)": lambda i, m: seebatch.see_values(boards, i, m, config, False),
        "see_values(check=True)": lambda i, m: seebatch.see_values(boards, i, m, config, True),
    }
    names = list(variants)
    times = {name: [] for name in names}
    for round_number in range(repeats):
        order = names[round_number % len(names):] + names[:round_number % len(names)]
        for name in order:
            start = time.process_time()
            for a, b in batches:
                variants[name](board_index[a:b], moves[a:b])
            times[name].append((time.process_time() - start) / (len(batches) * size))
    reference = times[names[0]]
    return {name: (statistics.median(t), statistics.median(x / r for x, r in zip(t, reference)))
            for name, t in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    fens = generated_fens(args.positions)
    print(f"library {seebatch.__version__}, backend {seebatch.backend()}, "
          f"{len(fens)} positions from `seebatch gen`, load average {os.getloadavg()[0]:.2f}")

    parse_times, parse_walls = [], []
    for _ in range(args.repeats):
        start, wall = time.process_time(), time.perf_counter()
        boards, errors = seebatch.boards_from_fens(fens)
        parse_times.append(time.process_time() - start)
        parse_walls.append(time.perf_counter() - wall)
    assert not errors
    print(f"boards_from_fens: {len(fens) / statistics.median(parse_times) / 1e6:.2f} M "
          f"positions/s on one thread ({len(fens) / statistics.median(parse_walls) / 1e6:.2f} M "
          "by the wall clock)")

    capture_times = []
    for _ in range(args.repeats):
        start = time.process_time()
        board_index, moves = seebatch.captures(boards)
        capture_times.append(time.process_time() - start)
    print(f"captures: {len(fens) / statistics.median(capture_times) / 1e6:.2f} M positions/s "
          "on one thread")
    print(f"{len(moves)} captures; ns per capture (median of {args.repeats} rounds):")
    for size in (10000, 100000, 1000000):
        if size > len(moves):
            continue
        result = label_rounds(boards, board_index, moves, size, args.repeats)
        for name, (seconds, ratio) in result.items():
            print(f"  batch {size:>8}  {name:<28} {seconds * 1e9:6.2f} ns  {ratio:.3f}x")


if __name__ == "__main__":
    main()
