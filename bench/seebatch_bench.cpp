// seebatch_bench: SEE per second for every backend this CPU can run, through
// the public C API, on the same captures. See bench/README.md.
//
// Every benchmark is registered once per backend listed by
// seebatch_backends_available and forces it with seebatch_backend_set, so a
// new kernel is measured with no edit here. Items are captures evaluated, so
// Google Benchmark's items_per_second is SEE per second.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "seebatch.h"
#include "summary.h"
#include "workload.h"

namespace {

// The data set for seebatch_see_values_multi: three times the 32 MiB L3 cache
// of the machines this is developed on, so that most boards come from memory.
constexpr std::size_t data_set_bytes = std::size_t(96) << 20;
constexpr std::uint64_t data_set_seed = 2;
// Moves per seebatch_see_values_multi call: a reader's buffer of a data set.
constexpr std::size_t chunk_moves = 256;
// The longest batch of the batch length benchmark.
constexpr std::size_t longest_batch = 64;

// Everything the benchmarks read. The larger parts are built on first use, so
// that a --benchmark_filter run pays only for what it runs; Google Benchmark
// times only the loop, never that setup.
struct Workload {
    PositionSet positions;
    seebatch_config config = seebatch_config_classic();
    std::size_t data_set_copies = 1;

    DataSet &data_set()
    {
        if (!data)
            data = std::make_unique<DataSet>(build_data_set(positions, data_set_copies, data_set_seed));
        return *data;
    }

