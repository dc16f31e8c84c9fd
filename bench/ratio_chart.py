#!/usr/bin/env python3
"""Draws seebatch's speed over Stockfish's own see_ge, from what
bench/stockfish/calibrate_multi.sh prints, as a PNG: one group of bars per
regime (1,000 positions cycled, 10,000 cycled, all streamed), one bar per
backend, and one for auto where it was timed, with the pins worked out by
seebatch and one with the pins given, and a line at 1 (Stockfish's speed).

Usage:
    bench/ratio_chart.py MULTI.txt CHART.png [--machine TEXT] [--commit TEXT]
    bench/ratio_chart.py MULTI.txt --script      the gnuplot script, not run

Needs Python 3 (standard library only) and gnuplot (Debian: gnuplot-nox),
except with --script. bench/figures.sh draws it for the README.
"""
import argparse
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_file import BACKENDS, against_stockfish  # noqa: E402

COLOURS = {"scalar": "#4477aa", "avx2": "#ee7733", "avx512": "#cc3311", "auto": "#228833"}
GIVEN_COLOURS = {"scalar": "#99bbdd", "avx2": "#f7bb99", "avx512": "#e69988", "auto": "#88cc99"}


def fail(message):
    sys.exit(f"ratio_chart.py: {message}")


def script(ratios, positions, output, machine, commit):
    backends = [b for b in BACKENDS + ("auto",) if b in ratios]
    columns = [(b, 0) for b in backends] + [(b, 1) for b in backends]
    regimes = ["1,000 cycled", "10,000 cycled", f"streamed\\n(all {positions:,} positions)"]
    rows = []
    for index, regime in enumerate(regimes):
        values = [f"{ratios[b][index][given]:.3f}" for b, given in columns]
        labels = [f'"{ratios[b][index][given]:.2f}x"' for b, given in columns]
        rows.append(" ".join([f'"{regime}"'] + values + labels))
    width = 1 / (len(columns) + 1)
    plots, texts = [], []
    for i, (backend, given) in enumerate(columns):
        colour = (GIVEN_COLOURS if given else COLOURS)[backend]
        title = f"{backend}, pins given" if given else f"{backend}, pins worked out"
        plots.append(f'$data using {i + 2}:xtic(1) linecolor rgb "{colour}" title "{title}"')
        offset = (i - (len(columns) - 1) / 2) * width
        texts.append(f"$data using ($0 + {offset:.4f}):{i + 2}:{i + 2 + len(columns)} "
                     "with labels center offset 0,0.8 font ',9' notitle")
    heading = "seebatch_values_ge (256 moves of many boards a call) over Stockfish's own see_ge, same captures"
    detail = ", ".join(x for x in (machine, f"commit {commit}" if commit else None) if x)
    title = heading + ("\\n" + detail if detail else "")
    return f"""set terminal pngcairo noenhanced size 1200,600 font ',11'
set output "{output}"
set bmargin 4
set title "{title}"
set ylabel "speed over Stockfish's see_ge (higher is better)"
set style data histograms
set style histogram clustered gap 1
set style fill solid 1.0 border -1
set boxwidth 0.9
set yrange [0:*]
set key top left
set grid ytics
set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 linecolor rgb "#000000"
$data << EOD
{chr(10).join(rows)}
EOD
plot {", ".join(plots + texts)}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("multi", help="calibrate_multi.sh's output")
    parser.add_argument("chart", nargs="?", help="the PNG to write")
    parser.add_argument("--machine")
    parser.add_argument("--commit")
    parser.add_argument("--script", action="store_true", help="print the gnuplot script")
    options = parser.parse_args()
    try:
        text = Path(options.multi).read_text()
    except OSError as error:
        fail(f"cannot read {options.multi}: {error}")
    ratios, _, _, positions = against_stockfish(text)
    if not ratios or any(len(r) != 3 for r in ratios.values()):
        fail(f"{options.multi} holds no three regimes of calibrate_multi.sh's ratios")
    output = options.chart or "chart.png"
    commands = script(ratios, positions, output, options.machine, options.commit)
    if options.script:
        print(commands)
        return
    if not options.chart:
        fail("name the PNG to write, or give --script")
    if not shutil.which("gnuplot"):
        fail("gnuplot not found (Debian: apt-get install gnuplot-nox)")
    subprocess.run(["gnuplot"], input=commands, text=True, check=True)


if __name__ == "__main__":
    main()
