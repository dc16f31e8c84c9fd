// seebatch_auto_starts: how often auto, started afresh, keeps another
// backend than the fastest for a whole job, and what its jobs cost beside
// the fastest backend's. A user's job is one draw: a median over many jobs
// hides the few that went wrong, so this counts them.
//
// For each regime (the first 1,000 positions cycled, the first 10,000
// cycled, every position streamed) and call (exact values, thresholds at 0,
// thresholds with each board's pins given) on the benchmark's real
// positions under the stockfish preset, 256 moves a call on many boards in
// board order (as bench/stockfish/calibrate_multi.sh times them): STARTS
// rounds, each running the same job of CAPTURES captures twice on each
// backend this machine runs, forced, and once under auto set afresh
// (seebatch_backend_set forgets what it learned; the first call learns from
// nothing), in an order drawn afresh each round. Each job starts cold, as a
// user's new job does: other data through the core's caches and other
// branches through its predictor (bench_cold_start; else a job after the
// walk's own job would find the positions learned), then the positions read
// once, untimed. A job's time is its thread's CPU time.
//
// The fastest backend is the one of least median time over its first jobs.
// Auto's job is set beside the fastest's first job of the same round (the
// load of that moment on both). The noise floor is the fastest's second
// job set beside its first alike: what the machine's noise alone gives, as
// many draws. A round another process preempted (a job took an involuntary
// context switch: caches and predictor spoiled) is run again, up to 20
// times; the backend auto kept in such a round still counts among the
// choices, so a wrong choice is never hidden by a retry. Per cell: the
// jobs whose auto kept another backend than the fastest, auto's median and
// worst ratio to the fastest's job, the noise floor's, and the jobs over
// by more than 5%; then one line, the worst cells. The goal (issue 82): in
// at most 2 jobs of 100 a cell auto keeps another backend than the fastest,
// and auto's median job is within 3% of the fastest's, on every cell.
//
// The floor (--floor): on work that repeats every few calls (a cycle of
// at most 16, the longest auto's learner looks for), no learner started
// afresh can know the work repeats before its first repeat: the calls of
// the first cycle are served as work that never repeats is. The floor's
// job is an oracle's: the first cycle on auto's first guess ("fixed"),
// then the rest on a backend forced, set beside the fastest's job as
// auto's is. Where the fastest is that backend, its median is what auto's
// learner costs at least on the cell (issue 82's goal asks for 1.03).
//
// Usage: seebatch_auto_starts [STARTS [CAPTURES]] [--each] [--floor]
// (default 100 and 100000; --each: a line for each of auto's jobs: its
// ratio, the noise floor's of its round, the backend it kept and the calls
// it timed on each; --floor: the floor's line under each cycled cell).
// bench/auto_starts.sh runs it and puts its figures into a run file.
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
// The goal: wrong choices a hundred jobs, auto's median job over the fastest's.
constexpr double wrong_goal = 2, median_goal = 1.03;

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
    std::size_t auto_over, noise_over, wrong, jobs;
    std::size_t wrong_near; // of them, a backend whose median job is within 3% of the fastest's
    double median;
};

// What auto did in one job: its time, whom it kept, the calls it timed on
// each backend (trials, and one in 16 once settled).
struct AutoJob {
    double seconds;
    std::string kept;
    std::string timed;
};

AutoJob auto_job_report(bool threshold, bool pins_given, double seconds)
{
    AutoJob job{seconds, "unknown", ""};
    seebatch_auto_shape shape;
    if (!bench_auto_shape(threshold, pins_given, &shape))
        return job;
    job.kept = shape.kept;
    for (std::size_t b = 0; b < shape.backend_count; b++)
        job.timed += std::string(b ? " " : "") + shape.backends[b].name + " " +
                     std::to_string(shape.backends[b].calls);
    return job;
}

// A round: each backend forced twice and auto once, in an order drawn
// afresh. Its times by contender (the forced ones' first and second jobs),
// auto's report, and whether another process preempted any of its jobs.
struct Round {
    std::vector<double> first, second;
    std::vector<double> floor; // by the backend forced after the first cycle (--floor)
    AutoJob automatic;
    bool preempted = false;
};

