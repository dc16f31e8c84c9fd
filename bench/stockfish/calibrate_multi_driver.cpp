// Times seebatch's many-board calls beside Stockfish's own Position::see_ge
// and seebatch's view called per capture, on the same real captures, in one
// process.
//
// bench/stockfish/calibrate_multi.sh compiles this file together with the
// sources of a Stockfish tree the user provides, with that tree's own
// flags. Nothing of Stockfish is in the repository: this file only calls it.
//
// Stockfish answers see_ge(m, 0) for every capture, move after move, its
// pins free from the StateInfo; seebatch answers the same question with
// seebatch_values_ge on many boards (the stockfish preset: its values, pins
// worked out by seebatch, special moves 0), 256 moves a call, every move
// naming its board, on each backend this CPU runs; seebatch_values (exact
// values) is timed beside it, and seebatch_values_ge given each
// board's pins as an engine holds them (made once, before any timing, as
// Stockfish's are made by its do_move). seebatch's view (seebatch_view.h)
// answers see_ge(m, 0) per capture beside them, on a copy of each position
// in Stockfish's layout (bench/baseline_see.h), its pins those Stockfish
// holds: the engine path a batch is held against. Three regimes: the first
// 1,000 positions cycled (the branch predictor learns them), the first
// 10,000 cycled, and every position streamed. `auto` is timed as a backend
// is, set afresh each round (seebatch_backend_set: it learns again, its
// learning in its time), and its time over the fastest backend's in each
// call is printed after the contenders of each regime.
//
// One board a call (`board`, issue 69): what a move picker asks at a node,
// each position's captures at the thresholds the dump gives them (as a
// picker forms them), against Stockfish's see_ge(m, t) one call a move: the
// view one move a call (seebatch_view_see_ge, seebatch_view_see_value), the
// view's batch (seebatch_view_see_ge_each on the same Stockfish-layout copy,
// the moves with their codes as a picker holds them)
// and seebatch_values_ge (a threshold a move, pins given) and
// seebatch_values (pins given, and worked out) on one board a call, per
// backend and auto, in the same three regimes, the streamed one with the
// caches flushed before each pass.
//
// Input (stdin): what `seebatch_passes --dump-captures` prints (the
// many-board rows test every capture at 0; the one-board rows at its
// thresholds).
//
// Usage: calibrate_multi_driver time [ROUNDS [BACKEND...]]
//                 (BACKEND...: the backends timed, `auto` among them or
//                 not; default every one this CPU runs, then auto)
//        calibrate_multi_driver job CAPTURES ROUNDS BACKEND...
//                 (jobs of CAPTURES captures, each contender in turn: what
//                 learning costs auto against a backend forced)
//        calibrate_multi_driver count PASSES stockfish | view | BACKEND ge
//                 | BACKEND values | BACKEND given
//                 (PASSES passes over every capture, under callgrind for
//                 instructions per capture)
//        calibrate_multi_driver board [ROUNDS [BACKEND...]]
//                 (the one-board rows, timed)
//        calibrate_multi_driver count-board PASSES stockfish | BACKEND CALL
//                 (CALL: view_ge view_value view_each board_ge
//                 board_values_given board_values; for callgrind)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <memory>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <vector>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "auto_choice.h"
#include "stockfish/driver_common.h"

namespace {

constexpr std::size_t moves_per_call = 256;

// The stockfish preset with the values of the Stockfish built, prepared.
seebatch_rules stockfish_rules()
{
    seebatch_config config = stockfish_config();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, nullptr);
    return rules;
}

// The positions as each side holds them: Stockfish's Position with its
// StateInfo, seebatch's boards; each capture's move in both forms, and the
// threshold the dump gives it (as a move picker forms it; the one-board
// rows test it, the many-board rows 0).
struct Set {
    std::unique_ptr<Position[]> positions;
    std::unique_ptr<StateInfo[]> states;
    std::vector<seebatch_board> boards;
    std::vector<seebatch_pins> pins; // each board's, for the calls given them
    std::vector<std::size_t> first{0}; // captures of position p: first[p] .. first[p + 1]
    std::vector<Move> moves;
    std::vector<seebatch_move> see_moves;
    std::vector<std::uint32_t> board_of_move;
    std::vector<std::int32_t> thresholds;
    // Each capture as a move picker holds it for seebatch_view_see_ge_each:
    // its codes from the mailbox (which the picker reads anyway to score
    // captures), its threshold; a special kind with an empty square's codes
    // (its answer then 0 >= threshold, the preset's).
    std::vector<seebatch_view_move> view_moves;
    seebatch_rules rules = stockfish_rules();
    // Each position in the baseline's layout, for the view.
    std::unique_ptr<baseline_position[]> base;
    seebatch_view_rules view_rules;
    std::size_t size() const { return first.size() - 1; }
};

