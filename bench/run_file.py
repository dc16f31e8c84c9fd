#!/usr/bin/env python3
"""Writes a run file (docs/runs/CPU.md) from what bench/figures.sh collected,
and README's results table from every run file.

    bench/run_file.py write COLLECTED RUN_FILE    the run file from COLLECTED
    bench/run_file.py table RUNS                  the results table of the run files in RUNS
    bench/run_file.py readme RUNS README          README's figures block from them
    bench/run_file.py auto RUNS MEASURED_CPUS_C   the table's rows against the
                                                  run files' call shapes (exit 1 past 5%)

COLLECTED is figures.sh's directory: meta.txt (key: value lines), and the
raw output of each measurement where it ran: multi.txt
(bench/stockfish/calibrate_multi.sh), view.txt (calibrate.sh),
bench-PRESET.json and bench-PRESET.tables (seebatch_bench), chart.png
(plot_chart.py) and ratio.png (ratio_chart.py), calibrate.txt (runs of
`seebatch calibrate`) and version.txt (`seebatch --version`),
instructions.txt (bench/instructions_per_capture.sh), eval.txt, filter.txt,
python.txt (bench/jobs/). A measurement that did not run is said so.

The run file's summary lies between the lines SUMMARY_START and
SUMMARY_END. README's block between `<!-- figures: docs/runs/ -->` and
`<!-- /figures -->` is the results table: a row per run file (CPU, the
commit it measured, "older code" unless the most recent run file measured
it too, what auto takes for thresholds on many boards, its ratios to
Stockfish's `see_ge`, the view's), read from each run file's header and
summary.
tests/docs/readme_figures.sh holds README's block to the run files.

Standard library only.
"""
import json
import re
import statistics
import sys
from pathlib import Path

SUMMARY_START = "<!-- summary -->"
SUMMARY_END = "<!-- /summary -->"
README_END = "<!-- /figures -->"
BACKENDS = ("scalar", "avx2", "avx512")  # narrowest first, as the tables read
REGIMES = ("learned: 1,000 positions cycled", "not learned: 10,000 positions cycled",
           "streamed: all {:,} positions")


def fail(message):
    sys.exit(f"run_file.py: {message}")


def read(directory, name):
    path = Path(directory) / name
    return path.read_text(errors="replace") if path.exists() else None


def meta_of(directory):
    text = read(directory, "meta.txt") or fail(f"{directory}/meta.txt is missing")
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def number(text):
    return float(text.replace(",", ""))


def against_stockfish(text):
    """From calibrate_multi.sh: {backend: [(worked out, pins given) per regime]},
    and the instructions per capture by callgrind ({"stockfish": n, backend: n})."""
    ratios, regime, positions = {}, -1, 0
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
    instructions = {}
    for line in text.splitlines():
        if line.startswith("instructions per capture (callgrind):"):
            found = re.search(r"Stockfish see_ge ([\d.]+)", line)
            if found:
                instructions["stockfish"] = float(found[1])
            for backend, count in re.findall(r"(\w+) values_ge ([\d.]+)", line):
                instructions[backend] = float(count)
    return ratios, instructions, positions


def view_against_stockfish(text):
    """From calibrate.sh: the view's speed over Stockfish's see_ge by regime,
    and instructions per call (Stockfish's, the view's)."""
    speed = {found[1]: (int(found[2]), float(found[3])) for found in re.finditer(
        r"(?m)^(learned|unlearned)\s+(\d+) positions: seebatch's view .*?, ([\d.]+)x Stockfish's speed", text)}
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


def auto_kernels(meta):
    """What auto takes, from figures.sh's "auto:" line: {"worked out": the
    kernel of thresholds on many boards in order, pins worked out; "given":
    pins given; "values": values, pins worked out}, each where recorded."""
    line = meta.get("auto", "")
    takes = {}
    first = re.match(r"(\w+) for thresholds", line)
    if first:
        takes["worked out"] = first[1]
    for key, pattern in (("given", r"(\w+) with pins given"), ("values", r"(\w+) for values")):
        found = re.search(pattern, line)
        if found:
            takes[key] = found[1]
    return takes


