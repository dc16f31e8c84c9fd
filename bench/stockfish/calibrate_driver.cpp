// Times Stockfish's own Position::see_ge on the benchmark's captures.
//
// bench/stockfish/calibrate.sh compiles this file together with the sources
// of a Stockfish tree the user provides (current master's API), with that
// tree's own compiler flags, so the baseline in bench/baseline_see.c can be
// held against the function it copies. Nothing of Stockfish is in the
// repository: this file only calls it.
//
// Input (stdin): what `seebatch_passes --dump-captures` prints, one position a
// line: "FEN;move threshold;move threshold;..." with moves in UCI, the same
// captures and thresholds the benchmark times. Each move is found in
// Stockfish's legal move list, so the Move values are Stockfish's own.
//
// Usage: calibrate_driver time    (ns per call, learned and unlearned)
//        calibrate_driver count N (N passes over every capture; run under
//                                  callgrind for instructions per call)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "attacks.h"
#include "movegen.h"
#include "position.h"

using namespace Stockfish;

namespace {

// The regimes of seebatch_bench: the first 4096 positions cycled (the branch
// predictor learns them), and every position board after board.
constexpr std::size_t learned_positions = 4096;

// Positions held as Stockfish holds them: each Position with its StateInfo,
// built once, outside the timed loops.
struct Captures {
    std::unique_ptr<Position[]> positions;
    std::unique_ptr<StateInfo[]> states;
    std::vector<std::size_t> first{0}; // captures of position p: first[p] .. first[p + 1]
    std::vector<Move> moves;
    std::vector<int> thresholds;
    std::size_t size() const { return first.size() - 1; }
};

std::string uci_of(Move m)
{
    auto square = [](Square s) {
        int index = int(s);
        return std::string{char('a' + index % 8), char('1' + index / 8)};
    };
    std::string text = square(m.from_sq()) + square(m.to_sq());
    if (m.type_of() == PROMOTION)
        text += " pnbrqk"[m.promotion_type()];
    return text;
}

// One line of the dump into position p; exits on a move Stockfish does not list.
void read_line(const std::string &line, Captures &set, std::size_t p)
{
    std::stringstream fields(line);
    std::string fen, field;
    std::getline(fields, fen, ';');
    set.positions[p].set(fen, false, &set.states[p]);
    MoveList<LEGAL> legal(set.positions[p]);
    while (std::getline(fields, field, ';')) {
        std::string uci = field.substr(0, field.find(' '));
        auto found = std::find_if(legal.begin(), legal.end(), [&](Move m) { return uci_of(m) == uci; });
        if (found == legal.end()) {
            std::fprintf(stderr, "calibrate_driver: %s is not legal in %s\n", uci.c_str(), fen.c_str());
            std::exit(2);
        }
        set.moves.push_back(*found);
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
    for (std::size_t p = 0; p < lines.size(); p++)
        read_line(lines[p], set, p);
    return set;
}

// see_ge through a pointer the compiler cannot see through: with -flto it
// would otherwise be inlined into the loop below, where callgrind cannot
// count it apart, while the baseline is called as a function.
bool (Position::*volatile see_ge)(Move, int) const = &Position::see_ge;

// One pass over positions 0 .. count - 1: every capture, one see_ge call each.
long pass(const Captures &set, std::size_t count, long *calls)
{
    long sum = 0;
    auto see = see_ge;
    for (std::size_t p = 0; p < count; p++) {
        const Position &pos = set.positions[p];
        for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
            sum += (pos.*see)(set.moves[i], set.thresholds[i]);
        *calls += long(set.first[p + 1] - set.first[p]);
    }
    return sum;
}

// ns per call over passes of at least 0.2 s: the median of 7 measurements.
double ns_per_call(const Captures &set, std::size_t count, long *sum)
{
    std::vector<double> runs;
    for (int run = 0; run < 7; run++) {
        long calls = 0;
        auto start = std::chrono::steady_clock::now();
        double elapsed = 0;
        while (elapsed < 0.2) {
            *sum += pass(set, count, &calls);
            elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        }
        runs.push_back(elapsed * 1e9 / double(calls));
    }
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    Attacks::init();
    Position::init();
    bool timing = argc == 2 && std::strcmp(argv[1], "time") == 0;
    bool counting = argc == 3 && std::strcmp(argv[1], "count") == 0;
    if (!timing && !counting) {
        std::fprintf(stderr, "usage: calibrate_driver time | count PASSES  < dump\n");
        return 2;
    }
    Captures set = read_captures();
    long sum = 0, calls = 0;
    if (counting) {
        for (long n = std::atol(argv[2]); n > 0; n--)
            sum += pass(set, set.size(), &calls);
        std::printf("see_ge calls %ld checksum %ld\n", calls, sum);
        return 0;
    }
    std::size_t learned = std::min(learned_positions, set.size());
    std::printf("Stockfish see_ge: %zu positions, %zu captures\n", set.size(), set.moves.size());
    std::printf("learned   (%zu positions cycled): %.2f ns/call\n", learned, ns_per_call(set, learned, &sum));
    std::printf("unlearned (%zu positions):        %.2f ns/call\n", set.size(), ns_per_call(set, set.size(), &sum));
    std::printf("(checksum %ld)\n", sum);
    return 0;
}