void read_line(const std::string &line, Set &set, std::size_t p)
{
    std::stringstream fields(line);
    std::string fen, field;
    std::getline(fields, fen, ';');
    set_position(set.positions[p], fen, &set.states[p]);
    seebatch_error error;
    if (seebatch_board_from_fen(&set.boards[p], fen.c_str(), &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "calibrate_multi_driver: %s: %s\n", fen.c_str(), error.message);
        std::exit(2);
    }
    seebatch_pins_compute(&set.boards[p], &set.pins[p]);
    copy_to_baseline(set.positions[p], set.base[p]);
    MoveList<LEGAL> legal(set.positions[p]);
    while (std::getline(fields, field, ';')) {
        std::string uci = field.substr(0, field.find(' '));
        Move found = legal_move(legal, uci);
        if (found == Move(0)) {
            std::fprintf(stderr, "calibrate_multi_driver: %s is not legal in %s\n", uci.c_str(),
                         fen.c_str());
            std::exit(2);
        }
        set.moves.push_back(found);
        set.see_moves.push_back(seebatch_move_of(found));
        set.board_of_move.push_back(std::uint32_t(p));
        std::size_t space = field.find(' ');
        set.thresholds.push_back(space == std::string::npos ? 0 : std::atoi(field.c_str() + space + 1));
        seebatch_move move = set.see_moves.back();
        bool normal = seebatch_move_kind(move) == SEEBATCH_MOVE_NORMAL;
        set.view_moves.push_back({move, std::uint8_t(normal ? set.base[p].board[seebatch_move_from(move)] : 0),
                                  std::uint8_t(normal ? set.base[p].board[seebatch_move_to(move)] : 0),
                                  set.thresholds.back()});
    }
    set.first.push_back(set.moves.size());
}

Set read_set()
{
    std::vector<std::string> lines;
    for (std::string line; std::getline(std::cin, line);)
        if (!line.empty())
            lines.push_back(line);
    if (lines.empty() || lines.size() > (std::size_t(1) << 24)) {
        std::fprintf(stderr, "calibrate_multi_driver: %zu positions on stdin\n", lines.size());
        std::exit(2);
    }
    Set set;
    set.positions.reset(new Position[lines.size()]);
    set.states.reset(new StateInfo[lines.size()]);
    set.boards.resize(lines.size());
    set.pins.resize(lines.size());
    set.base.reset(new baseline_position[lines.size()]);
    set.view_rules = stockfish_view_rules();
    for (std::size_t p = 0; p < lines.size(); p++)
        read_line(lines[p], set, p);
    return set;
}

// Who answers a pass: Stockfish, seebatch's view per capture, or seebatch's
// threshold or value call on the backend set before the pass.
enum Contender { STOCKFISH, VIEW, SEE_GE_MULTI, VALUES_MULTI, SEE_GE_GIVEN_PINS };

// Scratch for seebatch's answers, one per capture.
struct Answers {
    std::vector<std::uint8_t> passed;
    std::vector<std::int32_t> values;
};

// One pass over the captures of positions 0 .. count - 1; the sum of the
// answers (>= 0 for the values), so that no pass can be left out.
long pass(const Set &set, std::size_t count, Contender who, Answers &out)
{
    std::size_t end = set.first[count];
    long sum = 0;
    if (who == STOCKFISH) {
        for (std::size_t p = 0; p < count; p++)
            for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
                sum += see_ge(set.positions[p], set.moves[i], 0);
        return sum;
    }
    if (who == VIEW) {
        for (std::size_t p = 0; p < count; p++)
            for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
                sum += view_see_ge(set.view_rules, set.base[p], set.see_moves[i], 0);
        return sum;
    }
    for (std::size_t i = 0; i < end; i += moves_per_call) {
        std::size_t n = std::min(moves_per_call, end - i);
        seebatch_batch batch = {set.boards.data(),     count, nullptr,
                                &set.board_of_move[i], &set.see_moves[i], n};
        if (who == SEE_GE_GIVEN_PINS)
            batch.pins = set.pins.data();
        if (who == VALUES_MULTI)
            seebatch_values(&set.rules, &batch, &out.values[i]);
        else
            seebatch_values_ge(&set.rules, &batch, 0, nullptr, &out.passed[i]);
    }
    for (std::size_t i = 0; i < end; i++)
        sum += who == VALUES_MULTI ? out.values[i] >= 0 : out.passed[i];
    return sum;
}

