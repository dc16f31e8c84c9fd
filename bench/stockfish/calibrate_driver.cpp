// Times Stockfish's own Position::see_ge on the benchmark's captures.
//
// bench/stockfish/calibrate.sh compiles this file together with the sources
// of a Stockfish tree the user provides (current master, or 15.1: the few
// calls that differ are below), with that tree's own compiler flags, so the baseline in bench/baseline_see.c can be
// held against the function it copies. Nothing of Stockfish is in the
// repository: this file only calls it.
//
// calibrate.sh compiles this file without -flto, so see_ge stays a function
// called here as the benchmark calls the baseline (directly, from another
// object), and callgrind can count it apart.
//
// Input (stdin): what `seebatch_passes --dump-captures` prints, one position a
// line: "FEN;move threshold;move threshold;..." with moves in UCI, the same
// captures and thresholds the benchmark times. Each move is found in
// Stockfish's legal move list, so the Move values are Stockfish's own.
//
// The baseline (bench/baseline_see.c, linked from seebatch's build) runs in
// the same process on the same captures, each position copied from
// Stockfish's into the baseline's layout: timings alternate between the two
// within one run, so the ratio holds on a loaded machine.
//
// seebatch's view (seebatch_view_see_ge on the baseline's copy, which is laid
// out as Stockfish's Position and StateInfo are) runs beside them: the
// comparison an engine author would make, in one process.
//
// Usage: calibrate_driver time               (ns per call, in the three regimes)
//        calibrate_driver count N [baseline|view] (N passes over every capture,
//                 of Stockfish's see_ge, the baseline or the view; under
//                 callgrind for instructions per call)
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "baseline_see.h"
#include "stockfish/driver_common.h"

using namespace Stockfish;

namespace {

// The project's regimes (docs/benchmarks.md): the first 1,000 and 10,000
// positions cycled, and every position board after board (streamed: 1,248
// bytes a position, from memory).
constexpr std::size_t few_positions = 1000, more_positions = 10000;

// Positions held as Stockfish holds them: each Position with its StateInfo,
// built once, outside the timed loops.
struct Captures {
    std::unique_ptr<Position[]> positions;
    std::unique_ptr<StateInfo[]> states;
    std::vector<std::size_t> first{0}; // captures of position p: first[p] .. first[p + 1]
    std::vector<Move> moves;
    std::vector<int> thresholds;
    // The same positions and moves for the baseline.
    std::unique_ptr<baseline_position[]> base;
    std::vector<seebatch_move> base_moves;
    baseline_values values;
    baseline_kind kind;
    seebatch_view_rules view_rules; // Stockfish's rules and values, by its codes
    std::size_t size() const { return first.size() - 1; }
};

// Who answers a pass's calls.
enum Contender { STOCKFISH, BASELINE, VIEW };

// Position p in the baseline's layout.
void copy_to_baseline(Captures &set, std::size_t p)
{
    copy_to_baseline(set.positions[p], set.base[p]);
}

// One line of the dump into position p; exits on a move Stockfish does not list.
void read_line(const std::string &line, Captures &set, std::size_t p)
{
    std::stringstream fields(line);
    std::string fen, field;
    std::getline(fields, fen, ';');
    set_position(set.positions[p], fen, &set.states[p]);
    MoveList<LEGAL> legal(set.positions[p]);
    while (std::getline(fields, field, ';')) {
        std::string uci = field.substr(0, field.find(' '));
        Move found = legal_move(legal, uci);
        if (found == Move(0)) {
            std::fprintf(stderr, "calibrate_driver: %s is not legal in %s\n", uci.c_str(), fen.c_str());
            std::exit(2);
        }
        set.moves.push_back(found);
        set.base_moves.push_back(seebatch_move_of(found));
        set.thresholds.push_back(std::atoi(field.c_str() + field.find(' ') + 1));
    }
    set.first.push_back(set.moves.size());
}

Captures read_captures()
{
    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);)
        if (!line.empty())
            lines.push_back(line);
    if (lines.empty() || lines.size() > (std::size_t(1) << 24)) {
        std::fprintf(stderr, "calibrate_driver: %zu positions on stdin\n", lines.size());
        std::exit(2);
    }
    Captures set;
    set.positions.reset(new Position[lines.size()]);
    set.states.reset(new StateInfo[lines.size()]);
    set.base.reset(new baseline_position[lines.size()]);
    for (std::size_t p = 0; p < lines.size(); p++) {
        read_line(lines[p], set, p);
        copy_to_baseline(set, p);
    }
    // Stockfish's rules (special moves score 0) and its own values, by its codes.
    seebatch_config config = seebatch_config_stockfish();
    set.values = baseline_values_of(&config);
    for (int code = 0; code < BASELINE_PIECE_CODES; code++)
        set.values.of_code[code] = value_of(Piece(code));
    set.kind = baseline_choose();
    set.view_rules = stockfish_view_rules();
    return set;
}

