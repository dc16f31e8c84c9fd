#!/usr/bin/env bash
# Auto is the fastest, as the run files measured it: for every run file of
# docs/runs/ that timed each backend on each call shape (its section "Auto
# per call shape", from `seebatch calibrate` run by bench/figures.sh), the
# row of lib/auto/measured_cpus.c for its CPU takes, on every shape, a backend
# within 5% of the fastest one's time in that run. A run file from before
# figures.sh ran calibrate is named as not measured per shape.
# Usage: auto_choices.sh REPOSITORY
set -euo pipefail
root=$(cd "${1:-.}" && pwd)
cd "$root"
python3 bench/run_file.py auto docs/runs lib/auto/measured_cpus.c
