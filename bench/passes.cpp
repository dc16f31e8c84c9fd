// seebatch_passes: evaluates every capture of the embedded real positions a
// given number of times in one way, and nothing else, so that a tool counting
// instructions (bench/instructions_per_capture.sh, with callgrind) sees only
// those calls; and checks that the benchmark's baseline agrees with seebatch.
//
// Usage: seebatch_passes BACKEND MODE PASSES [PRESET]
//        seebatch_passes --backends         (the backends this machine can run)
//        seebatch_passes --check-baseline   (exit 1 if the baseline disagrees)
//        seebatch_passes --dump-captures    (every position's FEN, captures and
//                                            thresholds, for bench/stockfish/calibrate.sh)
//        seebatch_passes --time-view        (ns per call of the baseline and of
//                                            seebatch_view_see_ge, in alternating
//                                            pairs, as calibrate.sh's driver times)
//   batch:            one seebatch_values call per position
//   multi:            one seebatch_values call over every capture (many boards)
//   multi_scattered:  the same captures in random order, each naming a board
//                     anywhere (the benchmark's multi_scattered, counted)
//   multi_ge:         seebatch_values_ge at threshold 0 over every capture,
//                     256 moves a call (as bench/stockfish/calibrate_multi.sh times it)
//   multi_ge_pinned:  the same with the batch's pins given, each board's
//                     pins given (made once, as an engine holds them)
//   engine_see_ge:    seebatch_value_ge per capture, pins given, a threshold each
//   engine_see_value: seebatch_value per capture, pins given
//   engine_each:      seebatch_values_ge with a threshold each, per position
//   baseline:         the baseline's threshold test per capture (bench/baseline_see.c)
//   view:             seebatch_view_see_ge per capture on the baseline's positions
//                     (Stockfish's layout and piece codes), through view_see_ge_call
//   view_value:       seebatch_view_see_value per capture there, through
//                     view_see_value_call
//   view_each:        seebatch_view_see_ge_each per position there, a threshold
//                     each (view_see_ge_node)
//   board_values_given: seebatch_values per position, pins given
// PRESET is classic (the default) or stockfish. Prints the captures evaluated
// and a checksum of the results, the same for every backend.
#include <algorithm>
#include <ctime>
#include <cstdint>
#include <iterator>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "baseline_see.h"
#include "seebatch.h"
#include "seebatch_view.h"
#include "workload.h"
#include "random.h" // random_next

namespace {

int usage()
{
    std::fprintf(
        stderr,
        "usage: seebatch_passes BACKEND MODE PASSES [PRESET]\n"
        "       seebatch_passes --backends | --check-baseline | --dump-captures | --time-view\n"
        "MODE: batch multi multi_scattered multi_checked multi_ge multi_ge_pinned engine_see_ge "
        "engine_see_value\n"
        "      engine_each baseline view view_value view_each board_values_given\n");
    return 2;
}

struct Run {
    const PositionSet &set;
    seebatch_config config;
    seebatch_rules rules;
    seebatch_view_rules view_rules;
    std::vector<seebatch_view> views; // one per position, made once
    baseline_values baseline;
    baseline_kind kind;
    std::vector<std::uint32_t> board_of_move;
    std::vector<std::uint32_t> scattered_board_of_move; // for multi_scattered
    std::vector<seebatch_move> scattered_moves;
    std::vector<std::int32_t> results; // one per capture
    std::vector<std::uint8_t> passed;  // one per capture, for multi_ge
};

// seebatch_view_see_ge as an engine's see_ge would call it, kept out of line
// so that callgrind (--toggle-collect=*view_see_ge_call*) counts the inline
// early exits with the exchange, as it counts the whole baseline.
__attribute__((noinline)) bool view_see_ge_call(const Run &run, std::size_t p, seebatch_move move,
                                                std::int32_t threshold)
{
    const PositionSet &set = run.set;
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL) // the engine answers these itself
        return seebatch_value_ge(&run.rules, &set.boards[p], &set.pins[p], move, threshold);
    const baseline_position &position = set.engine[p];
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    const seebatch_pins *pins = (run.config.flags & SEEBATCH_PINS) ? &position.pins : nullptr;
    return seebatch_view_see_ge(&run.view_rules, &run.views[p], pins, move, position.board[from],
                                position.board[to], threshold);
}

