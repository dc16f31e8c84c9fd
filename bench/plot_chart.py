#!/usr/bin/env python3
"""Draws seebatch_bench's JSON results as a PNG chart, panel by panel:

  1. SEE on the engine's own position: seebatch_view_see_ge against the
     baseline, Stockfish's see_ge walk written again (docs/benchmarks.md), in
     each regime;
  2. the engine path (engine_see_ge, engine_see_value, engine_see_ge_each)
     against the same baseline, in each regime;
  3. captures per second by kind of call and backend;
  4. one panel per benchmark with an argument (batch_length: moves per call;
     multi_offset: bytes past a page boundary).

Every panel shows one quantity, millions per second (higher is better), each
bar labelled with its rate and its cycles per item ("c"); each column keeps
its colour in every panel (COLOURS), and the backends stand in a fixed order,
narrowest first (scalar, avx2, avx512), however many the JSON holds.

Each bar's label fits its bar: level at font size 10, 9 or 8 when it fits
there, else turned upright, else the panel says there is no room for
labels (CHARACTER_WIDTH and LINE_HEIGHT, measured on pngcairo's sans font).

The heading names the machine (--machine, else what the JSON says), the
date, the commit (--commit) and the position set, and says what each regime
is (1000_cycled, 10000_cycled, streamed), from seebatch_bench's own context.

Usage:
    seebatch_bench --benchmark_out=results.json --benchmark_out_format=json
    bench/plot_chart.py results.json [chart.png] [--machine TEXT] [--commit TEXT]
    bench/plot_chart.py results.json --script     the gnuplot script, not run
    bench/plot_chart.py docs/runs/CPU.md CPU.png --run-file stockfish [--clock GHZ] [--commit TEXT]
        a run file's seebatch_bench tables drawn again (cycles from --clock)

Needs Python 3 (standard library only) and gnuplot (Debian: gnuplot-nox),
except with --script. With --benchmark_repetitions, the median is drawn.
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

# Bars are grouped by row; within a group one bar per column. The gap
# between groups is counted in bar widths, as gnuplot's histogram style does.
GROUP_GAP = 1
# The chart's width in pixels, and how much of it a panel's bars share at
# least (the y axis's label and numbers take the rest).
CHART_WIDTH = 1800
PLOT_WIDTH = 1600
# A label's size in pixels at font size S (measured on this pngcairo with
# its sans font, rounded up): a character is at most 0.85 S wide, a line
# 1.35 S high; turned upright, two lines stand from 0.5 S left of their
# point to 2 S right of it, so they are moved left by 0.75 S a line after
# the first to stand centred. A label may take its bar's width less 4 pixels.
CHARACTER_WIDTH = 0.85
LINE_HEIGHT = 1.35
UPRIGHT_SHIFT = 0.75
LABEL_SIZES = (10, 9, 8)
HIGHER = "higher is better"
# The regimes in the rows' names, in order; then the names run files written
# before the rename hold (learned: 4,096 cycled, unlearned, memory), drawn again.
REGIMES = ("1000_cycled", "10000_cycled", "streamed", "learned", "unlearned", "memory")
BASELINE_COLUMNS = ("baseline", "seebatch")
COLUMN_TITLES = {"baseline": "Stockfish's see_ge walk (baseline)", "seebatch": "seebatch"}
# One colour per column, the same in every panel; a backend not listed takes
# the spare colours in turn.
COLOURS = {"scalar": "#4477aa", "avx2": "#ee7733", "avx512": "#cc3311", "auto": "#332288",
           "baseline": "#777777", "seebatch": "#228833"}
SPARE_COLOURS = ("#aa3377", "#009988", "#ccbb44", "#000000")
# The backends narrowest first; others after them, by name.
BACKEND_ORDER = ("scalar", "avx2", "avx512")


def fail(message):
    sys.exit(f"plot_chart.py: {message}")


def parse_name(name):
    """(family, regime, argument, column) of a benchmark name: family[/regime]/column,
    or family/column/argument when the last part is a number."""
    parts = name.split("/")
    if len(parts) < 2:
        return None
    if parts[-1].isdigit():
        return "/".join(parts[:-2]), "", parts[-1], parts[-2]
    regime = parts[1] if len(parts) == 3 else ""
    return parts[0], regime, "", parts[-1]


def read_results(path):
    """(context, results): results maps (family, regime, argument, column) to
    {"rate": captures per second, "cycles": cycles per capture or None}."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        fail(f"cannot read {path} as Google Benchmark JSON: {error}")
    runs, medians = {}, {}
    for run in data.get("benchmarks", []):
        rate = run.get("items_per_second")
        key = parse_name(run.get("run_name", run["name"]))
        if not rate or run.get("error_occurred") or not key:
            continue
        value = {"rate": rate, "cycles": run.get("cycles_per_item")}
        if run.get("run_type") == "aggregate":
            if run.get("aggregate_name") == "median":
                medians[key] = value
        else:
            runs.setdefault(key, []).append(value)
    results = {key: {"rate": sum(v["rate"] for v in values) / len(values),
                     "cycles": None if any(v["cycles"] is None for v in values)
                     else sum(v["cycles"] for v in values) / len(values)}
               for key, values in runs.items()}
    results.update(medians)
    if not results:
        fail(f"{path} holds no benchmark with items_per_second: is it seebatch_bench output?")
    return data.get("context", {}), results


