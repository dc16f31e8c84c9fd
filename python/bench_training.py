"""Speed of reading training data into NumPy, and of filter_dask.py on 1 and 2 workers.

    /usr/bin/python3 python/bench_training.py [--copies 8] [--repeats 5] [--files 4]
        [--skip-dask] [--binpack FILE]

1. read_training: entries per second decoding a binpack into batches of
   65,536 on one thread, as wall time and as CPU time of this process
   (time.process_time: time waiting for a core another process holds is not
   counted). The file is FILE (default ../shared/data/small.binpack, a real
   Stockfish file) concatenated --copies times. Best and median of --repeats.
2. examples/filter_dask.py's task (seebatch filter's --skip-capture
   --skip-in-check --skip-see-ge 0 rules) over --files copies of that file,
   on a LocalCluster of 1 worker process, then of 2, one thread each: the
   wall time of each run (after the workers have loaded the package), the
   ratio 1 worker / 2 workers, and the CPU time the workers spent. --repeats runs of each, alternating; the
   medians are compared.

On a shared machine the figures move with the load (printed with them).
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "examples"))
import seebatch  # noqa: E402

RULES = "--skip-capture --skip-in-check --skip-see-ge 0"


def load_average():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def concatenated(source, copies, target):
    with open(source, "rb") as part:
        data = part.read()
    with open(target, "wb") as out:
        for _ in range(copies):
            out.write(data)
    return target


def bench_reading(path, repeats):
    wall, cpu = [], []
    for _ in range(repeats):
        start_wall, start_cpu, count = time.perf_counter(), time.process_time(), 0
        for batch in seebatch.read_training(path, batch_size=1 << 16):
            count += len(batch.moves)
        wall.append(count / (time.perf_counter() - start_wall))
        cpu.append(count / (time.process_time() - start_cpu))
    print(f"read_training: {count} entries, {os.path.getsize(path)} bytes, batches of 65536")
    for name, rates in (("wall", wall), ("CPU", cpu)):
        print(f"  {name:4}: best {max(rates) / 1e6:.2f} M entries/s, "
              f"median {statistics.median(rates) / 1e6:.2f} M entries/s")


def bench_dask(path, files, repeats, directory):
    import filter_dask
    from dask.distributed import Client, LocalCluster
    inputs = os.path.join(directory, "in")
    os.makedirs(inputs)
    for i in range(files):
        shutil.copy(path, os.path.join(inputs, f"part{i}.binpack"))
    args = argparse.Namespace(input_dir=inputs, output_dir=os.path.join(directory, "out"),
                              rules=RULES, batch_size=1 << 16)
    clusters, times, cpu = {}, {1: [], 2: []}, {1: [], 2: []}
    try:
        for workers in (1, 2):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   host="127.0.0.1", dashboard_address=":0")
            clusters[workers] = (cluster, Client(cluster))
            clusters[workers][1].run(filter_dask.warm_up)
        for _ in range(repeats):
            for workers in (1, 2):
                client = clusters[workers][1]
                cpu_before = sum(client.run(time.process_time).values())
                start = time.perf_counter()
                with open(os.devnull, "w") as quiet:
                    stdout, sys.stdout = sys.stdout, quiet
                    try:
                        status = filter_dask.run(clusters[workers][1], args)
                    finally:
                        sys.stdout = stdout
                assert status == 0
                times[workers].append(time.perf_counter() - start)
                cpu[workers].append(sum(client.run(time.process_time).values()) - cpu_before)
    finally:
        for cluster, client in clusters.values():
            client.close()
            cluster.close()
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(f"filter_dask.py ({RULES}) over {files} files of {os.path.getsize(path)} bytes:")
    print(f"  1 worker:  median {one:.3f} s  (runs: {', '.join(f'{t:.3f}' for t in times[1])})")
    print(f"  2 workers: median {two:.3f} s  (runs: {', '.join(f'{t:.3f}' for t in times[2])})")
    print(f"  ratio 1 worker / 2 workers: {one / two:.2f}x")
    print(f"  CPU seconds of the workers, median: 1 worker {statistics.median(cpu[1]):.3f}, "
          f"2 workers {statistics.median(cpu[2]):.3f} (near equal: the work is the same; "
          "wall above CPU: cores taken by other processes)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binpack", default=os.path.join(HERE, "..", "..", "shared", "data",
                                                          "small.binpack"))
    parser.add_argument("--copies", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--skip-dask", action="store_true")
    args = parser.parse_args()
    if not os.path.exists(args.binpack):
        sys.exit(f"{args.binpack} not found: give --binpack FILE")
    print(f"load average before: {load_average()} ({os.cpu_count()} CPUs; shared machines vary)")
    with tempfile.TemporaryDirectory() as directory:
        big = concatenated(args.binpack, args.copies, os.path.join(directory, "big.binpack"))
        bench_reading(big, args.repeats)
        if not args.skip_dask:
            bench_dask(big, args.files, args.repeats, directory)
    print(f"load average after: {load_average()}")


if __name__ == "__main__":
    main()