// ns per capture over passes of at least 0.05 s of CPU time (thread time:
// the machine may be shared).
double ns_once(const Set &set, std::size_t count, Contender who, Answers &out, long *sum)
{
    long calls = 0;
    double start = thread_seconds(), elapsed = 0;
    while (elapsed < 0.05) {
        *sum += pass(set, count, who, out);
        calls += long(set.first[count]);
        elapsed = thread_seconds() - start;
    }
    return elapsed * 1e9 / double(calls);
}

void use_backend(const char *name)
{
    seebatch_error error;
    if (seebatch_backend_set(name, &error) != SEEBATCH_OK) {
        std::fprintf(stderr, "calibrate_multi_driver: %s\n", error.message);
        std::exit(2);
    }
}

// One backend's timings over the rounds: its three calls' times and the
// ratios of each round.
struct Timings {
    std::vector<double> ge, values, given;
    std::vector<double> speedup, exact, given_speedup, given_to_view, worked_out_to_given;
};

// Whether `name` is a backend this machine runs (not auto nor fixed).
bool is_backend(const char *name)
{
    const char *names[8];
    std::size_t available = std::min<std::size_t>(seebatch_backends_available(names, 8), 8);
    for (std::size_t i = 0; i < available; i++)
        if (std::strcmp(names[i], name) == 0)
            return true;
    return false;
}

// Auto's time over the fastest backend's (the one of least median time) in
// each call: the median of each round's ratio, as the other ratios. Nothing
// where auto or no backend was timed.
void print_auto_over_fastest(const std::vector<const char *> &contenders, const std::vector<Timings> &t)
{
    auto found = std::find_if(contenders.begin(), contenders.end(),
                              [](const char *name) { return std::strcmp(name, "auto") == 0; });
    if (found == contenders.end() ||
        std::none_of(contenders.begin(), contenders.end(), is_backend))
        return;
    const Timings &automatic = t[std::size_t(found - contenders.begin())];
    struct Call {
        const char *name;
        std::vector<double> Timings::*times;
    };
    const Call calls[] = {{"see_ge_multi", &Timings::ge},
                          {"see_values_multi", &Timings::values},
                          {"pins given", &Timings::given}};
    std::printf("    auto over the fastest backend:");
    for (const Call &call : calls) {
        std::size_t fastest = contenders.size();
        for (std::size_t b = 0; b < contenders.size(); b++)
            if (is_backend(contenders[b]) &&
                (fastest == contenders.size() || median(t[b].*call.times) < median(t[fastest].*call.times)))
                fastest = b;
        std::vector<double> ratios;
        for (std::size_t round = 0; round < (automatic.*call.times).size(); round++)
            ratios.push_back((automatic.*call.times)[round] / (t[fastest].*call.times)[round]);
        std::printf("%s %s %.2f (%s fastest)", &call == calls ? "" : ",", call.name, median(ratios),
                    contenders[fastest]);
    }
    std::printf("\n");
}

// Stockfish, the view and every backend's three calls in turn, `rounds`
// times: medians of the times and of each round's ratios (a round's runs go
// under nearly the same load).
void compare(const Set &set, std::size_t count, const std::vector<const char *> &backends, int rounds,
             Answers &out, long *sum)
{
    std::vector<double> stockfish, view, view_speedup;
    std::vector<Timings> t(backends.size());
    for (int round = 0; round < rounds; round++) {
        stockfish.push_back(ns_once(set, count, STOCKFISH, out, sum));
        view.push_back(ns_once(set, count, VIEW, out, sum));
        view_speedup.push_back(stockfish.back() / view.back());
        for (std::size_t b = 0; b < backends.size(); b++) {
            use_backend(backends[b]);
            Timings &r = t[b];
            r.ge.push_back(ns_once(set, count, SEE_GE_MULTI, out, sum));
            r.values.push_back(ns_once(set, count, VALUES_MULTI, out, sum));
            r.given.push_back(ns_once(set, count, SEE_GE_GIVEN_PINS, out, sum));
            r.speedup.push_back(stockfish.back() / r.ge.back());
            r.given_speedup.push_back(stockfish.back() / r.given.back());
            r.exact.push_back(r.values.back() / r.ge.back());
            r.given_to_view.push_back(r.given.back() / view.back());
            r.worked_out_to_given.push_back(r.ge.back() / r.given.back());
        }
    }
    std::printf("%6zu positions, %6zu captures: Stockfish see_ge %6.2f ns;"
                " the view per capture %6.2f ns (%.2fx Stockfish)\n",
                count, set.first[count], median(stockfish), median(view), median(view_speedup));
    for (std::size_t b = 0; b < backends.size(); b++) {
        const Timings &r = t[b];
        std::printf("    %-7s see_ge_multi %6.2f ns (%.2fx Stockfish, rounds %.2f .. %.2f;"
                    " %.2fx pins given's time),"
                    " see_values_multi %6.2f ns (%.2fx see_ge_multi's time),"
                    " pins given %6.2f ns (%.2fx Stockfish, %.2fx the view's time)\n",
                    backends[b], median(r.ge), median(r.speedup),
                    *std::min_element(r.speedup.begin(), r.speedup.end()),
                    *std::max_element(r.speedup.begin(), r.speedup.end()),
                    median(r.worked_out_to_given), median(r.values), median(r.exact),
                    median(r.given), median(r.given_speedup), median(r.given_to_view));
    }
    print_auto_over_fastest(backends, t);
}

