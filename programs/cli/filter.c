/*
 * seebatch filter: drops training entries by rule (in check, capture, SEE at
 * least T, promotion, castling, and the skip rules of nnue-pytorch's data
 * loader) from a .binpack or .plain file (or EPD lines) and writes the rest
 * in either training format, counting per rule.
 *
 * Binpack to binpack keeps the input's chains and chunks: a kept entry whose
 * predecessor was kept stays in its chain (its movetext bits are copied as
 * they are), and an entry after a dropped one starts a new chain. With no
 * rule the output is the input, byte for byte.
 *
 * Binpack, plain and bin input go through the library's one file loop
 * (seebatch_training_filter_file, Python's filter_file's too), which keeps
 * the rules that look at earlier entries right across chunks filtered at
 * once; its skip hook reports a bad plain block (or an entry the output
 * cannot hold) and goes on, as every subcommand goes past a bad line. EPD
 * lines are filtered here, one by one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool_only.h"
#include "filter_counts.h"

#include "options.h"
#include "output_target.h"
#include "piece_work.h"
#include "position_line.h"
#include "subcommand_input.h"
#include "subcommands.h"
#include "input_source.h"
#include "input_messages.h"

static const char filter_help[] =
    "usage: seebatch filter [rules] [options] [FILE...]\n"
    "\n"
    "Reads training entries from each FILE in turn (standard input when none is\n"
    "given or for \"-\"), drops those a rule matches and writes the others.\n"
    "Counts of entries read, kept and dropped per rule, over all inputs, go to\n"
    "stderr (an entry several rules match counts under each).\n"
    "\n"
    "Rules:\n"
    "%s"
    "\n"
    "Options:\n"
    "  --input-format F    binpack, plain, bin (Stockfish's PackedSfenValue) or\n"
    "                      epd (lines \"FEN\", \"FEN;move\" or EPD records). By\n"
    "                      default each input says: \"BINP\" (binpack) or \"fen \"\n"
    "                      (plain) at its start, whatever its name, standard input\n"
    "                      too; else a .binpack, .plain, .bin or .epd name; else EPD\n"
    "  --output FILE       write there instead of standard output (\"-\"): to a\n"
    "                      temporary beside it, renamed over it at the end; never\n"
    "                      an input itself (refused, exit 2); a failed or\n"
    "                      interrupted run leaves FILE as it was\n"
    "  --output-format F   binpack, plain or bin; by default what the output's\n"
    "                      name says (.binpack, .plain, .bin), else the inputs'\n"
    "                      (inputs of different formats need one; EPD input is\n"
    "                      written as EPD)\n"
    "  --count-only        write no entries, only the counts\n"
    "  --explain           also count, per rule, the entries it alone matched\n"
    "                      (those that would be kept without it)\n"
    "%s"
    "%s"
    "                      (binpack input is split by chunk)\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "Binpack output keeps the input's chains where it can: an entry kept after a\n"
    "dropped one starts a new chain with a full 32-byte position, where the input\n"
    "spent a few bits, so a filtered binpack can be larger than its input.\n"
    "\n"
    "A binpack that does not decode (truncated, corrupt, a chunk header that\n"
    "lies) ends the run with \"FILE: byte B, entry E: why\" after every entry\n"
    "before it is written (the files after it unread). A bad plain block\n"
    "(\"FILE: line L, entry E: why\") or EPD line is reported and skipped; the\n"
    "others are still filtered. Exit status: 0 success, 1 bad input, 2 usage\n"
    "error or unreadable input, 3 out of memory or unwritable output (the counts\n"
    "included).\n";

typedef struct filter_settings {
    filter_rules rules;
    seebatch_file_format input, output;
    const char *command;    /* for messages: "filter", or "convert" that runs it */
    const char *input_name; /* for messages: the path, or "standard input" */
    const char *output_path;
    bool count_only;
    bool explain;
    progress_meter *progress; /* counts the entries read */
    /* The piece-count rule's history after the chunks filtered so far, in
     * file order (binpack); NULL when the rule is off. */
    piece_count_history *piece_counts;
    /* The rules as the library's file loop takes them. */
    seebatch_training_filter chunk_rules;
    bool skipped; /* the library's file loop skipped a bad entry of the input */
} filter_settings;


