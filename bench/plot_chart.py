#!/usr/bin/env python3
"""Draws seebatch_bench's JSON results as a PNG bar chart of captures per
second, one bar per backend: one panel for the benchmarks without an argument
(see_value, see_ge, batch, multi, ...), one panel per benchmark with one
(batch_length, by moves per call).

Usage:
    seebatch_bench --benchmark_out=results.json --benchmark_out_format=json
    bench/plot_chart.py results.json [chart.png]

Needs Python 3 (standard library only) and gnuplot (Debian: gnuplot-nox).
With --benchmark_repetitions, the median is drawn.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

# Bars are grouped by benchmark; within a group one bar per backend. The gap
# between groups is counted in bar widths, as gnuplot's histogram style does.
GROUP_GAP = 1


def fail(message):
    sys.exit(f"plot_chart.py: {message}")


def read_rates(path):
    """Returns (context, rates), rates mapping (family, argument, backend) to
    captures per second; benchmarks are named family[/regime]/backend, or
    family/backend/argument when the last part is a number (batch_length)."""
    try:
        results = json.loads(Path(path).read_text())
    except (OSError, ValueError) as error:
        fail(f"cannot read {path} as Google Benchmark JSON: {error}")
    repetitions, medians = {}, {}
    for run in results.get("benchmarks", []):
        rate = run.get("items_per_second")
        if not rate or run.get("error_occurred"):
            continue
        parts = run.get("run_name", run["name"]).split("/")
        if len(parts) < 2:
            continue
        if parts[-1].isdigit():
            key = ("/".join(parts[:-2]), parts[-1], parts[-2])
        else:
            key = ("/".join(parts[:-1]), "", parts[-1])
        if run.get("run_type") == "aggregate":
            if run.get("aggregate_name") == "median":
                medians[key] = rate
        else:
            repetitions.setdefault(key, []).append(rate)
    rates = {key: sum(values) / len(values) for key, values in repetitions.items()}
    rates.update(medians)
    if not rates:
        fail(f"{path} holds no benchmark with items_per_second: is it seebatch_bench output?")
    return results.get("context", {}), rates


def in_order(items):
    """The distinct items, in the order they first appear."""
    return list(dict.fromkeys(items))


def quoted(text):
    return '"' + str(text).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def panel(title, xlabel, rows, backends, rates, row_key):
    """gnuplot commands for one panel of clustered bars; rows are its groups,
    row_key(row, backend) the key of a bar in rates."""
    data = "\n".join(
        " ".join([quoted(row)] + [
            f"{rates[row_key(row, backend)] / 1e6:.3f}" if row_key(row, backend) in rates else "NaN"
            for backend in backends])
        for row in rows)
    bars, labels = [], []
    width = 1 / (len(backends) + GROUP_GAP)
    for i, backend in enumerate(backends):
        column = i + 2
        bars.append(f"$data using {column}:xtic(1) title {quoted(backend)}")
        # Each bar's value above it: bar i of a group sits i widths from the group's left bar.
        offset = (i - (len(backends) - 1) / 2) * width
        labels.append(
            f"$data using ($0 + {offset:.4f}):{column}:"
            f"(column({column}) == column({column}) ? sprintf('%.1f', column({column})) : '') "
            # Upright labels, narrower than their bar: side by side they overlapped.
            "with labels rotate by 90 left offset 0,0.4 font ',8' notitle")
    return f"""
$data << EOD
{data}
EOD
set title {quoted(title)}
set xlabel {quoted(xlabel)}
plot {", ".join(bars + labels)}
"""


def gnuplot_script(context, rates, output):
    families = in_order(family for family, _, _ in rates)
    engine_columns = ["baseline", "seebatch"]
    backends = in_order(backend for _, _, backend in rates if backend not in engine_columns)
    # scalar last, as the library lists backends: the others are read against it
    backends = [b for b in backends if b != "scalar"] + [b for b in backends if b == "scalar"]
    engine = [f for f in families if (f, "", "baseline") in rates]
    plain = [f for f in families if f not in engine and all(arg == "" for fam, arg, _ in rates if fam == f)]
    with_argument = [f for f in families if f not in plain and f not in engine]
    panels = []
    if engine:
        panels.append(panel("The engine path beside the baseline (Stockfish's see_ge on the same board)", "benchmark",
                            engine, engine_columns, rates, lambda row, column: (row, "", column)))
    if plain:
        panels.append(panel("Captures per second by kind of call", "benchmark", plain, backends, rates,
                            lambda row, backend: (row, "", backend)))
    for family in with_argument:
        arguments = sorted(in_order(arg for fam, arg, _ in rates if fam == family), key=int_or_text)
        panels.append(panel(f"{family}: captures per second by moves per call", "moves per call",
                            arguments, backends, rates,
                            lambda row, backend, family=family: (family, row, backend)))
    about = ", ".join(str(context[key]) for key in ("host_name", "date") if key in context)
    positions = context.get("seebatch_positions", "")
    if context.get("seebatch_preset"):
        positions += f", {context['seebatch_preset']} values"
    note = "single-move calls (see_value, see_ge) run the engine path on every backend"
    heading = "\n".join(line for line in ("seebatch: SEE per second by backend", positions, about, note)
                        if line)
    return f"""
set terminal pngcairo noenhanced size 1200,{470 * len(panels) + 80} font 'sans,11'
set output {quoted(output)}
set style data histogram
set style histogram clustered gap {GROUP_GAP}
set style fill solid 0.85 border -1
set ylabel "million captures / s"
set yrange [0:*]
set offsets 0, 0, graph 0.22, 0
set grid ytics
set xtics rotate by -30
set key outside right top
set multiplot layout {len(panels)},1 title {quoted(heading)}
{"".join(panels)}
unset multiplot
"""


def int_or_text(text):
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) == 2 else 1)
    source = Path(sys.argv[1])
    output = Path(sys.argv[2]) if len(sys.argv) == 3 else source.with_suffix(".png")
    if not shutil.which("gnuplot"):
        fail("gnuplot is not installed; install it (Debian: apt-get install gnuplot-nox) and run again")
    context, rates = read_rates(source)
    script = gnuplot_script(context, rates, str(output))
    result = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True)
    if result.returncode != 0:
        fail(f"gnuplot failed:\n{result.stderr}")
    print(f"wrote {output}")


if __name__ == "__main__":
    main()
