#!/usr/bin/env python3
"""Writes the engines' run file (docs/runs/SLUG-engines.md) from what
bench/engines/report.sh collected in its work directory.

    bench/engines/engines_run_file.py WORK > RUN_FILE

WORK holds meta.txt (key: value lines: cpu, features, commit, command,
load, seconds, chart, calls), names.txt (the engines, Stockfish first),
and for each engine NAME: NAME.build (its build's output),
NAME--see-plugin.txt/.json and NAME--see-command.txt/.json (the check
through each way in), instructions-NAME.txt (callgrind's instructions a
call of the plug-in and of the view, where counted); then
time.json (seebatch time), planted.txt (bench/engines/planted_bug.sh) and
speed.txt (bench/engines/check_speed.sh).

Standard library only.
"""
import json
import re
import statistics
import sys
from pathlib import Path

REGIMES = ["1,000 cycled", "10,000 cycled", "streamed"]
TITLES = {
    "reckless": "Reckless e47e820 (Rust), `Board::see`",
    "stockfish": "Stockfish 15.1, `Position::see_ge`",
    "ethereal": "Ethereal 14, `staticExchangeEvaluation`",
    "berserk": "Berserk 4.6.0, `SEE`",
    "koivisto": "Koivisto 9.0, `Board::staticExchangeEvaluation`",
}
# Why each engine's SEE answers as it does, read from its code (src/ of
# each tree); the check names the classes, this says where in the code.
NOTES = {
    "reckless": "`Board::see` (src/board/see.rs) values pieces by `PIECE_VALUES` (src/parameters.rs: "
    "100, 375, 400, 625, 1200; the king 0, and its king captures only where nothing recaptures). "
    "It answers true for every promotion and castling move before looking "
    "(`if mv.is_promotion() || mv.is_castling() { return true; }`), so each differs one above its "
    "value: promotions and castling passed unexamined. On en passant it counts a pawn but clears "
    "only the mover's square and sets the destination in its occupancy, never the taken pawn's, so "
    "a rook or queen behind that pawn never joins: \"the pawn taken en passant left on its "
    "square\". Otherwise a plain swap to the end, least valuable attacker first, pins not looked "
    "at: no normal move differs.",
    "stockfish": "`Position::see_ge` (src/position.cpp) is what the stockfish rules describe: "
    "pinned pieces do not recapture while their pinner stands, en passant, promotions and castling "
    "score 0 (`type_of(m) != NORMAL` returns `VALUE_ZERO >= threshold`), its own piece values "
    "(`PawnValueMg` ... `QueenValueMg`: 126, 781, 825, 1276, 2538). Nothing differs.",
    "ethereal": "`staticExchangeEvaluation` (src/search.c) values pieces by `SEEPieceValues` "
    "(100, 450, 450, 675, 1300) and counts the judged move's promotion "
    "(`moveEstimatedValue` adds the promoted piece less a pawn; later pawns stay pawns: "
    "`--promotions=move`). On en passant it counts the victim's value but never takes the pawn "
    "taken off `occupied` (only the mover's square is cleared and the destination set), so a rook "
    "or queen behind that pawn on the rank never joins: the check's class \"en passant\", "
    "explained by \"the pawn taken en passant left on its square\".",
    "berserk": "`SEE` (src/see.c) values pieces by `SEE_VALUE` (100, 565, 565, 705, 1000), "
    "breaks off once the side that has just captured is ahead (`--stop-when-ahead`) and never "
    "promotes a pawn in the exchange. It misses no x-ray by accident: after a piece leaves it looks "
    "down again only the lines that piece moves along (`GetBishopAttacks` after a pawn, bishop or "
    "queen, `GetRookAttacks` after a rook or queen). Where a pawn leaves a file a rook or queen "
    "looks down (a pawn pushed to promote, or taken en passant), that slider is seen only once a "
    "rook or queen has captured, and Berserk answers 0 where the exact exchange, that slider "
    "included, loses the pawn (-100): the check's \"x-rays looked for only along the mover's lines\" "
    "(every promotion and en passant difference). Its squares count from a8 and it takes the "
    "lowest bit, so of two capturers of a type it takes the one nearer rank 8: its one normal-move "
    "difference, where the rook g7 takes before the one on e1 and opens h7's x-ray, is the check's "
    "\"the same-type capturer taken a8 first\".",
    "koivisto": "`Board::staticExchangeEvaluation` (src_files/board.cpp) values pieces by "
    "`see_piece_vals` (100, 325, 325, 500, 1000; the king 10,000). It is the chessprogramming "
    "wiki's swap algorithm as written, and the check names it so (\"chessprogramming.org's swap "
    "algorithm as written\"), with the part of it that alone gives each difference. It prunes "
    "before a recapture whose maker is behind whether it recaptures or not "
    "(`-gain[d - 1] < 0 && gain[d] < 0`) and never folds the speculative entry back, so the "
    "exchange stops before that recapture (Pxd5 on a knight counted 325 where exd5 follows: 225), "
    "near, not equal, to `--stop-when-ahead`: the normal moves' differences (\"the swap list "
    "pruned ..., in place of --stop-when-ahead\"). It toggles the mover's from-square into the "
    "attackers (`attadef ^= fromSet`), which for a quiet move (every quiet promotion) adds the "
    "mover's own pawn as a recapturer, and promotes nothing: such moves come out near 0, hence "
    "`--normal-moves-only` in the rules found, and its promotions' differences (\"promotions as "
    "chessprogramming.org's swap algorithm plays them\"). En passant: the pawn taken is left in "
    "`occ` (\"the pawn taken en passant left on its square\"). It has no rule 4: a king worth "
    "10,000 that captures is taken back by any attacker left, the pawn toggled back in included.",
}