def read_run_file(path, preset, clock):
    """(context, results) as read_results gives them, from the tables of a
    run file's section "seebatch_bench, PRESET preset" (its rates; cycles
    per item from clock, GHz, when given: the run file keeps no cycles) and
    its header (cpu, date)."""
    try:
        text = Path(path).read_text()
    except OSError as error:
        fail(f"cannot read {path}: {error}")
    header = dict(re.findall(r"(?m)^- (\w+): (.*)$", text.split("\n## ")[0]))
    section = text.split(f"## seebatch_bench, {preset} preset\n", 1)[-1].split("\n## ", 1)[0]
    results, columns = {}, None
    for line in section.splitlines():
        words = line.split()
        if words[:1] == ["benchmark"]:
            columns = None if any(key[3] == words[1] for key in results) else words[1:]
        elif columns and len(words) == 1 + 3 * len(columns) and words[2] == "M/s":
            name = words[0]
            for column, rate in zip(columns, words[1::3]):
                parts = name.split("/")
                full = "/".join(parts[:-1] + [column, parts[-1]]) if parts[-1].isdigit() \
                    else f"{name}/{column}"
                rate = float(rate) * 1e6
                results[parse_name(full)] = {"rate": rate,
                                             "cycles": clock * 1e9 / rate if clock else None}
    if not results:
        fail(f"{path} has no seebatch_bench tables under \"## seebatch_bench, {preset} preset\"")
    context = {"date": header.get("date", ""), "seebatch_preset": preset,
               "seebatch_core_clock": f"{clock:.3f} GHz" if clock else "",
               "host_name": header.get("cpu", "").split(";")[0]}
    return context, results


def in_order(items):
    """The distinct items, in the order they first appear."""
    return list(dict.fromkeys(items))


def quoted(text):
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def panel(title, xlabel, ylabel, rows, columns, cell, label):
    """gnuplot commands for one panel of clustered bars. rows: (row label,
    row key) pairs; cell(key, column): the value drawn, or None; label(key,
    column): the text above the bar."""
    lines = []
    for row_label, key in rows:
        values = [cell(key, column) for column in columns]
        labels = [label(key, column) if value is not None else "" for column, value in
                  zip(columns, values)]
        lines.append(" ".join([quoted(row_label)]
                              + [f"{v:.3f}" if v is not None else "NaN" for v in values]
                              + [quoted(text) for text in labels]))
    bars, texts = [], []
    width = 1 / (len(columns) + GROUP_GAP)
    style = label_style(len(rows), len(columns),
                        [label(key, column) for _, key in rows for column in columns
                         if cell(key, column) is not None])
    if style is None:
        title += " (no room for labels: see the run file's table)"
    for i, column in enumerate(columns):
        value_column, label_column = i + 2, i + 2 + len(columns)
        bars.append(f"$data using {value_column}:xtic(1) linecolor rgb {quoted(colour(column))} "
                    f"title {quoted(COLUMN_TITLES.get(column, column))}")
        # Each bar's label above it: bar i of a group sits i widths from the group's left bar.
        offset = (i - (len(columns) - 1) / 2) * width
        if style is not None:
            texts.append(f"$data using ($0 + {offset:.4f}):{value_column}:{label_column} "
                         f"with labels {style} notitle")
    return f"""
$data << EOD
{chr(10).join(lines)}
EOD
set xrange [-0.5:{len(rows) - 0.5}]
set title {quoted(title)}
set xlabel {quoted(xlabel)}
set ylabel {quoted(ylabel)}
plot {", ".join(bars + texts)}
"""