def summary(directory, meta):
    """The summary's lines: the table, then the engine path and the jobs."""
    multi = read(directory, "multi.txt")
    ratios, instructions, positions = against_stockfish(multi) if multi else ({}, {}, 0)
    preset = "stockfish" if read(directory, "bench-stockfish.json") else "classic"
    bench_text = read(directory, f"bench-{preset}.json")
    rows, clock = bench_rows(bench_text) if bench_text else ({}, "")
    present = [b for b in BACKENDS if b in ratios or (("multi", b) in rows)]
    if not present:
        fail(f"{directory}: neither calibrate_multi.sh's ratios nor seebatch_bench's rows")
    # What auto takes for each row's shape (figures.sh's "auto:" line, from
    # seebatch --version): the column beside the backends repeats its figures.
    takes = auto_kernels(meta)
    auto = bool(takes) or ("multi", "auto") in rows
    lines = ["| `seebatch_values_ge`, 256 moves a call, against Stockfish's `see_ge` (speed) | "
             + " | ".join(present) + (" | auto" if auto else "") + " |",
             "| --- |" + " ---: |" * (len(present) + auto)]

    def row(label, cells, automatic=None):
        if auto:
            cells = cells + [f"{automatic} ({takes_for})" if automatic and automatic != "-" else "-"]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    def regime_cell(kernel, index, given):
        return f"{ratios[kernel][index][given]:.2f}x" if kernel in ratios else "-"

    if ratios:
        takes_for = takes.get("worked out")
        for index, regime in enumerate(REGIMES):
            row(regime.format(positions), [regime_cell(b, index, 0) for b in present],
                takes_for and regime_cell(takes_for, index, 0))
        takes_for = takes.get("given")
        row("pins given, as an engine holds them: learned / not learned / streamed",
            [" / ".join(regime_cell(b, i, 1) for i in range(3)) if b in ratios else "-" for b in present],
            takes_for and " / ".join(regime_cell(takes_for, i, 1) for i in range(3)))
    if rows:
        takes_for = takes.get("values")
        row(f"captures per second (`seebatch_bench`, `multi`, {preset} preset)",
            [rate(rows[("multi", b)]) if ("multi", b) in rows else "-" for b in present],
            rate(rows[("multi", "auto")]) if ("multi", "auto") in rows else None)
    if instructions.get("stockfish"):
        takes_for = takes.get("worked out")
        row(f"instructions per capture (callgrind); Stockfish's `see_ge`: {instructions['stockfish']:.0f}",
            [f"{instructions[b]:.0f}" if b in instructions else "-" for b in present],
            f"{instructions[takes_for]:.0f}" if takes_for in instructions else None)
    lines.append("")
    closing = re.search(r"(?m)^on this CPU auto takes .*$", read(directory, f"bench-{preset}.tables") or "")
    if closing:
        lines.append(f"- `seebatch_bench`: {closing[0]}.")
    if not ratios:
        lines.append("- No Stockfish tree was given to `bench/figures.sh`, so this run has no ratio "
                     "to Stockfish's `see_ge`.")
    view = read(directory, "view.txt")
    speed, calls = view_against_stockfish(view) if view else ({}, None)
    if speed:
        learned, unlearned = speed.get("learned"), speed.get("unlearned")
        text = ("- Engine path, `seebatch_view_see_ge` one move a call (any backend): "
                f"{learned[1]:.2f}x Stockfish's `see_ge` on {learned[0]:,} positions cycled, "
                f"{unlearned[1]:.2f}x on all {unlearned[0]:,}")
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


KERNEL_CODES = {"scalar": "s", "avx2": "2", "avx512": "5"}
SHAPE_LINE = re.compile(r"^((?:values|threshold), .*? moves)\s+([\d.]+(?:\s+[\d.]+)*)\s+\w+, ")


def call_shapes(calibrations, version):
    """From runs of `seebatch calibrate` and `seebatch --version`: the call
    shapes in order, with the median ns a move per backend, the fastest and
    what auto took; and the backends measured."""
    backends, times = None, {}
    for line in calibrations.splitlines():
        if line.startswith("call shape (ns a move)"):
            backends = line.split()[5:-1]
            continue
        m = SHAPE_LINE.match(line)
        if m and backends:
            times.setdefault(m.group(1), []).append([float(x) for x in m.group(2).split()])
    took = dict(re.findall(r"^  ((?:values|threshold), .*? moves)\s+(\w+)$", version or "", re.M))
    shapes = []
    for shape, runs in times.items():
        medians = [statistics.median(run[k] for run in runs) for k in range(len(backends))]
        fastest = backends[medians.index(min(medians))]
        shapes.append((shape, medians, fastest, took.get(shape)))
    return backends, shapes, len(next(iter(times.values()), []))