def meta(work):
    out = {}
    for line in (work / "meta.txt").read_text().splitlines():
        key, _, value = line.partition(": ")
        out[key] = value
    return out


def fenced(text, kind="text"):
    return f"```{kind}\n{text.rstrip()}\n```\n"


def check_row(work, name):
    cells = []
    for way in ("--see-plugin", "--see-command"):
        path = work / f"{name}{way}.json"
        d = json.loads(path.read_text()) if path.exists() and path.stat().st_size else None
        if d is None:
            cells.append("no report")
            continue
        moves = d["differences"]["moves"]
        cells.append(f"`{d['rules']}`: {d['questions']} questions, {moves} moves differ")
    return cells


def time_table(work, names):
    measured = json.loads((work / "time.json").read_text())
    sees = measured["sees"]
    plugins = [s for s in sees if not s["view"]]
    rows = ["| engine | SEE | " + " | ".join(REGIMES) + " |", "| --- | --- | --- | --- | --- |"]
    for index, plugin in enumerate(plugins):
        view = next(s for s in sees if s["view"] and s["plugin"] == plugin["plugin"])
        title = TITLES[names[index]] if index < len(names) else plugin["name"]
        for see, what in ((plugin, "its own"), (view, "seebatch's view, its rules")):
            medians = [statistics.median(see["ns"][r]) for r in REGIMES]
            rows.append(f"| {title} | {what} | " + " | ".join(f"{m:.1f}" for m in medians) + " |")
    return "\n".join(rows) + "\n"


def speed_summary(text):
    lines = []
    for line in text.splitlines():
        m = re.search(r"^(plug-in|lines) (\S+).*: (\d+) answers a second.*: (\d+) answers a CPU second", line)
        if m:
            goal = 1_000_000 if m.group(1) == "plug-in" else 100_000
            wall, cpu = int(m.group(3)), int(m.group(4))
            met = "met" if wall >= goal else ("met by CPU time, not by the loaded wall clock"
                                              if cpu >= goal else "NOT met")
            path = Path(m.group(2).rstrip(":"))
            lines.append(f"| {m.group(1)} | `{path.parent.name}/{path.name}` | {wall:,} | {cpu:,} | "
                         f"{goal:,}: {met} |")
    head = ("| way in | SEE behind it | answers a second (wall) | answers a CPU second (this "
            "process and the line program) | goal |\n| --- | --- | --- | --- | --- |\n")
    return head + "\n".join(lines) + "\n"


