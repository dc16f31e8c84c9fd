#!/usr/bin/env bash
# bench/run_file.py on made-up figures of a run with auto timed beside the
# backends, and of one without it:
# - the run file's summary gives auto a column of its own measured ratios to
#   Stockfish's see_ge (not a backend's repeated) and a table of auto's time
#   over the fastest backend's, a row per regime, a column per call, each
#   cell naming the fastest; seebatch_bench's closing line ("auto kept");
# - the one-board rows (a node's captures a call against Stockfish's
#   see_ge(m, t)): auto's speed per call and regime, instructions a move per
#   backend counted, and auto's time over the fastest backend's;
# - README's row of that run says the worst of the three calls in each
#   regime and auto's ratios, and the one-board thresholds / values per
#   regime and their instructions a move beside the view's (of auto's first
#   guess); a run without auto or one-board rows, and the run files of
#   docs/runs/ written by older code, say "-" and the fastest backend's.
# - seebatch_auto_starts' cells (the jobs keeping another backend than the
#   fastest, auto's median job over the fastest's) as a table and its closing
#   line, and bench/auto_starts.sh's rerun replacing them in place.
# Exit 77 (skip) without python3.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 > /dev/null || { echo "skip: no python3 to run run_file.py"; exit 77; }

# fresh_starts N: seebatch_auto_starts' cells and closing line, made up; N
# the wrong choices of the first cell.
fresh_starts() {
    local cell count call
    for count in "1000 positions cycled" "10000 positions cycled" "109311 positions streamed"; do
        for call in values thresholds "thresholds, pins given"; do
            cell="  $count, $call: fastest avx512; auto kept another backend in"
            if [ "$count$call" = "1000 positions cycledvalues" ]; then
                cell="$cell $1 of 103 jobs (in 1 of them one within 3% of the fastest's median job; 3 preempted rounds run again among the jobs, 0 kept preempted), auto's median job 1.012 of the fastest's"
            else
                cell="$cell 0 of 100 jobs (in 0 of them one within 3% of the fastest's median job; 0 preempted rounds run again among the jobs, 0 kept preempted), auto's median job 1.004 of the fastest's"
            fi
            echo "$cell, worst 1.100 (avx512's second job: median 1.000, worst 1.090); over by more than 5%: auto 3, the second job 2; ns a capture (medians): avx512 11.00, avx2 13.00, scalar 20.00"
            # --floor's lines under a cycled cell, a backend each: the fastest's is the floor.
            [ "$count" != "1000 positions cycled" ] || for backend in avx512:1.021 scalar:1.300; do
                echo "    floor: the first cycle (11 calls) on auto's first guess, then ${backend%:*}: median job ${backend#*:} of the fastest's, over by more than 5% in 9"
            done
        done
    done
    echo "auto against the fastest backend, a cell: kept another backend in at most $1.0 of 100 jobs ($1 of 103, 1000 positions cycled, values; goal at most 1), auto's median job at most 1.012 of the fastest's (1000 positions cycled, values; goal at most 1.03): goal met; over by more than 5% in at most 3 of 100 (the fastest's own second job: at most 2); load 0.10 at the start, 0.12 at the end"
}