/* Adds what more counted to sum (the inputs of a run, one after another). */
static void add_tally(filter_tally *sum, const filter_tally *more)
{
    sum->kept += more->kept;
    for (size_t r = 0; r < sizeof sum->counts.matched / sizeof sum->counts.matched[0]; r++) {
        sum->counts.matched[r] += more->counts.matched[r];
        sum->counts.alone[r] += more->counts.alone[r];
    }
}

/* Counts an entry that matched these rules; returns whether it is kept. */
static inline bool tally_entry(unsigned matched, filter_tally *tally)
{
    if (!matched) {
        tally->kept++;
        return true;
    }
    count_matches(&tally->counts, matched);
    return false;
}

/* Counts an entry; returns whether it is kept. */
static inline bool judge(const filter_rules *rules, filter_history *history,
                         const seebatch_training_entry *entry, filter_tally *tally)
{
    return tally_entry(rules->active ? seebatch_matching_rules(rules, history, entry) : 0, tally);
}

/* What the library's judge counted, as the tool's tally. */
static filter_tally tally_of(uint64_t kept, const uint64_t *matched, const uint64_t *alone)
{
    filter_tally tally = {{{0}, {0}}, kept};
    for (int r = 0; r < RULE_COUNT; r++) {
        tally.counts.matched[r] = matched[r];
        tally.counts.alone[r] = alone[r];
    }
    return tally;
}

static void count_progress(void *meter, uint64_t entries, uint64_t bytes)
{
    progress_add(meter, entries, bytes);
}

static seebatch_training_format training_format(seebatch_file_format format)
{
    return format == SEEBATCH_FILE_BIN     ? SEEBATCH_TRAINING_BIN
           : format == SEEBATCH_FILE_PLAIN ? SEEBATCH_TRAINING_PLAIN
                                           : SEEBATCH_TRAINING_BINPACK;
}

/* "WHERE: why" of the library's "INPUT: WHERE: why" about this input. */
static const char *after_input_name(const filter_settings *settings, const char *message)
{
    size_t length = strlen(settings->input_name);
    if (strncmp(message, settings->input_name, length) == 0 && message[length] == ':')
        return message + length + 2;
    return message;
}

/* The library's hook at a bad plain block or an entry the output cannot
 * hold: reported (under --max-errors) and skipped, as a bad line is. */
static int skip_bad_entry(void *context, const seebatch_training_place *place, const char *message)
{
    (void)place;
    filter_settings *settings = context;
    report_input_error("%s", after_input_name(settings, message));
    settings->skipped = true;
    return 1;
}

/* A training file (binpack, plain or bin) by the library's one file loop
 * (seebatch_training_filter_file, Python's filter_file's too): binpack
 * chunks on `threads` threads, written in order, a fault ending the input
 * after the entries before it are written; plain and bin judged in
 * batches, a bad block reported and skipped. */
