// seebatch_auto_passes: what each call of a fresh job costs, by backend and
// by pass over repeating work: the per-call costs auto's replay
// (tests/auto_replay/) holds for each CPU, measured on this one.
//
// The jobs are seebatch_auto_starts' (bench/auto_starts.cpp): 10^5
// captures of the benchmark's real positions, the stockfish preset, 256
// moves a call on many boards in board order, each job started cold
// (bench_cold_start), its positions read once untimed. For each cell (the
// first 1,000 positions cycled, the first 10,000 cycled, all streamed; exact
// values, thresholds at 0, thresholds with pins given) and contender (each
// backend forced, and auto learning afresh), ROUNDS jobs in an order drawn
// afresh each round, each call timed alone (the monotonic clock). Printed per
// cell and contender: ns a capture over each group of calls (a pass of the
// cycle where the work repeats: 1,000 positions are 10 calls; else groups of
// 10 calls), the median over the rounds; then the whole job's; and how far
// a call's cost strays from its median over the rounds (the middle half of
// |log ratio|, as a share): the noise a call's timing carries here.
//
// Usage: seebatch_auto_passes [ROUNDS]   (default 20)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "auto_choice.h"
#include "seebatch.h"
#include "workload.h"

namespace {

constexpr std::size_t call_moves = 256, job_captures = 100000, group_calls = 10;

enum Call { VALUES, THRESHOLDS, PINS_GIVEN };
const char *const call_names[] = {"values", "thresholds", "thresholds, pins given"};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    std::size_t n = v.size();
    return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// One job, call by call: each call's ns and moves.
struct Timed {
    std::vector<double> ns;
    std::vector<std::size_t> moves;
};

Timed run_job(const bench_job &job)
{
    Timed timed;
    std::size_t end = job.all.count;
    for (std::size_t done = 0, i = 0; done < job_captures;
         i = i + call_moves >= end ? 0 : i + call_moves) {
        std::size_t n = std::min({end - i, call_moves, job_captures - done});
        seebatch_batch batch = job.all;
        batch.board_of_move += i;
        batch.moves += i;
        batch.count = n;
        auto start = std::chrono::steady_clock::now();
        if (job.values)
            seebatch_values(job.rules, &batch, job.values_out + i);
        else
            seebatch_values_ge(job.rules, &batch, 0, nullptr, job.passed_out + i);
        auto stop = std::chrono::steady_clock::now();
        timed.ns.push_back(std::chrono::duration<double, std::nano>(stop - start).count());
        timed.moves.push_back(n);
        done += n;
    }
    return timed;
}

void use_backend(const char *name)
{
    seebatch_error error;
    if (seebatch_backend_set(name, &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_auto_passes: %s\n", error.message);
        std::exit(2);
    }
}

// ns a capture over calls [first, last) of a job.
double over(const Timed &t, std::size_t first, std::size_t last)
{
    double ns = 0, moves = 0;
    for (std::size_t c = first; c < last && c < t.ns.size(); c++) {
        ns += t.ns[c];
        moves += double(t.moves[c]);
    }
    return moves ? ns / moves : 0;
}

// The middle half of |log(call / its median over rounds)|: the share a
// call's cost strays by.
double call_noise(const std::vector<Timed> &rounds)
{
    std::vector<double> strays;
    std::size_t calls = rounds[0].ns.size();
    for (std::size_t c = 0; c < calls; c++) {
        std::vector<double> costs;
        for (const Timed &t : rounds)
            costs.push_back(t.ns[c] / double(t.moves[c]));
        double middle = median(costs);
        for (double cost : costs)
            strays.push_back(std::fabs(std::log(cost / middle)));
    }
    return std::exp(median(strays)) - 1;
}

void report(const char *contender, const std::vector<Timed> &rounds, std::size_t group)
{
    std::size_t calls = rounds[0].ns.size();
    std::string line;
    // Groups 1..6, then every fifth, then the job's last group.
    for (std::size_t g = 0; g * group < calls; g++) {
        if (g >= 6 && g % 5 != 0 && (g + 1) * group < calls)
            continue;
        std::vector<double> costs;
        for (const Timed &t : rounds)
            costs.push_back(over(t, g * group, (g + 1) * group));
        char text[32];
        std::snprintf(text, sizeof text, " %zu:%.2f", g + 1, median(costs));
        line += text;
    }
    std::vector<double> whole, first, rest;
    for (const Timed &t : rounds) {
        whole.push_back(over(t, 0, calls));
        first.push_back(over(t, 0, 1));
        rest.push_back(over(t, 1, group));
    }
    std::printf("    %-7s job %.2f; first call %.2f, the rest of the first group %.2f; by group%s; "
                "a call strays %.1f%%\n",
                contender, median(whole), median(first), median(rest), line.c_str(),
                100 * call_noise(rounds));
}

} // namespace

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 20;
    if (argc > 2 || rounds < 1 || rounds > 10000) {
        std::fprintf(stderr, "usage: seebatch_auto_passes [ROUNDS] (1..10000, default 20)\n");
        return 2;
    }
    std::vector<const char *> contenders(seebatch_backends_available(nullptr, 0));
    contenders.resize(seebatch_backends_available(contenders.data(), contenders.size()));
    contenders.push_back("auto");
    PositionSet set = real_positions();
    seebatch_config config = seebatch_config_stockfish();
    set.use_pins((config.flags & SEEBATCH_PINS) != 0);
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, nullptr);
    std::vector<std::uint32_t> board_of_move;
    for (std::size_t p = 0; p < set.size(); p++)
        board_of_move.insert(board_of_move.end(), set.capture_count(p), std::uint32_t(p));
    std::vector<std::int32_t> values(set.captures.size());
    std::vector<std::uint8_t> passed(set.captures.size());
    std::printf("ns a capture of each call group of a fresh job (10^5 captures, 256 moves a call, "
                "many boards in board order, the stockfish preset), medians of %ld rounds; "
                "seebatch %s\n",
                rounds, seebatch_version());
    std::mt19937 draw(12345);
    for (std::size_t count : {std::size_t(1000), std::size_t(10000), set.size()})
        for (Call call : {VALUES, THRESHOLDS, PINS_GIVEN}) {
            count = std::min(count, set.size());
            seebatch_batch all = {set.boards.data(),
                                  count,
                                  call == PINS_GIVEN ? set.pins.data() : nullptr,
                                  board_of_move.data(),
                                  set.captures.data(),
                                  set.first_capture[count]};
            bench_job job = {&rules, all, call == VALUES, values.data(), passed.data()};
            std::size_t cycle = (all.count + call_moves - 1) / call_moves;
            std::size_t group = count < set.size() && cycle <= 16 ? cycle : group_calls;
            std::vector<std::vector<Timed>> timed(contenders.size());
            for (long r = 0; r < rounds; r++) {
                std::vector<std::size_t> order(contenders.size());
                for (std::size_t i = 0; i < order.size(); i++)
                    order[i] = i;
                std::shuffle(order.begin(), order.end(), draw);
                for (std::size_t c : order) {
                    bench_cold_start();
                    use_backend(contenders[c]);
                    bench_job_touch(&job);
                    timed[c].push_back(run_job(job));
                }
            }
            std::printf("  %zu positions%s, %s (%zu calls a group%s):\n", count,
                        count < set.size() ? " cycled" : " streamed", call_names[call], group,
                        group == cycle ? ", a pass" : "");
            for (std::size_t c = 0; c < contenders.size(); c++)
                report(contenders[c], timed[c], group);
            std::fflush(stdout);
        }
    return 0;
}