// seebatch_view_see_value one move a call, as view_see_ge_call (special
// moves to seebatch_value, as an engine would send them).
__attribute__((noinline)) std::int32_t view_see_value_call(const Run &run, std::size_t p,
                                                           seebatch_move move)
{
    const PositionSet &set = run.set;
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
        return seebatch_value(&run.rules, &set.boards[p], &set.pins[p], move);
    const baseline_position &position = set.engine[p];
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    const seebatch_pins *pins = (run.config.flags & SEEBATCH_PINS) ? &position.pins : nullptr;
    return seebatch_view_see_value(&run.view_rules, &run.views[p], pins, move, position.board[from],
                                   position.board[to]);
}

// One pass of `mode` (one of those listed in main) over every capture,
// results into run.results.
void pass(Run &run, const std::string &mode)
{
    const PositionSet &set = run.set;
    std::int32_t *results = run.results.data();
    if (mode == "multi") {
        seebatch_batch batch = {set.boards.data(),        set.size(),          nullptr,
                                run.board_of_move.data(), set.captures.data(), set.captures.size()};
        seebatch_values(&run.rules, &batch, results);
        return;
    }
    if (mode == "multi_scattered") {
        seebatch_batch batch = {set.boards.data(),
                                set.size(),
                                nullptr,
                                run.scattered_board_of_move.data(),
                                run.scattered_moves.data(),
                                run.scattered_moves.size()};
        seebatch_values(&run.rules, &batch, results);
        return;
    }
    if (mode == "multi_checked") { // what the checks cost: this against multi
        seebatch_error error;
        seebatch_batch batch = {set.boards.data(),        set.size(),          nullptr,
                                run.board_of_move.data(), set.captures.data(), set.captures.size()};
        if (seebatch_check(&run.rules, &batch, &error) != SEEBATCH_OK) {
            std::fprintf(stderr, "seebatch_passes: %s\n", error.message);
            std::exit(1);
        }
        seebatch_values(&run.rules, &batch, results);
        return;
    }
    if (mode == "multi_ge" || mode == "multi_ge_pinned") {
        const seebatch_pins *pins = mode == "multi_ge_pinned" ? set.pins.data() : nullptr;
        for (std::size_t i = 0; i < set.captures.size(); i += 256) {
            std::size_t count = std::min<std::size_t>(256, set.captures.size() - i);
            seebatch_batch batch = {set.boards.data(),     set.size(),       pins,
                                    &run.board_of_move[i], &set.captures[i], count};
            seebatch_values_ge(&run.rules, &batch, 0, nullptr, &run.passed[i]);
        }
        for (std::size_t i = 0; i < set.captures.size(); i++)
            results[i] = run.passed[i];
        return;
    }
    for (std::size_t p = 0; p < set.size(); p++) {
        const seebatch_board *board = &set.boards[p];
        const seebatch_move *moves = set.captures_of(p);
        const std::int32_t *thresholds = set.thresholds_of(p);
        std::int32_t *out = results + set.first_capture[p];
        std::size_t count = set.capture_count(p);
        if (mode == "batch") {
            seebatch_batch node = {board, 1, nullptr, nullptr, moves, count};
            seebatch_values(&run.rules, &node, out);
        } else if (mode == "board_values_given") {
            seebatch_batch node = {board, 1, &set.pins[p], nullptr, moves, count};
            seebatch_values(&run.rules, &node, out);
        } else if (mode == "engine_each" || mode == "view_each") {
            std::uint8_t passed[SEEBATCH_MAX_MOVES];
            seebatch_batch node = {board, 1, &set.pins[p], nullptr, moves, count};
            if (mode == "view_each")
                view_see_ge_node(&run.view_rules, &run.rules, &run.views[p], set, p, passed);
            else
                seebatch_values_ge(&run.rules, &node, 0, thresholds, passed);
            for (std::size_t i = 0; i < count; i++)
                out[i] = passed[i];
        } else {
            for (std::size_t i = 0; i < count; i++) {
                if (mode == "engine_see_ge")
                    out[i] =
                        seebatch_value_ge(&run.rules, board, &set.pins[p], moves[i], thresholds[i]);
                else if (mode == "engine_see_value")
                    out[i] = seebatch_value(&run.rules, board, &set.pins[p], moves[i]);
                else if (mode == "view")
                    out[i] = view_see_ge_call(run, p, moves[i], thresholds[i]);
                else if (mode == "view_value")
                    out[i] = view_see_value_call(run, p, moves[i]);
                else
                    out[i] = baseline_see(run.kind, &set.engine[p], moves[i], thresholds[i],
                                          &run.baseline);
            }
        }
    }
}

