#!/usr/bin/env python3
"""Writes a run file (docs/runs/CPU.md) from what bench/figures.sh collected,
and README's results table from every run file.

    bench/run_file.py write COLLECTED RUN_FILE    the run file from COLLECTED
    bench/run_file.py table RUNS                  the results table of the run files in RUNS
    bench/run_file.py readme RUNS README          README's figures block from them
    bench/run_file.py starts OUTPUT RUN_FILE      seebatch_auto_starts' figures (bench/auto_starts.sh)
                                                  into a run file written before

COLLECTED is figures.sh's directory: meta.txt (key: value lines), and the
raw output of each measurement where it ran: multi.txt
(bench/stockfish/calibrate_multi.sh), view.txt (calibrate.sh),
bench-PRESET.json and bench-PRESET.tables (seebatch_bench), chart.png
(plot_chart.py) and ratio.png (ratio_chart.py),
instructions.txt (bench/instructions_per_capture.sh), eval.txt, filter.txt,
python.txt (bench/jobs/). A measurement that did not run is said so.

The regimes are the project's, named alike everywhere: 1,000 cycled,
10,000 cycled, streamed (docs/benchmarks.md). The run file's summary lies
between the lines SUMMARY_START and SUMMARY_END. README's block between
`<!-- figures: docs/runs/ -->` and `<!-- /figures -->` is the results
table: a row per run file (CPU, the commit it measured, "older code"
unless the most recent run file measured it too), with the figures of
the closing line seebatch_bench printed in that run (what auto kept, M
captures/s streamed, the ratio to Stockfish's walk streamed), read from
each run file's header and summary, where a newcomer holds them against
command 1's last line. tests/docs/readme_figures.sh holds README's block
to the run files.

Standard library only.
"""
import json
import re
import statistics
import sys
from pathlib import Path

SUMMARY_START = "<!-- summary -->"
SUMMARY_END = "<!-- /summary -->"
# Auto started afresh, within the summary: bench/auto_starts.sh replaces it.
FRESH_START = "<!-- fresh starts -->"
FRESH_END = "<!-- /fresh starts -->"
FRESH_SECTION = "## Auto started afresh (bench/auto_starts.sh)"
README_END = "<!-- /figures -->"
BACKENDS = ("scalar", "avx2", "avx512")  # narrowest first, as the tables read
# The project's three regimes, as the run files' rows name them.
REGIMES = ("1,000 cycled", "10,000 cycled", "streamed: all {:,} positions")
REGIME_WORDS = ("1,000 cycled", "10,000 cycled", "streamed")
# calibrate_multi.sh's three calls: its name for each, and the tables'.
CALLS = (("see_values_multi", "values"), ("see_ge_multi", "thresholds"),
         ("pins given", "thresholds, pins given"))
AUTO_TABLE = "auto's time over the fastest backend's"
# calibrate_multi.sh's one-board rows (a node's captures a call, issue 69):
# its name for each call, and the tables'.
BOARD_CALLS = (("board_ge", "thresholds, pins given (`seebatch_values_ge`)"),
               ("board_values_given", "values, pins given (`seebatch_values`)"),
               ("board_values", "values, pins worked out"),
               ("view_each", "the view's `seebatch_view_see_ge_each`"),
               ("view_ge", "the view one move a call (`seebatch_view_see_ge`)"),
               ("view_value", "its value one move a call (`seebatch_view_see_value`)"))
BOARD_TABLE = "one board a call against Stockfish's `see_ge(m, t)` one call a move"
BOARD_AUTO_TABLE = "one board a call: auto's time over the fastest backend's"
BOARD_REGIMES = ("1,000 cycled", "10,000 cycled", "streamed: all {:,} positions, caches flushed")


def fail(message):
    sys.exit(f"run_file.py: {message}")


def read(directory, name):
    path = Path(directory) / name
    return path.read_text(errors="replace") if path.exists() else None


