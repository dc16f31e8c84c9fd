// seebatch_bench: SEE per second for every backend this CPU can run, and for
// the engine path beside a baseline, through the public C API, on the same
// captures. What each row measures: docs/benchmarks.md.
//
// Every backend benchmark is registered once per backend listed by
// seebatch_backends_available and forces it with seebatch_backend_set, so a
// new kernel is measured with no edit here. Items are captures evaluated, so
// Google Benchmark's items_per_second is SEE per second.
//
// Single-call and per-position benchmarks run in the project's three regimes
// (docs/benchmarks.md), named in each row (see_value/1000_cycled/avx2):
//   1000_cycled:  the first 1,000 positions, cycled: the branch predictor learns them;
//   10000_cycled: the first 10,000 positions, cycled: the boards in cache, more
//                 of them than the predictor learns;
//   streamed:     board after board through a data set of shuffled copies,
//                 at least 96 MiB of boards: boards from memory.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "auto_choice.h"
#include "baseline_see.h"
#include "core_clock.h"
#include "seebatch.h"
#include "seebatch_view.h"
#include "summary.h"
#include "workload.h"

namespace {

// The data set: three times the 32 MiB L3 cache of the machines this is
// developed on, so that most boards come from memory.
constexpr std::size_t data_set_bytes = std::size_t(96) << 20;
constexpr std::uint64_t data_set_seed = 2;
// Moves per seebatch_values call on many boards: a reader's buffer of a data set.
constexpr std::size_t chunk_moves = 256;
// The longest batch of the batch length benchmark.
constexpr std::size_t longest_batch = 64;
// Positions cycled in the two cycled regimes.
constexpr std::size_t few_positions = 1000;
constexpr std::size_t more_positions = 10000;
// Moves of the multi_offset rows (about 6,000 boards, 430 KiB), and the
// offsets from a page boundary they run at: within a cache line, half a
// line, half a page, and a page and 8 bytes (five, to keep the run short).
constexpr std::size_t offset_slice_moves = 16384;
const std::vector<std::int64_t> slice_offsets = {0, 8, 32, 2048, 4096 + 8};
constexpr std::size_t page_bytes = 4096;

enum Regime { CYCLED_1000, CYCLED_10000, STREAMED, REGIMES };
const char *const regime_names[REGIMES] = {"1000_cycled", "10000_cycled", "streamed"};

// Everything the benchmarks read. The data set is built on first use, so
// that a --benchmark_filter run pays only for what it runs; Google Benchmark
// times only the loop, never that setup.
struct Workload {
    PositionSet positions;
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules rules;
    seebatch_view_rules view_rules; // the same rules for Stockfish's piece codes
    baseline_values baseline;
    baseline_kind baseline_lookups = baseline_choose(); // as Stockfish's x86-64-bmi2 build
    std::size_t data_set_copies = 1;
    std::size_t next_position[REGIMES] = {0, 0, 0}; // where each regime resumes
    double core_hz = 0;          // the core's cycles per second, measured at start-up (0: unknown)
    char auto_learned[256] = ""; // what auto learned in multi's last run (bench_auto_learned)

    DataSet &data_set()
    {
        if (!data)
            data = std::make_unique<DataSet>(
                build_data_set(positions, data_set_copies, data_set_seed));
        return *data;
    }

    // The positions of a regime and how many of them it goes through.
    const PositionSet &set_of(Regime regime)
    {
        return regime == STREAMED ? data_set().pool : positions;
    }
    std::size_t count_of(Regime regime)
    {
        if (regime == STREAMED)
            return data_set().pool.size();
        return std::min(regime == CYCLED_1000 ? few_positions : more_positions, positions.size());
    }

    // The baseline's answer for capture i of position p.
    bool baseline_see(const PositionSet &set, std::size_t p, std::size_t i) const
    {
        return ::baseline_see(baseline_lookups, &set.engine[p], set.captures_of(p)[i],
                              set.thresholds_of(p)[i], &baseline);
    }

    // A view of each engine position of a regime's set, made once (as an
    // engine makes one per position object): its bitboards from the pawns
    // on, and its colours.
    const seebatch_view *views_of(Regime regime)
    {
        std::vector<seebatch_view> &made = views[regime == STREAMED];
        const PositionSet &set = set_of(regime);
        if (made.empty())
            for (const baseline_position &position : set.engine)
                made.push_back({&position.by_type[1], position.by_color});
        return made.data();
    }