# collected DIR AUTO: what figures.sh collects, figures made up; AUTO=1 with
# auto's rows (distinct from every backend's) and its line over the fastest.
collected() {
    local dir=$1 auto=$2 line
    mkdir -p "$dir"
    cat > "$dir/meta.txt" <<'EOF'
machine: Made-up CPU, family 19h model 11h
charted: stockfish
cpu: Made-up CPU, family 19h model 11h, 2 CPUs; Linux 6.1
vendor: AuthenticAMD
features: popcnt avx2 bmi2 avx512f avx512dq avx512bw avx512vl
backend: auto, learning per call shape; its first guess scalar (made up)
compiler: cc 12; Release
commit: 0123456789abcdef0123456789abcdef01234567 (lib/, include/ and bench/ as committed)
date: 2099-01-01 00:00 UTC
load: load average 0 0 0 at the start, 0 0 0 at the end (1, 5, 15 min)
stockfish: Stockfish made up
command: STOCKFISH=DIR ROUNDS=1 bench/figures.sh
EOF
    {
        echo "109311 positions, 292351 captures; see_ge(m, 0), the stockfish preset with pins, 256 moves a call; medians of 1 rounds"
        for regime in "  1000 positions,   2443 captures: Stockfish see_ge   8.99 ns" \
                      " 10000 positions,  27049 captures: Stockfish see_ge  31.54 ns" \
                      "109311 positions, 292351 captures: Stockfish see_ge  48.92 ns"; do
            echo "$regime; the view per capture   6.91 ns (1.30x Stockfish)"
            for line in "avx512  see_ge_multi  11.79 ns (0.76x Stockfish, rounds 0.76 .. 0.76; 1.13x pins given's time), see_values_multi  12.87 ns (1.09x see_ge_multi's time), pins given  10.42 ns (0.86x Stockfish, 1.51x the view's time)" \
                        "avx2    see_ge_multi  13.26 ns (0.68x Stockfish, rounds 0.68 .. 0.68; 1.12x pins given's time), see_values_multi  14.48 ns (1.09x see_ge_multi's time), pins given  11.81 ns (0.76x Stockfish, 1.71x the view's time)" \
                        "scalar  see_ge_multi   9.77 ns (0.92x Stockfish, rounds 0.92 .. 0.92; 1.16x pins given's time), see_values_multi  12.96 ns (1.33x see_ge_multi's time), pins given   8.40 ns (1.07x Stockfish, 1.22x the view's time)"; do
                echo "    $line"
            done
            [ "$auto" = 1 ] || continue
            case $regime in
                *" 1000 positions"*) echo "    auto    see_ge_multi  12.04 ns (0.75x Stockfish, rounds 0.75 .. 0.75; 1.39x pins given's time), see_values_multi  13.16 ns (1.09x see_ge_multi's time), pins given   8.65 ns (1.04x Stockfish, 1.25x the view's time)"
                                     echo "    auto over the fastest backend: see_ge_multi 1.23 (scalar fastest), see_values_multi 1.02 (avx512 fastest), pins given 1.03 (scalar fastest)" ;;
                *" 10000 positions"*) echo "    auto    see_ge_multi  12.91 ns (2.44x Stockfish, rounds 2.44 .. 2.44; 1.17x pins given's time), see_values_multi  14.16 ns (1.10x see_ge_multi's time), pins given  11.03 ns (2.86x Stockfish, 0.34x the view's time)"
                                      echo "    auto over the fastest backend: see_ge_multi 1.05 (avx512 fastest), see_values_multi 1.06 (avx512 fastest), pins given 1.03 (avx512 fastest)" ;;
                *) echo "    auto    see_ge_multi  14.50 ns (3.37x Stockfish, rounds 3.37 .. 3.37; 1.05x pins given's time), see_values_multi  16.05 ns (1.11x see_ge_multi's time), pins given  13.77 ns (3.55x Stockfish, 0.27x the view's time)"
                   echo "    auto over the fastest backend: see_ge_multi 0.99 (avx512 fastest), see_values_multi 0.98 (avx512 fastest), pins given 0.97 (avx512 fastest)" ;;
            esac
        done
        echo "(checksum 1)"
        if [ "$auto" = 1 ]; then
            echo "jobs of 100000 captures, 256 moves a call, medians of 1 rounds; each contender set before each job (auto learns afresh)"
            echo "  1000 positions, thresholds: avx512 11.11 ns scalar 9.24 ns auto 9.12 ns; auto over the fastest 0.987"
            echo "  1000 positions, values: avx512 12.31 ns scalar 11.80 ns auto 12.10 ns; auto over the fastest 1.025"
            echo " 10000 positions, thresholds: avx512 11.11 ns scalar 23.61 ns auto 11.36 ns; auto over the fastest 1.022"
            echo " 10000 positions, values: avx512 12.40 ns scalar 33.95 ns auto 12.56 ns; auto over the fastest 1.013"
            echo "109311 positions, thresholds: avx512 13.58 ns scalar 31.71 ns auto 13.80 ns; auto over the fastest 1.016"
            echo "109311 positions, values: avx512 14.71 ns scalar 36.59 ns auto 14.90 ns; auto over the fastest 1.013"
            fresh_starts 1
        fi
        echo "instructions per capture (callgrind): Stockfish see_ge 126.1; the view 84.5; avx2 values_ge 162.5, pins given 139.4, values 177.5; scalar values_ge 139.9, pins given 117.4, values 188.9"
        if [ "$auto" = 1 ]; then
            echo "== One board a call: each position's captures in one call against Stockfish's see_ge(m, t) a move, in turn"
            echo "109311 positions, 292351 captures; one board a call: each position's captures at the thresholds of a move picker, the stockfish preset with Stockfish's values; medians of 1 rounds"
            for regime in "  1000 positions,   2443 captures, one board a call: Stockfish see_ge(m, t)   8.66 ns a move" \
                          " 10000 positions,  27049 captures, one board a call: Stockfish see_ge(m, t)  19.73 ns a move" \
                          "109311 positions, 292351 captures (streamed, caches flushed before each pass), one board a call: Stockfish see_ge(m, t)  67.07 ns a move"; do
                echo "$regime"
                case $regime in *" 1000 positions"*) ge=0.58 values=0.40 ;; *" 10000 positions"*) ge=0.64 values=0.52 ;; *) ge=1.42 values=1.21 ;; esac
                for backend in avx2 scalar auto; do
                    echo "    $backend  view_ge   9.12 ns (0.95x Stockfish, rounds 0.90 .. 0.99), view_value  12.00 ns (0.72x Stockfish, rounds 0.70 .. 0.75), view_each   9.50 ns (0.91x Stockfish, rounds 0.90 .. 0.93; 0.96x view_ge), board_ge  14.90 ns (${ge}x Stockfish, rounds 0.55 .. 0.60; 0.61x view_ge), board_values_given  21.45 ns (${values}x Stockfish, rounds 0.38 .. 0.41; 0.56x view_value), board_values  22.21 ns (0.39x Stockfish, rounds 0.37 .. 0.40; 0.54x view_value)"
                done
                echo "    auto over the fastest backend, one board a call: board_ge 1.01 (avx2 fastest), board_values_given 1.04 (scalar fastest), board_values 0.99 (avx2 fastest), view_each 1.00 (avx2 fastest)"
            done
            echo "(checksum 1)"
            echo "instructions a move, one board a call (callgrind, every position once): Stockfish see_ge(m, t) 125.9; avx2 view_ge 84.7, view_value 167.1, view_each 92.0, board_ge 217.9, board_values_given 214.8, board_values 242.6; scalar view_ge 98.8, view_value 188.0, view_each 106.1, board_ge 217.3, board_values_given 223.2, board_values 247.7"
        fi
    } > "$dir/multi.txt"
    # calibrate.sh's view lines: in the three regimes; in the run without auto,
    # as calibrate.sh printed them before the regimes were renamed.
    if [ "$auto" = 1 ]; then
        printf '%-12s %7d positions: seebatch'"'"'s view %6.2f ns/call, %.3fx Stockfish'"'"'s speed (median of 25 pairs)\n' \
            1000_cycled 1000 7.00 1.143 10000_cycled 10000 20.00 1.052 streamed 109311 50.00 0.951
    else
        printf '%-10s %7d positions: seebatch'"'"'s view %6.2f ns/call, %.3fx Stockfish'"'"'s speed (median of 25 pairs)\n' \
            learned 4096 33.76 1.022 unlearned 109311 62.64 0.975
    fi > "$dir/view.txt"
    echo "instructions per call (callgrind): Stockfish 126.0, baseline 130.0, baseline/Stockfish 1.032; seebatch's view 85.0" \
        >> "$dir/view.txt"
    python3 - "$dir/bench-stockfish.json" "$auto" <<'PY'