def bar_pixels(rows, columns):
    """The width of a bar in pixels, at least: the x range is one unit a
    row (panel() sets it so), a row's bars and one gap of bars."""
    return PLOT_WIDTH / rows / (columns + GROUP_GAP)


def label_style(rows, columns, labels):
    """How the bars' labels are drawn so that none runs into its neighbour's:
    level at the largest of LABEL_SIZES they fit at, else turned upright
    (their lines side by side), else None: no labels."""
    room = bar_pixels(rows, columns) - 4
    lines = [line for text in labels for line in text.split("\n")] or [""]
    longest = max(len(line) for line in lines)
    stacked = max(len(text.split("\n")) for text in labels) if labels else 1
    for size in LABEL_SIZES:
        if longest * CHARACTER_WIDTH * size <= room:
            return f"center offset 0,1.2 font ',{size}'"
    for size in LABEL_SIZES:
        if stacked * LINE_HEIGHT * size <= room:
            shift = UPRIGHT_SHIFT * size * (stacked - 1) / CHART_WIDTH
            return (f"left rotate by 90 offset screen -{shift:.5f}, character 0.5 "
                    f"font ',{size}'")
    return None


def colour(column):
    """The column's colour: its own, else a spare one chosen by its name."""
    if column in COLOURS:
        return COLOURS[column]
    return SPARE_COLOURS[sum(column.encode()) % len(SPARE_COLOURS)]


def backend_order(backends):
    """The backends narrowest first (BACKEND_ORDER), then any others by name."""
    known = [b for b in BACKEND_ORDER if b in backends]
    return known + sorted(b for b in backends if b not in BACKEND_ORDER)


def rate_text(result):
    """A bar's label, on two lines: the rate in millions per second, then the
    cycles per item."""
    text = f"{result['rate'] / 1e6:.1f}"
    return text + (f"\n{result['cycles']:.0f} c" if result["cycles"] is not None else "")


def row_label(family, regime):
    """The name of a group of bars, on two lines when it has a regime."""
    return f"{family}\n{regime}" if regime else family


def regime_rows(results, families):
    """(label, key) rows of every family with a baseline, regime by regime."""
    return [(row_label(family, regime), (family, regime))
            for family in families for regime in REGIMES
            if (family, regime, "", "baseline") in results]


def baseline_panels(results):
    """Panels 1 and 2: seebatch beside the baseline, calls per second."""
    families = in_order(key[0] for key in results if key[3] == "baseline")
    measure = "million calls / s"

    def cell(key, column):
        result = results.get((key[0], key[1], "", column))
        return result["rate"] / 1e6 if result else None

    def label(key, column):
        return rate_text(results[(key[0], key[1], "", column)])

    panels = []
    view = [f for f in families if f.startswith("view_")]
    engine = [f for f in families if f not in view]
    if view:
        panels.append(panel(
            "SEE on the engine's own position: seebatch_view_see_ge against Stockfish's see_ge "
            f"walk on the same boards, {HIGHER} (label: M calls/s, cycles per call)",
            "", measure, regime_rows(results, view), BASELINE_COLUMNS, cell,
            label))
    if engine:
        panels.append(panel(
            f"The engine path (seebatch_value_ge and friends) against the same baseline, {HIGHER} "
            "(label: M calls/s, cycles per call)",
            "", measure, regime_rows(results, engine), BASELINE_COLUMNS, cell,
            label))
    return panels


