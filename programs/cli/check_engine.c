/*
 * seebatch check --see-command / --see-plugin: an engine's own SEE held to
 * the reference (programs/engine_check/engine_check.h) on the positions of
 * the FILEs, read as check reads them, or on the real positions embedded in
 * the tool; under the rules the options name, else under the rules found
 * from its answers first (rules_search.h); reported as text or JSON
 * (engine_report.h). Answers that no SEE could give (see_soundness.h) are
 * not checked further: the report names why and the run ends with exit 1,
 * never a pass. An engine that fails ends the run with exit 4 and no
 * report: a partial one would read as a pass.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "check_engine.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine_report.h"
#include "engine_see.h"
#include "portion_work.h"
#include "see_soundness.h"
#include "position_words.h"
#include "real_positions.h"
#include "subcommand_input.h"

/* What the options say. */
typedef struct engine_options {
    const char *command, *plugin; /* one of the two */
    bool values;                  /* --see-values */
    bool json;
    long long show;
    double timeout;
    bool keep_impossible;
    seebatch_file_format input_format;
    input_options input;
} engine_options;

/* The run: the engine, the check, and how it is going. */
typedef struct engine_run {
    const engine_options *options;
    engine_see engine;
    engine_check *check;
    check_status status;
    piece_values pieces;
    see_soundness soundness;
} engine_run;

bool is_engine_check(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--see-command") == 0 || strcmp(argv[i], "--see-plugin") == 0)
            return true;
    return false;
}

static bool read_timeout(const char *text, double *seconds)
{
    char *end;
    *seconds = text ? strtod(text, &end) : 0;
    return text && end != text && *end == '\0' && *seconds > 0 && *seconds <= 86400;
}

/* One option of the engine check's own; false when argv[*i] is none. */
static bool take_engine_option(int argc, char **argv, int *i, engine_options *o, bool *bad)
{
    const char *option = argv[*i], *value = *i + 1 < argc ? argv[*i + 1] : NULL;
    const char **text = strcmp(option, "--see-command") == 0  ? &o->command
                        : strcmp(option, "--see-plugin") == 0 ? &o->plugin
                                                              : NULL;
    if (text) {
        if (!value || !*value)
            *bad |=
                EXIT_OK != usage_error("check", "%s needs the engine: %s", option,
                                       text == &o->command ? "'PROGRAM ARGS'" : "'LIBRARY ARGS'");
        *text = value;
        *i += value != NULL;
    } else if (strcmp(option, "--see-values") == 0) {
        o->values = true;
    } else if (strcmp(option, "--see-timeout") == 0) {
        if (!read_timeout(value, &o->timeout))
            *bad |= EXIT_OK != usage_error("check",
                                           "--see-timeout needs seconds above 0 (at most 86400), "
                                           "not \"%s\"",
                                           value ? value : "");
        *i += value != NULL;
    } else if (strcmp(option, "--format") == 0) {
        o->json = value && strcmp(value, "json") == 0;
        if (!value || (!o->json && strcmp(value, "text") != 0))
            *bad |= EXIT_OK != usage_error("check", "--format takes text or json, not \"%s\"",
                                           value ? value : "");
        *i += value != NULL;
    } else {
        const number_option show = {"--show", 0, 1000000, &o->show};
        return take_number_option("check", argc, argv, i, &show, bad);
    }
    return true;
}

/* Every option: EXIT_OK to go on, -1 after the help, else the status. */
static int read_engine_options(int argc, char **argv, engine_options *o, const char *help)
{
    bool bad = false;
    for (int i = 0; i < argc; i++) {
        if (take_engine_option(argc, argv, &i, o, &bad))
            continue;
        if (strcmp(argv[i], KEEP_IMPOSSIBLE_OPTION) == 0) {
            o->keep_impossible = true;
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            o->input_format = seebatch_file_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (o->input_format == SEEBATCH_FILE_UNKNOWN)
                return usage_error("check", "--input-format needs lines, binpack, plain or bin");
            continue;
        }
        argument_result result = take_input_argument("check", argc, argv, &i, &o->input);
        if (result != ARGUMENT_TAKEN)
            return leave_arguments(result, help) == EXIT_OK ? -1 : EXIT_USAGE;
    }
    if (bad)
        return EXIT_USAGE;
    if (o->command && o->plugin)
        return usage_error("check", "--see-command and --see-plugin: one engine at a time");
    if (o->values && !o->command)
        return usage_error("check", "--see-values is for --see-command (a plug-in answers "
                                    "values when it exports seebatch_plugin_see_value)");
    return EXIT_OK;
}

