/*
 * seebatch check: the differential check over a positions file. Every move
 * of every line is evaluated by every backend this machine runs and by the
 * slow oracle, and compared with the scalar reference.
 */
#include <stdlib.h>
#include <string.h>

#include "differential.h"
#include "auto_report.h"
#include "check_engine.h"
#include "options.h"
#include "portion_work.h"
#include "position_words.h"
#include "subcommand_input.h"
#include "subcommands.h"

static const char check_help[] =
    "usage: seebatch check [options] [FILE...]\n"
    "       seebatch check --see-command 'PROGRAM ARGS' | --see-plugin 'LIB ARGS'\n"
    "                      [options] [FILE...]\n"
    "\n"
    "Reads positions like seebatch eval (\"FEN\" or \"FEN;move move ...\" with at "
    "most\n" MAX_MOVES_TEXT " moves; or training data, binpack, plain or bin, recognised\n"
    "as eval recognises it) from each FILE in turn or standard input, and\n"
    "compares, on every legal move of each position (or the moves given; of\n"
    "training data, each entry's move), every SEE backend this machine runs\n"
    "and the slow oracle with the scalar reference: exact values and threshold\n"
    "tests. Without options the check runs under the classic values with each\n"
    "of the 24 valid flag combinations (never two promotion rules) and under the\n"
    "stockfish preset; configuration options choose one configuration.\n"
    "A mismatch prints a line \"MISMATCH ...\" and the case in the form of\n"
    "tests/data/regressions.txt. A suite's line (\"FEN;move;value\", or the\n"
    "EPD record of seebatch suite --format epd) has its value held to the\n"
    "reference's under the rules given (classic without options): one that\n"
    "differs is a mismatch \"MISMATCH line N: ...\". A summary ends the output.\n"
    "\n"
    "Options:\n"
    "%s"
    "  --no-oracle         skip the oracle; the backends are still held to the\n"
    "                      reference. Measured 1.1-1.5x faster, no more: the\n"
    "                      other configurations cost as much\n"
    "  --input-format F    lines, binpack, plain or bin (by default the input "
    "says)\n" KEEP_IMPOSSIBLE_HELP "%s" AUTO_REPORT_HELP "  -h, --help          this text\n"
    "\n"
    "\n"
    "Your engine's SEE, held to the reference instead: every capture, promotion,\n"
    "en passant and castling move of each position (of the real positions\n"
    "embedded in the tool when no FILE is given) asked at the reference's value\n"
    "and one above, under the rules of the configuration options, or without\n"
    "them under the rules found first from its answers alone (printed as\n"
    "options); the differences counted by move kind, by what the exchange holds\n"
    "and by what explains them, the first as lines FEN;move;threshold;expected;got\n"
    "then again with the exchange the reference plays and each explanation's\n"
    "(as eval --exchange writes it)\n"
    "  --see-command CMD   a program (run as sh -c CMD) that reads lines\n"
    "                      FEN;move;threshold and writes 1 (its SEE of the move\n"
    "                      is at least the threshold) or 0 for each\n"
    "  --see-values        it reads FEN;move and writes the SEE instead\n"
    "  --see-plugin 'LIB ARGS'\n"
    "                      a plug-in (include/seebatch_plugin.h): its path, then\n"
    "                      words for its seebatch_plugin_open\n"
    "  --see-timeout S     no answer for S seconds: named as hung (default 10)\n"
    "  --format F          text (the default) or json (one object)\n"
    "  --show N            N differences (default 10), the first of each class\n"
    "                      (kind, explanations) first\n"
    "\n"
    "Exit status: 0 no mismatch and no bad line, 1 a mismatch (a difference) or\n"
    "a bad line, 2 usage error or unreadable input, 3 out of memory or\n"
    "unwritable output, 4 the SEE under test failed (crashed, hung, answered\n"
    "what is no answer, too few or too many lines, refused): no report then.\n";

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
    bool keep_impossible; /* lines: positions no game reaches checked too */
    differential fresh;   /* made once (it asks the CPU): the start of every chunk's check */
} check_settings;

/* The counters a portion's check sums. */
enum { COUNT_POSITIONS, COUNT_MOVES, COUNT_LANES, COUNT_ORACLE_LANES, COUNT_MISMATCHES };