static int filter_training(filter_settings *settings, FILE *input, FILE *output, int threads,
                           uint64_t *read, filter_tally *tally)
{
    seebatch_filter_file_job job;
    memset(&job, 0, sizeof job);
    job.filter = &settings->chunk_rules;
    job.input = settings->input_name;
    job.input_stream = input;
    job.input_format = training_format(settings->input);
    if (!settings->count_only) { /* else nothing is written: the entries are counted */
        job.output = settings->output_path ? settings->output_path : "standard output";
        job.output_stream = output;
    }
    job.output_format = training_format(settings->output);
    job.threads = (unsigned)threads;
    job.progress = count_progress;
    job.progress_context = settings->progress;
    job.skip = skip_bad_entry;
    job.skip_context = settings;
    settings->skipped = false;
    if (settings->piece_counts) /* one history over every input */
        settings->chunk_rules.history.piece_counts = *settings->piece_counts;
    seebatch_error error;
    seebatch_status status = seebatch_training_filter_file(&job, &error);
    if (settings->piece_counts)
        *settings->piece_counts = settings->chunk_rules.history.piece_counts;
    *read += job.counts.entries;
    filter_tally counted = tally_of(job.counts.kept, job.counts.matched, job.counts.alone);
    add_tally(tally, &counted);
    if (status == SEEBATCH_OK)
        return settings->skipped ? EXIT_BAD_LINES : EXIT_OK;
    if (job.place.entry) {
        report_input_error("%s", after_input_name(settings, error.message));
        return EXIT_BAD_LINES;
    }
    if (ferror(output)) {
        remember_write_error(); /* named by whoever closes the output (finish_output) */
        return EXIT_RESOURCE_FAILURE;
    }
    /* No memory, or an entry the output's writer refuses (one binpack's stem
     * cannot hold: nothing of this input is kept), in the library's words. */
    fprintf(stderr, "seebatch %s: %s: %s\n", settings->command, settings->input_name,
            error.message);
    return strstr(error.message, "out of memory") ? EXIT_RESOURCE_FAILURE : EXIT_BAD_LINES;
}

/* For a line with no move: a move no rule on the move matches, staying on
 * a square no enemy piece holds (it takes nothing, promotes nothing). */
static seebatch_move no_move(const seebatch_board *board)
{
    uint64_t free_squares = ~board->colors[board->side_to_move ^ 1u];
    unsigned square = free_squares ? (unsigned)__builtin_ctzll(free_squares) : 0;
    return (seebatch_move)(square | square << 6);
}

/* A piece of EPD lines parsed on a worker: the entry of each line that
 * reads as a position (a NUL-free "FEN" or "FEN;move"), and the messages of
 * those that do not. */
typedef struct epd_piece {
    seebatch_training_entry entries[SEEBATCH_BLOCK_MAX];
    enum { EPD_SKIPPED, EPD_MOVELESS, EPD_MOVE } kind[SEEBATCH_BLOCK_MAX];
    text_buffer errors;
} epd_piece;

/* The filtering of EPD lines: judged in input order, as they are delivered. */
typedef struct epd_run {
    const filter_settings *settings;
    FILE *output;
    filter_history history; /* unused: no rule reads it on EPD */
    uint64_t *read, *moveless;
    filter_tally *tally;
    bool bad, write_failed;
} epd_run;

static void *new_epd_piece(void *context)
{
    (void)context;
    return calloc(1, sizeof(epd_piece));
}

static void free_epd_piece(void *context, void *state)
{
    (void)context;
    epd_piece *piece = state;
    if (piece)
        text_buffer_free(&piece->errors);
    free(piece);
}

/* On a worker: each line of the block read as a position. */
static void parse_epd_lines(void *context, const seebatch_piece *block)
{
    (void)context;
    epd_piece *piece = block->state;
    if (block->begins)
        piece->errors.length = 0;
    for (size_t i = 0; i < block->count; i++) {
        const line *current = &block->lines[i];
        position_line position;
        char message[SEEBATCH_MESSAGE_SIZE + 64];
        piece->kind[i] = EPD_SKIPPED;
        if (!current->too_long && current->length == 0)
            continue;
        if (current->too_long ||
            !parse_position_line(current, &position, message, sizeof message)) {
            text_buffer_printf(&piece->errors, "line %llu: %s\n",
                               (unsigned long long)current->number,
                               current->too_long ? "longer than 65536 bytes" : message);
            continue;
        }
        seebatch_training_entry entry = {position.board, 0, 0, 0, 0};
        entry.move = position.move_count ? position.moves[0] : no_move(&position.board);
        piece->entries[i] = entry;
        piece->kind[i] = position.move_count ? EPD_MOVE : EPD_MOVELESS;
    }
}

