"""Filters a directory of training files on a Dask cluster, one task per file.

    /usr/bin/python3 filter_dask.py INPUT_DIR OUTPUT_DIR --local-workers 2 \
        --rules "--skip-capture --skip-in-check --skip-see-ge 0"
    /usr/bin/python3 filter_dask.py INPUT_DIR OUTPUT_DIR --scheduler tcp://HOST:8786 --rules ...

Every *.binpack and *.plain file of INPUT_DIR is a task: a worker reads it
batch by batch (seebatch.read_training), asks `seebatch filter`'s own rule
code which entries to keep (seebatch.Filter, the same options as the tool)
and writes the kept ones to OUTPUT_DIR under the same name and format
(seebatch.write_training), a binpack chunk for each chunk of the input, as
the tool does: each output is `seebatch filter RULES FILE`'s byte for byte.

Workers open the files by path, so they need to see both directories (one
machine, or a shared file system) and the seebatch package with
libseebatch.so (pip install ./python, or PYTHONPATH and
SEEBATCH_LIBRARY). --local-workers N starts N worker processes on
127.0.0.1, one thread each, for the length of the run. Prints one line per
file (entries read and kept) and exits 1 if any file could not be filtered.
"""
import argparse
import os
import shlex
import sys
import time

EXTENSIONS = (".binpack", ".plain")


def filter_file(source, target, rules, batch_size):
    """Runs on a worker: filters one file; returns (entries read, entries kept)."""
    import seebatch
    rule_filter = seebatch.Filter(rules)
    read = 0

    def kept_batches():
        nonlocal read
        # The same arrays for every batch, and the kept entries written from
        # them: no memory per batch (Dask's workers return freed memory to
        # the system at once, so new arrays would cost page faults).
        for batch in seebatch.read_training(source, batch_size, by_chunk=True, reuse=True):
            read += len(batch.moves)
            yield batch, rule_filter.keep_mask(batch)

    fmt = "binpack" if source.endswith(".binpack") else "plain"
    kept = seebatch.write_training(target, kept_batches(), format=fmt, keep_chunks=True)
    return read, kept


def training_files(directory):
    return sorted(name for name in os.listdir(directory) if name.endswith(EXTENSIONS))


def run(client, args):
    """Submits a task per file; returns the exit status."""
    rules = shlex.split(args.rules)
    os.makedirs(args.output_dir, exist_ok=True)
    names = training_files(args.input_dir)
    tasks = [client.submit(filter_file, os.path.join(args.input_dir, name),
                           os.path.join(args.output_dir, name), rules, args.batch_size,
                           pure=False) for name in names]
    status = 0
    for name, task in zip(names, tasks):
        try:
            read, kept = task.result()
            print(f"{name}: {read} entries read, {kept} kept")
        except Exception as error:  # the worker's exception, re-raised here
            print(f"{name}: {error}", file=sys.stderr)
            status = 1
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input_dir")
    parser.add_argument("output_dir")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", help="address of a running scheduler, tcp://HOST:PORT")
    where.add_argument("--local-workers", type=int,
                       help="start this many worker processes on 127.0.0.1 for the run")
    parser.add_argument("--rules", default="",
                        help="seebatch filter's rule options, in one argument")
    parser.add_argument("--batch-size", type=int, default=1 << 16)
    parser.add_argument("--timing", action="store_true",
                        help="print the seconds the files took (after the cluster started)")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster
    if args.scheduler:
        with Client(args.scheduler) as client:
            return timed(client, args)
    with LocalCluster(n_workers=args.local_workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        return timed(client, args)


def warm_up():
    """Runs on each worker before the timing: imports and loads the libraries."""
    import seebatch
    seebatch.Filter([])


def timed(client, args):
    client.run(warm_up)
    start = time.perf_counter()
    status = run(client, args)
    if args.timing:
        print(f"seconds {time.perf_counter() - start:.3f}")
    return status


if __name__ == "__main__":
    sys.exit(main())