def meta_of(directory):
    text = read(directory, "meta.txt") or fail(f"{directory}/meta.txt is missing")
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def against_stockfish(text):
    """From calibrate_multi.sh: {contender: [(worked out, pins given) per
    regime]}, the speed over Stockfish's `see_ge` of each backend and of
    auto; auto's time over the fastest backend's, [{call: (ratio, the
    fastest)} per regime] (calls as CALLS names them; empty where auto was
    not timed); the instructions per capture by callgrind ({"stockfish": n,
    backend: n}); and the positions streamed."""
    ratios, over_fastest, regime, positions = {}, [], -1, 0
    for line in text.splitlines():
        found = re.match(r"\s*(\d+) positions, +\d+ captures: Stockfish see_ge", line)
        if found:
            regime += 1
            positions = int(found[1])
            continue
        found = re.match(r"\s+(\w+)\s+see_ge_multi .*?\(([\d.]+)x Stockfish.*pins given .*?\(([\d.]+)x Stockfish",
                         line)
        if found and regime >= 0:
            ratios.setdefault(found[1], []).append((float(found[2]), float(found[3])))
        if line.startswith("    auto over the fastest backend:") and regime >= 0:
            over_fastest.append({call: (float(ratio), fastest) for call, ratio, fastest in re.findall(
                r"(see_ge_multi|see_values_multi|pins given) ([\d.]+) \((\w+) fastest\)", line)})
    instructions = {}
    for line in text.splitlines():
        if line.startswith("instructions per capture (callgrind):"):
            found = re.search(r"Stockfish see_ge ([\d.]+)", line)
            if found:
                instructions["stockfish"] = float(found[1])
            for backend, count in re.findall(r"(\w+) values_ge ([\d.]+)", line):
                instructions[backend] = float(count)
    return ratios, over_fastest, instructions, positions


def one_board(text):
    """From calibrate_multi.sh's one-board rows: {contender: [{call: speed over
    Stockfish's see_ge(m, t)} per regime]} in the order printed; auto's time
    over the fastest backend's, [{call: (ratio, the fastest)} per regime];
    instructions a move by callgrind ({"stockfish": n, backend: {call: n}});
    the positions streamed."""
    speeds, over_fastest, regime, positions = {}, [], -1, 0
    for line in text.splitlines():
        found = re.match(r"\s*(\d+) positions, +\d+ captures.*, one board a call: Stockfish", line)
        if found:
            regime += 1
            positions = int(found[1])
            continue
        found = re.match(r"\s+(\w+)\s+view_ge ", line)
        if found and regime >= 0:
            speeds.setdefault(found[1], []).append(
                {call: float(speed) for call, speed in re.findall(r"(\w+) +[\d.]+ ns \(([\d.]+)x Stockfish", line)})
        if line.startswith("    auto over the fastest backend, one board a call:") and regime >= 0:
            over_fastest.append({call: (float(ratio), fastest) for call, ratio, fastest in re.findall(
                r"(\w+) ([\d.]+) \((\w+) fastest\)", line)})
    instructions = {}
    found = re.search(r"(?m)^instructions a move, one board a call \(callgrind.*?\): Stockfish see_ge\(m, t\) "
                      r"([\d.]+)(.*)$", text)
    if found:
        instructions["stockfish"] = float(found[1])
        for part in found[2].split(";")[1:]:
            backend = part.split()[0]
            instructions[backend] = {call: float(count) for call, count in re.findall(r"(\w+) ([\d.]+)", part)}
    return speeds, over_fastest, instructions, positions


def board_tables(text):
    """The summary's tables of the one-board rows: speed over Stockfish's
    see_ge(m, t) by regime (auto's, or the first contender's where auto was
    not timed), instructions a move by backend; auto's time over the fastest
    backend's by regime."""
    speeds, over_fastest, instructions, positions = one_board(text)
    if not speeds:
        return []
    shown = "auto" if "auto" in speeds else next(iter(speeds))
    lines = [f"| {BOARD_TABLE}: speed ({shown}) | " + " | ".join(label for _, label in BOARD_CALLS) + " |",
             "| --- |" + " ---: |" * len(BOARD_CALLS)]
    for regime, calls in zip(BOARD_REGIMES, speeds[shown]):
        lines.append(f"| {regime.format(positions)} | "
                     + " | ".join(f"{calls[call]:.2f}x" if call in calls else "-" for call, _ in BOARD_CALLS) + " |")
    for backend, counts in instructions.items():
        if backend != "stockfish":
            lines.append(f"| instructions a move, {backend} (callgrind, every position once); Stockfish's "
                         f"`see_ge(m, t)`: {instructions['stockfish']:.1f} | "
                         + " | ".join(f"{counts[call]:.1f}" if call in counts else "-" for call, _ in BOARD_CALLS)
                         + " |")
    if len(over_fastest) == len(BOARD_REGIMES):
        calls = [(call, label) for call, label in BOARD_CALLS if call in over_fastest[0]]
        lines += ["", f"| {BOARD_AUTO_TABLE} | " + " | ".join(label for _, label in calls) + " |",
                  "| --- |" + " ---: |" * len(calls)]
        for regime, row in zip(BOARD_REGIMES, over_fastest):
            lines.append(f"| {regime.format(positions)} | "
                         + " | ".join(f"{row[call][0]:.2f} ({row[call][1]} fastest)" for call, _ in calls) + " |")
    return lines + [""]