import json, sys
rates = {"scalar": 24e6, "avx2": 48e6, "avx512": 61e6, "auto": 59e6}
runs = [{"name": f"multi/{b}", "run_name": f"multi/{b}", "run_type": "iteration", "items_per_second": r,
         "cycles_per_item": 3e9 / r} for b, r in rates.items() if b != "auto" or sys.argv[2] == "1"]
json.dump({"context": {"seebatch_core_clock": "3.000 GHz"}, "benchmarks": runs}, open(sys.argv[1], "w"))
PY
    if [ "$auto" = 1 ]; then
        echo "on this CPU auto kept avx512 (avx512 16.0 ns a capture, kept; avx2 24.1 ns a capture, beside the best; scalar dropped after 3 calls, cold, at 3.04 times the best's) for values on many boards in board order, streamed (multi, 256 moves a call): 58.8 M captures/s, 3.34x Stockfish's walk (its see_ge a capture, streamed)" \
            > "$dir/bench-stockfish.tables"
    else
        : > "$dir/bench-stockfish.tables"
    fi
}

# has FILE TEXT WHY: FILE holds the line TEXT exactly.
has() { grep -qxF -- "$2" "$1" || { grep -F '|' "$1" | head -20; fail "$3"; }; }

collected "$work/with" 1
mkdir -p "$work/runs"
python3 "$here/run_file.py" write "$work/with" "$work/runs/with-auto.md" || fail "run_file.py write failed with auto"
run=$work/runs/with-auto.md
has "$run" "| \`seebatch_values_ge\`, 256 moves a call, against Stockfish's \`see_ge\` (speed) | scalar | avx2 | avx512 | auto |" \
    "the summary's table has no auto column beside the backends"