// Every backend answers as Stockfish does on every capture, or the
// comparison means nothing.
void check(const Set &set, const std::vector<const char *> &backends, Answers &out)
{
    std::size_t all = set.size();
    for (std::size_t p = 0; p < all; p++)
        for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++)
            if (see_ge(set.positions[p], set.moves[i], 0) !=
                view_see_ge(set.view_rules, set.base[p], set.see_moves[i], 0)) {
                std::fprintf(stderr, "calibrate_multi_driver: the view differs from Stockfish on %s %s\n",
                             set.positions[p].fen().c_str(), uci_of(set.moves[i]).c_str());
                std::exit(1);
            }
    for (const char *backend : backends) {
        use_backend(backend);
        pass(set, all, SEE_GE_MULTI, out);
        pass(set, all, VALUES_MULTI, out);
        std::vector<std::uint8_t> worked_out = out.passed;
        pass(set, all, SEE_GE_GIVEN_PINS, out);
        for (std::size_t p = 0; p < all; p++)
            for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++) {
                bool stockfish = see_ge(set.positions[p], set.moves[i], 0);
                if (stockfish != bool(out.passed[i]) || stockfish != bool(worked_out[i]) ||
                    stockfish != (out.values[i] >= 0)) {
                    std::fprintf(stderr, "calibrate_multi_driver: %s differs from Stockfish on %s %s\n",
                                 backend, set.positions[p].fen().c_str(), uci_of(set.moves[i]).c_str());
                    std::exit(1);
                }
            }
    }
}

// The job of the first `count` positions' captures (cycled), by contender.
bench_job job_of(const Set &set, std::size_t count, Contender who, Answers &out)
{
    seebatch_batch all = {set.boards.data(),        count,          nullptr,
                          set.board_of_move.data(), set.see_moves.data(), set.first[count]};
    return {&set.rules, all, who == VALUES_MULTI, out.values.data(), out.passed.data()};
}

// What learning costs a job: each contender (auto learning afresh each
// time it is set) runs the same job of `captures` captures, rounds times,
// in an order drawn afresh each round (a job after another kernel's starts
// with that kernel's tables in the caches: in a fixed order, whoever
// follows the scalar walk pays 5-15% on 10,000 positions); the median time
// of each, and auto's over the fastest backend's.
int job_mode(const Set &set, std::size_t captures, int rounds, const std::vector<const char *> &names,
             Answers &out)
{
    std::printf("jobs of %zu captures, 256 moves a call, medians of %d rounds; each contender set "
                "before each job (auto learns afresh)\n", captures, rounds);
    for (std::size_t count : {std::size_t(1000), std::size_t(10000), set.size()}) {
        count = std::min(count, set.size());
        for (Contender who : {SEE_GE_MULTI, VALUES_MULTI}) {
            std::vector<std::vector<double>> times(names.size());
            std::vector<std::size_t> order(names.size());
            std::iota(order.begin(), order.end(), std::size_t(0));
            std::mt19937 draw(12345);
            for (int round = 0; round < rounds; round++) {
                std::shuffle(order.begin(), order.end(), draw);
                bench_job job = job_of(set, count, who, out);
                for (std::size_t b : order) {
                    use_backend(names[b]);
                    bench_job_touch(&job);
                    times[b].push_back(bench_job_seconds(&job, captures));
                }
            }
            std::printf("%6zu positions, %s:", count, who == VALUES_MULTI ? "values" : "thresholds");
            double fastest = 0, automatic = 0;
            for (std::size_t b = 0; b < names.size(); b++) {
                double t = median(times[b]) * 1e9 / double(captures);
                std::printf(" %s %.2f ns", names[b], t);
                if (std::strcmp(names[b], "auto") == 0)
                    automatic = t;
                else if (fastest == 0 || t < fastest)
                    fastest = t;
            }
            if (automatic > 0 && fastest > 0)
                std::printf("; auto over the fastest %.3f", automatic / fastest);
            std::printf("\n");
        }
    }
    return 0;
}