# calibrate.sh's regimes, in its order, and the words the summary gives
# each (N: the positions): the project's, and those of its output before
# the rename (learned: 4,096 cycled; unlearned: all), which a run file
# written before it holds.
VIEW_REGIMES = {"1000_cycled": "1,000 cycled", "10000_cycled": "10,000 cycled",
                "streamed": "streamed (all {:,})", "learned": "{:,} positions cycled",
                "unlearned": "all {:,}"}


def view_against_stockfish(text):
    """From calibrate.sh: the view's speed over Stockfish's see_ge, [(the
    regime's words, speed)] in the order printed, and instructions per call
    (Stockfish's, the view's)."""
    speed = [(VIEW_REGIMES[found[1]].format(int(found[2])), float(found[3])) for found in re.finditer(
        r"(?m)^(" + "|".join(VIEW_REGIMES) + r")\s+(\d+) positions: seebatch's view .*?, ([\d.]+)x "
        r"Stockfish's speed", text)]
    calls = re.search(r"instructions per call \(callgrind\): Stockfish ([\d.]+),.*seebatch's view ([\d.]+)", text)
    return speed, (float(calls[1]), float(calls[2])) if calls else None


def bench_rows(text):
    """seebatch_bench's JSON: {(row, backend): (items per second, cycles or None)}
    from the medians (or the mean of the repetitions), and the clock's note."""
    data = json.loads(text)
    runs, medians = {}, {}
    for run in data.get("benchmarks", []):
        name = run.get("run_name", run["name"])
        if "/" not in name or not run.get("items_per_second") or run.get("error_occurred"):
            continue
        row, backend = name.rsplit("/", 1)
        value = (run["items_per_second"], run.get("cycles_per_item"))
        if run.get("run_type") == "aggregate":
            if run.get("aggregate_name") == "median":
                medians[(row, backend)] = value
        else:
            runs.setdefault((row, backend), []).append(value)
    rows = {key: (statistics.mean(v[0] for v in values),
                  None if any(v[1] is None for v in values) else statistics.mean(v[1] for v in values))
            for key, values in runs.items()}
    rows.update(medians)
    return rows, data.get("context", {}).get("seebatch_core_clock", "")


def rate(value):
    per_second, cycles = value
    text = f"{per_second / 1e6:.1f} M/s"
    return text + (f", {cycles:.0f} cycles" if cycles else ", no cycles")


def search_figures(text):
    """From bench/stockfish/search.sh: Stockfish 15.1's own search answered by seebatch."""
    counts = re.search(r"depth (\d+): stockfish (\d+), seebatch (\d+) \((\w+)\); checking build: (\d+) calls compared, "
                       r"(\d+) differences", text)
    own = re.search(r"(?m)^stockfish: .*, ([\d.]+) per call", text)
    answered = re.search(r"(?m)^seebatch: ([\d.]+) per call", text)
    parts = []
    if counts:
        parts.append(f"node counts {counts[4]} at depth {counts[1]}, {int(counts[5]):,} calls compared by its "
                     f"checking build, {counts[6]} differences")
    if own and answered:
        parts.append(f"{float(answered[1]):.1f} instructions a `see_ge` call against Stockfish's own "
                     f"{float(own[1]):.1f} (callgrind, bench depth 8)")
    return "- Stockfish 15.1's own search, its `see_ge` answered by a view: " + "; ".join(parts) + "."