/* On this thread, in input order: the piece's lines judged, the kept ones
 * written as they are. */
static int judge_epd_lines(void *context, const seebatch_piece *delivered)
{
    epd_run *run = context;
    const epd_piece *piece = delivered->state;
    write_error_lines(piece->errors.bytes, piece->errors.length);
    run->bad |= piece->errors.length > 0;
    for (size_t i = 0; i < delivered->count; i++) {
        if (piece->kind[i] == EPD_SKIPPED)
            continue;
        const line *current = &delivered->lines[i];
        *run->moveless += piece->kind[i] == EPD_MOVELESS;
        ++*run->read;
        if (judge(&run->settings->rules, &run->history, &piece->entries[i], run->tally) &&
            !run->settings->count_only &&
            (fwrite(current->text, 1, current->length, run->output) != current->length ||
             fputc('\n', run->output) == EOF)) {
            run->write_failed = true;
            return 1;
        }
    }
    return 0;
}

/* EPD lines: "FEN" (rules on the move never match; counted in *moveless)
 * or "FEN;move"; kept lines are written as they are. Parsed on the
 * library's runner's threads, judged in order. */
static int filter_epd(const filter_settings *settings, const input_source *input, FILE *output,
                      int threads, uint64_t *read, filter_tally *tally, uint64_t *moveless)
{
    epd_run context = {settings, output, filter_history_start(), read, moveless, tally, false,
                       false};
    seebatch_run run;
    memset(&run, 0, sizeof run);
    run.work = (seebatch_work){&context, new_epd_piece, free_epd_piece, parse_epd_lines,
                               judge_epd_lines};
    int status = run_input_work(settings->command, input, threads, settings->progress, &run,
                                &context.write_failed);
    return status == EXIT_OK && context.bad ? EXIT_BAD_LINES : status;
}

/* "--name VALUE" or "--name=VALUE": the value, advancing *index; NULL when
 * argv[*index] is another option. *missing is set when the value is absent. */
static const char *option_value(int argc, char **argv, int *index, const char *name, bool *missing)
{
    size_t length = strlen(name);
    const char *argument = argv[*index];
    if (strncmp(argument, name, length) != 0)
        return NULL;
    if (argument[length] == '=')
        return argument + length + 1;
    if (argument[length] != '\0')
        return NULL;
    if (*index + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*index];
}

typedef enum parse_result { PARSED, PARSE_HELP, PARSE_BAD } parse_result;

/* The value of --input-format (binpack, plain, bin, epd) or --output-format
 * (binpack, plain, bin); false, reported, for anything else. */
static bool take_format(const char *value, bool output, seebatch_file_format *format)
{
    seebatch_file_format named = seebatch_file_format_named(value);
    if (named == SEEBATCH_FILE_UNKNOWN || (output && named == SEEBATCH_FILE_LINES)) {
        usage_error("filter", "%s needs %s, not \"%s\"",
                    output ? "--output-format" : "--input-format",
                    output ? "binpack, plain or bin" : "binpack, plain, bin or epd", value);
        return false;
    }
    *format = named;
    return true;
}

static parse_result parse_filter_arguments(int argc, char **argv, filter_settings *settings,
                                           input_options *options)
{
    for (int i = 0; i < argc; i++) {
        bool missing = false;
        const char *value;
        char message[SEEBATCH_MESSAGE_SIZE];
        option_parse rule =
            seebatch_parse_rule_option(argc, argv, &i, &settings->rules, message, sizeof message);
        if (rule == OPTION_BAD) {
            usage_error("filter", "%s", message);
            return PARSE_BAD;
        }
        if (rule == OPTION_TAKEN)
            continue;
        if (strcmp(argv[i], "--count-only") == 0) {
            settings->count_only = true;
        } else if (strcmp(argv[i], "--explain") == 0) {
            settings->explain = true;
        } else if ((value = option_value(argc, argv, &i, "--output", &missing))) {
            settings->output_path = value;
        } else if ((value = option_value(argc, argv, &i, "--output-format", &missing))) {
            if (!take_format(value, true, &settings->output))
                return PARSE_BAD;
        } else if ((value = option_value(argc, argv, &i, "--input-format", &missing))) {
            if (!take_format(value, false, &settings->input))
                return PARSE_BAD;
        } else if (missing) {
            usage_error("filter", "%s needs a value", argv[i]);
            return PARSE_BAD;
        } else {
            argument_result result = take_input_argument("filter", argc, argv, &i, options);
            if (result != ARGUMENT_TAKEN)
                return result == ARGUMENT_HELP ? PARSE_HELP : PARSE_BAD;
        }
    }
    char message[SEEBATCH_MESSAGE_SIZE];
    if (!seebatch_check_rule_options(&settings->rules, message, sizeof message)) {
        usage_error("filter", "%s", message);
        return PARSE_BAD;
    }
    return PARSED;
}