/* What a portion of lines has checked: its own differential counters. */
typedef struct check_worker {
    const check_settings *settings;
    differential check;
    unsigned long long positions, moves;
} check_worker;

/* A suite's line gives its move's SEE: held to the reference's under the
 * rules given (the first configuration: those of the options, else the
 * classic rules suite writes by default); one that differs (edited by hand,
 * or written under other rules) is a mismatch named by its line. */
static void check_given_value(check_worker *worker, const line *input,
                              const seebatch_position_line *position, text_buffer *out)
{
    seebatch_rules rules;
    seebatch_rules_init(&rules, &worker->settings->configs[0], NULL);
    int32_t value = seebatch_value(&rules, position->board, NULL, position->moves[0]);
    if (value == position->value)
        return;
    char uci[SEEBATCH_UCI_MAX];
    seebatch_move_to_uci(position->moves[0], uci);
    text_buffer_printf(out,
                       "MISMATCH line %llu: %s is worth %d under the rules given, the line "
                       "says %d\n",
                       (unsigned long long)input->number, uci, (int)value, (int)position->value);
    worker->check.mismatches++;
}

static bool check_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    check_worker *worker = state;
    seebatch_board board;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    seebatch_position_line position = {
        .board = &board, .moves = moves, .keep_impossible = worker->settings->keep_impossible};
    if (!read_position_line(input, &position, errors))
        return false;
    if (!position.has_moves)
        position.move_count = seebatch_generate_moves(&board, moves);
    if (position.has_value)
        check_given_value(worker, input, &position, out);
    worker->positions++;
    worker->moves += position.move_count;
    for (int c = 0; c < worker->settings->config_count; c++)
        differential_compare_moves(&worker->check, &board, moves, position.move_count,
                                   &worker->settings->configs[c]);
    return true;
}

/* Training data: each entry's move, under every configuration. */
static void check_entries(const seebatch_training_entry *entries, size_t count, uint64_t first,
                          const void *state, portion_result *result)
{
    (void)first;
    const check_settings *settings = state;
    differential check = settings->fresh;
    for (size_t i = 0; i < count; i++)
        for (int c = 0; c < settings->config_count; c++)
            differential_compare_moves(&check, &entries[i].board, &entries[i].move, 1,
                                       &settings->configs[c]);
    result->counters[COUNT_POSITIONS] += count;
    result->counters[COUNT_MOVES] += count;
    result->counters[COUNT_LANES] += check.lanes;
    result->counters[COUNT_ORACLE_LANES] += check.oracle_lanes;
    result->counters[COUNT_MISMATCHES] += check.mismatches;
}

static void standard_configs(check_settings *settings)
{
    settings->config_count = 0;
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++) {
        seebatch_config config = seebatch_config_classic();
        config.flags = flags;
        seebatch_rules valid;
        if (seebatch_rules_init(&valid, &config, NULL) == SEEBATCH_OK) /* one promotion rule */
            settings->configs[settings->config_count++] = config;
    }
    settings->configs[settings->config_count++] = seebatch_config_stockfish();
}

static const char *plural(unsigned long long count) { return count == 1 ? "" : "s"; }

/* Prints the totals and returns the number of mismatches. */
static unsigned long long print_summary(const check_settings *settings, const uint64_t *counts)
{
    char compared[256];
    differential_describe(&settings->fresh, compared, sizeof compared);
    unsigned long long positions = counts[COUNT_POSITIONS], moves = counts[COUNT_MOVES];
    unsigned long long lanes = counts[COUNT_LANES], oracle = counts[COUNT_ORACLE_LANES];
    unsigned long long mismatches = counts[COUNT_MISMATCHES];
    unsigned long long configs = (unsigned long long)settings->config_count;
    print_output(stdout, "checked %llu position%s, %llu move%s, %llu configuration%s\n", positions,
                 plural(positions), moves, plural(moves), configs, plural(configs));
    print_output(stdout, "compared %s: %llu kernel lane%s, %llu oracle lane%s, %llu mismatch%s\n",
                 compared, lanes, plural(lanes), oracle, plural(oracle), mismatches,
                 mismatches == 1 ? "" : "es");
    return mismatches;
}