def job_figures(directory):
    """The whole jobs' headline figures, where they ran."""
    parts = []
    text = read(directory, "eval.txt")
    if text:
        speed = re.search(r"this: CPU +best [\d.]+ s \(([\d.]+) M positions/s\)", text)
        count = re.search(r"(?m)^\s+all\s+(\d+)", text)
        if speed:
            parts.append(f"`seebatch eval` {speed[1]} M positions/s"
                         + (f" ({count[1]} instructions a position)" if count else ""))
    text = read(directory, "filter.txt")
    if text:
        speed = re.search(r"(?m)^rules-j1 .*CPU +[\d.]+ s \( *([\d.]+) M entries/s per core\)", text)
        count = re.search(r"callgrind rules +(\d+) instructions an entry", text)
        if speed:
            parts.append(f"`seebatch filter --skip-see-ge 0 --skip-in-check` {speed[1]} M entries/s"
                         + (f" ({count[1]} instructions an entry)" if count else ""))
    text = read(directory, "python.txt")
    if text:
        speed = re.search(r"end to end \(checked\): ([\d.]+) M positions/s", text)
        if speed:
            parts.append(f"Python, FENs to SEE values, {speed[1]} M positions/s")
    return parts


def learning_cost(text):
    """From calibrate_multi.sh's jobs: per job size, auto's time over the
    fastest backend forced, the worse of values and thresholds, per regime."""
    parts = []
    for block in re.finditer(r"(?m)^jobs of (\d+) captures.*\n((?:\s*\d+ positions, .*\n?)+)", text):
        worst = {}
        for found in re.finditer(r"(\d+) positions, \w+:.*auto over the fastest ([\d.]+)", block[2]):
            worst[int(found[1])] = max(worst.get(int(found[1]), 0.0), float(found[2]))
        regimes = [REGIME_WORDS[min(i, 2)] + f" {ratio:.3f}"
                   for i, (_, ratio) in enumerate(sorted(worst.items()))]
        if regimes:
            parts.append(f"{int(block[1]):,} captures: " + ", ".join(regimes))
    return parts


def auto_table(over_fastest, positions):
    """Auto's time over the fastest backend's, a row per regime, a column per call."""
    lines = [f"| {AUTO_TABLE} (auto learning afresh each round) | "
             + " | ".join(label for _, label in CALLS) + " |",
             "| --- |" + " ---: |" * len(CALLS)]
    for regime, calls in zip(REGIMES, over_fastest):
        cells = [f"{calls[call][0]:.2f} ({calls[call][1]} fastest)" if call in calls else "-"
                 for call, _ in CALLS]
        lines.append(f"| {regime.format(positions)} | " + " | ".join(cells) + " |")
    return lines


FRESH_CELL = re.compile(
    r"(?m)^  (\d+) positions (?:cycled|streamed), (values|thresholds|thresholds, pins given): "
    r"fastest (\w+); auto kept another backend in (\d+) of (\d+) jobs \(in (\d+) of them one "
    r"within 3% of the fastest's median job;.*?auto's median job ([\d.]+) of the fastest's")
FRESH_CALLS = ("values", "thresholds", "thresholds, pins given")


def fresh_starts(text):
    """seebatch_auto_starts' figures, between FRESH_START and FRESH_END: a
    table, a row per regime, a cell per call (the jobs in which auto kept
    another backend than the fastest, auto's median job over the
    fastest's), and its closing line; nothing where it did not run."""
    cells = FRESH_CELL.findall(text or "")
    closing = re.search(r"(?m)^auto against the fastest backend, a cell: (.*)$", text or "")
    if not cells or not closing:
        return []
    rerun = re.search(r"(?m)^# (rerun .*)$", text)
    counts = sorted({int(c[0]) for c in cells})
    table = ["| auto started afresh: jobs keeping another backend than the fastest; auto's median "
             "job over the fastest's | " + " | ".join(FRESH_CALLS) + " |",
             "| --- |" + " ---: |" * len(FRESH_CALLS)]
    for count, regime in zip(counts, REGIMES):
        row = {c[1]: f"{c[3]} of {c[4]}; {c[6]} ({c[2]} fastest)" for c in cells if int(c[0]) == count}
        table.append(f"| {regime.format(count)} | " + " | ".join(row.get(call, "-") for call in FRESH_CALLS)
                     + " |")
    note = f", {rerun[1]}" if rerun else ""
    return [FRESH_START, "", *table, "",
            f"- Auto started afresh, each job one draw (`seebatch_auto_starts`, jobs of 10^5 captures"
            f"{note}): {closing[1]}.", *floor_line(text), FRESH_END]