def main():
    work = Path(sys.argv[1])
    m = meta(work)
    names = (work / "names.txt").read_text().split()
    out = [f"# Real engines' own SEE, checked and timed: {m['cpu']}\n",
           f"- CPU: {m['cpu']} ({m['features']})",
           f"- commit: {m['commit']}",
           f"- command: `{m['command']}` ({m['seconds']} s in all)",
           f"- load (1, 5, 15 min) before, during the timing, after: {m['load']}. The machine is "
           "shared: the ns a call of seebatch time hold their ratios (the SEEs take turns within "
           "each round), not their absolute values; instructions a call do not depend on load.",
           "- the engines' trees are the user's (bench/engines/NAME/build.sh TREE builds each "
           "with the tree's own compiler and flags); nothing of them is in the repository.\n",
           "## The rules found and the differences\n",
           "Found from the answers alone (`seebatch check --see-plugin LIB` and `--see-command "
           "PROGRAM`, no config options: every capture, promotion, en passant and castling move "
           "of the 109,311 real positions, at the exact value and one above).\n",
           "| engine | plug-in: rules found, questions, differences | line program: the same |",
           "| --- | --- | --- |"]
    for name in names:
        out.append(f"| {TITLES[name]} | " + " | ".join(check_row(work, name)) + " |")
    out.append("")
    for name in names:
        out.append(f"### {TITLES[name]}\n")
        out.append(NOTES[name] + "\n")
        build = (work / f"{name}.build").read_text()
        compiler = [l for l in build.splitlines() if l.startswith("compiler:")]
        if compiler:
            out.append(f"Built with `{compiler[0][len('compiler: '):]}`.\n")
        for way in ("--see-plugin", "--see-command"):
            out.append(f"`seebatch check {way} ... --show 3`:\n")
            out.append(fenced((work / f"{name}{way}.txt").read_text()))
    out.append("## ns a call beside seebatch's view\n")
    out.append("`seebatch time`, every plug-in in one process under its rules found "
               "(`--rules`), beside seebatch's view answering the same questions under them; "
               "medians of the rounds, ns a `see_ge` call:\n")
    out.append(time_table(work, names))
    out.append(f"![ns a call]({m['chart']})\n")
    counted = [n for n in names if (work / f"instructions-{n}.txt").exists()]
    if counted:
        out.append("## Instructions a call (callgrind)\n")
        out.append(f"`valgrind --tool=callgrind --toggle-collect=SYMBOL seebatch time --see-plugin "
                   f"LIB --calls {m['calls']} [--view]` (streamed), the instructions collected "
                   "over the calls: `seebatch_plugin_see_ge` (the engine's) and `see_view_see_ge` "
                   "(the view's, the engine's rules), each inclusive.\n")
        out.append("| engine | its own | seebatch's view |\n| --- | --- | --- |")
        for name in counted:
            own, view = (work / f"instructions-{name}.txt").read_text().split()
            out.append(f"| {TITLES[name]} | {own} | {view} |")
        out.append("")
    if (work / "planted.txt").exists():
        out.append("## A planted bug\n")
        out.append("`bench/engines/planted_bug.sh`: a copy of Stockfish 15.1's tree whose "
                   "`see_ge` drops x-rays through a queen behind a rook, checked under Stockfish's "
                   "own rules:\n")
        out.append(fenced((work / "planted.txt").read_text()))
    out.append("## The check's own speed\n")
    out.append("`bench/engines/check_speed.sh`: the two ways in alone (every capture of the real "
               "positions, batches as a check asks them) with seebatch's own SEE behind them "
               "(bench/own_see.c), the test SEE and the engines' plug-ins; then whole checks. "
               "The goals: 1 M answers a second through a plug-in, 100 k through a line program.\n")
    out.append(speed_summary((work / "speed.txt").read_text()))
    out.append("The goals are the check's own cost, read with a SEE that costs little behind the "
               "way in (seebatch's own, the test SEE); an engine's plug-in's figure adds that "
               "engine's own set-up of every position (its FEN reader, its move list) to its "
               "answers, and is no measure of the check.\n")
    out.append(fenced((work / "speed.txt").read_text()))
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main()