static int engine_failed(engine_run *run, const see_failure *why)
{
    report("check", "the SEE under test failed: %s%s", why->message,
           rules_search_made_up(why->message)
               ? " (that position is one made up to read the SEE's rules, not one of the input's)"
               : "");
    if (run->engine.close) {
        see_failure ignored;
        run->engine.close(run->engine.context, &ignored);
        run->engine.close = NULL;
    }
    return EXIT_ENGINE_FAILED;
}

/* The outcome of a step: EXIT_OK to go on, else the run's exit status. */
static int step_status(engine_run *run, check_status status, const see_failure *why)
{
    if (status == CHECK_ENGINE_FAILED)
        return engine_failed(run, why);
    if (status == CHECK_NO_MEMORY) {
        report("check", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    return EXIT_OK;
}

static int open_engine(engine_run *run)
{
    const engine_options *o = run->options;
    see_opening opening = {o->timeout, o->values};
    see_failure why = {""};
    bool opened = o->command ? engine_see_open_lines(o->command, &opening, &run->engine, &why)
                             : engine_see_open_plugin(o->plugin, &opening, &run->engine, &why);
    if (opened)
        return EXIT_OK;
    run->engine.close = NULL;
    report("check", "the SEE under test could not be opened: %s", why.message);
    return EXIT_ENGINE_FAILED;
}

/* A portion of input's positions, held until it is delivered, in input
 * order on this thread, to the check. */
typedef struct engine_portion {
    engine_run *run; /* workers read run->options alone */
    seebatch_board *boards;
    uint16_t *given; /* moves given with each board, or NONE_GIVEN */
    seebatch_move *moves;
    size_t count, capacity, move_count, move_capacity;
    bool no_memory;
} engine_portion;

enum { NONE_GIVEN = UINT16_MAX };

static bool grow(void **array, size_t *capacity, size_t needed, size_t size)
{
    if (needed <= *capacity)
        return true;
    size_t bigger = *capacity ? 2 * *capacity : 256;
    while (bigger < needed)
        bigger *= 2;
    void *grown = realloc(*array, bigger * size);
    if (!grown)
        return false;
    *array = grown;
    *capacity = bigger;
    return true;
}

static void hold(engine_portion *portion, const seebatch_board *board, const seebatch_move *moves,
                 size_t count)
{
    size_t positions = portion->capacity;
    if (!grow((void **)&portion->boards, &positions, portion->count + 1, sizeof *portion->boards) ||
        !grow((void **)&portion->given, &portion->capacity, portion->count + 1,
              sizeof *portion->given) ||
        !grow((void **)&portion->moves, &portion->move_capacity, portion->move_count + count,
              sizeof *portion->moves)) {
        portion->no_memory = true;
        return;
    }
    portion->boards[portion->count] = *board;
    portion->given[portion->count++] = moves ? (uint16_t)count : NONE_GIVEN;
    if (moves)
        memcpy(portion->moves + portion->move_count, moves, count * sizeof *moves);
    portion->move_count += moves ? count : 0;
}

static bool hold_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    (void)out;
    engine_portion *portion = state;
    seebatch_board board;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    seebatch_position_line position = {
        .board = &board, .moves = moves, .keep_impossible = portion->run->options->keep_impossible};
    if (!read_position_line(input, &position, errors))
        return false;
    hold(portion, &board, position.has_moves ? moves : NULL, position.move_count);
    return true;
}

static void hold_entries(const seebatch_training_entry *entries, size_t count, void *state)
{
    for (size_t i = 0; i < count; i++)
        hold(state, &entries[i].board, &entries[i].move, 1);
}

/* On this thread, in input order: the portion's positions asked. */
static void deliver_portion(void *state, uint64_t *counters)
{
    (void)counters;
    engine_portion *portion = state;
    engine_run *run = portion->run;
    if (portion->no_memory && run->status == CHECK_DONE)
        run->status = CHECK_NO_MEMORY;
    for (size_t i = 0, m = 0; i < portion->count && run->status == CHECK_DONE; i++) {
        bool given = portion->given[i] != NONE_GIVEN;
        run->status =
            engine_check_position(run->check, &portion->boards[i],
                                  given ? portion->moves + m : NULL, given ? portion->given[i] : 0);
        m += given ? portion->given[i] : 0;
    }
    portion->count = portion->move_count = 0;
    portion->no_memory = false;
}

static bool still_asking(void *state)
{
    return ((engine_portion *)state)->run->status == CHECK_DONE;
}

static void *new_portion(const void *shared)
{
    engine_portion *portion = calloc(1, sizeof *portion);
    if (portion)
        portion->run = (engine_run *)shared; /* delivered on this thread alone */
    return portion;
}

static void free_portion(void *state)
{
    engine_portion *portion = state;
    free(portion->boards);
    free(portion->given);
    free(portion->moves);
    free(portion);
}

/* The FILEs, each read as check reads them: EXIT_OK or a failure's
 * status; run->status says how the check went. */
static int ask_inputs(engine_run *run, input_set *inputs)
{
    const engine_options *o = run->options;
    int status = EXIT_OK;
    progress_meter progress;
    start_job_progress(&progress, "check", &o->input, inputs);
    for (int i = 0; i < inputs->count && run->status == CHECK_DONE; i++) {
        start_input_messages("check", &inputs->sources[i]);
        progress_input(&progress, inputs->sources[i].stream);
        portion_work work = {.name = "check",
                             .input = &inputs->sources[i],
                             .threads = (int)o->input.threads,
                             .progress = &progress,
                             .shared = run,
                             .process = hold_line,
                             .consume_into = hold_entries,
                             .state_new = new_portion,
                             .state_free = free_portion,
                             .collect = deliver_portion,
                             .go_on = still_asking};
        int input_status = run_portion_work(&work);
        status = worse_status(status, input_status);
        if (!run_goes_on("check", inputs, i, input_status))
            break;
    }
    progress_end(&progress);
    return status;
}

static int ask_embedded(engine_run *run, const seebatch_board *boards, size_t count)
{
    for (size_t i = 0; i < count && run->status == CHECK_DONE; i++)
        run->status = engine_check_position(run->check, &boards[i], NULL, 0);
    return EXIT_OK;
}

/* What was read, for the report: the FILEs' names, or the embedded ones. */
static void describe_input(const input_set *inputs, char *text, size_t size)
{
    if (!inputs->count) {
        snprintf(text, size, "the real positions embedded in the tool");
        return;
    }
    size_t used = 0;
    for (int i = 0; i < inputs->count && used < size; i++)
        used += (size_t)snprintf(text + used, size - used, "%s%s", i ? ", " : "",
                                 inputs->sources[i].name);
}

/* The piece values, then the rules found from the engine's answers on the
 * embedded positions (found NULL: given). */
static int find_rules(engine_run *run, const seebatch_board *boards, size_t count,
                      rules_found *found)
{
    see_failure why = {""};
    int status = step_status(run, piece_values_read(&run->engine, &run->pieces, &why), &why);
    if (status != EXIT_OK || !found)
        return status;
    rules_search_settings settings = {&run->engine, &run->pieces, boards, count, 0};
    return step_status(run, rules_search(&settings, found, &why), &why);
}

/* Whether its answers could be a SEE's (see_soundness.h), on the real
 * positions given, else on the first embedded ones. */
static int judge_soundness(engine_run *run, const seebatch_board *boards, size_t count,
                           const rules_found *found)
{
    enum { SAMPLE = 1000 };
    seebatch_board *sample = boards ? NULL : malloc(SAMPLE * sizeof *sample);
    if (!boards) {
        if (!sample)
            return step_status(run, CHECK_NO_MEMORY, NULL);
        real_positions_reader reader;
        real_positions_start(&reader);
        for (count = 0; count < SAMPLE && real_positions_next(&reader, &sample[count]);)
            count++;
    }
    soundness_settings settings = {&run->engine,
                                   &run->pieces,
                                   found ? found->not_monotone : NULL,
                                   found ? found->config : run->options->input.config,
                                   boards ? boards : sample,
                                   count,
                                   0};
    see_failure why = {""};
    int status = step_status(run, see_soundness_judge(&settings, &run->soundness, &why), &why);
    free(sample);
    return status;
}

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* The check itself, its report, its exit status. */
static int check_and_report(engine_run *run, input_set *inputs, const seebatch_board *boards,
                            size_t board_count, const rules_found *found)
{
    const engine_options *o = run->options;
    engine_check_settings settings = {&run->engine, found ? found->config : o->input.config,
                                      (size_t)o->show, 0, 0};
    run->check = engine_check_new(&settings);
    if (!run->check)
        return step_status(run, CHECK_NO_MEMORY, NULL);
    bool sound = run->soundness.fault == SEE_SOUND;
    double start = seconds_now();
    clock_t cpu_start = clock();
    int input_status = !sound          ? EXIT_OK
                       : inputs->count ? ask_inputs(run, inputs)
                                       : ask_embedded(run, boards, board_count);
    if (run->status == CHECK_DONE && input_status != EXIT_USAGE &&
        input_status != EXIT_RESOURCE_FAILURE)
        run->status = engine_check_finish(run->check);
    double seconds = seconds_now() - start;
    double cpu_seconds = (double)(clock() - cpu_start) / CLOCKS_PER_SEC;
    int status = step_status(run, run->status, engine_check_failure(run->check));
    see_failure why = {""};
    if (status == EXIT_OK && run->engine.close && !run->engine.close(run->engine.context, &why)) {
        run->engine.close = NULL;
        status = engine_failed(run, &why);
    }
    run->engine.close = NULL;
    if (status != EXIT_OK || input_status == EXIT_USAGE || input_status == EXIT_RESOURCE_FAILURE)
        return status != EXIT_OK ? status : input_status;
    char input[512];
    describe_input(inputs, input, sizeof input);
    size_t shown;
    const check_example *examples = engine_check_examples(run->check, &shown);
    engine_report report = {o->command ? o->command : o->plugin,
                            o->command ? "line protocol" : "plug-in",
                            &run->engine,
                            settings.config,
                            found,
                            input,
                            engine_check_counts(run->check),
                            examples,
                            shown,
                            engine_check_classes(run->check),
                            sound ? NULL : run->soundness.reason,
                            seconds,
                            cpu_seconds};
    (o->json ? engine_report_json : engine_report_text)(&report, stdout);
    const check_counts *counts = engine_check_counts(run->check);
    bool differs = !sound || check_counts_differing(counts) > 0 || counts->inconsistent > 0;
    return differs ? EXIT_BAD_LINES : input_status;
}

int run_engine_check(int argc, char **argv, const char *help)
{
    engine_options o = {.show = 10, .timeout = ENGINE_SEE_TIMEOUT_DEFAULT};
    o.input = (input_options){seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    int status = read_engine_options(argc, argv, &o, help);
    if (status != EXIT_OK)
        return status < 0 ? EXIT_OK : status;
    input_set inputs = {NULL, 0};
    if (o.input.path_count &&
        (status = open_subcommand_inputs("check", &o.input, o.input_format, NULL, &inputs)))
        return status;
    engine_run run = {.options = &o, .check = NULL, .status = CHECK_DONE};
    size_t board_count = 0;
    seebatch_board *boards = NULL;
    if (!o.input.configured || !inputs.count) {
        boards = real_positions_all(&board_count);
        status = boards ? EXIT_OK : step_status(&run, CHECK_NO_MEMORY, NULL);
    }
    if (status == EXIT_OK)
        status = open_engine(&run);
    rules_found found;
    if (status == EXIT_OK)
        status = find_rules(&run, boards, board_count, o.input.configured ? NULL : &found);
    if (status == EXIT_OK)
        status = judge_soundness(&run, boards, board_count, o.input.configured ? NULL : &found);
    if (status == EXIT_OK)
        status = check_and_report(&run, &inputs, boards, board_count,
                                  o.input.configured ? NULL : &found);
    if (run.engine.close)
        run.engine.close(run.engine.context, &(see_failure){""});
    engine_check_free(run.check);
    free(boards);
    if (inputs.count)
        close_inputs(&inputs);
    return status;
}