FLOOR = re.compile(r"^    floor: the first cycle \((\d+) calls\) on auto's first guess, then (\w+): "
                   r"median job ([\d.]+) of the fastest's")


def floor_line(text):
    """The floor (seebatch_auto_starts --floor) of each cycled cell, beside
    auto's median: the first cycle on auto's first guess, then the
    fastest; nothing where it did not run."""
    parts, cell = [], None
    for line in text.splitlines():
        found = FRESH_CELL.match(line)
        if found:
            cell = found
            continue
        floor = FLOOR.match(line)
        if floor and cell and floor[2] == cell[3]:
            parts.append(f"{int(cell[1]):,} cycled, {cell[2]}: {floor[3]} (auto {cell[7]}; "
                         f"first cycle {floor[1]} calls)")
    if not parts:
        return []
    return ["- The floor, an oracle's job told the work repeats at its first repeat (the first "
            "cycle on auto's first guess, then the fastest; `--floor`), over the fastest's: "
            + "; ".join(parts) + "."]


def starts(output, run_file):
    """Puts bench/auto_starts.sh's output into a run file written before:
    the summary's fresh starts, and its own section at the end."""
    text = Path(output).read_text()
    fresh = fresh_starts(text)
    if not fresh:
        fail(f"{output}: no figures of seebatch_auto_starts")
    lines = Path(run_file).read_text().splitlines()
    if SUMMARY_END not in lines:
        fail(f"{run_file}: no summary ({SUMMARY_END})")
    if FRESH_START in lines and FRESH_END in lines:
        lines[lines.index(FRESH_START):lines.index(FRESH_END) + 1] = fresh
    else:
        at = lines.index(SUMMARY_END)
        lines[at:at] = fresh
    if FRESH_SECTION in lines:
        lines = lines[:lines.index(FRESH_SECTION)]
        while lines and not lines[-1]:
            lines.pop()
        lines.append("")
    lines += fenced(FRESH_SECTION[3:], text)
    Path(run_file).write_text("\n".join(lines).rstrip("\n") + "\n")


def summary(directory):
    """The summary's lines: the tables, then the engine path and the jobs."""
    multi = read(directory, "multi.txt")
    ratios, over_fastest, instructions, positions = against_stockfish(multi) if multi else ({}, [], {}, 0)
    preset = "stockfish" if read(directory, "bench-stockfish.json") else "classic"
    bench_text = read(directory, f"bench-{preset}.json")
    rows, clock = bench_rows(bench_text) if bench_text else ({}, "")
    # Every backend, then auto, as measured in its own right.
    present = [b for b in BACKENDS + ("auto",) if b in ratios or (("multi", b) in rows)]
    if not [b for b in present if b != "auto"]:
        fail(f"{directory}: neither calibrate_multi.sh's ratios nor seebatch_bench's rows")
    lines = ["| `seebatch_values_ge`, 256 moves a call, against Stockfish's `see_ge` (speed) | "
             + " | ".join(present) + " |",
             "| --- |" + " ---: |" * len(present)]

    def row(label, cells):
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    def regime_cell(kernel, index, given):
        return f"{ratios[kernel][index][given]:.2f}x" if kernel in ratios else "-"

    if ratios:
        for index, regime in enumerate(REGIMES):
            row(regime.format(positions), [regime_cell(b, index, 0) for b in present])
        row("pins given, as an engine holds them: " + " / ".join(REGIME_WORDS),
            [" / ".join(regime_cell(b, i, 1) for i in range(3)) if b in ratios else "-" for b in present])
    if rows:
        row(f"captures per second (`seebatch_bench`, `multi`, {preset} preset)",
            [rate(rows[("multi", b)]) if ("multi", b) in rows else "-" for b in present])
    if instructions.get("stockfish"):
        row(f"instructions per capture (callgrind); Stockfish's `see_ge`: {instructions['stockfish']:.0f}",
            [f"{instructions[b]:.0f}" if b in instructions else "-" for b in present])
    if len(over_fastest) == len(REGIMES):
        lines += [""] + auto_table(over_fastest, positions)
    lines.append("")
    lines += board_tables(multi) if multi else []
    cost = learning_cost(multi) if multi else []
    if cost:
        lines.append("- What learning costs a whole job (auto learning afresh over the fastest backend "
                     "forced, the worse of values and thresholds): " + "; ".join(cost) + ".")
    lines += fresh_starts(read(directory, "auto_starts.txt") or multi)
    closing = re.search(r"(?m)^on this CPU auto kept .*$", read(directory, f"bench-{preset}.tables") or "")
    if closing:
        lines.append(f"- `seebatch_bench`: {closing[0]}.")
    if not ratios:
        lines.append("- No Stockfish tree was given to `bench/figures.sh`, so this run has no ratio "
                     "to Stockfish's `see_ge`.")
    view = read(directory, "view.txt")
    speed, calls = view_against_stockfish(view) if view else ({}, None)
    if speed:
        text = ("- Engine path, `seebatch_view_see_ge` one move a call (any backend), over Stockfish's "
                "`see_ge`: " + ", ".join(f"{ratio:.2f}x {words}" for words, ratio in speed))
        if calls:
            text += f"; {calls[1]:.0f} instructions a call against Stockfish's {calls[0]:.0f}"
        lines.append(text + ".")
    search = read(directory, "search.txt")
    if search:
        lines.append(search_figures(search))
    jobs = job_figures(directory)
    if jobs:
        lines.append("- Whole jobs on one thread: " + "; ".join(jobs) + ".")
    if rows and clock.startswith("no cycles"):
        lines.append(f"- Cycles: {clock}.")
    while lines[-1] == "":
        lines.pop()
    return lines