def call_shape_section(directory):
    calibrations = read(directory, "calibrate.txt")
    out = ["## Auto per call shape (seebatch calibrate)", ""]
    if calibrations is None:
        return out + ["Not run here (see the header).", ""]
    backends, shapes, runs = call_shapes(calibrations, read(directory, "version.txt"))
    row = "".join(KERNEL_CODES[fastest] for _, _, fastest, _ in shapes)
    row = " ".join(row[k:k + 4] for k in range(0, len(row), 4))
    out += [f"`seebatch calibrate` {runs} times: ns a move on the real positions built into the "
            "tool, medians per backend; the fastest; what auto took in this run (`seebatch "
            "--version`) and its time over the fastest's. The fastest as a row of "
            f"lib/auto/measured_cpus.c: `{row}` (tests/docs/auto_choices.sh holds the table's row to "
            "these times: within 5% of the fastest on every shape).", "",
            "| call shape | " + " | ".join(backends) + " | fastest | auto | auto / fastest |",
            "| --- | " + " | ".join("---:" for _ in backends) + " | --- | --- | ---: |"]
    for shape, medians, fastest, took in shapes:
        ratio = f"{medians[backends.index(took)] / min(medians):.2f}" if took in backends else "-"
        out.append(f"| {shape} | " + " | ".join(f"{t:.2f}" for t in medians) +
                   f" | {fastest} | {took or '-'} | {ratio} |")
    return out + [""]


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
    for key in ("cpu", "vendor", "features", "backend", "auto", "compiler", "commit", "date", "load", "stockfish", "command"):
        if key in meta:
            out.append(f"- {key}: {meta[key]}")
    if meta.get("quick"):
        out.append(f"- quick: {meta['quick']}")
    out += ["", "## Summary", "", SUMMARY_START, *summary(directory, meta), SUMMARY_END, ""]
    if (Path(directory) / "ratio.png").exists():
        out += [f"![seebatch over Stockfish's see_ge]({run_file.stem}-stockfish.png)", ""]
    out += call_shape_section(directory)
    out += fenced("Against Stockfish's see_ge (bench/stockfish/calibrate_multi.sh)", read(directory, "multi.txt"),
                  "`seebatch_values_ge` at threshold 0 and `seebatch_values`, 256 moves of many boards a "
                  "call, against Stockfish's own `see_ge(m, 0)` on the same captures in one process; "
                  "ns per capture, medians of the rounds.")
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
TABLE_HEAD = ["| CPU (its run file) | code measured | auto takes, thresholds on many boards | "
              "`seebatch_values_ge` against Stockfish's `see_ge`: learned / not learned / streamed | "
              "the view, one move a call: learned / streamed |",
              "| --- | --- | --- | ---: | ---: |"]


def header_of(run_file):
    """A run file's header lines `- key: value`, as a dict."""
    return dict(re.findall(r"(?m)^- (\w+): (.*)$", Path(run_file).read_text().split(SUMMARY_START)[0]))


def commit_of(header, run_file):
    found = re.match(r"([0-9a-f]{40})\b", header.get("commit", ""))
    if not found:
        fail(f"{run_file} names no commit (a line '- commit: SHA ...')")
    return found[1]


def run_row(run_file, newest):
    """README's row of one run file: from its header (cpu, commit, auto) and
    summary; its commit, and "older code" unless it is newest, the commit
    the most recent run file measured."""
    text = Path(run_file).read_text()
    header = header_of(run_file)
    commit = commit_of(header, run_file)
    measured = f"`{commit[:7]}`" + ("" if commit == newest else " (older code)")
    summary_lines = summary_of(run_file)
    columns = [c.strip() for c in summary_lines[0].strip("|").split("|")][1:]
    regimes = {}
    for line in summary_lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        for index, regime in enumerate(("learned", "not learned", "streamed")):
            if cells[0].startswith(regime + ":"):
                regimes[index] = cells[1:]
    if len(regimes) != 3:
        fail(f"{run_file}: its summary has no learned, not learned and streamed rows")

    def ratios(column):
        return [number(regimes[i][column].rstrip("x")) for i in range(3)]

    # What auto takes: as the run recorded it, else (runs before the record)
    # the backend that measured fastest there, as the dispatch table takes.
    recorded = re.match(r"(\w+)", header.get("auto", ""))
    if recorded and recorded[1] in columns:
        chosen = columns.index(recorded[1])
    else:
        chosen = max(range(len(columns)), key=lambda c: statistics.geometric_mean(ratios(c)))
    view = re.search(r"one move a call \(any backend\): ([\d.]+x) .*?, ([\d.]+x) on all", text)
    cpu = header.get("cpu", Path(run_file).stem).split(", ")
    cpu_name = ", ".join(part for part in cpu if not re.search(r"\d+ CPUs", part))
    return (f"| [{cpu_name}](docs/runs/{Path(run_file).name}) | {measured} | {columns[chosen]} | "
            + " / ".join(f"{r:.2f}x" for r in ratios(chosen)) + " | "
            + (f"{view[1]} / {view[2]}" if view else "-") + " |")


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