    // longest_batch moves per position, position p's from p * longest_batch:
    // its captures repeated in turn, so that a batch of any length up to
    // longest_batch is one board's captures.
    const seebatch_move *cycled_captures()
    {
        if (cycled.empty()) {
            std::size_t count = count_of(CYCLED_1000);
            cycled.resize(count * longest_batch);
            for (std::size_t p = 0; p < count; p++)
                for (std::size_t i = 0; i < longest_batch; i++)
                    cycled[p * longest_batch + i] =
                        positions.captures_of(p)[i % positions.capture_count(p)];
        }
        return cycled.data();
    }

private:
    std::unique_ptr<DataSet> data;
    std::vector<seebatch_move> cycled;
    std::vector<seebatch_view> views[2]; // of the positions, of the data set
};

// Forces the backend for this run; a backend that fails is reported as the
// run's error rather than measured as another.
bool use_backend(benchmark::State &state, const char *backend)
{
    seebatch_error error;
    if (seebatch_backend_set(backend, &error) == SEEBATCH_OK)
        return true;
    state.SkipWithError(error.message);
    return false;
}

// The timed loop every benchmark shares: each iteration evaluates one unit (a
// position, or a chunk of a data set), cycling from `unit`, and evaluate(unit)
// returns the captures it evaluated. Returns where the next run may resume.
// Besides items_per_second, each row gets cycles_per_item: CPU seconds per
// capture times the core's measured clock. Google Benchmark divides a rate
// counter by the run's CPU seconds and kInvert then turns it over, so
// captures / hz gives seconds x hz / captures.
template <typename Evaluate>
std::size_t run_units(benchmark::State &state, const Workload &work, std::size_t unit_count,
                      std::size_t unit, Evaluate evaluate)
{
    std::int64_t captures = 0;
    for (auto _ : state) {
        captures += static_cast<std::int64_t>(evaluate(unit));
        if (++unit == unit_count)
            unit = 0;
    }
    state.SetItemsProcessed(captures);
    if (work.core_hz > 0 && captures > 0)
        state.counters["cycles_per_item"] =
            benchmark::Counter(static_cast<double>(captures) / work.core_hz,
                               benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    return unit;
}

// Position after position of a regime: evaluate(set, p) evaluates position p
// and returns its captures. Each run resumes where the last one of the
// regime stopped, so no run starts on boards a previous run left in cache.
template <typename Evaluate>
void over_positions(benchmark::State &state, Workload *work, Regime regime, Evaluate evaluate)
{
    const PositionSet &set = work->set_of(regime);
    std::size_t &next = work->next_position[regime];
    std::size_t count = work->count_of(regime);
    next = run_units(state, *work, count, next % count,
                     [&](std::size_t p) { return evaluate(set, p); });
}

// Every capture of each position, one call per move: call(set, p, i) is the
// call measured for capture i of position p; its results are summed so that
// none can be optimised away.
template <typename Call>
void one_move_per_call(benchmark::State &state, Workload *work, Regime regime, Call call)
{
    std::int64_t sum = 0;
    over_positions(state, work, regime, [&](const PositionSet &set, std::size_t p) {
        std::size_t count = set.capture_count(p);
        for (std::size_t i = 0; i < count; i++)
            sum += call(set, p, i);
        return count;
    });
    benchmark::DoNotOptimize(sum);
}

// ---- every backend --------------------------------------------------------

// seebatch_value: the exact value of one move, pins worked out.
void see_value(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    one_move_per_call(
        state, work, regime, [work](const PositionSet &set, std::size_t p, std::size_t i) {
            return seebatch_value(&work->rules, &set.boards[p], nullptr, set.captures_of(p)[i]);
        });
}

// seebatch_value_ge(m, 0) with pins worked out, one move.
void see_ge(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    one_move_per_call(state, work, regime,
                      [work](const PositionSet &set, std::size_t p, std::size_t i) {
                          return seebatch_value_ge(&work->rules, &set.boards[p], nullptr,
                                                   set.captures_of(p)[i], 0);
                      });
}

// seebatch_values, all captures of one position per call, pins worked out
// or given (the engine's): an engine ordering the captures of a node, or a
// data set labelled position by position.
void node_values(benchmark::State &state, Workload *work, Regime regime, const char *backend,
                 bool pins_given)
{
    if (!use_backend(state, backend))
        return;
    std::vector<std::int32_t> values(SEEBATCH_MAX_MOVES);
    over_positions(state, work, regime, [&](const PositionSet &set, std::size_t p) {
        seebatch_batch node = {&set.boards[p],
                               1,
                               pins_given ? &set.pins[p] : nullptr,
                               nullptr,
                               set.captures_of(p),
                               set.capture_count(p)};
        seebatch_values(&work->rules, &node, values.data());
        benchmark::DoNotOptimize(values.data());
        return set.capture_count(p);
    });
}

void batch(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    node_values(state, work, regime, backend, false);
}

// ---- one board a call: a node's captures, as a move picker asks -----------
// Beside batch (seebatch_values, pins worked out): the same node with the
// engine's pins given, exact values and a threshold a move; the view's batch
// (seebatch_view_see_ge_each) on the engine's own position, and the view one
// move a call, threshold and exact value, to hold them against. Every row
// forces its backend (a view's exchange follows the backend in use when its
// rules are made, so the view rows make theirs after forcing it).

// seebatch_values_ge: every capture of a node, a threshold each, pins
// given, on the backend in use (engine_see_ge_each's row beside the baseline).
void engine_see_ge_each(benchmark::State &state, Workload *work, Regime regime)
{
    std::uint8_t passed[SEEBATCH_MAX_MOVES];
    over_positions(state, work, regime, [&](const PositionSet &set, std::size_t p) {
        seebatch_batch node = {&set.boards[p],      1, &set.pins[p], nullptr, set.captures_of(p),
                               set.capture_count(p)};
        seebatch_values_ge(&work->rules, &node, 0, set.thresholds_of(p), passed);
        benchmark::DoNotOptimize(passed);
        return set.capture_count(p);
    });
}

// The same with the backend forced.
void board_ge(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    if (use_backend(state, backend))
        engine_see_ge_each(state, work, regime);
}

// seebatch_values: a node's exact values, pins given.
void board_values_given(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    node_values(state, work, regime, backend, true);
}

// The view rules of the workload's configuration with `backend` forced;
// false (the run's error) when it cannot be.
bool view_rules_with(benchmark::State &state, const Workload &work, const char *backend,
                     seebatch_view_rules *rules)
{
    if (!use_backend(state, backend))
        return false;
    seebatch_error error;
    if (seebatch_view_rules_init(rules, &work.config, baseline_type_of_code, BASELINE_PIECE_CODES,
                                 &error) == SEEBATCH_OK)
        return true;
    state.SkipWithError(error.message);
    return false;
}

// seebatch_view_see_ge_each: a node's captures on the engine's position,
// each move with its codes as a move picker holds them (view_see_ge_node).
void view_each(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    seebatch_view_rules rules;
    if (!view_rules_with(state, *work, backend, &rules))
        return;
    const seebatch_view *views = work->views_of(regime);
    std::uint8_t passed[SEEBATCH_MAX_MOVES];
    over_positions(state, work, regime, [&](const PositionSet &set, std::size_t p) {
        view_see_ge_node(&rules, &work->rules, &views[p], set, p, passed);
        benchmark::DoNotOptimize(passed);
        return set.capture_count(p);
    });
}

// The view one move a call with `rules`: its threshold test (exact: false)
// or its exact value on the engine positions the baseline reads, the view
// made once per position, the early exits on the mailbox with Stockfish's
// piece codes, the pins where StateInfo keeps them. A view answers normal
// moves; the few others go to the board calls, as an engine would answer
// them itself.
void view_calls(benchmark::State &state, Workload *work, Regime regime,
                const seebatch_view_rules *rules, bool exact)
{
    const seebatch_view *views = work->views_of(regime);
    bool pins = (work->config.flags & SEEBATCH_PINS) != 0;
    one_move_per_call(
        state, work, regime, [&](const PositionSet &set, std::size_t p, std::size_t i) {
            seebatch_move move = set.captures_of(p)[i];
            std::int32_t threshold = set.thresholds_of(p)[i];
            if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
                return exact ? seebatch_value(&work->rules, &set.boards[p], &set.pins[p], move)
                             : std::int32_t(seebatch_value_ge(&work->rules, &set.boards[p],
                                                              &set.pins[p], move, threshold));
            const baseline_position &position = set.engine[p];
            unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
            const seebatch_pins *given = pins ? &position.pins : nullptr;
            return exact ? seebatch_view_see_value(rules, &views[p], given, move,
                                                   position.board[from], position.board[to])
                         : std::int32_t(seebatch_view_see_ge(rules, &views[p], given, move,
                                                             position.board[from],
                                                             position.board[to], threshold));
        });
}

// The same with the backend forced (the view's rules made after it).
void view_one_move(benchmark::State &state, Workload *work, Regime regime, const char *backend,
                   bool exact)
{
    seebatch_view_rules rules;
    if (view_rules_with(state, *work, backend, &rules))
        view_calls(state, work, regime, &rules, exact);
}

void view_ge(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    view_one_move(state, work, regime, backend, false);
}

void view_value(benchmark::State &state, Workload *work, Regime regime, const char *backend)
{
    view_one_move(state, work, regime, backend, true);
}

// seebatch_values with exactly state.range(0) moves per call, one
// position's captures repeated: how batch length pays off.
void batch_length(benchmark::State &state, Workload *work, Regime, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    std::size_t length = static_cast<std::size_t>(state.range(0));
    const PositionSet &set = work->positions;
    const seebatch_move *cycled = work->cycled_captures();
    std::vector<std::int32_t> values(length);
    run_units(state, *work, work->count_of(CYCLED_1000), 0, [&](std::size_t p) {
        seebatch_batch node = {&set.boards[p], 1, nullptr, nullptr, cycled + p * longest_batch,
                               length};
        seebatch_values(&work->rules, &node, values.data());
        benchmark::DoNotOptimize(values.data());
        return length;
    });
}

// A batch of many boards for a whole list of moves.
struct MultiInput {
    const seebatch_board *boards;
    std::size_t board_count;
    const std::uint32_t *board_of_move;
    const seebatch_move *moves;
    std::size_t move_count;
};

// seebatch_values on `input`, chunk after chunk from *next_chunk,
// which is left where the next run may resume.
void multi_chunks(benchmark::State &state, Workload *work, const MultiInput &input,
                  std::size_t *next_chunk)
{
    std::size_t chunks = (input.move_count + chunk_moves - 1) / chunk_moves;
    std::vector<std::int32_t> values(chunk_moves);
    *next_chunk = run_units(state, *work, chunks, *next_chunk % chunks, [&](std::size_t chunk) {
        std::size_t first = chunk * chunk_moves;
        std::size_t count = std::min(chunk_moves, input.move_count - first);
        seebatch_batch batch = {input.boards,
                                input.board_count,
                                nullptr,
                                &input.board_of_move[first],
                                &input.moves[first],
                                count};
        seebatch_values(&work->rules, &batch, values.data());
        benchmark::DoNotOptimize(values.data());
        return count;
    });
}

// seebatch_values on the data set, chunk after chunk, each run
// resuming where the last one stopped.
void multi(benchmark::State &state, Workload *work, MoveList DataSet::*order, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    DataSet &data = work->data_set();
    MoveList &list = data.*order;
    MultiInput input = {data.pool.boards.data(), data.pool.size(), list.board_of_move.data(),
                        list.moves.data(), list.moves.size()};
    multi_chunks(state, work, input, &list.next_chunk);
    if (std::strcmp(backend, "auto") == 0 && order == &DataSet::in_board_order)
        bench_auto_learned(false, false, work->auto_learned, sizeof work->auto_learned);
}

// Moves in data-set order: a chunk names a few dozen consecutive boards.
void multi_in_board_order(benchmark::State &state, Workload *work, Regime, const char *backend)
{
    multi(state, work, &DataSet::in_board_order, backend);
}

// Moves in random order: every move names a board anywhere in memory.
void multi_scattered(benchmark::State &state, Workload *work, Regime, const char *backend)
{
    multi(state, work, &DataSet::scattered, backend);
}

// Memory whose usable part starts `offset` bytes past a page boundary.
struct ShiftedBuffer {
    std::vector<unsigned char> storage;
    unsigned char *start;
    ShiftedBuffer(std::size_t bytes, std::size_t offset) : storage(bytes + offset + page_bytes)
    {
        std::uintptr_t address = reinterpret_cast<std::uintptr_t>(storage.data());
        start = storage.data() + (page_bytes - address % page_bytes) % page_bytes + offset;
    }
    ShiftedBuffer(const ShiftedBuffer &) = delete; // start points into storage
    ShiftedBuffer &operator=(const ShiftedBuffer &) = delete;
};

// The first offset_slice_moves moves of the data set in board order, with the
// boards they name, copied so that the boards, and the moves with their board
// numbers, start `offset` bytes past a page boundary (the answers stay where
// they are): the same work at another layout. The slice's boards fit in the
// caches, so this row is also multi without the memory traffic.
struct ShiftedSlice {
    // The moves taken, and the range of boards they name.
    struct Shape {
        std::size_t moves, first_board, boards;
        explicit Shape(const MoveList &list);
    };
    Shape shape;
    ShiftedBuffer board_memory, move_memory;
    MultiInput input;
    std::size_t next_chunk = 0;
    ShiftedSlice(const DataSet &data, std::size_t offset);
};

ShiftedSlice::Shape::Shape(const MoveList &list)
    : moves(std::min(offset_slice_moves, list.moves.size()))
{
    const std::uint32_t *named = list.board_of_move.data();
    first_board = *std::min_element(named, named + moves);
    boards = *std::max_element(named, named + moves) - first_board + 1;
}

ShiftedSlice::ShiftedSlice(const DataSet &data, std::size_t offset)
    : shape(data.in_board_order), board_memory(shape.boards * sizeof(seebatch_board), offset),
      move_memory(shape.moves * (sizeof(std::uint32_t) + sizeof(seebatch_move)), offset)
{
    const MoveList &list = data.in_board_order;
    std::memcpy(board_memory.start, &data.pool.boards[shape.first_board],
                shape.boards * sizeof(seebatch_board));
    auto *board_of_move = reinterpret_cast<std::uint32_t *>(move_memory.start);
    auto *moves = reinterpret_cast<seebatch_move *>(board_of_move + shape.moves);
    for (std::size_t i = 0; i < shape.moves; i++)
        board_of_move[i] = list.board_of_move[i] - static_cast<std::uint32_t>(shape.first_board);
    std::memcpy(moves, list.moves.data(), shape.moves * sizeof(seebatch_move));
    input = {reinterpret_cast<const seebatch_board *>(board_memory.start), shape.boards,
             board_of_move, moves, shape.moves};
}

// multi on the slice shifted by state.range(0) bytes: a layout-sensitive
// slowdown (alignment, 4 KiB aliasing, cache sets) shows as a spread between
// the rows of one backend.
void multi_offset(benchmark::State &state, Workload *work, Regime, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    ShiftedSlice slice(work->data_set(), static_cast<std::size_t>(state.range(0)));
    multi_chunks(state, work, slice.input, &slice.next_chunk);
}

// ---- the engine path and its baseline --------------------------------------
// Pins are given (computed once per board beforehand, as an engine keeps
// them), the configuration prepared once, and each move has its own threshold.

// seebatch_value_ge(m, t), one move per call.
void engine_see_ge(benchmark::State &state, Workload *work, Regime regime)
{
    one_move_per_call(state, work, regime,
                      [work](const PositionSet &set, std::size_t p, std::size_t i) {
                          return seebatch_value_ge(&work->rules, &set.boards[p], &set.pins[p],
                                                   set.captures_of(p)[i], set.thresholds_of(p)[i]);
                      });
}

// seebatch_value: the exact value, one move per call, pins given.
void engine_see_value(benchmark::State &state, Workload *work, Regime regime)
{
    one_move_per_call(state, work, regime,
                      [work](const PositionSet &set, std::size_t p, std::size_t i) {
                          return seebatch_value(&work->rules, &set.boards[p], &set.pins[p],
                                                set.captures_of(p)[i]);
                      });
}

// The baseline's threshold test, one move per call: the comparison for the
// rows above and below.
void baseline_see_ge_calls(benchmark::State &state, Workload *work, Regime regime)
{
    one_move_per_call(state, work, regime,
                      [work](const PositionSet &set, std::size_t p, std::size_t i) {
                          return work->baseline_see(set, p, i);
                      });
}

// seebatch_view_see_ge one move a call (view_calls) on the backend in use.
void view_see_ge(benchmark::State &state, Workload *work, Regime regime)
{
    view_calls(state, work, regime, &work->view_rules, false);
}

// The baseline looping over the same captures.
void baseline_each(benchmark::State &state, Workload *work, Regime regime)
{
    std::uint8_t passed[SEEBATCH_MAX_MOVES];
    over_positions(state, work, regime, [&](const PositionSet &set, std::size_t p) {
        std::size_t count = set.capture_count(p);
        for (std::size_t i = 0; i < count; i++)
            passed[i] = work->baseline_see(set, p, i);
        benchmark::DoNotOptimize(passed);
        return count;
    });
}

// ---- registration ------------------------------------------------------------

using BackendBody = void (*)(benchmark::State &, Workload *, Regime, const char *);
using EngineBody = void (*)(benchmark::State &, Workload *, Regime);

// Registers `body` as "family/regime/backend" for every backend (or
// "family/backend" when regimes is empty), with one instance per argument
// when `arguments` are given.
void register_backends(const char *family, BackendBody body, Workload *work,
                       const std::vector<const char *> &backends,
                       const std::vector<Regime> &regimes,
                       const std::vector<std::int64_t> &arguments = {})
{
    std::vector<Regime> each = regimes.empty() ? std::vector<Regime>{CYCLED_1000} : regimes;
    for (Regime regime : each)
        for (const char *backend : backends) {
            std::string name = std::string(family) + "/" +
                               (regimes.empty() ? "" : std::string(regime_names[regime]) + "/") +
                               backend;
            benchmark::internal::Benchmark *benchmark =
                benchmark::RegisterBenchmark(name.c_str(), body, work, regime, backend);
            for (std::int64_t argument : arguments)
                benchmark->Arg(argument);
        }
}

// Registers "family/regime/seebatch" and "family/regime/baseline" for every regime.
void register_engine(const char *family, EngineBody body, EngineBody baseline, Workload *work)
{
    for (int regime = 0; regime < REGIMES; regime++) {
        std::string row = std::string(family) + "/" + regime_names[regime];
        benchmark::RegisterBenchmark((row + "/baseline").c_str(), baseline, work, Regime(regime));
        benchmark::RegisterBenchmark((row + "/seebatch").c_str(), body, work, Regime(regime));
    }
}

std::vector<const char *> available_backends()
{
    std::vector<const char *> names(seebatch_backends_available(nullptr, 0));
    names.resize(seebatch_backends_available(names.data(), names.size()));
    return names;
}

// The backends measured: every one this machine runs, or those named in
// SEEBATCH_BENCH_BACKENDS (comma-separated, scalar among them, since every
// ratio is to scalar), so that a machine with more features can run the
// smaller sets too. False with a message for a name not runnable here.
bool choose_backends(std::vector<const char *> *backends, std::string *error)
{
    *backends = available_backends();
    const char *set = std::getenv("SEEBATCH_BENCH_BACKENDS");
    if (!set || !*set)
        return true;
    std::vector<std::string> named;
    for (std::string rest = set;;) {
        std::size_t comma = rest.find(',');
        named.push_back(rest.substr(0, comma));
        if (comma == std::string::npos)
            break;
        rest.erase(0, comma + 1);
    }
    for (const std::string &name : named) {
        auto runnable = [&](const char *b) { return name == b; };
        if (std::none_of(backends->begin(), backends->end(), runnable)) {
            std::string all;
            for (const char *b : *backends)
                all += std::string(all.empty() ? "" : ", ") + b;
            *error = "SEEBATCH_BENCH_BACKENDS: \"" + name +
                     "\" is not a backend this machine runs (it runs: " + all + ")";
            return false;
        }
    }
    if (std::find(named.begin(), named.end(), "scalar") == named.end()) {
        *error = std::string("SEEBATCH_BENCH_BACKENDS: \"") + set +
                 "\" lacks scalar, which every ratio is to";
        return false;
    }
    // In the library's order (best first, scalar last), whatever the order named.
    backends->erase(std::remove_if(backends->begin(), backends->end(),
                                   [&](const char *b) {
                                       return std::find(named.begin(), named.end(), b) ==
                                              named.end();
                                   }),
                    backends->end());
    return true;
}

// The value given to a --name=value flag in argv, or nullptr.
const char *flag_value(int argc, char **argv, const char *name)
{
    std::size_t length = std::strlen(name);
    for (int i = 1; i < argc; i++)
        if (std::strncmp(argv[i], name, length) == 0 && argv[i][length] == '=')
            return argv[i] + length + 1;
    return nullptr;
}

std::string megabytes(std::size_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / 1048576.0);
    return text;
}

// The positions: SEEBATCH_POSITIONS (a file), or SEEBATCH_POSITION_SET=real
// (the default) or generated. False with a message when unusable.
bool choose_positions(PositionSet *positions, std::string *error)
{
    const char *file = std::getenv("SEEBATCH_POSITIONS");
    if (file && *file) {
        bool read = read_positions(file, positions, error);
        *error = "SEEBATCH_POSITIONS: " + *error;
        return read;
    }
    const char *name = std::getenv("SEEBATCH_POSITION_SET");
    if (!name || !*name || std::strcmp(name, "real") == 0)
        *positions = real_positions();
    else if (std::strcmp(name, "generated") == 0)
        *positions = generated_positions(100000, 1);
    else {
        *error = std::string("SEEBATCH_POSITION_SET: unknown set \"") + name +
                 "\" (the sets are real and generated)";
        return false;
    }
    return true;
}

// The stockfish preset (the PINS rule and Stockfish's values), as the
// README quotes, unless SEEBATCH_PRESET names another.
bool choose_configuration(Workload *work, std::string *error)
{
    const char *preset = std::getenv("SEEBATCH_PRESET");
    if (!preset || !*preset)
        preset = "stockfish";
    seebatch_error preset_error;
    if (preset && *preset &&
        seebatch_config_preset(preset, &work->config, &preset_error) != SEEBATCH_OK) {
        *error = std::string("SEEBATCH_PRESET: ") + preset_error.message;
        return false;
    }
    seebatch_rules_init(&work->rules, &work->config, nullptr);
    if (seebatch_view_rules_init(&work->view_rules, &work->config, baseline_type_of_code,
                                 BASELINE_PIECE_CODES, &preset_error) != SEEBATCH_OK) {
        *error = std::string("seebatch_view_rules_init: ") + preset_error.message;
        return false;
    }
    work->baseline = baseline_values_of(&work->config);
    // Before the data set is built: its copies carry the same pins.
    work->positions.use_pins((work->config.flags & SEEBATCH_PINS) != 0);
    benchmark::AddCustomContext("seebatch_preset", preset);
    return true;
}

void describe(Workload &work)
{
    CoreClock clock = measure_core_clock();
    work.core_hz = clock.hz;
    benchmark::AddCustomContext("seebatch_core_clock", clock.why);
    work.data_set_copies = data_set_copies(work.positions, data_set_bytes);
    std::size_t pool_boards = work.data_set_copies * work.positions.size();
    benchmark::AddCustomContext("seebatch_positions", work.positions.description);
    benchmark::AddCustomContext("seebatch_captures_per_position",
                                work.positions.capture_distribution());
    benchmark::AddCustomContext(
        "seebatch_regimes", "1000_cycled: the first " + std::to_string(work.count_of(CYCLED_1000)) +
                                " positions cycled; 10000_cycled: the first " +
                                std::to_string(work.count_of(CYCLED_10000)) +
                                " positions cycled; streamed: " + std::to_string(pool_boards) +
                                " boards (" + megabytes(pool_boards * sizeof(seebatch_board)) +
                                ") board after board");
    benchmark::AddCustomContext(
        "seebatch_baseline", std::string("Stockfish's see_ge, slider attacks by ") +
                                 baseline_kind_name(work.baseline_lookups) + ", on " +
                                 std::to_string(BASELINE_BOARD_BYTES) +
                                 " bytes a board (what it reads: the mailbox, bitboards, side to "
                                 "move and pins); streamed: " +
                                 megabytes(pool_boards * BASELINE_BOARD_BYTES));
    benchmark::AddCustomContext("seebatch_multi", std::to_string(chunk_moves) +
                                                      " moves per call on the streamed data set");
}

void register_all(Workload *work, const std::vector<const char *> &backends)
{
    std::vector<Regime> all = {CYCLED_1000, CYCLED_10000, STREAMED};
    register_engine("engine_see_ge", engine_see_ge, baseline_see_ge_calls, work);
    register_engine("engine_see_value", engine_see_value, baseline_see_ge_calls, work);
    register_engine("engine_see_ge_each", engine_see_ge_each, baseline_each, work);
    register_engine("view_see_ge", view_see_ge, baseline_see_ge_calls, work);
    register_backends("see_value", see_value, work, backends, all);
    register_backends("see_ge", see_ge, work, backends, all);
    register_backends("batch", batch, work, backends, all);
    register_backends("board_ge", board_ge, work, backends, all);
    register_backends("board_values_given", board_values_given, work, backends, all);
    register_backends("view_each", view_each, work, backends, all);
    register_backends("view_ge", view_ge, work, backends, all);
    register_backends("view_value", view_value, work, backends, all);
    register_backends("multi", multi_in_board_order, work, backends, {});
    register_backends("multi_scattered", multi_scattered, work, backends, {});
    register_backends("multi_offset", multi_offset, work, backends, {}, slice_offsets);
    register_backends("batch_length", batch_length, work, backends, {}, {1, 2, 4, 8, 16, 32, 64});
}

// The closing line: what auto kept and learned for the many-board call in board order
// (multi, on the streamed data set) and its speed against Stockfish's walk (the
// baseline's see_ge, a threshold test, one call a capture, on the same boards
// streamed, each as the walk reads it). What each side streams a board is said
// beside the ratio, since streamed it sets much of the time: a board held as
// Stockfish's whole Position (1,248 bytes) made this ratio three times as large.
// README's Results table quotes this line from each run file.
void print_auto_line(std::FILE *out, const SummaryReporter &reporter, const Workload &work)
{
    double automatic = reporter.rate("multi", "auto");
    double stockfish =
        reporter.rate(std::string("engine_see_ge/") + regime_names[STREAMED], "baseline");
    if (automatic <= 0)
        return;
    std::fprintf(out,
                 "\non this CPU auto kept %s for values on many boards in board order, streamed "
                 "(multi, %zu moves a call, %zu bytes a board): %.1f M captures/s",
                 work.auto_learned, chunk_moves, sizeof(seebatch_board), automatic / 1e6);
    if (stockfish > 0)
        std::fprintf(out,
                     ", %.2fx Stockfish's walk (its see_ge, one call a capture on the same boards "
                     "streamed, %u bytes a board: the mailbox, bitboards, side to move and pins it "
                     "reads)",
                     automatic / stockfish, BASELINE_BOARD_BYTES);
    std::fprintf(out, "\n");
}

} // namespace