has "$run" "| 1,000 cycled | 0.92x | 0.68x | 0.76x | 0.75x |" \
    "auto's column is not its own measured ratio (0.75x) 1,000 cycled"
has "$run" "| pins given, as an engine holds them: 1,000 cycled / 10,000 cycled / streamed | 1.07x / 1.07x / 1.07x | 0.76x / 0.76x / 0.76x | 0.86x / 0.86x / 0.86x | 1.04x / 2.86x / 3.55x |" \
    "auto's pins-given ratios are not its own"
has "$run" "| instructions per capture (callgrind); Stockfish's \`see_ge\`: 126 | 140 | 162 | - | - |" \
    "the instructions row does not leave avx512 and auto out"
has "$run" "| auto's time over the fastest backend's (auto learning afresh each round) | values | thresholds | thresholds, pins given |" \
    "no table of auto's time over the fastest backend's"
has "$run" "| 1,000 cycled | 1.02 (avx512 fastest) | 1.23 (scalar fastest) | 1.03 (scalar fastest) |" \
    "the 1,000-cycled row of auto over the fastest is wrong"
has "$run" "| 10,000 cycled | 1.06 (avx512 fastest) | 1.05 (avx512 fastest) | 1.03 (avx512 fastest) |" \
    "the 10,000-cycled row of auto over the fastest is wrong"
has "$run" "| streamed: all 109,311 positions | 0.98 (avx512 fastest) | 0.99 (avx512 fastest) | 0.97 (avx512 fastest) |" \
    "the streamed row of auto over the fastest is wrong"
grep -qF -- "- \`seebatch_bench\`: on this CPU auto kept avx512 (avx512 16.0 ns" "$run" \
    || fail "the summary lacks seebatch_bench's closing line (auto kept)"
grep -qxF -- "- Engine path, \`seebatch_view_see_ge\` one move a call (any backend), over Stockfish's \`see_ge\`: 1.14x 1,000 cycled, 1.05x 10,000 cycled, 0.95x streamed (all 109,311); 85 instructions a call against Stockfish's 126." "$run" \
    || fail "the engine path's line does not give the view's speed in the three regimes"