def measured_rows(source):
    """lib/auto/measured_cpus.c's rows: [(vendor, family, first model, last model,
    AVX-512, choices)], macros of choices resolved."""
    text = Path(source).read_text()
    macros = dict(re.findall(r'#define (\w+) "([^"]*)"', text))
    rows = []
    for vendor, family, first, last, avx512, choices in re.findall(
            r'\{"(\w+)", (0x[0-9A-Fa-f]+), (0x[0-9A-Fa-f]+), (0x[0-9A-Fa-f]+), (true|false),\s*("[^"]*"|\w+)',
            text):
        choices = choices.strip('"') if choices.startswith('"') else macros.get(choices, "")
        rows.append((vendor, int(family, 16), int(first, 16), int(last, 16), avx512 == "true", choices))
    return rows


def auto_check(runs, source):
    """Each run file's call shapes against the table's row for its CPU: the
    backend the row names within 5% of the fastest on every shape. Returns
    the lines to print and whether every run file holds."""
    rows, lines, good = measured_rows(source), [], True
    codes = {code: name for name, code in KERNEL_CODES.items()}
    for run in sorted(Path(runs).glob("*.md")):
        text = run.read_text()
        if "## Auto per call shape (seebatch calibrate)" not in text:
            if SUMMARY_START in text:
                lines.append(f"{run.name}: no call shapes measured (a run before seebatch calibrate was in figures.sh)")
            continue
        cpu = re.search(r"^- cpu: .*family ([0-9A-F]{2})h model ([0-9A-F]{2})h", text, re.M)
        vendor = re.search(r"^- vendor: (\w+)", text, re.M)
        avx512 = re.search(r"^- features: .*\bavx512f\b", text, re.M) is not None
        if not cpu or not vendor:
            lines.append(f"FAIL {run.name}: its header names no vendor, family and model")
            good = False
            continue
        family, model = int(cpu.group(1), 16), int(cpu.group(2), 16)
        row = next((r for r in rows if r[0] == vendor.group(1) and r[1] == family and
                    r[2] <= model <= r[3] and r[4] == avx512), None)
        if row is None:
            lines.append(f"FAIL {run.name}: lib/auto/measured_cpus.c has no row for {vendor.group(1)} "
                         f"family {family:02X}h model {model:02X}h{' with AVX-512' if avx512 else ''}")
            good = False
            continue
        table_lines = [line for line in text.split("## Auto per call shape")[1].splitlines()
                       if line.startswith("| call shape |") or re.match(r"\| (values|threshold),", line)]
        backends = [cell.strip() for cell in table_lines[0].split("|")[2:-4]]
        choices = row[5].replace(" ", "")
        shapes = table_lines[1:]
        if len(shapes) != len(choices):
            lines.append(f"FAIL {run.name}: {len(shapes)} call shapes, the row has {len(choices)} choices")
            good = False
            continue
        worst = 1.0
        for line, code in zip(shapes, choices):
            cells = [cell.strip() for cell in line.split("|")[1:-1]]
            times = [float(t) for t in cells[1:1 + len(backends)]]
            kernel = codes.get(code)
            if kernel not in backends:
                lines.append(f"FAIL {run.name}: {cells[0]}: the row names {kernel or code!r}, not measured")
                good = False
                continue
            ratio = times[backends.index(kernel)] / min(times)
            worst = max(worst, ratio)
            if ratio > 1.05:
                lines.append(f"FAIL {run.name}: {cells[0]}: the row takes {kernel}, "
                             f"{ratio:.2f}x the fastest's time")
                good = False
        lines.append(f"{run.name}: the row {row[5]} within {worst:.2f}x the fastest on {len(shapes)} call shapes")
    return lines, good


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "write":
        write(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "table":
        print("\n".join(table(sys.argv[2])))
    elif len(sys.argv) == 4 and sys.argv[1] == "readme":
        readme(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == "auto":
        lines, good = auto_check(sys.argv[2], sys.argv[3])
        print("\n".join(lines))
        sys.exit(0 if good else 1)
    else:
        fail("usage: run_file.py write COLLECTED RUN_FILE | table RUNS | readme RUNS README | auto RUNS MEASURED_CPUS_C")


if __name__ == "__main__":
    main()
