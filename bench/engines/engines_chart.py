#!/usr/bin/env python3
"""Draws what `seebatch time --format json` measured as a PNG: one group of
bars per regime ("1,000 cycled", "10,000 cycled", "streamed"), a bar for
each engine's own SEE (its plug-in) and, lighter beside it, one for
seebatch's view answering the same questions under that engine's rules;
ns a call, the medians of the rounds, each bar labelled.

Usage:
    bench/engines/engines_chart.py TIME.json CHART.png [--machine TEXT] [--commit TEXT]
                                   [--labels "NAME,NAME,..."]   (the plug-ins', in order)
    bench/engines/engines_chart.py TIME.json --script     the gnuplot script, not run

Needs Python 3 (standard library only) and gnuplot (Debian: gnuplot-nox),
except with --script. bench/engines/report.sh draws it for the run file.
"""
import argparse
import json
import shutil
import statistics
import subprocess
import sys

REGIMES = ["1,000 cycled", "10,000 cycled", "streamed"]
COLOURS = ["#4477aa", "#ee7733", "#228833", "#cc3311", "#aa3377", "#009988", "#bbbbbb", "#332288"]
LIGHT = ["#99bbdd", "#f7bb99", "#88cc99", "#e69988", "#dd99bb", "#77ccbb", "#dddddd", "#9988cc"]


def bars(measured, labels):
    """[(label, colour, [median ns by regime])]: each plug-in, then its view."""
    sees = measured["sees"]
    plugins = [s for s in sees if not s["view"]]
    out = []
    for index, plugin in enumerate(plugins):
        view = next(s for s in sees if s["view"] and s["plugin"] == plugin["plugin"])
        name = labels[index] if index < len(labels) else plugin["name"]
        for see, colours, label in ((plugin, COLOURS, name), (view, LIGHT, f"seebatch's view ({name}'s rules)")):
            medians = [statistics.median(see["ns"][r]) for r in REGIMES]
            out.append((label, colours[index % len(colours)], medians))
    return out


def script(measured, output, machine, commit, labels):
    rows = bars(measured, labels)
    data = []
    for r, regime in enumerate(REGIMES):
        values = " ".join(f"{row[2][r]:.2f}" for row in rows)
        data.append(f'"{regime}" {values}')
    width = 1.0 / (len(rows) + 1)
    plots = []
    for i, (label, colour, _) in enumerate(rows):
        offset = (i - (len(rows) - 1) / 2) * width
        plots.append(f"$data using ($0+{offset:.3f}):{i + 2}:({width:.3f}) with boxes "
                     f"lc rgb '{colour}' title \"{label}\"")
        plots.append(f"$data using ($0+{offset:.3f}):{i + 2}:(sprintf('%.0f', ${i + 2})) "
                     f"with labels offset 0,0.6 font ',8' notitle")
    title = f"Engines' own SEE and seebatch's view, ns a call (lower is faster)\\n{machine}, {commit}"
    return "\n".join([
        f"set terminal pngcairo size 1200,600 font ',10' noenhanced",
        f"set output '{output}'",
        "$data << EOD", *data, "EOD",
        f"set title \"{title}\"",
        "set style fill solid 1.0 border -1",
        "set yrange [0:*]", "set ylabel 'ns a call'",
        "set key top left", "set grid ytics",
        f"set xtics ({', '.join(f'{chr(34)}{r}{chr(34)} {i}' for i, r in enumerate(REGIMES))})",
        "set xrange [-0.6:2.6]",
        "plot " + ", \\\n     ".join(plots),
    ]) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("measured")
    parser.add_argument("chart", nargs="?")
    parser.add_argument("--machine", default="")
    parser.add_argument("--commit", default="")
    parser.add_argument("--labels", default="", help="the plug-ins' names, comma-separated, in order")
    parser.add_argument("--script", action="store_true")
    args = parser.parse_args()
    with open(args.measured) as f:
        measured = json.load(f)
    labels = [label for label in args.labels.split(",") if label]
    text = script(measured, args.chart or "chart.png", args.machine, args.commit, labels)
    if args.script:
        sys.stdout.write(text)
        return
    if not args.chart:
        sys.exit("engines_chart.py: give CHART.png, or --script")
    if not shutil.which("gnuplot"):
        sys.exit("engines_chart.py: needs gnuplot (Debian: apt-get install gnuplot-nox)")
    subprocess.run(["gnuplot"], input=text, text=True, check=True)


if __name__ == "__main__":
    main()