grep -qF -- "- What learning costs a whole job (auto learning afresh over the fastest backend forced, the worse of values and thresholds): 100,000 captures: 1,000 cycled 1.025, 10,000 cycled 1.022, streamed 1.016." "$run" \
    || fail "the run file lacks what learning costs a whole job"
! grep -q "^## Auto per call shape\|^- auto: " "$run" || fail "the run file still has seebatch calibrate's section or the auto: line"
# Fresh starts: a cell per regime and call, both figures of the goal.
has "$run" "| auto started afresh: jobs keeping another backend than the fastest; auto's median job over the fastest's | values | thresholds | thresholds, pins given |" \
    "no table of auto started afresh"
has "$run" "| 1,000 cycled | 1 of 103; 1.012 (avx512 fastest) | 0 of 100; 1.004 (avx512 fastest) | 0 of 100; 1.004 (avx512 fastest) |" \
    "the fresh starts' 1,000-cycled row is not the wrong choices and the median"
grep -qF -- "- Auto started afresh, each job one draw (\`seebatch_auto_starts\`, jobs of 10^5 captures): kept another backend in at most 1.0 of 100 jobs (1 of 103, 1000 positions cycled, values; goal at most 1), auto's median job at most 1.012 of the fastest's" "$run" \
    || fail "the run file lacks the fresh starts' closing line"
# bench/auto_starts.sh's rerun replaces them, and adds its output.
{ echo "# rerun by bench/auto_starts.sh on commit abcdef1, 2099-01-02 00:00 UTC, load average 0.01 0 0 at the start"; fresh_starts 7; } > "$work/starts.txt"
cp "$run" "$work/rerun.md"
python3 "$here/run_file.py" starts "$work/starts.txt" "$work/rerun.md" || fail "run_file.py starts failed"
python3 "$here/run_file.py" starts "$work/starts.txt" "$work/rerun.md" || fail "run_file.py starts failed again"
has "$work/rerun.md" "| 1,000 cycled | 7 of 103; 1.012 (avx512 fastest) | 0 of 100; 1.004 (avx512 fastest) | 0 of 100; 1.004 (avx512 fastest) |" \
    "the rerun's figures did not replace the run file's"