// ---- one board a call (`board`): a node's captures, as a move picker asks --

// The calls of the one-board rows, each over a node's captures at the
// dump's thresholds: Stockfish's see_ge(m, t) and the view one move a call
// (threshold and exact value), the view's batch, and seebatch's one-board
// calls (a threshold a move with pins given; exact values with pins given,
// and worked out). Every call writes its answers, then a position's are
// summed: the same loop around each.
enum BoardCall {
    SF_SEE_GE,
    VIEW_GE,
    VIEW_VALUE,
    VIEW_EACH,
    BOARD_GE,
    BOARD_VALUES_GIVEN,
    BOARD_VALUES,
    BOARD_CALLS
};
const char *const board_call_names[BOARD_CALLS] = {
    "stockfish", "view_ge", "view_value", "view_each", "board_ge", "board_values_given", "board_values"};

bool gives_values(BoardCall call)
{
    return call == VIEW_VALUE || call == BOARD_VALUES_GIVEN || call == BOARD_VALUES;
}

// The one-move-a-call row a one-board call is held against: the view's
// threshold test for threshold tests, its exact value for values.
BoardCall one_move_row(BoardCall call) { return gives_values(call) ? VIEW_VALUE : VIEW_GE; }

// One pass of `call` over the captures of positions 0 .. count - 1 (the
// view's calls with `view_rules`, seebatch's on the backend in use): the
// number of answers that reach their threshold.
long board_pass(const Set &set, std::size_t count, BoardCall call,
                const seebatch_view_rules &view_rules, Answers &out)
{
    long sum = 0;
    for (std::size_t p = 0; p < count; p++) {
        std::size_t first = set.first[p], end = set.first[p + 1];
        const std::int32_t *thresholds = &set.thresholds[first];
        std::uint8_t *passed = &out.passed[first];
        std::int32_t *values = &out.values[first];
        seebatch_batch node = {&set.boards[p],          1, &set.pins[p], nullptr,
                               &set.see_moves[first], end - first};
        switch (call) {
        case SF_SEE_GE:
            for (std::size_t i = first; i < end; i++)
                out.passed[i] = see_ge(set.positions[p], set.moves[i], set.thresholds[i]);
            break;
        case VIEW_GE:
            for (std::size_t i = first; i < end; i++)
                out.passed[i] = view_see_ge(view_rules, set.base[p], set.see_moves[i], set.thresholds[i]);
            break;
        case VIEW_VALUE:
            for (std::size_t i = first; i < end; i++)
                out.values[i] = view_see_value(view_rules, set.base[p], set.see_moves[i]);
            break;
        case VIEW_EACH: {
            const seebatch_view view = {&set.base[p].by_type[1], set.base[p].by_color};
            seebatch_view_see_ge_each(&view_rules, &view, &set.base[p].pins, &set.view_moves[first],
                                      end - first, passed);
            break;
        }
        case BOARD_GE:
            seebatch_values_ge(&set.rules, &node, 0, thresholds, passed);
            break;
        case BOARD_VALUES:
            node.pins = nullptr;
            seebatch_values(&set.rules, &node, values);
            break;
        default:
            seebatch_values(&set.rules, &node, values);
            break;
        }
        if (gives_values(call))
            for (std::size_t i = first; i < end; i++)
                sum += out.values[i] >= set.thresholds[i];
        else
            for (std::size_t i = first; i < end; i++)
                sum += out.passed[i];
    }
    return sum;
}

// Every cache line of [data, data + bytes) written back and dropped from
// every cache level (clflush; elsewhere a sweep of a buffer larger than any
// last-level cache).
void evict(const void *data, std::size_t bytes)
{
#if defined(__x86_64__) || defined(__i386__)
    const char *start = static_cast<const char *>(data);
    for (std::size_t at = 0; at < bytes; at += 64)
        _mm_clflush(start + at);
    if (bytes > 0)
        _mm_clflush(start + bytes - 1);
#else
    (void)data, (void)bytes;
    static std::vector<char> sweep(std::size_t(512) << 20);
    for (std::size_t at = 0; at < sweep.size(); at += 64)
        sweep[at]++;
#endif
}