// seebatch's view on capture i of position p, at its threshold (inlined,
// so that callgrind's toggle on *view_see_ge* meets only the call it times).
inline __attribute__((always_inline)) bool view_see_ge(const Captures &set, std::size_t p,
                                                       std::size_t i)
{
    return view_see_ge(set.view_rules, set.base[p], set.base_moves[i], set.thresholds[i]);
}

// One pass over positions 0 .. count - 1: every capture, one see_ge call
// each, of Stockfish's, the baseline's or the view's.
long pass(const Captures &set, std::size_t count, Contender who, long *calls)
{
    long sum = 0;
    for (std::size_t p = 0; p < count; p++) {
        const Position &pos = set.positions[p];
        if (who == BASELINE)
            for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
                sum += baseline_see(set.kind, &set.base[p], set.base_moves[i], set.thresholds[i], &set.values);
        else if (who == VIEW)
            for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
                sum += view_see_ge(set, p, i);
        else
            for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
                sum += see_ge(pos, set.moves[i], set.thresholds[i]);
        *calls += long(set.first[p + 1] - set.first[p]);
    }
    return sum;
}

// ns per call over passes of at least 0.1 s of CPU time.
double ns_once(const Captures &set, std::size_t count, Contender who, long *sum)
{
    long calls = 0;
    double start = thread_seconds(), elapsed = 0;
    while (elapsed < 0.1) {
        *sum += pass(set, count, who, &calls);
        elapsed = thread_seconds() - start;
    }
    return elapsed * 1e9 / double(calls);
}

// Stockfish, the baseline and the view in turn, 25 times: the medians of
// each and of the 25 ratios (the runs of a round go under nearly the same
// load, which on a shared machine changes from one second to the next).
void compare(const Captures &set, std::size_t count, const char *regime, long *sum)
{
    std::vector<double> stockfish, baseline, view, ratio, speedup;
    for (int run = 0; run < 25; run++) {
        stockfish.push_back(ns_once(set, count, STOCKFISH, sum));
        baseline.push_back(ns_once(set, count, BASELINE, sum));
        view.push_back(ns_once(set, count, VIEW, sum));
        ratio.push_back(baseline.back() / stockfish.back());
        speedup.push_back(stockfish.back() / view.back());
    }
    std::printf("%-12s %7zu positions: Stockfish %6.2f ns/call, baseline %6.2f ns/call, baseline/Stockfish %.3f"
                " (median of 25 pairs; pairs %.3f .. %.3f)\n",
                regime, count, median(stockfish), median(baseline), median(ratio),
                *std::min_element(ratio.begin(), ratio.end()), *std::max_element(ratio.begin(), ratio.end()));
    std::printf("%-12s %7zu positions: seebatch's view %6.2f ns/call, %.3fx Stockfish's speed"
                " (median of 25 pairs; pairs %.3f .. %.3f)\n",
                regime, count, median(view), median(speedup),
                *std::min_element(speedup.begin(), speedup.end()), *std::max_element(speedup.begin(), speedup.end()));
}

} // namespace

int main(int argc, char **argv)
{
    init_stockfish();
    bool timing = argc == 2 && std::strcmp(argv[1], "time") == 0;
    Contender who = argc == 4 && std::strcmp(argv[3], "baseline") == 0 ? BASELINE
                  : argc == 4 && std::strcmp(argv[3], "view") == 0   ? VIEW
                                                                     : STOCKFISH;
    bool counting = (argc == 3 || (argc == 4 && who != STOCKFISH)) && std::strcmp(argv[1], "count") == 0;
    if (!timing && !counting) {
        std::fprintf(stderr, "usage: calibrate_driver time | count PASSES [baseline|view]  < dump\n");
        return 2;
    }
    Captures set = read_captures();
    long sum = 0, calls = 0;
    if (counting) {
        for (long n = std::atol(argv[2]); n > 0; n--)
            sum += pass(set, set.size(), who, &calls);
        std::printf("see_ge calls %ld checksum %ld\n", calls, sum);
        return 0;
    }
    // Both answer alike on every capture, or the comparison means nothing.
    for (std::size_t p = 0; p < set.size(); p++)
        for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
        {
            bool stockfish = see_ge(set.positions[p], set.moves[i], set.thresholds[i]);
            if (stockfish != baseline_see(set.kind, &set.base[p], set.base_moves[i], set.thresholds[i], &set.values)
                || stockfish != view_see_ge(set, p, i)) {
                std::fprintf(stderr, "calibrate_driver: the baseline or the view differs from Stockfish on %s %s\n",
                             set.positions[p].fen().c_str(), uci_of(set.moves[i]).c_str());
                return 1;
            }
        }
    std::printf("%zu positions, %zu captures; baseline: %s\n", set.size(), set.moves.size(),
                baseline_kind_name(set.kind));
    compare(set, std::min(few_positions, set.size()), "1000_cycled", &sum);
    compare(set, std::min(more_positions, set.size()), "10000_cycled", &sum);
    compare(set, set.size(), "streamed", &sum);
    std::printf("(checksum %ld)\n", sum);
    return 0;
}