def backend_panels(results):
    """Panels 3 and 4: captures per second by backend."""
    backends = backend_order(in_order(key[3] for key in results if key[3] not in BASELINE_COLUMNS))
    families = in_order(key[0] for key in results if key[3] in backends)
    plain = [f for f in families if all(key[2] == "" for key in results if key[0] == f)]
    with_argument = [f for f in families if f not in plain]

    def cell(key, column):
        result = results.get(key[:3] + (column,))
        return result["rate"] / 1e6 if result else None

    def label(key, column):
        return rate_text(results[key[:3] + (column,)])

    rows = [(row_label(family, regime), (family, regime, ""))
            for family in plain
            for regime in in_order(key[1] for key in results if key[0] == family)]
    panels = []
    if rows:
        panels.append(panel(f"Captures per second by kind of call and backend, {HIGHER} "
                            "(label: M captures/s, cycles per capture)", "",
                            "million captures / s", rows, backends, cell, label))
    for family in with_argument:
        arguments = sorted(in_order(key[2] for key in results if key[0] == family),
                           key=int_or_text)
        xlabel = {"batch_length": "moves per call",
                  "multi_offset": "bytes past a page boundary"}.get(family, "argument")
        panels.append(panel(f"{family}: captures per second by {xlabel}, {HIGHER}", xlabel,
                            "million captures / s",
                            [(argument, (family, "", argument)) for argument in arguments],
                            backends, cell, label))
    return panels


def heading(context, machine, commit):
    """The chart's title lines: what ran where, and what the regimes are."""
    if not machine:
        parts = [context.get("host_name", "")]
        if context.get("num_cpus"):
            parts.append(f"{context['num_cpus']} CPUs")
        machine = ", ".join(p for p in parts if p) or "machine unknown"
    clock = context.get("seebatch_core_clock", "")
    clock = "not measured" if clock.startswith("no cycles") else clock.split(" (")[0]
    when = ", ".join(part for part in (context.get("date", "")[:10],
                                       f"commit {commit}" if commit else "") if part)
    preset = context.get("seebatch_preset")
    positions = "; ".join(part for part in (context.get("seebatch_positions", ""),
                                            preset and f"{preset} values") if part)
    lines = ["seebatch_bench: SEE per second and cycles per capture",
             f"{machine}" + (f"; core clock {clock}" if clock else "") + (f"; {when}" if when else ""),
             positions,
             "regimes: " + context.get("seebatch_regimes",
                                       "1000_cycled, 10000_cycled: the first positions cycled; "
                                       "streamed: a data set bigger than the caches"),
             "single-move calls (see_value, see_ge) run the engine path on every backend"]
    return "\n".join(line for line in lines if line)


def gnuplot_script(context, results, output, machine=None, commit=None):
    panels = baseline_panels(results) + backend_panels(results)
    return f"""
set terminal pngcairo noenhanced size {CHART_WIDTH},{560 * len(panels) + 160} font 'sans,12'
set output {quoted(output)}
set style data histogram
set style histogram clustered gap {GROUP_GAP}
set style fill solid 0.85 border -1
set yrange [0:*]
set offsets 0, 0, graph 0.35, 0
set grid ytics
set xtics norotate font ',11'
set key inside top left horizontal font ',12' box opaque
set multiplot layout {len(panels)},1 title {quoted(heading(context, machine, commit))}
{"".join(panels)}
unset multiplot
"""


def int_or_text(text):
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("results", help="seebatch_bench's JSON (--benchmark_format=json)")
    parser.add_argument("chart", nargs="?", help="the PNG to write (default: RESULTS.png)")
    parser.add_argument("--machine", help="the machine, for the heading (bench/figures.sh gives "
                                          "the CPU model); default: what the JSON says")
    parser.add_argument("--commit", help="the commit measured, for the heading")
    parser.add_argument("--script", action="store_true",
                        help="print the gnuplot script instead of running gnuplot")
    parser.add_argument("--run-file", metavar="PRESET",
                        help="RESULTS is a run file (docs/runs/CPU.md): draw its seebatch_bench "
                             "tables of PRESET (its figures, drawn again)")
    parser.add_argument("--clock", type=float, metavar="GHZ",
                        help="with --run-file: the core clock seebatch_bench measured, for the "
                             "cycles per item (the run file keeps none)")
    args = parser.parse_args()
    source = Path(args.results)
    output = Path(args.chart) if args.chart else source.with_suffix(".png")
    if args.run_file:
        context, results = read_run_file(source, args.run_file, args.clock)
    else:
        context, results = read_results(source)
    script = gnuplot_script(context, results, str(output), args.machine, args.commit)
    if args.script:
        print(script)
        return
    if not shutil.which("gnuplot"):
        fail("gnuplot is not installed; install it (Debian: apt-get install gnuplot-nox) and run "
             "again, or give --script for the script alone")
    result = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True)
    if result.returncode != 0:
        fail(f"gnuplot failed:\n{result.stderr}")
    print(f"wrote {output}")


if __name__ == "__main__":
    main()