// The baseline against seebatch_value_ge on every capture, under every
// configuration the baseline claims to follow, at the capture's own
// threshold, at 0, and at and just above the exact value.
int check_baseline(PositionSet set)
{
    const char *names[] = {"classic", "stockfish", "classic+pins", "stockfish-pins"};
    seebatch_config configs[4] = {seebatch_config_classic(), seebatch_config_stockfish(),
                                  seebatch_config_classic(), seebatch_config_stockfish()};
    configs[2].flags |= SEEBATCH_PINS;
    configs[3].flags &= ~static_cast<std::uint32_t>(SEEBATCH_PINS);
    long checked = 0, wrong = 0;
    bool fast = baseline_choose() != BASELINE_MAGIC;
    for (int c = 0; c < 4; c++) {
        seebatch_rules rules;
        seebatch_rules_init(&rules, &configs[c], nullptr);
        baseline_values values = baseline_values_of(&configs[c]);
        set.use_pins((configs[c].flags & SEEBATCH_PINS) != 0);
        for (std::size_t p = 0; p < set.size(); p++)
            for (std::size_t i = 0; i < set.capture_count(p); i++) {
                const seebatch_board *board = &set.boards[p];
                seebatch_move move = set.captures_of(p)[i];
                std::int32_t value = seebatch_value(&rules, board, &set.pins[p], move);
                std::int32_t thresholds[4] = {set.thresholds_of(p)[i], 0, value, value + 1};
                for (std::int32_t t : thresholds) {
                    checked++;
                    bool base = baseline_see_ge(&set.engine[p], move, t, &values);
                    // Every lookup this CPU runs must agree (a difference
                    // is counted below, whichever is wrong).
                    if (fast && (baseline_see_ge_pext(&set.engine[p], move, t, &values) != base ||
                                 baseline_see_ge_hq(&set.engine[p], move, t, &values) != base))
                        base = !base;
                    if (base != (value >= t) && ++wrong <= 10) {
                        char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
                        seebatch_board_to_fen(board, fen, sizeof fen);
                        seebatch_move_to_uci(move, uci);
                        std::fprintf(stderr,
                                     "baseline differs (%s): %s %s t=%d value %d baseline %d\n",
                                     names[c], fen, uci, t, value, base);
                    }
                }
            }
    }
    std::printf("baseline checked on %ld threshold tests: %ld differ\n", checked, wrong);
    return wrong == 0 ? 0 : 1;
}

// One line per position: "FEN;move threshold;move threshold;...", the
// captures in the benchmark's order with the thresholds it tests them at.
int dump_captures(const PositionSet &set)
{
    for (std::size_t p = 0; p < set.size(); p++) {
        char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
        seebatch_board_to_fen(&set.boards[p], fen, sizeof fen);
        std::printf("%s", fen);
        for (std::size_t i = 0; i < set.capture_count(p); i++) {
            seebatch_move_to_uci(set.captures_of(p)[i], uci);
            std::printf(";%s %d", uci, set.thresholds_of(p)[i]);
        }
        std::printf("\n");
    }
    return 0;
}