template <typename T> void evict_first(const T *data, std::size_t count) { evict(data, count * sizeof(T)); }

// What a pass over positions 0 .. count - 1 reads, out of the caches: both
// sides' positions, pins, moves, thresholds and the answers' arrays (the
// tables of attacks stay, as an engine's do).
void flush_set(const Set &set, std::size_t count, const Answers &out)
{
    std::size_t moves = set.first[count];
    evict_first(set.positions.get(), count);
    evict_first(set.states.get(), count);
    evict_first(set.base.get(), count);
    evict_first(set.boards.data(), count);
    evict_first(set.pins.data(), count);
    evict_first(set.first.data(), count + 1);
    evict_first(set.moves.data(), moves);
    evict_first(set.see_moves.data(), moves);
    evict_first(set.thresholds.data(), moves);
    evict_first(set.view_moves.data(), moves);
    evict_first(out.passed.data(), moves);
    evict_first(out.values.data(), moves);
#if defined(__x86_64__) || defined(__i386__)
    _mm_mfence();
#endif
}

// ns a move of `call` over passes of at least 0.05 s of thread time; with
// `flushed`, the caches flushed before each pass (untimed).
double board_ns(const Set &set, std::size_t count, bool flushed, BoardCall call,
                const seebatch_view_rules &view_rules, Answers &out, long *sum)
{
    long moves = 0;
    double elapsed = 0;
    do {
        if (flushed)
            flush_set(set, count, out);
        double start = thread_seconds();
        *sum += board_pass(set, count, call, view_rules, out);
        elapsed += thread_seconds() - start;
        moves += long(set.first[count]);
    } while (elapsed < 0.05);
    return elapsed * 1e9 / double(moves);
}

// A contender of the one-board rows: a backend (or auto), set before its
// calls, and the view rules made while it was in use (a view's exchange
// follows the backend in use when its rules are made).
struct BoardContender {
    const char *name;
    seebatch_view_rules view_rules;
};

std::vector<BoardContender> board_contenders(const std::vector<const char *> &names)
{
    std::vector<BoardContender> contenders;
    for (const char *name : names) {
        use_backend(name);
        contenders.push_back({name, stockfish_view_rules()});
    }
    return contenders;
}

// Every one-board call of every contender answers as Stockfish's see_ge(m, t)
// on every capture (values: value >= t), or the comparison means nothing.
void check_board(const Set &set, const std::vector<BoardContender> &contenders, Answers &out)
{
    std::size_t all = set.size();
    for (const BoardContender &contender : contenders) {
        use_backend(contender.name);
        for (int call = VIEW_GE; call < BOARD_CALLS; call++) {
            board_pass(set, all, BoardCall(call), contender.view_rules, out);
            for (std::size_t p = 0; p < all; p++)
                for (std::size_t i = set.first[p]; i < set.first[p + 1]; i++) {
                    bool answer = gives_values(BoardCall(call)) ? out.values[i] >= set.thresholds[i]
                                                                : out.passed[i] != 0;
                    if (answer != see_ge(set.positions[p], set.moves[i], set.thresholds[i])) {
                        std::fprintf(stderr,
                                     "calibrate_multi_driver: %s %s differs from Stockfish's "
                                     "see_ge(m, %d) on %s %s\n",
                                     contender.name, board_call_names[call], set.thresholds[i],
                                     set.positions[p].fen().c_str(), uci_of(set.moves[i]).c_str());
                        std::exit(1);
                    }
                }
        }
    }
}

// A regime's rounds: Stockfish's times, and each contender's times of each
// call with each round's ratios (speed over Stockfish's, and over the same
// contender's one-move-a-call row).
struct BoardTimings {
    std::vector<double> times[BOARD_CALLS];
    std::vector<double> over_stockfish[BOARD_CALLS], over_one_move[BOARD_CALLS];
};