def fenced(title, text, note=None):
    body = [f"## {title}", ""]
    if note:
        body += [note, ""]
    if text is None:
        return body + ["Not run here (see the header).", ""]
    return body + ["```", text.rstrip("\n"), "```", ""]


def write(directory, run_file):
    meta = meta_of(directory)
    run_file = Path(run_file)
    out = [f"# seebatch on {meta.get('machine', meta['cpu'])}", ""]
    for key in ("cpu", "vendor", "features", "backend", "compiler", "commit", "date", "load", "stockfish", "command"):
        if key in meta:
            out.append(f"- {key}: {meta[key]}")
    if meta.get("quick"):
        out.append(f"- quick: {meta['quick']}")
    out += ["", "## Summary", "", SUMMARY_START, *summary(directory), SUMMARY_END, ""]
    if (Path(directory) / "ratio.png").exists():
        out += [f"![seebatch over Stockfish's see_ge]({run_file.stem}-stockfish.png)", ""]
    out += fenced("Against Stockfish's see_ge (bench/stockfish/calibrate_multi.sh)", read(directory, "multi.txt"),
                  "`seebatch_values_ge` at threshold 0 and `seebatch_values`, 256 moves of many boards a "
                  "call, on each backend and on auto, against Stockfish's own `see_ge(m, 0)` on the same "
                  "captures in one process; then one board a call (a node's captures at a move picker's "
                  "thresholds) against Stockfish's `see_ge(m, t)` and the view one move a call; ns per "
                  "capture, medians of the rounds.")
    out += fenced("The engine path (bench/stockfish/calibrate.sh)", read(directory, "view.txt"),
                  "`seebatch_view_see_ge` one move a call on Stockfish's layout, against Stockfish's "
                  "`see_ge` and the benchmark's baseline, in one process.")
    for preset in ("stockfish", "classic"):
        out += fenced(f"seebatch_bench, {preset} preset", read(directory, f"bench-{preset}.tables"))
        if preset == meta.get("charted") and (Path(directory) / "chart.png").exists():
            out += [f"![seebatch_bench by backend, {preset} preset]({run_file.stem}.png)", ""]
    out += fenced("Instructions per capture (bench/instructions_per_capture.sh)", read(directory, "instructions.txt"))
    out += fenced("The engine pair (bench/engine_pair_instructions.sh)", read(directory, "engine_pair.txt"),
                  "Callgrind, per `seebatch_view_see_ge` call, through the pair (dist/) and through the "
                  "library's view on the same calls, portable and pext, the pair built with the flags the "
                  "library builds that exchange with; the pair's first `seebatch_view_rules_init` (its "
                  "tables filled from the generated magic multipliers).")
    out += fenced("Stockfish 15.1's search (bench/stockfish/search.sh)", read(directory, "search.txt"))
    for job, script in (("eval", "bench/jobs/eval.sh"), ("filter", "bench/jobs/filter.sh"),
                        ("python", "bench/jobs/python.sh")):
        out += fenced(f"Whole job: {job} ({script})", read(directory, f"{job}.txt"))
    run_file.write_text("\n".join(out).rstrip("\n") + "\n")


