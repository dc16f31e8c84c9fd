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
 * The filter is made from the rule words of the command line by the call
 * Python makes (seebatch_training_filter_new). Binpack, plain and bin input
 * go through the library's file call (seebatch_training_filter_file,
 * Python's filter_file's too), on the library's one runner, which keeps the
 * rules that look at earlier entries right across chunks filtered at once;
 * its skip hook reports a bad plain block (or an entry the output cannot
 * hold) and goes on, as every subcommand goes past a bad line. EPD lines
 * run on the same runner (seebatch_training_run): read on its workers,
 * judged in order by the filter's batch judge.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "filter_counts.h"
#include "auto_report.h"
#include "options.h"
#include "output_target.h"
#include "portion_work.h"
#include "position_words.h"
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
    "                      temporary beside it, renamed over it when the run\n"
    "                      succeeds; never an input itself (refused, exit 2). A\n"
    "                      run that fails (any exit status but 0: bad input\n"
    "                      too) or is interrupted leaves FILE as it was, or\n"
    "                      makes none where there was none\n"
    "  --output-format F   binpack, plain or bin; by default what the output's\n"
    "                      name says (.binpack, .plain, .bin), else the inputs'\n"
    "                      (inputs of different formats need one; EPD input is\n"
    "                      written as EPD)\n"
    "  --count-only        write no entries, only the counts\n"
    "  --explain           also count, per rule, the entries it alone matched\n"
    "                      (those that would be kept without it)\n" KEEP_IMPOSSIBLE_HELP
    "                      (EPD input; training data is read as it is)\n"
    "%s"
    "%s"
    "                      (binpack input is split by chunk)\n"
    "%s" AUTO_REPORT_HELP "  -h, --help          this text\n"
    "\n"
    "Binpack output keeps the input's chains where it can: an entry kept after a\n"
    "dropped one starts a new chain with a full 32-byte position, where the input\n"
    "spent a few bits, so a filtered binpack can be larger than its input.\n"
    "\n"
    "A binpack that does not decode (truncated, corrupt, a chunk header that\n"
    "lies) ends the run with \"FILE: byte B, entry E: why\" and what was left\n"
    "unread, after every entry before it is written to standard output (the\n"
    "files after it unread). A bad plain block (\"FILE: line L, entry E: why\")\n"
    "or EPD line is reported and skipped; the others are still filtered. Either\n"
    "is bad input: --output FILE is then not written. Exit status: 0 success,\n"
    "1 bad input, 2 usage error or unreadable input, 3 out of memory or\n"
    "unwritable output (the counts included).\n";

/* The rule options (seebatch_training_filter_new reads them). */
static const char rule_options_help[] =
    "  --skip-in-check     drop entries whose side to move is in check\n"
    "  --skip-capture      drop entries whose move takes a piece (en passant too)\n"
    "  --skip-see-ge T     drop entries whose move takes a piece and has SEE >= T\n"
    "                      (under the configuration options below)\n"
    "  --skip-promotion    drop entries whose move promotes\n"
    "  --skip-castling     drop entries whose move castles\n"
    "The rules of nnue-pytorch's data loader (make_skip_predicate), each on its\n"
    "own (the loader applies the first two, and simple eval, only while one of\n"
    "its other rules is on):\n"
    "  --skip-value-none   drop entries whose score is 32002 (VALUE_NONE)\n"
    "  --skip-placeholder  drop a score of 0 standing in for a lost one: the\n"
    "                      game was not drawn, the ply is above the previous\n"
    "                      entry's, and the last score before it that was not\n"
    "                      32002 nor such a zero is above 100 or below -100\n"
    "  --skip-early-ply N  drop entries at ply N or lower (early_fen_skipping)\n"
    "  --skip-filtered     drop entries whose move lands on an enemy piece (en\n"
    "                      passant not counted) or whose side to move is in\n"
    "                      check (filtered)\n"
    "  --skip-simple-eval N  drop entries whose |material| is below N (0..32767),\n"
    "                      with P208 N781 B825 R1276 Q2538, the side to move's\n"
    "                      minus the other's, in 16 bits (simple_eval_skipping)\n"
    "  --random-skip N     drop each entry with probability N/(N+1)\n"
    "                      (random_fen_skipping)\n"
    "  --wld-skip          drop each entry with probability 1 - P, P the\n"
    "                      loader's win-rate model's probability of its result\n"
    "                      given its score and ply (wld_filtered)\n"
    "  --soft-early-skip N  drop an entry of ply p < N with probability 1 - K(p),\n"
    "                      K the line through (0, 0.1), (6, 0.15), (10, 0.25),\n"
    "                      (18, 0.75), (N, 1) (soft_early_fen_skipping, its\n"
    "                      default points)\n"
    "  --piece-count-skip  judged last, on the entries no other rule drops: drop\n"
    "                      each with probability 1 - K, K = a * target share of\n"
    "                      its piece count / the share seen so far, the target a\n"
    "                      spline through 0, 0.4, 1, 1, 0.75 at 0, 8, 16, 24, 32\n"
    "                      pieces, a set as the loader does (the piece-count\n"
    "                      filter ending its predicate); reads the file in order,\n"
    "                      on one thread whatever -j\n"
    "  --seed S            the drawing rules' seed, 0..2^63-1 (default 0): an\n"
    "                      entry's draw is a hash of S, the rule and the entry,\n"
    "                      so output is the same at any -j; nnue-pytorch's\n"
    "                      probabilities, not its random stream\n"
    "Every rule is judged on every entry. Exact definitions, and where in\n"
    "nnue-pytorch each comes from: docs/training-data.md.\n";

