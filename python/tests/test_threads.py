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
    """While one thread is inside a long C call, another runs Python for a
    good part of the call's time: it could not run at all were the GIL held.
    (A loaded machine may stop it for a while, so one long pause alone says
    nothing: the test adds up its pauses.)"""
    boards, board_index, moves = labelled
    repeat = -(-4_000_000 // len(moves))
    board_index, moves = np.tile(board_index, repeat), np.tile(moves, repeat)
    done, window = threading.Event(), []

    def label():
        window.append(time.perf_counter())
        seebatch.see_values(boards, board_index, moves, check=False)
        window.append(time.perf_counter())
        done.set()

    worker = threading.Thread(target=label)
    pauses = []  # (start, length) of the steps over a millisecond
    last = time.perf_counter()
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        if now - last > 1e-3:
            pauses.append((last, now - last))
        last = now
    worker.join()
    start, end = window
    call = end - start
    assert call > 0.02, "the call was too short to tell"
    paused = sum(max(0.0, min(at + length, end) - max(at, start)) for at, length in pauses)
    assert call - paused > call / 5, f"ran {call - paused:.3f} s of a {call:.3f} s call"