void print_board_auto_over_fastest(const std::vector<BoardContender> &contenders,
                                   const std::vector<BoardTimings> &t)
{
    std::size_t automatic = contenders.size();
    for (std::size_t c = 0; c < contenders.size(); c++)
        if (std::strcmp(contenders[c].name, "auto") == 0)
            automatic = c;
    if (automatic == contenders.size() ||
        std::none_of(contenders.begin(), contenders.end(),
                     [](const BoardContender &c) { return is_backend(c.name); }))
        return;
    std::printf("    auto over the fastest backend, one board a call:");
    for (BoardCall call : {BOARD_GE, BOARD_VALUES_GIVEN, BOARD_VALUES, VIEW_EACH}) {
        std::size_t fastest = contenders.size();
        for (std::size_t c = 0; c < contenders.size(); c++)
            if (is_backend(contenders[c].name) &&
                (fastest == contenders.size() ||
                 median(t[c].times[call]) < median(t[fastest].times[call])))
                fastest = c;
        std::vector<double> ratios;
        for (std::size_t round = 0; round < t[automatic].times[call].size(); round++)
            ratios.push_back(t[automatic].times[call][round] / t[fastest].times[call][round]);
        std::printf("%s %s %.2f (%s fastest)", call == BOARD_GE ? "" : ",", board_call_names[call],
                    median(ratios), contenders[fastest].name);
    }
    std::printf("\n");
}

// Stockfish's see_ge and every contender's calls in turn, `rounds` times,
// on positions 0 .. count - 1; medians of the times and of each round's
// ratios.
void compare_board(const Set &set, std::size_t count, bool flushed,
                   const std::vector<BoardContender> &contenders, int rounds, Answers &out, long *sum)
{
    std::vector<double> stockfish;
    std::vector<BoardTimings> t(contenders.size());
    for (int round = 0; round < rounds; round++) {
        stockfish.push_back(board_ns(set, count, flushed, SF_SEE_GE, contenders[0].view_rules, out, sum));
        for (std::size_t c = 0; c < contenders.size(); c++) {
            use_backend(contenders[c].name);
            BoardTimings &r = t[c];
            for (int call = VIEW_GE; call < BOARD_CALLS; call++)
                r.times[call].push_back(
                    board_ns(set, count, flushed, BoardCall(call), contenders[c].view_rules, out, sum));
            for (int call = VIEW_GE; call < BOARD_CALLS; call++) {
                r.over_stockfish[call].push_back(stockfish.back() / r.times[call].back());
                r.over_one_move[call].push_back(r.times[one_move_row(BoardCall(call))].back() /
                                                r.times[call].back());
            }
        }
    }
    std::printf("%6zu positions, %6zu captures%s, one board a call: Stockfish see_ge(m, t) %6.2f ns a move\n",
                count, set.first[count], flushed ? " (streamed, caches flushed before each pass)" : "",
                median(stockfish));
    for (std::size_t c = 0; c < contenders.size(); c++) {
        const BoardTimings &r = t[c];
        std::printf("    %-7s", contenders[c].name);
        for (int call = VIEW_GE; call < BOARD_CALLS; call++) {
            const std::vector<double> &speed = r.over_stockfish[call];
            std::printf("%s %s %6.2f ns (%.2fx Stockfish, rounds %.2f .. %.2f", call == VIEW_GE ? "" : ",",
                        board_call_names[call], median(r.times[call]), median(speed),
                        *std::min_element(speed.begin(), speed.end()),
                        *std::max_element(speed.begin(), speed.end()));
            if (call != VIEW_GE && call != VIEW_VALUE)
                std::printf("; %.2fx %s", median(r.over_one_move[call]),
                            board_call_names[one_move_row(BoardCall(call))]);
            std::printf(")");
        }
        std::printf("\n");
    }
    print_board_auto_over_fastest(contenders, t);
}

int board_mode(const Set &set, int rounds, const std::vector<const char *> &names, Answers &out)
{
    std::vector<BoardContender> contenders = board_contenders(names);
    check_board(set, contenders, out);
    std::printf("%zu positions, %zu captures; one board a call: each position's captures at the"
                " thresholds of a move picker, the stockfish preset with Stockfish's values;"
                " medians of %d rounds\n",
                set.size(), set.moves.size(), rounds);
    std::printf("(ns a move; Nx NAME: speed over NAME's, its time over this one's, the median of"
                " each round's; stockfish: Stockfish's see_ge(m, t) a call; view_ge, view_value:"
                " seebatch_view_see_ge, seebatch_view_see_value one move a call; view_each:"
                " seebatch_view_see_ge_each a node; board_ge: seebatch_values_ge a node, a threshold"
                " a move, pins given; board_values_given, board_values: seebatch_values a node, pins"
                " given, worked out)\n");
    long sum = 0;
    for (std::size_t count : {std::size_t(1000), std::size_t(10000), set.size()})
        compare_board(set, std::min(count, set.size()), count == set.size(), contenders, rounds, out, &sum);
    std::printf("(checksum %ld)\n", sum);
    return 0;
}