/* The rule words of the command line (with the configuration options among
 * them), as seebatch_training_filter_new takes them: a value the command
 * line split off its option ("--promotions=move") joined to it again. */
typedef struct rule_words {
    const char **words;
    char **joined; /* the words made here, freed with the list */
    size_t count, joined_count;
} rule_words;

typedef struct filter_settings {
    seebatch_training_filter *filter; /* made from the rule words, as Python makes its own */
    rule_words rules;
    seebatch_file_format input, output;
    const char *command;    /* for messages: "filter", or "convert" that runs it */
    const char *input_name; /* for messages: the path, or "standard input" */
    const char *output_path;
    bool count_only;
    bool explain;
    bool keep_impossible;     /* EPD lines: positions no game reaches kept */
    progress_meter *progress; /* counts the entries read */
    bool skipped;             /* the library's file loop skipped a bad entry of the input */
} filter_settings;

/* What the inputs of a run counted, summed. */
typedef struct filter_sums {
    uint64_t moveless;
    seebatch_filter_counts counts;
} filter_sums;

/* Adds what more counted to sum (the inputs of a run, one after another). */
static void add_counts(seebatch_filter_counts *sum, const seebatch_filter_counts *more)
{
    sum->entries += more->entries;
    sum->kept += more->kept;
    for (int r = 0; r < 16; r++) {
        sum->matched[r] += more->matched[r];
        sum->alone[r] += more->alone[r];
    }
}

static void count_progress(void *meter, uint64_t entries, uint64_t bytes)
{
    progress_add(meter, entries, bytes);
}

/* The library's hook at a bad plain block or an entry the output cannot
 * hold: reported (under --max-errors) and skipped, as a bad line is. */
static int skip_bad_entry(void *context, const seebatch_training_place *place, const char *message)
{
    (void)place;
    filter_settings *settings = context;
    report_library_fault(message);
    settings->skipped = true;
    return 1;
}

/* A training file (binpack, plain or bin) by the library's one file loop
 * (seebatch_training_filter_file, Python's filter_file's too): binpack
 * chunks on `threads` threads, written in order, a fault ending the input
 * after the entries before it are written; plain and bin judged in
 * batches, a bad block reported and skipped. The piece-count rule's history
 * goes on in the filter from input to input. */