/* Fills in the output format the options left open; false (reported) when
 * the formats or a rule do not suit an input. */
static bool settle_formats(filter_settings *settings, const input_set *inputs)
{
    /* --output-format, else the output's name, else the inputs' format. */
    seebatch_file_format named = output_is_standard(settings->output_path)
                                     ? SEEBATCH_FILE_UNKNOWN
                                     : seebatch_file_format_of_path(settings->output_path);
    bool by_name = settings->output == SEEBATCH_FILE_UNKNOWN && named != SEEBATCH_FILE_UNKNOWN &&
                   named != SEEBATCH_FILE_LINES && !settings->count_only;
    if (by_name)
        settings->output = named;
    if (settings->output == SEEBATCH_FILE_UNKNOWN)
        settings->output = shared_format(inputs);
    /* Counting only, nothing is written: any training format will do. */
    if (settings->output == SEEBATCH_FILE_UNKNOWN && settings->count_only)
        settings->output = inputs->sources[0].format == SEEBATCH_FILE_LINES ? SEEBATCH_FILE_LINES
                                                                            : SEEBATCH_FILE_PLAIN;
    if (settings->output == SEEBATCH_FILE_UNKNOWN) {
        char formats[SEEBATCH_MESSAGE_SIZE];
        describe_formats(inputs, formats, sizeof formats);
        usage_error(settings->command,
                    "the inputs hold different formats (%s) and nothing says the output's: "
                    "give --output-format",
                    formats);
        return false;
    }
    for (int i = 0; i < inputs->count; i++) {
        const input_source *input = &inputs->sources[i];
        if ((input->format == SEEBATCH_FILE_LINES) != (settings->output == SEEBATCH_FILE_LINES)) {
            usage_error(settings->command,
                        "%s holds lines (EPD), which are written as lines only%s%s%s", input->name,
                        by_name ? ", but the output's name " : "",
                        by_name ? settings->output_path : "", by_name ? " says otherwise" : "");
            return false;
        }
        if (input->format == SEEBATCH_FILE_LINES &&
            (settings->rules.active & RULES_NEEDING_TRAINING_DATA)) {
            usage_error(settings->command,
                        "--skip-value-none, --skip-placeholder, --skip-early-ply, "
                        "--wld-skip and --soft-early-skip read scores, plies and results, "
                        "which EPD lines (%s) lack",
                        input->name);
            return false;
        }
    }
    return true;
}

/* What the inputs of a run counted, summed. */
typedef struct filter_sums {
    uint64_t read, moveless;
    filter_tally tally;
} filter_sums;

/* Filters one input into output, adding to sums. */
static int filter_input(filter_settings *settings, const input_source *input, FILE *output,
                        int threads, filter_sums *sums)
{
    settings->input = input->format;
    settings->input_name = input->name;
    start_input_messages(settings->command, input);
    if (input->format == SEEBATCH_FILE_BINPACK || input->format == SEEBATCH_FILE_PLAIN ||
        input->format == SEEBATCH_FILE_BIN)
        return filter_training(settings, input->stream, output, threads, &sums->read, &sums->tally);
    return filter_epd(settings, input, output, threads, &sums->read, &sums->tally, &sums->moveless);
}