int main(int argc, char **argv)
{
    // A short default measuring time keeps the whole run short; given as a
    // default flag (not per benchmark) so that --benchmark_min_time on the
    // command line still overrides it.
    std::vector<char *> arguments(argv, argv + argc);
    std::string min_time = "--benchmark_min_time=" SEEBATCH_BENCH_MIN_TIME;
    if (!flag_value(argc, argv, "--benchmark_min_time"))
        arguments.insert(arguments.begin() + (argc > 0 ? 1 : 0), min_time.data());
    int argument_count = static_cast<int>(arguments.size());
    arguments.push_back(nullptr);
    benchmark::Initialize(&argument_count, arguments.data());
    if (benchmark::ReportUnrecognizedArguments(argument_count, arguments.data()))
        return 1;

    Workload work;
    std::string error;
    std::vector<const char *> backends;
    if (!choose_backends(&backends, &error) || !choose_positions(&work.positions, &error) ||
        !choose_configuration(&work, &error)) {
        std::fprintf(stderr, "seebatch_bench: %s\n", error.c_str());
        return 2;
    }
    describe(work);
    // Beside every backend, auto: what a caller gets, shape by shape.
    std::vector<const char *> measured = backends;
    measured.push_back("auto");
    register_all(&work, measured);

    SummaryReporter reporter(benchmark::CreateDefaultDisplayReporter());
    benchmark::RunSpecifiedBenchmarks(&reporter);
    // The summary follows the console table; with --benchmark_format=json or
    // csv it goes to stderr so that stdout stays machine-readable.
    const char *format = flag_value(argc, argv, "--benchmark_format");
    bool console = !format || std::strcmp(format, "console") == 0;
    std::FILE *out = console ? stdout : stderr;
    reporter.print(out, "Engine path: captures per second, and ratio to the baseline in this run",
                   {"baseline", "seebatch"}, "baseline");
    // Columns narrowest first (scalar, avx2, avx512): the library lists the
    // backends best first. Each ratio is to scalar, then, when this machine
    // runs a wider kernel beside it, to avx2.
    std::vector<std::string> columns(backends.rbegin(), backends.rend());
    columns.push_back("auto");
    reporter.print(
        out, "Captures evaluated per second (SEE/s) by backend, and ratio to scalar in this run",
        columns, "scalar");
    if (backends.size() > 2 && std::find(columns.begin(), columns.end(), "avx2") != columns.end())
        reporter.print(out, "The same, and ratio to avx2", columns, "avx2");
    print_auto_line(out, reporter, work);
    benchmark::Shutdown();
    return 0;
}