static int filter_training(filter_settings *settings, const input_source *input, FILE *output,
                           int threads, filter_sums *sums)
{
    /* Counting only, nothing is written: the entries are counted. */
    bool writes = !settings->count_only;
    seebatch_filter_file_job job = {
        .filter = settings->filter,
        .input = input->name,
        .output = writes ? settings->output_path ? settings->output_path : "standard output" : NULL,
        .output_format =
            settings->output == SEEBATCH_FILE_LINES ? SEEBATCH_FILE_PLAIN : settings->output,
        .threads = (unsigned)threads,
        .input_stream = input->stream,
        .output_stream = writes ? output : NULL,
        .progress = count_progress,
        .progress_context = settings->progress,
        .input_format = input->format,
        .skip = skip_bad_entry,
        .skip_context = settings,
    };
    settings->skipped = false;
    seebatch_error error;
    seebatch_status status = seebatch_training_filter_file(&job, &error);
    add_counts(&sums->counts, &job.counts);
    if (status == SEEBATCH_OK)
        return settings->skipped ? EXIT_BAD_LINES : EXIT_OK;
    if (job.place.entry) {
        report_library_fault(error.message);
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

/* A portion of EPD lines read on a worker: the entries of the lines that
 * read as a position ("FEN", or "FEN;move": a move of 0 for none), as the
 * filter judges them, each line's entry (-1: none), and the messages of the
 * lines that do not. */
typedef struct epd_portion {
    seebatch_board boards[SEEBATCH_BLOCK_MAX];
    uint16_t moves[SEEBATCH_BLOCK_MAX];
    int16_t scores[SEEBATCH_BLOCK_MAX];
    uint16_t plies[SEEBATCH_BLOCK_MAX];
    int8_t results[SEEBATCH_BLOCK_MAX];
    uint8_t keep[SEEBATCH_BLOCK_MAX];
    int32_t entry_of_line[SEEBATCH_BLOCK_MAX];
    size_t entries;
    text_buffer errors;
} epd_portion;

/* The filtering of EPD lines: judged in input order, as they are delivered. */
typedef struct epd_run {
    filter_settings *settings;
    FILE *output;
    filter_sums *sums;
    bool bad, write_failed;
} epd_run;

static void *new_epd_portion(void *context)
{
    (void)context;
    return calloc(1, sizeof(epd_portion));
}

static void free_epd_portion(void *context, void *state)
{
    (void)context;
    epd_portion *portion = state;
    if (portion)
        text_buffer_free(&portion->errors);
    free(portion);
}

/* On a worker: each line of the block read as a position. */
static void parse_epd_lines(void *context, const seebatch_portion *block)
{
    const epd_run *run = context; /* read only: every worker reads it */
    epd_portion *portion = block->state;
    if (block->begins) {
        portion->errors.length = 0;
        portion->entries = 0;
    }
    for (size_t i = 0; i < block->count; i++) {
        const line *current = &block->lines[i];
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        seebatch_position_line position; /* set field by field: its FEN room is not cleared */
        position.board = &portion->boards[portion->entries];
        position.moves = moves;
        position.keep_impossible = run->settings->keep_impossible;
        char message[SEEBATCH_MESSAGE_SIZE + 64];
        portion->entry_of_line[i] = -1;
        if (!current->too_long && current->length == 0)
            continue;
        if (current->too_long ||
            !parse_position_line(current, &position, message, sizeof message)) {
            text_buffer_printf(&portion->errors, "line %llu: %s\n",
                               (unsigned long long)current->number,
                               current->too_long ? "longer than 65536 bytes" : message);
            continue;
        }
        size_t e = portion->entries++;
        portion->moves[e] = position.move_count ? moves[0] : 0;
        portion->scores[e] = 0;
        portion->plies[e] = 0;
        portion->results[e] = 0;
        portion->entry_of_line[i] = (int32_t)e;
    }
}

/* Judges the portion's entries in order into keep: the filter's one judge
 * (seebatch_training_filter_keep). An entry it refuses (a move the piece
 * cannot make) is reported as its line's fault and dropped. */
static void judge_epd_entries(epd_run *run, epd_portion *portion, const seebatch_portion *delivered)
{
    seebatch_training_arrays arrays = {portion->boards, portion->moves, portion->scores,
                                       portion->plies, portion->results};
    for (size_t at = 0; at < portion->entries;) {
        seebatch_filter_counts before;
        seebatch_training_filter_counts(run->settings->filter, &before);
        seebatch_training_arrays rest = {arrays.boards + at, arrays.moves + at, arrays.scores + at,
                                         arrays.plies + at, arrays.results + at};
        seebatch_error error;
        if (seebatch_training_filter_keep(run->settings->filter, portion->entries - at, &rest,
                                          portion->keep + at, &error) == SEEBATCH_OK)
            return;
        size_t refused = at + (size_t)(seebatch_training_filter_place(run->settings->filter).entry -
                                       before.entries - 1);
        portion->keep[refused] = 0;
        for (size_t i = 0; i < delivered->count; i++)
            if (portion->entry_of_line[i] == (int32_t)refused) {
                const char *why = strstr(error.message, ": ");
                report_input_error("line %llu: %s", (unsigned long long)delivered->lines[i].number,
                                   why ? why + 2 : error.message);
                portion->entry_of_line[i] = -1;
            }
        run->bad = true;
        at = refused + 1;
    }
}

/* On this thread, in input order: the portion's lines judged, the kept ones
 * written as they are. */
static int judge_epd_lines(void *context, const seebatch_portion *delivered)
{
    epd_run *run = context;
    epd_portion *portion = delivered->state;
    write_error_lines(portion->errors.bytes, portion->errors.length);
    run->bad |= portion->errors.length > 0;
    judge_epd_entries(run, portion, delivered);
    for (size_t i = 0; i < delivered->count; i++) {
        int32_t e = portion->entry_of_line[i];
        if (e < 0)
            continue;
        run->sums->moveless += portion->moves[e] == 0;
        const line *current = &delivered->lines[i];
        if (portion->keep[e] && !run->settings->count_only &&
            (fwrite(current->text, 1, current->length, run->output) != current->length ||
             fputc('\n', run->output) == EOF)) {
            run->write_failed = true;
            return 1;
        }
    }
    return 0;
}

/* EPD lines: "FEN" (rules on the move never match; counted as moveless)
 * or "FEN;move"; kept lines are written as they are. Read on the library's
 * runner's threads, judged in order by the filter. */
static int filter_epd(filter_settings *settings, const input_source *input, FILE *output,
                      int threads, filter_sums *sums)
{
    epd_run context = {settings, output, sums, false, false};
    seebatch_filter_counts before, after;
    seebatch_training_filter_counts(settings->filter, &before);
    input_work run = {
        settings->command,
        input,
        threads,
        settings->progress,
        {&context, new_epd_portion, free_epd_portion, parse_epd_lines, judge_epd_lines},
        &context.write_failed,
        0,
        NULL};
    int status = run_input_work(&run);
    seebatch_training_filter_counts(settings->filter, &after);
    after.entries -= before.entries;
    after.kept -= before.kept;
    for (int r = 0; r < 16; r++) {
        after.matched[r] -= before.matched[r];
        after.alone[r] -= before.alone[r];
    }
    add_counts(&sums->counts, &after);
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

/* Adds the option at argv[*index] to the rule words when it is one of
 * seebatch_training_filter_new's (a rule, --seed, or a configuration
 * option), *index at its last argument; false when it is none. */
static bool take_rule_words(int argc, char **argv, int *index, rule_words *rules)
{
    int taken = seebatch_training_rule_words(argc, (const char *const *)argv, *index);
    if (!taken)
        return false;
    if (*index + 1 < argc && argument_is_attached(argv, *index + 1)) {
        /* "--name=value", split by the command line: given whole again. */
        size_t length = strlen(argv[*index]) + 1 + strlen(argv[*index + 1]) + 1;
        char *word = malloc(length);
        if (!word)
            return false;
        snprintf(word, length, "%s=%s", argv[*index], argv[*index + 1]);
        rules->joined[rules->joined_count++] = word;
        rules->words[rules->count++] = word;
        *index += 1;
        return true;
    }
    for (int k = 0; k < taken; k++)
        rules->words[rules->count++] = argv[*index + k];
    *index += taken - 1;
    return true;
}

static parse_result parse_filter_arguments(int argc, char **argv, filter_settings *settings,
                                           input_options *options)
{
    for (int i = 0; i < argc; i++) {
        bool missing = false;
        const char *value;
        if (take_rule_words(argc, argv, &i, &settings->rules))
            continue;
        if (strcmp(argv[i], "--count-only") == 0) {
            settings->count_only = true;
        } else if (strcmp(argv[i], "--explain") == 0) {
            settings->explain = true;
        } else if (strcmp(argv[i], KEEP_IMPOSSIBLE_OPTION) == 0) {
            settings->keep_impossible = true;
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
    /* The filter, from the rule words, as Python's Filter makes it. */
    seebatch_error error;
    if (seebatch_training_filter_new(settings->rules.count, settings->rules.words,
                                     &settings->filter, &error) != SEEBATCH_OK) {
        /* The library names a bad word by its place among the rule words
         * ("rule argument I, \"WORD\": why"); the command line names it
         * itself in the why. */
        const char *why = strncmp(error.message, "rule argument ", 14) == 0
                              ? strstr(error.message, "\": ")
                              : NULL;
        usage_error("filter", "%s", why ? why + 3 : error.message);
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
            (seebatch_training_filter_reads(settings->filter) & SEEBATCH_FILTER_READS_SCORE)) {
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

/* Filters one input into output, adding to sums. */
static int filter_input(filter_settings *settings, const input_source *input, FILE *output,
                        int threads, filter_sums *sums)
{
    settings->input = input->format;
    settings->input_name = input->name;
    start_input_messages(settings->command, input);
    if (input->format == SEEBATCH_FILE_BINPACK || input->format == SEEBATCH_FILE_PLAIN ||
        input->format == SEEBATCH_FILE_BIN)
        return filter_training(settings, input, output, threads, sums);
    return filter_epd(settings, input, output, threads, sums);
}

static int run_filter_stream(filter_settings *settings, const input_options *options,
                             const input_set *inputs, FILE *output)
{
    filter_sums sums;
    memset(&sums, 0, sizeof sums);
    int status = EXIT_OK;
    progress_meter progress;
    start_job_progress(&progress, settings->command, options, inputs);
    settings->progress = &progress;
    for (int i = 0; i < inputs->count; i++) {
        progress_input(&progress, inputs->sources[i].stream);
        int input_status =
            filter_input(settings, &inputs->sources[i], output, (int)options->threads, &sums);
        status = worse_status(status, input_status);
        if (!run_goes_on(settings->command, inputs, i, input_status))
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
        !print_rule_counts(stderr, settings->command, settings->filter, &sums.counts,
                           settings->explain))
        status = EXIT_RESOURCE_FAILURE;
    if (status != EXIT_RESOURCE_FAILURE &&
        !print_moveless_note(stderr, settings->filter, sums.counts.entries, sums.moveless))
        status = EXIT_RESOURCE_FAILURE;
    return status;
}

/* The run once the options are read: the inputs opened, their formats
 * settled, the output opened, the inputs filtered into it. */
static int filter_inputs(filter_settings *settings, input_options *options)
{
    input_set inputs;
    int status = open_subcommand_inputs(settings->command, options, settings->input,
                                        settings->output_path, &inputs);
    if (status != EXIT_OK)
        return status;
    seebatch_output_file output = {stdout, NULL, NULL, 0};
    if (!settle_formats(settings, &inputs))
        status = EXIT_USAGE;
    else if (settings->output_path)
        status = output_target_open(settings->command, settings->output_path, &output);
    if (status != EXIT_OK) {
        close_inputs(&inputs);
        return status;
    }
    status = run_filter_stream(settings, options, &inputs, output.stream);
    close_inputs(&inputs);
    /* Standard output is checked by main when the command returns. */
    if (settings->output_path)
        status = output_target_finish(settings->command, &output, settings->output_path, status);
    return status;
}

int run_filter_as(const char *command, int argc, char **argv)
{
    filter_settings settings;
    memset(&settings, 0, sizeof settings);
    settings.command = command;
    /* Every rule word is an argument, and a joined one takes two. */
    settings.rules.words = malloc((size_t)(argc + 1) * sizeof *settings.rules.words);
    settings.rules.joined = malloc((size_t)(argc + 1) * sizeof *settings.rules.joined);
    if (!settings.rules.words || !settings.rules.joined) {
        free(settings.rules.words);
        free(settings.rules.joined);
        report(command, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    parse_result parsed = parse_filter_arguments(argc, argv, &settings, &options);
    int status = parsed == PARSED ? filter_inputs(&settings, &options)
                 : parsed == PARSE_HELP
                     ? (print_output(stdout, filter_help, rule_options_help, config_options_help,
                                     threads_lines_help, after_threads_help),
                        EXIT_OK)
                     : EXIT_USAGE;
    seebatch_training_filter_free(settings.filter);
    for (size_t i = 0; i < settings.rules.joined_count; i++)
        free(settings.rules.joined[i]);
    free(settings.rules.joined);
    free(settings.rules.words);
    return status;
}

int run_filter(int argc, char **argv) { return run_filter_as("filter", argc, argv); }
