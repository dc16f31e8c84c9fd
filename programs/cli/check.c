/*
 * seebatch check: the differential check over a positions file. Every move
 * of every line is evaluated by every backend this machine runs and by the
 * slow oracle, and compared with the scalar reference.
 */
#include <stdlib.h>
#include <string.h>

#include "differential.h"
#include "options.h"
#include "position_line.h"
#include "subcommands.h"

static const char check_help[] =
    "usage: seebatch check [options] [FILE]\n"
    "\n"
    "Reads positions like seebatch eval (\"FEN\" or \"FEN;move move ...\" with at "
    "most\n" MAX_MOVES_TEXT " moves, from FILE or standard input) and compares, on every legal\n"
    "move of each position (or the moves given), every SEE backend this machine\n"
    "runs and the slow oracle with the scalar reference: exact values and\n"
    "threshold tests. Without options the check runs under the classic values with\n"
    "each of the 24 valid flag combinations (never two promotion rules) and under\n"
    "the stockfish preset; configuration options choose one configuration.\n"
    "A mismatch prints a line \"MISMATCH ...\" and the case in the form of\n"
    "tests/data/regressions.txt. A summary ends the output.\n"
    "\n"
    "Options:\n"
    "%s"
    "  --no-oracle         skip the oracle (several times faster)\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "Exit status: 0 no mismatch and no bad line, 1 a mismatch or a bad line,\n"
    "2 usage error or unreadable input, 3 out of memory or unwritable output.\n";

enum { MAX_CONFIGS = SEEBATCH_ALL_FLAGS + 2 };

#ifdef SEEBATCH_TEST_WRONG_KERNEL
/* Only in the test build of the tool (tests/cli/wrong_kernel.c): a kernel
 * wrong on purpose, compared like the others, so the tests can prove that a
 * mismatch fails the check. */
extern const see_backend wrong_kernel_for_tests;
#endif

typedef struct check_settings {
    seebatch_config configs[MAX_CONFIGS];
    int config_count;
} check_settings;

/* What one thread has done: its own differential counters. */
typedef struct check_worker {
    const check_settings *settings;
    differential check;
    unsigned long long positions, moves;
} check_worker;

static bool check_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    (void)out;
    check_worker *worker = state;
    position_line position;
    if (!read_position_line(input, &position, errors))
        return false;
    if (!position.has_moves)
        position.move_count = seebatch_generate_moves(&position.board, position.moves);
    worker->positions++;
    worker->moves += position.move_count;
    for (int c = 0; c < worker->settings->config_count; c++)
        differential_compare_moves(&worker->check, &position.board, position.moves,
                                   position.move_count, &worker->settings->configs[c]);
    return true;
}

static void standard_configs(check_settings *settings)
{
    settings->config_count = 0;
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++) {
        seebatch_config config = seebatch_config_classic();
        config.flags = flags;
        if (seebatch_config_validate(&config, NULL) == SEEBATCH_OK) /* one promotion rule */
            settings->configs[settings->config_count++] = config;
    }
    settings->configs[settings->config_count++] = seebatch_config_stockfish();
}

static const char *plural(unsigned long long count) { return count == 1 ? "" : "s"; }

/* Prints the totals of all threads and returns the number of mismatches. */
static unsigned long long print_summary(const check_worker *workers, int threads)
{
    unsigned long long positions = 0, moves = 0, lanes = 0, oracle = 0, mismatches = 0;
    for (int t = 0; t < threads; t++) {
        positions += workers[t].positions;
        moves += workers[t].moves;
        lanes += workers[t].check.lanes;
        oracle += workers[t].check.oracle_lanes;
        mismatches += workers[t].check.mismatches;
    }
    char compared[256];
    differential_describe(&workers[0].check, compared, sizeof compared);
    unsigned long long configs = (unsigned long long)workers[0].settings->config_count;
    printf("checked %llu position%s, %llu move%s, %llu configuration%s\n", positions,
           plural(positions), moves, plural(moves), configs, plural(configs));
    printf("compared %s: %llu kernel lane%s, %llu oracle lane%s, %llu mismatch%s\n", compared,
           lanes, plural(lanes), oracle, plural(oracle), mismatches, mismatches == 1 ? "" : "es");
    return mismatches;
}

int run_check(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL};
    bool use_oracle = true;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--no-oracle") == 0) {
            use_oracle = false;
            continue;
        }
        argument_result result = take_input_argument("check", argc, argv, &i, &options);
        if (result != ARGUMENT_TAKEN)
            return leave_arguments(result, check_help);
    }
    check_settings settings;
    standard_configs(&settings);
    if (options.configured) {
        settings.configs[0] = options.config;
        settings.config_count = 1;
    }
    check_worker *workers = calloc((size_t)options.threads, sizeof *workers);
    if (!workers) {
        report("check", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    void *states[MAX_THREADS];
    for (int t = 0; t < options.threads; t++) {
        workers[t] = (check_worker){.settings = &settings};
        differential_init(&workers[t].check, use_oracle, stdout);
#ifdef SEEBATCH_TEST_WRONG_KERNEL
        workers[t].check.kernels[workers[t].check.kernel_count++] = &wrong_kernel_for_tests;
#endif
        states[t] = &workers[t];
    }
    int status = run_over_input("check", &options, check_line, states);
    /* After a failed write the summary would count what was not written
     * (and could not be written itself): main reports the failure instead. */
    if (status != EXIT_USAGE && status != EXIT_RESOURCE_FAILURE &&
        print_summary(workers, (int)options.threads) > 0)
        status = EXIT_BAD_LINES;
    free(workers);
    return status;
}