// One pass over positions 0 .. count - 1: call(p, i) for every capture.
template <typename Call>
long timed_pass(const PositionSet &set, std::size_t count, Call call, long *calls)
{
    long sum = 0;
    for (std::size_t p = 0; p < count; p++) {
        for (std::size_t i = 0; i < set.capture_count(p); i++)
            sum += call(p, i);
        *calls += long(set.capture_count(p));
    }
    return sum;
}

// CPU time of this thread: on a shared machine the wall clock also counts
// the time other processes hold the core (Google Benchmark's rates use CPU
// time too).
double thread_seconds()
{
    timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + 1e-9 * double(now.tv_nsec);
}

// ns per call over passes of at least 0.1 s of CPU time: the measurement of
// bench/stockfish/calibrate_driver.cpp, loop for loop.
template <typename Call>
double ns_once(const PositionSet &set, std::size_t count, Call call, long *sum)
{
    long calls = 0;
    double start = thread_seconds(), elapsed = 0;
    while (elapsed < 0.1) {
        *sum += timed_pass(set, count, call, &calls);
        elapsed = thread_seconds() - start;
    }
    return elapsed * 1e9 / double(calls);
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

// The baseline and the view in turn, 25 pairs: the medians of each and of
// the pairs' speed-ups (the two of a pair run under nearly the same load).
template <typename Baseline, typename View>
void compare(const PositionSet &set, std::size_t count, const char *regime, Baseline baseline,
             View view)
{
    long sum = 0;
    std::vector<double> base_ns, view_ns, speedup;
    for (int run = 0; run < 25; run++) {
        base_ns.push_back(ns_once(set, count, baseline, &sum));
        view_ns.push_back(ns_once(set, count, view, &sum));
        speedup.push_back(base_ns.back() / view_ns.back());
    }
    std::printf(
        "%-12s %7zu positions: baseline %6.2f ns/call, view %6.2f ns/call, view %.3fx the baseline"
        " (median of 25 pairs; pairs %.3f .. %.3f; checksum %ld)\n",
        regime, count, median(base_ns), median(view_ns), median(speedup),
        *std::min_element(speedup.begin(), speedup.end()),
        *std::max_element(speedup.begin(), speedup.end()), sum);
}

// seebatch_view_see_ge against the baseline as calibrate.sh times Stockfish's
// see_ge: Stockfish's rules (the stockfish preset), one call per capture,
// in the project's three regimes (1,000 and 10,000 positions cycled, every
// position streamed: 176 bytes a position as the walk reads it, about 18 MiB,
// beside 7.5 MiB of seebatch's boards), on the backend in use.
int time_view(PositionSet set)
{
    seebatch_config config = seebatch_config_stockfish();
    set.use_pins(true);
    baseline_values values = baseline_values_of(&config);
    baseline_kind kind = baseline_choose();
    seebatch_rules rules;
    seebatch_view_rules view_rules;
    seebatch_rules_init(&rules, &config, nullptr);
    seebatch_view_rules_init(&view_rules, &config, baseline_type_of_code, BASELINE_PIECE_CODES,
                             nullptr);
    std::vector<seebatch_view> views;
    for (const baseline_position &position : set.engine)
        views.push_back({&position.by_type[1], position.by_color});
    auto baseline = [&](std::size_t p, std::size_t i) {
        return baseline_see(kind, &set.engine[p], set.captures_of(p)[i], set.thresholds_of(p)[i],
                            &values);
    };
    auto view = [&](std::size_t p, std::size_t i) { // as seebatch_bench's view_see_ge rows
        seebatch_move move = set.captures_of(p)[i];
        if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
            return seebatch_value_ge(&rules, &set.boards[p], &set.pins[p], move,
                                     set.thresholds_of(p)[i]);
        const baseline_position &position = set.engine[p];
        unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
        return seebatch_view_see_ge(&view_rules, &views[p], &position.pins, move,
                                    position.board[from], position.board[to],
                                    set.thresholds_of(p)[i]);
    };
    std::printf("baseline: %s; view: backend %s; %zu positions, %zu captures\n",
                baseline_kind_name(kind), seebatch_backend_name(), set.size(), set.captures.size());
    compare(set, std::min<std::size_t>(1000, set.size()), "1000_cycled", baseline, view);
    compare(set, std::min<std::size_t>(10000, set.size()), "10000_cycled", baseline, view);
    compare(set, set.size(), "streamed", baseline, view);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && std::strcmp(argv[1], "--backends") == 0) {
        std::vector<const char *> names(seebatch_backends_available(nullptr, 0));
        names.resize(seebatch_backends_available(names.data(), names.size()));
        for (const char *name : names)
            std::printf("%s\n", name);
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "--check-baseline") == 0)
        return check_baseline(real_positions());
    if (argc == 2 && std::strcmp(argv[1], "--dump-captures") == 0)
        return dump_captures(real_positions());
    if (argc == 2 && std::strcmp(argv[1], "--time-view") == 0)
        return time_view(real_positions());
    if (argc != 4 && argc != 5)
        return usage();
    char *end = nullptr;
    long passes = std::strtol(argv[3], &end, 10);
    if (*argv[3] == '\0' || *end != '\0' || passes < 0)
        return usage();
    const std::string modes[] = {"batch",
                                 "multi",
                                 "multi_scattered",
                                 "multi_checked",
                                 "multi_ge",
                                 "multi_ge_pinned",
                                 "engine_see_ge",
                                 "engine_see_value",
                                 "engine_each",
                                 "baseline",
                                 "view",
                                 "view_value",
                                 "view_each",
                                 "board_values_given"};
    if (std::find(std::begin(modes), std::end(modes), argv[2]) == std::end(modes)) {
        std::fprintf(stderr, "seebatch_passes: unknown mode \"%s\"\n", argv[2]);
        return usage();
    }
    seebatch_error error;
    if (seebatch_backend_set(argv[1], &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_passes: %s\n", error.message);
        return 2;
    }
    seebatch_config config;
    if (seebatch_config_preset(argc == 5 ? argv[4] : "classic", &config, &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_passes: %s\n", error.message);
        return 2;
    }

    PositionSet set = real_positions();
    set.use_pins((config.flags & SEEBATCH_PINS) != 0);
    Run run{set,
            config,
            {},
            {},
            {},
            baseline_values_of(&config),
            baseline_choose(),
            {},
            {},
            {},
            std::vector<std::int32_t>(set.captures.size()),
            std::vector<std::uint8_t>(set.captures.size())};
    seebatch_rules_init(&run.rules, &config, nullptr);
    if (seebatch_view_rules_init(&run.view_rules, &config, baseline_type_of_code,
                                 BASELINE_PIECE_CODES, &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_passes: %s\n", error.message);
        return 2;
    }
    for (const baseline_position &position : set.engine)
        run.views.push_back({&position.by_type[1], position.by_color});
    for (std::size_t p = 0; p < set.size(); p++)
        run.board_of_move.insert(run.board_of_move.end(), set.capture_count(p),
                                 static_cast<std::uint32_t>(p));
    // Fisher-Yates with a fixed seed: the same order on every run.
    run.scattered_board_of_move = run.board_of_move;
    run.scattered_moves = set.captures;
    std::uint64_t random_state = 57;
    for (std::size_t i = run.scattered_moves.size(); i > 1; i--) {
        std::size_t j = random_next(&random_state) % i;
        std::swap(run.scattered_board_of_move[i - 1], run.scattered_board_of_move[j]);
        std::swap(run.scattered_moves[i - 1], run.scattered_moves[j]);
    }

    std::int64_t checksum = 0;
    for (long n = 0; n < passes; n++) {
        pass(run, argv[2]);
        for (std::int32_t result : run.results)
            checksum += result;
    }
    std::printf("%zu captures per pass, %ld passes, checksum %lld\n", set.captures.size(), passes,
                static_cast<long long>(checksum));
    return 0;
}
