"""Times seebatch's readers on the files named, as reader_driver.cpp times
nnue-pytorch's:
    bench_streaming.py stream THREADS BATCH FILE...      stream_training(FILES, BATCH,
        threads=THREADS, reuse=True): no rules, no SEE, no seed (pieces taken
        from 8 files in turn)
    bench_streaming.py stream-seeded THREADS BATCH FILE...  the same with seed=1
        (the files' order and each piece's file drawn)
    bench_streaming.py stream-shuffled THREADS BATCH FILE...  the same with seed=1
        and shuffle=1 << 20: entries through a shuffle buffer of a million, as
        nnue-pytorch's parallel reader shuffles its buffer
    bench_streaming.py sequential 1 BATCH FILE...  read_training(FILE, BATCH,
        reuse=True), one file after another on this thread: decoding alone
Prints "entries N seconds S cpu C" (wall time from the call; C: this
process's CPU time, every thread's)."""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import seebatch  # noqa: E402


def main():
    mode, threads, batch, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    count, check = 0, 0
    start, cpu = time.perf_counter(), time.process_time()
    if mode == "sequential":
        batches = (b for f in files for b in seebatch.read_training(f, batch, reuse=True))
    elif mode in ("stream", "stream-seeded", "stream-shuffled"):
        seeded = {"seed": 1} if mode == "stream-seeded" else \
            {"seed": 1, "shuffle": 1 << 20} if mode == "stream-shuffled" else {}
        batches = seebatch.stream_training(files, batch, threads=threads, reuse=True, **seeded)
    else:
        sys.exit(f"bench_streaming.py: unknown mode {mode}")
    for b in batches:
        count += len(b.moves)
        check += int(b.scores[-1])  # one read per batch: the work is the reader's
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"entries {count} seconds {seconds:.6f} cpu {cpu:.6f} check {check}")


if __name__ == "__main__":
    main()