Round run_round(bench_job &job, Call call, std::size_t captures,
                const std::vector<const char *> &backends, std::mt19937 &draw, bool floor)
{
    Round round;
    round.first.assign(backends.size(), 0);
    round.second.assign(backends.size(), 0);
    // Slots: backend b's first job is b, its second backends.size() + b,
    // auto's the last.
    // The floor's jobs, backend b's the slot 2 * backends.size() + 1 + b.
    std::size_t cycle = job.all.count, floors = floor ? backends.size() : 0;
    round.floor.assign(floors, 0);
    std::vector<std::size_t> order(2 * backends.size() + 1 + floors);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::shuffle(order.begin(), order.end(), draw);
    for (std::size_t slot : order) {
        bool automatic = slot == 2 * backends.size();
        bench_cold_start();
        if (slot > 2 * backends.size()) {
            std::size_t b = slot - 2 * backends.size() - 1;
            use_backend("fixed");
            bench_job_touch(&job);
            long switches = 0, more = 0;
            double seconds = bench_job_timed(&job, cycle, &switches);
            use_backend(backends[b]);
            seconds += bench_job_timed(&job, captures - cycle, &more);
            round.preempted = round.preempted || switches + more > 0;
            round.floor[b] = seconds;
            continue;
        }
        use_backend(automatic ? "auto" : backends[slot % backends.size()]);
        bench_job_touch(&job);
        long switches = 0;
        double seconds = bench_job_timed(&job, captures, &switches);
        round.preempted = round.preempted || switches > 0;
        if (automatic)
            round.automatic = auto_job_report(call != VALUES, call == PINS_GIVEN, seconds);
        else
            (slot < backends.size() ? round.first : round.second)[slot % backends.size()] = seconds;
    }
    return round;
}

// Tries of a round another process preempted, at most, before it is kept
// as it is.
constexpr int most_tries = 20;

// The calls of a cycle the floor is run on at most: the longest cycle
// auto's learner looks for (lib/auto/learner.h, LEARNER_LONGEST_CYCLE).
constexpr std::size_t longest_cycle_calls = 16;