static int run_filter_stream(filter_settings *settings, const input_options *options,
                             const input_set *inputs, FILE *output)
{
    filter_sums sums = {0, 0, {{{0}, {0}}, 0}};
    int status = EXIT_OK;
    progress_meter progress;
    start_job_progress(&progress, settings->command, options, inputs);
    settings->progress = &progress;
    for (int i = 0; i < inputs->count; i++) {
        progress_input(&progress, inputs->sources[i].stream);
        int input_status =
            filter_input(settings, &inputs->sources[i], output, (int)options->threads, &sums);
        status = worse_status(status, input_status);
        if (!run_goes_on(&inputs->sources[i], input_status))
            break;
    }
    progress_end(&progress); /* its line ends before the counts */
    settings->progress = NULL;
    /* After a failed write (or no memory) "N kept" would claim entries that
     * are not in the output: the failure is reported instead of the counts.
     * What is still buffered is written first, so that a failure at the end
     * is known before the counts are printed. */
    if (fflush(output) != 0 || ferror(output)) {
        remember_write_error();
        status = EXIT_RESOURCE_FAILURE;
    }
    /* The counts are output too (with --count-only, the only output): if
     * they cannot be written, the run failed, though nothing can say so. */
    if (status != EXIT_RESOURCE_FAILURE &&
        !print_rule_counts(stderr, settings->command, &settings->rules, sums.read, &sums.tally,
                           settings->explain))
        status = EXIT_RESOURCE_FAILURE;
    if (status != EXIT_RESOURCE_FAILURE &&
        !print_moveless_note(stderr, &settings->rules, sums.read, sums.moveless))
        status = EXIT_RESOURCE_FAILURE;
    return status;
}

int run_filter_as(const char *command, int argc, char **argv)
{
    filter_settings settings = {{0},
                                SEEBATCH_FILE_UNKNOWN,
                                SEEBATCH_FILE_UNKNOWN,
                                command,
                                NULL,
                                NULL,
                                false,
                                false,
                                NULL,
                                NULL,
                                {{0}, {0, 0, {{0}, 0, 0, 0}}, 0, {0, 0}, 0, {{0}, {0}}, false},
                                false};
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    parse_result parsed = parse_filter_arguments(argc, argv, &settings, &options);
    if (parsed == PARSE_HELP) {
        printf(filter_help, seebatch_rule_options_help(), seebatch_config_options_help(),
               threads_lines_help, after_threads_help);
        return EXIT_OK;
    }
    if (parsed == PARSE_BAD)
        return EXIT_USAGE;
    /* Options are validated as parsed, so preparing them cannot fail. */
    seebatch_rules_init(&settings.rules.see, &options.config, NULL);
    settings.chunk_rules.rules = settings.rules;
    settings.chunk_rules.history = filter_history_start();
    input_set inputs;
    int status =
        open_subcommand_inputs(command, &options, settings.input, settings.output_path, &inputs);
    if (status != EXIT_OK)
        return status;
    seebatch_output_file output = {stdout, NULL, NULL, 0};
    if (!settle_formats(&settings, &inputs))
        status = EXIT_USAGE;
    else if (settings.output_path)
        status = output_target_open(command, settings.output_path, &output);
    if (status != EXIT_OK) {
        close_inputs(&inputs);
        return status;
    }
    filter_history start = filter_history_start();
    if (settings.rules.active & (1u << RULE_PIECE_COUNT))
        settings.piece_counts = &start.piece_counts; /* one history over every input */
    status = run_filter_stream(&settings, &options, &inputs, output.stream);
    close_inputs(&inputs);
    /* Standard output is checked by main when the command returns. */
    if (settings.output_path)
        status = output_target_finish(command, &output, settings.output_path, status);
    return status;
}

int run_filter(int argc, char **argv) { return run_filter_as("filter", argc, argv); }