def summary_of(run_file):
    lines = Path(run_file).read_text().splitlines()
    try:
        return lines[lines.index(SUMMARY_START) + 1:lines.index(SUMMARY_END)]
    except ValueError:
        fail(f"{run_file} has no summary between {SUMMARY_START} and {SUMMARY_END}")


README_START = "<!-- figures: docs/runs/ -->"
TABLE_HEAD = ["| CPU (its run file) | code measured | auto kept | M captures/s, streamed | "
              "against Stockfish's walk, streamed |",
              "| --- | --- | --- | ---: | ---: |"]
# seebatch_bench's closing line as a run file's summary quotes it: the
# backend auto kept, M captures/s, the ratio to Stockfish's walk; in its
# words since the regimes were renamed ("in board order, streamed (multi,
# ...)") and before ("auto takes", "in board order (multi, ...)", "boards
# from memory"), which older run files hold.
CLOSING = re.compile(r"(?m)^- `seebatch_bench`: on this CPU auto (?:kept|takes) (\w+)\b.*? for values on "
                     r"many boards in board order.*?: ([\d.]+) M captures/s(?:, ([\d.]+)x Stockfish's walk)?")


def header_of(run_file):
    """A run file's header lines `- key: value`, as a dict."""
    return dict(re.findall(r"(?m)^- (\w+): (.*)$", Path(run_file).read_text().split(SUMMARY_START)[0]))


def commit_of(header, run_file):
    found = re.match(r"([0-9a-f]{40})\b", header.get("commit", ""))
    if not found:
        fail(f"{run_file} names no commit (a line '- commit: SHA ...')")
    return found[1]


def run_row(run_file, newest):
    """README's row of one run file: from its header (cpu, commit) and
    summary; its commit, and "older code" unless it is newest, the commit
    the most recent run file measured; then the figures of seebatch_bench's
    closing line in that run, "-" where its summary has none."""
    header = header_of(run_file)
    commit = commit_of(header, run_file)
    measured = f"`{commit[:7]}`" + ("" if commit == newest else " (older code)")
    closing = CLOSING.search("\n".join(summary_of(run_file)))
    kept, speed, ratio = (closing[1], closing[2], closing[3]) if closing else ("-", "-", None)
    cpu = header.get("cpu", Path(run_file).stem).split(", ")
    cpu_name = ", ".join(part for part in cpu if not re.search(r"\d+ CPUs", part))
    return (f"| [{cpu_name}](docs/runs/{Path(run_file).name}) | {measured} | {kept} | {speed} | "
            f"{ratio + 'x' if ratio else '-'} |")


def table(runs):
    """A row per run file of bench/figures.sh (one with a summary); other
    figures there, of one script (the loaders'), have no row."""
    files = [f for f in sorted(Path(runs).glob("*.md")) if SUMMARY_START in f.read_text()]
    if not files:
        fail(f"{runs} holds no run file")
    # The most recent run by its date line ("YYYY-MM-DD HH:MM UTC" sorts as text).
    latest = max(files, key=lambda f: header_of(f).get("date", ""))
    newest = commit_of(header_of(latest), latest)
    return TABLE_HEAD + [run_row(f, newest) for f in files]


def readme(runs, readme_path):
    """Replaces README's figures block with the results table of the run files."""
    readme_path = Path(readme_path)
    lines = readme_path.read_text().splitlines()
    if lines.count(README_START) != 1 or README_END not in lines[lines.index(README_START):]:
        fail(f"{readme_path} needs one block from '{README_START}' to '{README_END}'")
    start = lines.index(README_START)
    end = lines.index(README_END, start)
    lines[start + 1:end] = table(runs)
    readme_path.write_text("\n".join(lines) + "\n")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "table":
        print("\n".join(table(sys.argv[2])))
    elif len(sys.argv) == 4 and sys.argv[1] == "readme":
        readme(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "starts":
        starts(sys.argv[2], sys.argv[3])
    else:
        fail("usage: run_file.py write COLLECTED RUN_FILE | table RUNS | readme RUNS README | "
             "starts OUTPUT RUN_FILE")


if __name__ == "__main__":
    main()
