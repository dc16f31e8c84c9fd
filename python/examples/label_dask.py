"""Labels a positions file on a Dask cluster: the lines `seebatch eval` writes.

    /usr/bin/python3 label_dask.py INPUT OUTPUT --scheduler tcp://HOST:8786 [--preset stockfish]
    /usr/bin/python3 label_dask.py INPUT OUTPUT --local-workers 2

INPUT holds one FEN per line. This process reads it in blocks of whole lines
and sends each block to a worker, which parses it, finds every capture and
promotion and computes their SEE with the seebatch package (one library call
per step for the whole block) and sends back the text "FEN;move;value" per
move. The blocks' text is written to OUTPUT in input order, so OUTPUT holds
exactly what `seebatch eval INPUT` prints with the same configuration. At most
--window blocks are in flight, so memory stays bounded whatever the file size.

As with `seebatch eval`: blank lines are skipped, CRLF is accepted, a bad line
is reported on stderr as "label_dask.py: INPUT: line N: <what is wrong>" (the
tool's form) and skipped, and the exit
status is then 1. Lines "FEN;moves" (moves given in UCI) are not supported
here and are reported as bad.

Run it with Debian's python3 (or a venv made from it) that can import seebatch.
The workers need the seebatch package (pip install ./python on each machine,
or PYTHONPATH and SEEBATCH_LIBRARY); only this process reads INPUT and writes
OUTPUT, so no shared file system is needed. --local-workers N starts a
cluster of N worker processes on 127.0.0.1 for the length of the run.
"""
import argparse
import collections
import sys

MAX_LINE_BYTES = 65536  # as `seebatch eval`


def configuration(args):
    """The seebatch configuration the options name, as eval's options do."""
    import seebatch
    config = seebatch.Config.preset(args.preset)
    values, flags = config.values, config.flags
    if args.values:
        values = [int(v) for v in args.values.split(",")]
    flags |= seebatch.PINS if args.pins else 0
    flags |= seebatch.STOP_WHEN_AHEAD if args.stop_when_ahead else 0
    if args.promotions:  # one promotion rule, replacing the preset's
        flags &= ~(seebatch.PROMOTIONS | seebatch.MOVE_PROMOTION_ONLY)
        flags |= {"all": seebatch.PROMOTIONS, "move": seebatch.MOVE_PROMOTION_ONLY,
                  "none": 0}[args.promotions]
    return values, flags


def position_lines(data, first_line):
    """The (line number, FEN bytes) of each non-blank line of a block, and
    the errors of lines that cannot hold a FEN."""
    positions, errors = [], []
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, text in enumerate(lines, first_line):
        text = text[:-1] if text.endswith(b"\r") else text
        if len(text) > MAX_LINE_BYTES:
            errors.append((number, f"longer than {MAX_LINE_BYTES} bytes"))
        elif b";" in text:
            errors.append((number, "moves after ';' are not supported by label_dask.py"))
        elif text.strip(b" \t"):
            positions.append((number, text.strip(b" \t")))
    return positions, errors


def label_block(data, first_line, config):
    """Runs on a worker: the output text of one block and its bad lines."""
    import seebatch
    positions, errors = position_lines(data, first_line)
    fens = [fen for _, fen in positions]
    boards, bad = seebatch.boards_from_fens(fens)
    errors += [(positions[e.row][0], e.message) for e in bad]
    board_index, moves = seebatch.captures(boards)
    values = seebatch.see_values(boards, board_index, moves, config, check=False)
    uci = seebatch.move_to_uci(moves)
    text = b"".join(b"%s;%s;%d\n" % (fens[b], u.encode(), v)
                    for b, u, v in zip(board_index.tolist(), uci.tolist(), values.tolist()))
    return text, sorted(errors)


def blocks(stream, size):
    """(bytes, number of its first line) for blocks of whole lines of about size bytes."""
    first_line = 1
    while True:
        data = stream.read(size)
        if not data:
            return
        data += stream.readline()
        yield data, first_line
        first_line += data.count(b"\n")


def run(client, args):
    config = configuration(args)
    pending = collections.deque()
    bad_lines = 0

    def write_oldest():
        text, errors = pending.popleft().result()
        output.write(text)
        for number, message in errors:
            print(f"label_dask.py: {args.input}: line {number}: {message}", file=sys.stderr)
        return len(errors)

    with open(args.input, "rb") as stream, open(args.output, "wb") as output:
        for data, first_line in blocks(stream, args.block_bytes):
            # Sent to a worker as data of its own, not inside the task: a block
            # of megabytes in the task graph burdens the scheduler (and Dask
            # warns about it on every run).
            block = client.scatter(data, hash=False)
            pending.append(client.submit(label_block, block, first_line, config, pure=False))
            if len(pending) >= args.window:
                bad_lines += write_oldest()
        while pending:
            bad_lines += write_oldest()
    return 1 if bad_lines else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", help="address of a running scheduler, tcp://HOST:PORT")
    where.add_argument("--local-workers", type=int,
                       help="start this many worker processes on 127.0.0.1 for the run")
    parser.add_argument("--preset", default="classic", choices=["classic", "stockfish"])
    parser.add_argument("--values", help="P,N,B,R,Q piece values")
    parser.add_argument("--pins", action="store_true")
    parser.add_argument("--promotions", nargs="?", const="all", choices=["none", "move", "all"],
                        help="as seebatch eval's: --promotions[=none|move|all]")
    parser.add_argument("--stop-when-ahead", action="store_true")
    parser.add_argument("--block-bytes", type=int, default=4 << 20,
                        help="bytes of input per task (default 4 MiB, about 70,000 lines)")
    parser.add_argument("--window", type=int, default=8, help="tasks in flight at most")
    args = parser.parse_args()

    from dask.distributed import Client, LocalCluster
    if args.scheduler:
        with Client(args.scheduler) as client:
            return run(client, args)
    with LocalCluster(n_workers=args.local_workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        return run(client, args)


if __name__ == "__main__":
    sys.exit(main())