// `count-board PASSES stockfish | BACKEND CALL`: PASSES passes of a
// one-board row over every capture, for callgrind.
int count_board_mode(const Set &set, long passes, int argc, char **argv, Answers &out)
{
    BoardCall call = SF_SEE_GE;
    if (argc == 5) {
        use_backend(argv[3]);
        auto named = std::find_if(board_call_names, board_call_names + BOARD_CALLS,
                                  [&](const char *name) { return std::strcmp(name, argv[4]) == 0; });
        call = BoardCall(named - board_call_names);
    }
    seebatch_view_rules view_rules = stockfish_view_rules();
    long sum = 0;
    for (long n = passes; n > 0; n--)
        sum += board_pass(set, set.size(), call, view_rules, out);
    std::printf("captures %ld checksum %ld\n", passes * long(set.moves.size()), sum);
    return 0;
}

int count_mode(const Set &set, long passes, int argc, char **argv, Answers &out)
{
    Contender who = std::strcmp(argv[3], "view") == 0 ? VIEW : STOCKFISH;
    if (argc == 5) {
        use_backend(argv[3]);
        who = std::strcmp(argv[4], "values") == 0  ? VALUES_MULTI
              : std::strcmp(argv[4], "given") == 0 ? SEE_GE_GIVEN_PINS
                                                   : SEE_GE_MULTI;
    }
    long sum = 0;
    for (long n = passes; n > 0; n--)
        sum += pass(set, set.size(), who, out);
    std::printf("captures %ld checksum %ld\n", passes * long(set.moves.size()), sum);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    bool timing = argc >= 2 && std::strcmp(argv[1], "time") == 0;
    bool jobs = argc >= 5 && std::strcmp(argv[1], "job") == 0;
    bool board = argc >= 2 && std::strcmp(argv[1], "board") == 0;
    bool counting_board =
        std::strcmp(argc > 1 ? argv[1] : "", "count-board") == 0 &&
        ((argc == 4 && std::strcmp(argv[3], "stockfish") == 0) ||
         (argc == 5 && std::any_of(board_call_names + VIEW_GE, board_call_names + BOARD_CALLS,
                                   [&](const char *name) { return std::strcmp(name, argv[4]) == 0; })));
    bool counting = std::strcmp(argc > 1 ? argv[1] : "", "count") == 0 &&
                    ((argc == 4 && (std::strcmp(argv[3], "stockfish") == 0 ||
                                    std::strcmp(argv[3], "view") == 0)) ||
                     (argc == 5 && (std::strcmp(argv[4], "ge") == 0 || std::strcmp(argv[4], "values") == 0 ||
                                    std::strcmp(argv[4], "given") == 0)));
    if (!timing && !counting && !jobs && !board && !counting_board) {
        std::fprintf(stderr, "usage: calibrate_multi_driver time [ROUNDS [BACKEND...]] |"
                             " job CAPTURES ROUNDS BACKEND... |"
                             " count PASSES stockfish|view | count PASSES BACKEND ge|values|given |"
                             " board [ROUNDS [BACKEND...]] | count-board PASSES stockfish |"
                             " count-board PASSES BACKEND view_ge|view_value|view_each|board_ge|"
                             "board_values_given|board_values  < dump\n");
        return 2;
    }
    init_stockfish();
    Set set = read_set();
    Answers out;
    out.passed.resize(set.moves.size());
    out.values.resize(set.moves.size());
    if (counting)
        return count_mode(set, std::atol(argv[2]), argc, argv, out);
    if (counting_board)
        return count_board_mode(set, std::atol(argv[2]), argc, argv, out);
    if (jobs)
        return job_mode(set, std::size_t(std::atol(argv[2])), std::max(1, std::atoi(argv[3])),
                        std::vector<const char *>(argv + 4, argv + argc), out);

    const char *names[8];
    std::size_t available = seebatch_backends_available(names, 8);
    std::vector<const char *> backends(names, names + std::min<std::size_t>(available, 8));
    backends.push_back("auto");
    if (argc > 3)
        backends.assign(argv + 3, argv + argc);
    int rounds = argc >= 3 ? std::max(1, std::atoi(argv[2])) : 15;
    if (board)
        return board_mode(set, rounds, backends, out);
    check(set, backends, out);
    std::printf("%zu positions, %zu captures; see_ge(m, 0), the stockfish preset with pins,"
                " %zu moves a call; medians of %d rounds\n",
                set.size(), set.moves.size(), moves_per_call, rounds);
    long sum = 0;
    for (std::size_t count : {std::size_t(1000), std::size_t(10000), set.size()})
        compare(set, std::min(count, set.size()), backends, rounds, out, &sum);
    std::printf("(checksum %ld)\n", sum);
    return 0;
}
