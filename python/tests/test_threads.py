"""Threads: the GIL is released while C runs, and threads labelling parts of
one batch get exactly the values of one call."""
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import seebatch


def test_threads_give_the_same_values(labelled):
    boards, board_index, moves = labelled
    expected = seebatch.see_values(boards, board_index, moves, "stockfish")
    parts = np.array_split(np.arange(len(moves)), 16)
    with ThreadPoolExecutor(4) as pool:
        for _ in range(5):
            results = list(pool.map(lambda p: seebatch.see_values(
                boards, board_index[p[0]:p[-1] + 1], moves[p[0]:p[-1] + 1], "stockfish"), parts))
            assert np.array_equal(np.concatenate(results), expected)
            fens_results = list(pool.map(lambda _: seebatch.captures(boards)[1], range(4)))
            assert all(np.array_equal(f, fens_results[0]) for f in fens_results)


def test_the_gil_is_released_during_a_call(labelled):
    """While one thread is inside a long C call, another runs Python: the
    longest pause between its steps is far shorter than the call."""
    boards, board_index, moves = labelled
    repeat = -(-4_000_000 // len(moves))
    board_index, moves = np.tile(board_index, repeat), np.tile(moves, repeat)
    done, steps = threading.Event(), []

    def label():
        started = time.perf_counter()
        seebatch.see_values(boards, board_index, moves, check=False)
        steps.append(time.perf_counter() - started)
        done.set()

    worker = threading.Thread(target=label)
    last, longest_pause = time.perf_counter(), 0.0
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest_pause, last = max(longest_pause, now - last), now
    worker.join()
    call = steps[0]
    assert call > 0.02, "the call was too short to tell"
    assert longest_pause < call / 2, f"paused {longest_pause:.3f} s of a {call:.3f} s call"