/* Lines: a portion's check, made from the fresh one. */
static void *new_worker(const void *shared)
{
    const check_settings *settings = shared;
    check_worker *worker = malloc(sizeof *worker);
    if (worker)
        *worker = (check_worker){.settings = settings, .check = settings->fresh};
    return worker;
}

static void free_worker(void *state) { free(state); }

/* A portion's counts into the counters, the worker made fresh for the next. */
static void collect_worker(void *state, uint64_t *counts)
{
    check_worker *worker = state;
    counts[COUNT_POSITIONS] += worker->positions;
    counts[COUNT_MOVES] += worker->moves;
    counts[COUNT_LANES] += worker->check.lanes;
    counts[COUNT_ORACLE_LANES] += worker->check.oracle_lanes;
    counts[COUNT_MISMATCHES] += worker->check.mismatches;
    worker->positions = worker->moves = 0;
    worker->check.lanes = worker->check.oracle_lanes = worker->check.mismatches = 0;
}

/* One input: its counts added to counts. */
static int check_input(const check_settings *settings, const input_options *options,
                       const input_source *input, uint64_t *counts, progress_meter *progress)
{
    progress_input(progress, input->stream);
    portion_work work = {.name = "check",
                         .input = input,
                         .threads = (int)options->threads,
                         .progress = progress,
                         .shared = settings};
    if (input->format == SEEBATCH_FILE_LINES) {
        work.process = check_line;
        work.state_new = new_worker;
        work.state_free = free_worker;
        work.collect = collect_worker;
    } else {
        work.consume = check_entries; /* entry by entry: a chunk may be cut between chains */
    }
    int status = run_portion_work(&work);
    for (int c = 0; c < PORTION_COUNTERS; c++)
        counts[c] += work.counters[c];
    return status;
}

/* Every input in turn, then one summary of them all. */
static int check_inputs(const check_settings *settings, const input_options *options,
                        const input_set *inputs)
{
    uint64_t counts[PORTION_COUNTERS] = {0};
    int status = EXIT_OK;
    progress_meter progress;
    start_job_progress(&progress, "check", options, inputs);
    for (int i = 0; i < inputs->count; i++) {
        start_input_messages("check", &inputs->sources[i]);
        int input_status = check_input(settings, options, &inputs->sources[i], counts, &progress);
        status = worse_status(status, input_status);
        if (!run_goes_on("check", inputs, i, input_status))
            break;
    }
    progress_end(&progress);
    /* After a failed write the summary would count what was not written
     * (and could not be written itself): main reports the failure instead. */
    if (status != EXIT_USAGE && status != EXIT_RESOURCE_FAILURE &&
        print_summary(settings, counts) > 0)
        status = EXIT_BAD_LINES;
    return status;
}

int run_check(int argc, char **argv)
{
    if (is_engine_check(argc, argv))
        return run_engine_check(argc, argv, check_help);
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    bool use_oracle = true, keep_impossible = false;
    seebatch_file_format input_format = SEEBATCH_FILE_UNKNOWN;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--no-oracle") == 0) {
            use_oracle = false;
            continue;
        }
        if (strcmp(argv[i], KEEP_IMPOSSIBLE_OPTION) == 0) {
            keep_impossible = true;
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            input_format = seebatch_file_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (input_format == SEEBATCH_FILE_UNKNOWN)
                return usage_error("check", "--input-format needs lines, binpack, plain or bin");
            continue;
        }
        argument_result result = take_input_argument("check", argc, argv, &i, &options);
        if (result != ARGUMENT_TAKEN)
            return leave_arguments(result, check_help);
    }
    check_settings *settings = malloc(sizeof *settings);
    if (!settings) {
        report("check", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    standard_configs(settings);
    settings->keep_impossible = keep_impossible;
    if (options.configured) {
        settings->configs[0] = options.config;
        settings->config_count = 1;
    }
    differential_init(&settings->fresh, use_oracle, stdout);
#ifdef SEEBATCH_TEST_WRONG_KERNEL
    settings->fresh.kernels[settings->fresh.kernel_count++] = &wrong_kernel_for_tests;
#endif
    input_set inputs;
    int status = open_subcommand_inputs("check", &options, input_format, NULL, &inputs);
    if (status == EXIT_OK) {
        status = check_inputs(settings, &options, &inputs);
        close_inputs(&inputs);
    }
    free(settings);
    return status;
}