Cell run_cell(Jobs &jobs, std::size_t count, Call call, int starts, std::size_t captures,
              const std::vector<const char *> &backends, std::mt19937 &draw, bool each, bool floor)
{
    bench_job job = job_of(jobs, count, call);
    // A cycle auto can see, and a job longer than it (the floor's rest).
    floor = floor && count < jobs.set.size() &&
            job.all.count <= longest_cycle_calls * BENCH_JOB_CALL_MOVES && job.all.count < captures;
    std::vector<Round> rounds;
    std::vector<std::string> spoiled_kept; // auto's choice in rounds tried again
    int kept_preempted = 0;
    for (int r = 0; r < starts; r++) {
        Round round = run_round(job, call, captures, backends, draw, floor);
        for (int tries = 1; round.preempted && tries < most_tries; tries++) {
            spoiled_kept.push_back(round.automatic.kept);
            round = run_round(job, call, captures, backends, draw, floor);
        }
        kept_preempted += round.preempted;
        rounds.push_back(round);
    }
    // The fastest: the least median of first jobs.
    std::size_t fastest = 0;
    std::vector<double> medians(backends.size());
    for (std::size_t b = 0; b < backends.size(); b++) {
        std::vector<double> times;
        for (const Round &round : rounds)
            times.push_back(round.first[b]);
        medians[b] = median(times);
        if (medians[b] < medians[fastest])
            fastest = b;
    }
    std::vector<double> ratios, noise;
    Cell cell{};
    std::vector<std::string> kept = spoiled_kept;
    for (const Round &round : rounds) {
        ratios.push_back(round.automatic.seconds / round.first[fastest]);
        noise.push_back(round.second[fastest] / round.first[fastest]);
        kept.push_back(round.automatic.kept);
    }
    for (const std::string &name : kept) {
        if (name == backends[fastest])
            continue;
        cell.wrong++;
        for (std::size_t b = 0; b < backends.size(); b++)
            cell.wrong_near += name == backends[b] && medians[b] <= median_goal * medians[fastest];
    }
    cell.jobs = kept.size();
    std::string speeds;
    for (std::size_t b = 0; b < backends.size(); b++) {
        char speed[48];
        std::snprintf(speed, sizeof speed, "%s%s %.2f", b ? ", " : "", backends[b],
                      medians[b] * 1e9 / double(captures));
        speeds += speed;
    }
    char name[96];
    std::snprintf(name, sizeof name, "%zu positions%s, %s", count,
                  count < jobs.set.size() ? " cycled" : " streamed", call_names[call]);
    cell.name = name;
    cell.auto_over = count_over(ratios, over_by);
    cell.noise_over = count_over(noise, over_by);
    cell.median = median(ratios);
    std::printf("  %s: fastest %s; auto kept another backend in %zu of %zu jobs (in %zu of "
                "them one within 3%% of the fastest's median job; %zu preempted rounds run again "
                "among the jobs, %d kept preempted), auto's median job %.3f of the "
                "fastest's, worst %.3f (%s's second job: median %.3f, worst %.3f); over by more "
                "than 5%%: auto %zu, the second job %zu; ns a capture (medians): %s\n",
                cell.name.c_str(), backends[fastest], cell.wrong, cell.jobs, cell.wrong_near,
                spoiled_kept.size(), kept_preempted, cell.median,
                *std::max_element(ratios.begin(), ratios.end()), backends[fastest], median(noise),
                *std::max_element(noise.begin(), noise.end()), cell.auto_over, cell.noise_over,
                speeds.c_str());
    if (floor)
        for (std::size_t b = 0; b < backends.size(); b++) {
            std::vector<double> floors;
            for (const Round &round : rounds)
                floors.push_back(round.floor[b] / round.first[fastest]);
            std::printf("    floor: the first cycle (%zu calls) on auto's first guess, then %s: "
                        "median job %.3f of the fastest's, over by more than 5%% in %zu\n",
                        (job.all.count + BENCH_JOB_CALL_MOVES - 1) / BENCH_JOB_CALL_MOVES,
                        backends[b], median(floors), count_over(floors, over_by));
        }
    if (each)
        for (const Round &round : rounds)
            std::printf("    auto %.3f of %s's job (its second %.3f), kept %s, calls timed: %s\n",
                        round.automatic.seconds / round.first[fastest], backends[fastest],
                        round.second[fastest] / round.first[fastest], round.automatic.kept.c_str(),
                        round.automatic.timed.c_str());
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
    bool each = false, floor = false;
    for (; argc > 1 && std::strncmp(argv[argc - 1], "--", 2) == 0; argc--) {
        bool is_each = std::strcmp(argv[argc - 1], "--each") == 0;
        if (!is_each && std::strcmp(argv[argc - 1], "--floor") != 0)
            break;
        (is_each ? each : floor) = true;
    }
    if (argc > 3 || (argc > 1 && !read_count(argv[1], 100000, &starts)) ||
        (argc > 2 && !read_count(argv[2], 100000000, &captures))) {
        std::fprintf(stderr,
                     "usage: seebatch_auto_starts [STARTS [CAPTURES]] [--each] [--floor] "
                     "(default 100 and 100000; STARTS 1..100000, CAPTURES 1..10^8; --each: a "
                     "line for each of auto's jobs; --floor: an oracle's job on cycled "
                     "cells, the first cycle on auto's first guess)\n");
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
                                     std::size_t(captures), contenders, draw, each, floor));
    // The worst cell for each figure: wrong choices a hundred jobs, auto's median.
    auto share = [](const Cell &c) { return 100.0 * double(c.wrong) / double(c.jobs); };
    const Cell &most_wrong =
        *std::max_element(cells.begin(), cells.end(),
                          [&](const Cell &a, const Cell &b) { return share(a) < share(b); });
    const Cell &slowest =
        *std::max_element(cells.begin(), cells.end(),
                          [](const Cell &a, const Cell &b) { return a.median < b.median; });
    std::size_t over = 0, noisiest = 0;
    for (const Cell &cell : cells) {
        over = std::max(over, cell.auto_over);
        noisiest = std::max(noisiest, cell.noise_over);
    }
    bool met = share(most_wrong) <= wrong_goal && slowest.median <= median_goal;
    std::printf("auto against the fastest backend, a cell: kept another backend in at most %.1f "
                "of 100 jobs (%zu of %zu, %s; goal at most %.0f), auto's median job at most %.3f "
                "of the fastest's (%s; goal at most %.2f): goal %s; over by more than 5%% in at "
                "most %zu of %ld (the fastest's own second job: at most %zu); load %.2f at the "
                "start, %.2f at the end\n",
                share(most_wrong), most_wrong.wrong, most_wrong.jobs, most_wrong.name.c_str(),
                wrong_goal, slowest.median, slowest.name.c_str(), median_goal,
                met ? "met" : "not met", over, starts, noisiest, load, load_average());
    return 0;
}
