// seebatch_auto_starts: how often auto, started afresh, serves a whole job
// more slowly than the fastest backend would have. A user's job is one
// draw: a median over many jobs hides the few that went wrong, so this
// counts them.
//
// For each regime (the first 1,000 positions cycled, the first 10,000
// cycled, every position streamed) and call (exact values, thresholds at 0,
// thresholds with each board's pins given) on the benchmark's real
// positions under the stockfish preset, 256 moves a call on many boards in
// board order (as bench/stockfish/calibrate_multi.sh times them): STARTS
// rounds, each running the same job of CAPTURES captures once per
// contender, in an order drawn afresh each round: each backend this machine
// runs, forced, and auto set afresh before its job (seebatch_backend_set
// forgets what it learned; the first call learns from nothing). Each job
// starts with the positions read once, untimed. A job's time is its
// thread's CPU time.
//
// The fastest backend is the one of least median job time. A job is over
// when it takes more than 5% longer than that median. Per cell: the share
// of auto's jobs over, the fastest backend's own share (what the machine's
// noise alone gives), and auto's median and worst ratio; then one line, the
// worst cell. The goal: at most 1 job in 20 over on every cell.
//
// Usage: seebatch_auto_starts [STARTS [CAPTURES]]   (default 100 and 100000)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "auto_choice.h"
#include "seebatch.h"
#include "workload.h"

namespace {

constexpr double over_by = 1.05;

enum Call { VALUES, THRESHOLDS, PINS_GIVEN, CALLS };
const char *const call_names[CALLS] = {"values", "thresholds", "thresholds, pins given"};

struct Jobs {
    const PositionSet &set;
    seebatch_rules rules;
    std::vector<std::uint32_t> board_of_move;
    std::vector<std::int32_t> values;
    std::vector<std::uint8_t> passed;
};

// The job of `count` positions' captures, cycled, by call.
bench_job job_of(Jobs &jobs, std::size_t count, Call call)
{
    const PositionSet &set = jobs.set;
    seebatch_batch all = {set.boards.data(),
                          count,
                          call == PINS_GIVEN ? set.pins.data() : nullptr,
                          jobs.board_of_move.data(),
                          set.captures.data(),
                          set.first_capture[count]};
    return {&jobs.rules, all, call == VALUES, jobs.values.data(), jobs.passed.data()};
}

void use_backend(const char *name)
{
    seebatch_error error;
    if (seebatch_backend_set(name, &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_auto_starts: %s\n", error.message);
        std::exit(2);
    }
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

std::size_t count_over(const std::vector<double> &times, double limit)
{
    return std::size_t(
        std::count_if(times.begin(), times.end(), [&](double t) { return t > limit; }));
}

// One cell's outcome.
struct Cell {
    std::string name;
    std::size_t auto_over, fastest_over;
};

Cell run_cell(Jobs &jobs, std::size_t count, Call call, int starts, std::size_t captures,
              const std::vector<const char *> &contenders, std::mt19937 &draw)
{
    std::vector<std::vector<double>> times(contenders.size());
    std::vector<std::size_t> order(contenders.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    bench_job job = job_of(jobs, count, call);
    for (int round = 0; round < starts; round++) {
        std::shuffle(order.begin(), order.end(), draw);
        for (std::size_t c : order) {
            use_backend(contenders[c]);
            bench_job_touch(&job);
            times[c].push_back(bench_job_seconds(&job, captures));
        }
    }
    std::size_t automatic = contenders.size() - 1, fastest = 0;
    for (std::size_t c = 1; c < automatic; c++)
        if (median(times[c]) < median(times[fastest]))
            fastest = c;
    double bar = median(times[fastest]);
    Cell cell;
    char name[96];
    std::snprintf(name, sizeof name, "%zu positions%s, %s", count,
                  count < jobs.set.size() ? " cycled" : " streamed", call_names[call]);
    cell.name = name;
    cell.auto_over = count_over(times[automatic], over_by * bar);
    cell.fastest_over = count_over(times[fastest], over_by * bar);
    double worst = *std::max_element(times[automatic].begin(), times[automatic].end());
    std::printf("  %s: fastest %s %.2f ns a capture; auto over it by more than 5%% in %zu of %d "
                "jobs (%s itself: %zu), auto's median %.3f, worst %.3f\n",
                cell.name.c_str(), contenders[fastest], bar * 1e9 / double(captures),
                cell.auto_over, starts, contenders[fastest], cell.fastest_over,
                median(times[automatic]) / bar, worst / bar);
    std::fflush(stdout);
    return cell;
}

// The load average over the last minute, where the system says (else -1).
double load_average()
{
    double load = -1;
    if (std::FILE *file = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(file, "%lf", &load) != 1)
            load = -1;
        std::fclose(file);
    }
    return load;
}

bool read_count(const char *text, long most, long *value)
{
    char *end = nullptr;
    *value = std::strtol(text, &end, 10);
    return *text && !*end && *value > 0 && *value <= most;
}

} // namespace

int main(int argc, char **argv)
{
    long starts = 100, captures = 100000;
    if (argc > 3 || (argc > 1 && !read_count(argv[1], 100000, &starts)) ||
        (argc > 2 && !read_count(argv[2], 100000000, &captures))) {
        std::fprintf(stderr, "usage: seebatch_auto_starts [STARTS [CAPTURES]] (default 100 and "
                             "100000; STARTS 1..100000, CAPTURES 1..10^8)\n");
        return 2;
    }
    std::vector<const char *> contenders(seebatch_backends_available(nullptr, 0));
    contenders.resize(seebatch_backends_available(contenders.data(), contenders.size()));
    if (contenders.size() < 2) {
        std::printf("seebatch_auto_starts: this machine runs one backend (%s): auto has nothing "
                    "to choose\n",
                    contenders[0]);
        return 0;
    }
    contenders.push_back("auto");

    PositionSet set = real_positions();
    seebatch_config config = seebatch_config_stockfish();
    set.use_pins((config.flags & SEEBATCH_PINS) != 0);
    Jobs jobs{set,
              {},
              {},
              std::vector<std::int32_t>(set.captures.size()),
              std::vector<std::uint8_t>(set.captures.size())};
    seebatch_rules_init(&jobs.rules, &config, nullptr);
    for (std::size_t p = 0; p < set.size(); p++)
        jobs.board_of_move.insert(jobs.board_of_move.end(), set.capture_count(p), std::uint32_t(p));

    double load = load_average();
    std::printf("auto against the fastest backend: %ld fresh starts a cell, each a job of %ld "
                "captures (256 moves a call, many boards in board order), the stockfish preset; "
                "seebatch %s; load %.2f at the start\n",
                starts, captures, seebatch_version(), load);
    std::mt19937 draw(12345);
    std::vector<Cell> cells;
    for (std::size_t count : {std::size_t(1000), std::size_t(10000), set.size()})
        for (Call call : {VALUES, THRESHOLDS, PINS_GIVEN})
            cells.push_back(run_cell(jobs, std::min(count, set.size()), call, int(starts),
                                     std::size_t(captures), contenders, draw));
    const Cell &worst =
        *std::max_element(cells.begin(), cells.end(),
                          [](const Cell &a, const Cell &b) { return a.auto_over < b.auto_over; });
    std::printf("auto over the fastest backend by more than 5%%: at most %zu of %ld jobs a cell "
                "(worst: %s; that backend itself %zu), goal at most %ld; load %.2f at the start, "
                "%.2f at the end\n",
                worst.auto_over, starts, worst.name.c_str(), worst.fastest_over, starts / 20, load,
                load_average());
    return 0;
}