[ "$(grep -c "^| auto started afresh" "$work/rerun.md")" = 1 ] || fail "the rerun left two tables of fresh starts"
[ "$(grep -c "^## Auto started afresh (bench/auto_starts.sh)" "$work/rerun.md")" = 1 ] || fail "the rerun's section is not there once"
grep -qF -- "jobs of 10^5 captures, rerun by bench/auto_starts.sh on commit abcdef1, 2099-01-02 00:00 UTC" "$work/rerun.md" \
    || fail "the rerun's closing line does not say its commit and date"
grep -qF -- "over the fastest's: 1,000 cycled, values: 1.021 (auto 1.012; first cycle 11 calls); 1,000 cycled, thresholds: 1.021 (auto 1.004; first cycle 11 calls); 1,000 cycled, thresholds, pins given: 1.021 (auto 1.004; first cycle 11 calls)." "$work/rerun.md" \
    || fail "the floor beside auto's medians is not the fastest backend's"
has "$run" "| one board a call against Stockfish's \`see_ge(m, t)\` one call a move: speed (auto) | thresholds, pins given (\`seebatch_values_ge\`) | values, pins given (\`seebatch_values\`) | values, pins worked out | the view's \`seebatch_view_see_ge_each\` | the view one move a call (\`seebatch_view_see_ge\`) | its value one move a call (\`seebatch_view_see_value\`) |" \
    "no table of the one-board rows against Stockfish, auto's"
has "$run" "| streamed: all 109,311 positions, caches flushed | 1.42x | 1.21x | 0.39x | 0.91x | 0.95x | 0.72x |" \
    "the streamed one-board row is not auto's"
has "$run" "| instructions a move, scalar (callgrind, every position once); Stockfish's \`see_ge(m, t)\`: 125.9 | 217.3 | 223.2 | 247.7 | 106.1 | 98.8 | 188.0 |" \
    "the one-board instructions of scalar are not its counts"
has "$run" "| one board a call: auto's time over the fastest backend's | thresholds, pins given (\`seebatch_values_ge\`) | values, pins given (\`seebatch_values\`) | values, pins worked out | the view's \`seebatch_view_see_ge_each\` |" \
    "no table of auto over the fastest for one board a call"
has "$run" "| 10,000 cycled | 1.01 (avx2 fastest) | 1.04 (scalar fastest) | 0.99 (avx2 fastest) | 1.00 (avx2 fastest) |" \
    "auto over the fastest, one board a call, is wrong"

collected "$work/without" 0
python3 "$here/run_file.py" write "$work/without" "$work/runs/without-auto.md" \
    || fail "run_file.py write failed without auto"
run=$work/runs/without-auto.md
has "$run" "| \`seebatch_values_ge\`, 256 moves a call, against Stockfish's \`see_ge\` (speed) | scalar | avx2 | avx512 |" \
    "a run without auto has an auto column"
! grep -qF "auto's time over" "$run" || fail "a run without auto has a table of auto over the fastest"
! grep -qF "What learning costs" "$run" || fail "a run without auto says what learning costs"
! grep -qF "Auto started afresh" "$run" || fail "a run without auto has fresh starts"
grep -qxF -- "- Engine path, \`seebatch_view_see_ge\` one move a call (any backend), over Stockfish's \`see_ge\`: 1.02x 4,096 positions cycled, 0.97x all 109,311; 85 instructions a call against Stockfish's 126." "$run" \
    || fail "calibrate.sh's lines as printed before the regimes were renamed are not read"

# README's rows: these two runs and docs/runs/'s (older code, older words).
cp "$here"/../docs/runs/*.md "$work/runs/"
python3 "$here/run_file.py" table "$work/runs" > "$work/table" || fail "run_file.py table failed"
has "$work/table" "| CPU (its run file) | code measured | auto kept | M captures/s, streamed | against Stockfish's walk, streamed |" \
    "README's table head is not the closing line's figures"
grep -qF "(docs/runs/with-auto.md) | \`0123456\` | avx512 | 58.8 | 3.34x |" "$work/table" \
    || { cat "$work/table"; fail "README's row of the run with auto is not its closing line's figures"; }
grep -qF "(docs/runs/without-auto.md) | \`0123456\` | - | - | - |" "$work/table" \
    || { cat "$work/table"; fail "README's row of a run without a closing line is not '-'"; }
# Each run file of docs/runs/: its row holds its closing line's figures (in
# the words of the time: "auto takes", "boards from memory"), read here
# apart from run_file.py, or "-" where it has none.
for old in "$here"/../docs/runs/*.md; do
    grep -qx "<!-- summary -->" "$old" || continue
    row=$(grep -F "(docs/runs/$(basename "$old"))" "$work/table") || fail "no row of $(basename "$old")"
    line=$(sed -n '/^<!-- summary -->$/,/^<!-- \/summary -->$/s/^- `seebatch_bench`: on this CPU auto \(kept\|takes\) //p' "$old")
    if [ -z "$line" ]; then
        expected="| - | - | - |"
    else
        kept=${line%% *}
        speed=$(sed -n 's/.*: \([0-9.]*\) M captures\/s.*/\1/p' <<< "$line")
        ratio=$(sed -n "s/.* M captures\/s, \([0-9.]*\)x Stockfish's walk.*/\1/p" <<< "$line")
        expected="| $kept | $speed | ${ratio:--}${ratio:+x} |"
    fi
    [[ "$row" == *"$expected" ]] || { cat "$work/table"; fail "README's row of $(basename "$old") does not end '$expected'"; }
done
echo "run files with and without auto, and docs/runs/'s, render: ok"