    // longest_batch moves per position, position p's from p * longest_batch:
    // its captures repeated in turn, so that a batch of any length up to
    // longest_batch is one board's captures.
    const seebatch_move *cycled_captures()
    {
        if (cycled.empty()) {
            cycled.resize(positions.size() * longest_batch);
            for (std::size_t p = 0; p < positions.size(); p++)
                for (std::size_t i = 0; i < longest_batch; i++)
                    cycled[p * longest_batch + i] = positions.captures_of(p)[i % positions.capture_count(p)];
        }
        return cycled.data();
    }

private:
    std::unique_ptr<DataSet> data;
    std::vector<seebatch_move> cycled;
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
template <typename Evaluate>
std::size_t run_units(benchmark::State &state, std::size_t unit_count, std::size_t unit, Evaluate evaluate)
{
    std::int64_t captures = 0;
    for (auto _ : state) {
        captures += static_cast<std::int64_t>(evaluate(unit));
        if (++unit == unit_count)
            unit = 0;
    }
    state.SetItemsProcessed(captures);
    return unit;
}

// Every capture of each position, one call per move:
// evaluate_one(board, move) is the call measured.
template <typename EvaluateOne>
void one_move_per_call(benchmark::State &state, Workload *work, const char *backend, EvaluateOne evaluate_one)
{
    if (!use_backend(state, backend))
        return;
    const PositionSet &set = work->positions;
    run_units(state, set.size(), 0, [&](std::size_t p) {
        const seebatch_move *moves = set.captures_of(p);
        std::size_t count = set.capture_count(p);
        for (std::size_t i = 0; i < count; i++) {
            auto result = evaluate_one(&set.boards[p], moves[i]);
            benchmark::DoNotOptimize(result);
        }
        return count;
    });
}

// seebatch_see_value: the exact value of one move.
void see_value(benchmark::State &state, Workload *work, const char *backend)
{
    one_move_per_call(state, work, backend, [work](const seebatch_board *board, seebatch_move move) {
        return seebatch_see_value(board, move, &work->config);
    });
}

// seebatch_see_ge(m, 0): the pruning question, one move.
void see_ge(benchmark::State &state, Workload *work, const char *backend)
{
    one_move_per_call(state, work, backend, [work](const seebatch_board *board, seebatch_move move) {
        return seebatch_see_ge(board, move, 0, &work->config);
    });
}

// seebatch_see_values, all captures of one position per call: an engine
// ordering the captures of a node.
void batch(benchmark::State &state, Workload *work, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    const PositionSet &set = work->positions;
    std::vector<std::int32_t> values(SEEBATCH_MAX_MOVES);
    run_units(state, set.size(), 0, [&](std::size_t p) {
        seebatch_see_values(&set.boards[p], set.captures_of(p), set.capture_count(p), &work->config,
                            values.data());
        benchmark::DoNotOptimize(values);
        return set.capture_count(p);
    });
}

// batch on the boards of the data set, board after board, each run resuming
// where the last one stopped: the default positions come round every few
// thousand calls, often enough for the branch predictor to learn much of
// them, while these are copies of them in shuffled order, from memory.
void batch_data_set(benchmark::State &state, Workload *work, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    DataSet &data = work->data_set();
    const std::vector<seebatch_move> &moves = data.in_board_order.moves;
    std::vector<std::int32_t> values(SEEBATCH_MAX_MOVES);
    data.next_board = run_units(state, data.boards.size(), data.next_board, [&](std::size_t b) {
        std::size_t first = data.first_move[b], count = data.first_move[b + 1] - first;
        seebatch_see_values(&data.boards[b], &moves[first], count, &work->config, values.data());
        benchmark::DoNotOptimize(values);
        return count;
    });
}

// seebatch_see_values with exactly state.range(0) moves per call, one
// position's captures repeated: how batch length pays off.
void batch_length(benchmark::State &state, Workload *work, const char *backend)
{
    if (!use_backend(state, backend))
        return;
    std::size_t length = static_cast<std::size_t>(state.range(0));
    const PositionSet &set = work->positions;
    const seebatch_move *cycled = work->cycled_captures();
    std::vector<std::int32_t> values(length);
    run_units(state, set.size(), 0, [&](std::size_t p) {
        seebatch_see_values(&set.boards[p], cycled + p * longest_batch, length, &work->config, values.data());
        benchmark::DoNotOptimize(values);
        return length;
    });
}

// seebatch_see_values_multi on a data set larger than the caches, chunk after
// chunk, each run resuming where the last one stopped so that no run starts
// on boards a previous run left in cache.
void multi(benchmark::State &state, Workload *work, const char *backend, MoveList DataSet::*order)
{
    if (!use_backend(state, backend))
        return;
    DataSet &data = work->data_set();
    MoveList &list = data.*order;
    std::size_t chunks = (list.moves.size() + chunk_moves - 1) / chunk_moves;
    std::vector<std::int32_t> values(chunk_moves);
    list.next_chunk = run_units(state, chunks, list.next_chunk, [&](std::size_t chunk) {
        std::size_t first = chunk * chunk_moves;
        std::size_t count = std::min(chunk_moves, list.moves.size() - first);
        seebatch_see_values_multi(data.boards.data(), data.boards.size(), &list.board_of_move[first],
                                  &list.moves[first], count, &work->config, values.data());
        benchmark::DoNotOptimize(values);
        return count;
    });
}

// Moves in data-set order: a chunk names a few dozen consecutive boards.
void multi_in_board_order(benchmark::State &state, Workload *work, const char *backend)
{
    multi(state, work, backend, &DataSet::in_board_order);
}

// Moves in random order: every move names a board anywhere in memory.
void multi_scattered(benchmark::State &state, Workload *work, const char *backend)
{
    multi(state, work, backend, &DataSet::scattered);
}

using Body = void (*)(benchmark::State &, Workload *, const char *);

// Registers `body` as "family/backend" for every backend, with one instance
// per argument when `arguments` are given ("family/backend/argument").
void register_family(const char *family, Body body, Workload *work, const std::vector<const char *> &backends,
                     const std::vector<std::int64_t> &arguments = {})
{
    for (const char *backend : backends) {
        std::string name = std::string(family) + "/" + backend;
        benchmark::internal::Benchmark *benchmark = benchmark::RegisterBenchmark(name.c_str(), body, work, backend);
        for (std::int64_t argument : arguments)
            benchmark->Arg(argument);
    }
}

std::vector<const char *> available_backends()
{
    std::vector<const char *> names(seebatch_backends_available(nullptr, 0));
    names.resize(seebatch_backends_available(names.data(), names.size()));
    return names;
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

} // namespace

int main(int argc, char **argv)
{
    // A short default measuring time keeps the whole run under a minute;
    // given as a default flag (not per benchmark) so that
    // --benchmark_min_time on the command line still overrides it.
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
    const char *positions_file = std::getenv("SEEBATCH_POSITIONS");
    if (positions_file && *positions_file) {
        std::string error;
        if (!read_positions(positions_file, &work.positions, &error)) {
            std::fprintf(stderr, "seebatch_bench: SEEBATCH_POSITIONS: %s\n", error.c_str());
            return 2;
        }
    } else {
        work.positions = default_positions();
    }
    // SEEBATCH_PRESET=stockfish measures the PINS rule and Stockfish's values.
    const char *preset = std::getenv("SEEBATCH_PRESET");
    seebatch_error preset_error;
    if (preset && *preset && seebatch_config_preset(preset, &work.config, &preset_error) != SEEBATCH_OK) {
        std::fprintf(stderr, "seebatch_bench: SEEBATCH_PRESET: %s\n", preset_error.message);
        return 2;
    }
    benchmark::AddCustomContext("seebatch_preset", preset && *preset ? preset : "classic");
    work.data_set_copies = data_set_copies(work.positions, data_set_bytes);
    std::size_t pool_boards = work.data_set_copies * work.positions.size();
    std::string data_set_description =
        std::to_string(pool_boards) + " boards (" + megabytes(pool_boards * sizeof(seebatch_board)) + "), "
        + std::to_string(work.data_set_copies * work.positions.captures.size()) + " moves, "
        + std::to_string(chunk_moves) + " per call";
    benchmark::AddCustomContext("seebatch_positions", work.positions.description);
    benchmark::AddCustomContext("seebatch_multi_data_set", data_set_description);

    std::vector<const char *> backends = available_backends();
    register_family("see_value", see_value, &work, backends);
    register_family("see_ge", see_ge, &work, backends);
    register_family("batch", batch, &work, backends);
    register_family("batch_data_set", batch_data_set, &work, backends);
    register_family("multi", multi_in_board_order, &work, backends);
    register_family("multi_scattered", multi_scattered, &work, backends);
    register_family("batch_length", batch_length, &work, backends, {1, 2, 4, 8, 16, 32, 64});

    SummaryReporter reporter(benchmark::CreateDefaultDisplayReporter());
    benchmark::RunSpecifiedBenchmarks(&reporter);
    // The summary follows the console table; with --benchmark_format=json or
    // csv it goes to stderr so that stdout stays machine-readable.
    const char *format = flag_value(argc, argv, "--benchmark_format");
    bool console = !format || std::strcmp(format, "console") == 0;
    reporter.print(console ? stdout : stderr, std::vector<std::string>(backends.begin(), backends.end()));
    benchmark::Shutdown();
    return 0;
}
