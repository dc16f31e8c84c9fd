/*
 * seebatch filter: drops training entries by rule (in check, capture, SEE at
 * least T, promotion, castling) from a .binpack or .plain file (or EPD lines)
 * and writes the rest in either training format, counting per rule.
 *
 * Binpack to binpack keeps the input's chains and chunks: a kept entry whose
 * predecessor was kept stays in its chain (its movetext bits are copied as
 * they are), and an entry after a dropped one starts a new chain. With no
 * rule the output is the input, byte for byte.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "binpack_blocks.h"
#include "binpack_chunks.h"
#include "chain_moves.h"
#include "filter_rules.h"
#include "line_reader.h"
#include "options.h"
#include "plain.h"
#include "position_line.h"
#include "subcommands.h"
#include "training_input.h"

static const char filter_help[] =
    "usage: seebatch filter [rules] [options] [FILE]\n"
    "\n"
    "Reads training entries from FILE (or standard input when FILE is absent or\n"
    "\"-\"), drops those a rule matches and writes the others. Counts of entries\n"
    "read, kept and dropped per rule go to stderr (an entry several rules match\n"
    "counts under each).\n"
    "\n"
    "Rules:\n"
    "%s"
    "\n"
    "Options:\n"
    "  --input-format F    binpack, plain or epd (lines \"FEN\" or \"FEN;move\");\n"
    "                      by default the file's extension says\n"
    "  --output FILE       write there instead of standard output\n"
    "  --output-format F   binpack or plain; by default the input's format\n"
    "                      (EPD input is written as EPD)\n"
    "  --count-only        write no entries, only the counts\n"
    "%s"
    "%s"
    "                      (binpack input is split by chunk)\n"
    "  -h, --help          this text\n"
    "\n"
    "A binpack that does not decode (truncated, corrupt, a chunk header that\n"
    "lies) ends the run with \"byte B, entry E: why\" after every entry before\n"
    "it is written. Exit status: 0 success, 1 bad input, 2 usage error or\n"
    "unreadable input, 3 out of memory or unwritable output.\n";

enum { COUNTER_KEPT = RULE_COUNT };

typedef struct filter_settings {
    filter_rules rules;
    data_format input, output;
    const char *input_path, *output_path;
    bool count_only;
} filter_settings;

/* Counts an entry; returns whether it is kept. */
static inline bool judge(const filter_rules *rules, const training_entry *entry, uint64_t *counters)
{
    unsigned matched = rules->active ? matching_rules(rules, entry) : 0;
    if (!matched) {
        counters[COUNTER_KEPT]++;
        return true;
    }
    for (int rule = 0; rule < RULE_COUNT; rule++)
        counters[rule] += (matched >> rule) & 1u;
    return false;
}

/* Kept entries that continue their input chain, not yet copied: their
 * movetext bits are copied in one piece when the run ends. */
typedef struct pending_bits {
    uint64_t start, end;
    unsigned entries;
} pending_bits;

static void copy_pending(binpack_writer *writer, const uint8_t *data, pending_bits *pending)
{
    if (pending->entries)
        seebatch_binpack_append_bits(writer, data, pending->start, pending->end, pending->entries);
    pending->entries = 0;
}

/* Adds a kept entry to the binpack output: a stem of the input is copied,
 * an entry after a dropped one is packed as a new stem, the rest joins
 * the pending bits. */
static void keep_binpack(binpack_writer *writer, const uint8_t *data, const training_entry *entry,
                         const binpack_source *source, bool previous_kept, pending_bits *pending)
{
    if (source->stem || !previous_kept) {
        copy_pending(writer, data, pending);
        seebatch_binpack_start_chain(writer, entry, source->stem ? data + source->stem_at : NULL);
    } else if (pending->entries && pending->end == source->bit_start) {
        pending->end = source->bit_end;
        pending->entries++;
    } else {
        copy_pending(writer, data, pending);
        *pending = (pending_bits){source->bit_start, source->bit_end, 1};
    }
}

/* What filtering one chunk keeps between blocks of entries. */
typedef struct chunk_filter {
    const filter_settings *settings;
    const uint8_t *data;
    chunk_result *result;
    bool previous_kept;
    pending_bits pending;
} chunk_filter;

static void filter_entries(const training_entry *entries, const binpack_source *sources,
                           size_t count, void *state)
{
    chunk_filter *f = state;
    const filter_settings *settings = f->settings;
    chunk_result *result = f->result;
    for (size_t i = 0; i < count; i++) {
        bool kept = judge(&settings->rules, &entries[i], result->counters);
        if (settings->count_only)
            continue;
        if (kept && settings->output == DATA_PLAIN) {
            char block[PLAIN_BLOCK_MAX];
            text_buffer_append(&result->text, block, seebatch_plain_format(&entries[i], block));
        } else if (kept) {
            keep_binpack(&result->binpack, f->data, &entries[i], &sources[i], f->previous_kept,
                         &f->pending);
        }
        f->previous_kept = kept;
    }
}

static void filter_chunk(const uint8_t *data, size_t size, uint64_t file_offset, const void *state,
                         chunk_result *result)
{
    chunk_filter filter = {state, data, result, false, {0, 0, 0}};
    result->entries = decode_in_blocks(data, size, file_offset, result->helper, &result->blocks,
                                       filter_entries, &filter, &result->faulted, &result->fault);
    copy_pending(&result->binpack, data, &filter.pending);
}

static int filter_binpack(const filter_settings *settings, FILE *input, FILE *output, int threads,
                          uint64_t *read, uint64_t *counters)
{
    chunk_job job = {
        input, output, threads, filter_chunk, settings, "filter", settings->input_path};
    chunk_totals totals;
    int status = run_chunk_job(&job, &totals);
    *read = totals.entries;
    memcpy(counters, totals.counters, sizeof totals.counters);
    return status;
}

/* Writes one kept entry in the output format; false when writing fails. */
static bool write_entry(const filter_settings *settings, binpack_writer *writer,
                        const training_entry *entry, FILE *output)
{
    if (settings->output == DATA_BINPACK)
        return seebatch_binpack_write_entry(writer, entry, output);
    char block[PLAIN_BLOCK_MAX];
    size_t length = seebatch_plain_format(entry, block);
    return fwrite(block, 1, length, output) == length;
}

static int filter_plain(const filter_settings *settings, FILE *input, FILE *output, uint64_t *read,
                        uint64_t *counters)
{
    plain_reader reader = {input, 0};
    binpack_writer writer;
    seebatch_binpack_writer_init(&writer);
    training_entry entry;
    char message[SEEBATCH_MESSAGE_SIZE + 128];
    plain_step step;
    int status = EXIT_OK;
    while ((step = seebatch_plain_next(&reader, &entry, message, sizeof message)) == PLAIN_ENTRY) {
        if (settings->output == DATA_BINPACK && entry.ply > BINPACK_PLY_MAX) {
            snprintf(message, sizeof message,
                     "line %lu: ply %u does not fit in binpack (at most %d)", reader.line,
                     entry.ply, BINPACK_PLY_MAX);
            step = PLAIN_BAD;
            break;
        }
        ++*read;
        if (judge(&settings->rules, &entry, counters) && !settings->count_only &&
            (!write_entry(settings, &writer, &entry, output) || ferror(output))) {
            remember_write_error();
            status = EXIT_RESOURCE_FAILURE;
            break;
        }
    }
    if (!seebatch_binpack_flush_chunk(&writer, output) || ferror(output)) {
        remember_write_error();
        status = EXIT_RESOURCE_FAILURE;
    }
    seebatch_binpack_writer_free(&writer);
    if (step == PLAIN_BAD && status == EXIT_OK) {
        fprintf(stderr, "seebatch filter: %s: %s\n",
                settings->input_path ? settings->input_path : "standard input", message);
        status = EXIT_BAD_LINES;
    }
    return status;
}

/* EPD lines: "FEN" (rules on the move never match) or "FEN;move"; kept
 * lines are written as they are. */
static int filter_epd(const filter_settings *settings, FILE *input, FILE *output, uint64_t *read,
                      uint64_t *counters)
{
    line_reader *reader = malloc(sizeof *reader); /* its buffer is too big for the stack */
    if (!reader)
        return EXIT_RESOURCE_FAILURE;
    position_line position;
    line_reader_init(reader, input);
    line current;
    int status = EXIT_OK;
    while (line_reader_next(reader, &current)) {
        char message[SEEBATCH_MESSAGE_SIZE + 64];
        if (!current.too_long && current.length == 0)
            continue;
        if (current.too_long ||
            !parse_position_line(&current, &position, message, sizeof message)) {
            char error_line[sizeof message + 64];
            int length = snprintf(error_line, sizeof error_line, "seebatch filter: line %lu: %s\n",
                                  current.number,
                                  current.too_long ? "longer than 65536 bytes" : message);
            write_error_lines(error_line, length < (int)sizeof error_line ? (size_t)length
                                                                          : sizeof error_line - 1);
            status = EXIT_BAD_LINES;
            continue;
        }
        training_entry entry = {position.board, 0, 0, 0, 0};
        filter_rules rules = settings->rules;
        if (position.move_count)
            entry.move = position.moves[0];
        else
            rules.active &= 1u << RULE_IN_CHECK;
        ++*read;
        if (judge(&rules, &entry, counters) && !settings->count_only &&
            (fwrite(current.text, 1, current.length, output) != current.length ||
             fputc('\n', output) == EOF)) {
            remember_write_error();
            status = EXIT_RESOURCE_FAILURE; /* run_filter names the output */
            break;
        }
    }
    free(reader);
    return status;
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

/* The value of --input-format (binpack, plain, epd) or --output-format
 * (binpack, plain); false, reported, for anything else. */
static bool take_format(const char *value, bool output, data_format *format)
{
    data_format named = data_format_named(value);
    if (named == DATA_UNKNOWN || (output && named == DATA_EPD)) {
        usage_error("filter", "%s needs %s, not \"%s\"",
                    output ? "--output-format" : "--input-format",
                    output ? "binpack or plain" : "binpack, plain or epd", value);
        return false;
    }
    *format = named;
    return true;
}

static parse_result parse_filter_arguments(int argc, char **argv, filter_settings *settings,
                                           input_options *options)
{
    for (int i = 0; i < argc; i++) {
        bool missing = false, bad = false;
        const char *value;
        if (parse_rule_option(argc, argv, &i, &settings->rules, &bad)) {
            if (bad)
                return PARSE_BAD;
        } else if (strcmp(argv[i], "--count-only") == 0) {
            settings->count_only = true;
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
    return PARSED;
}

/* Fills in the formats the options left open; false (reported) when the
 * input's format cannot be known or the pair is not supported. */
static bool settle_formats(filter_settings *settings)
{
    if (settings->input == DATA_UNKNOWN)
        settings->input = data_format_of_path(settings->input_path);
    if (settings->input == DATA_UNKNOWN) {
        usage_error("filter", "cannot tell the input's format from %s; give --input-format",
                    settings->input_path ? "its name" : "standard input");
        return false;
    }
    if (settings->output == DATA_UNKNOWN)
        settings->output = settings->input;
    if ((settings->input == DATA_EPD) != (settings->output == DATA_EPD)) {
        usage_error("filter", "EPD input is written as EPD only");
        return false;
    }
    return true;
}

static int run_filter_stream(const filter_settings *settings, FILE *input, FILE *output,
                             int threads)
{
    uint64_t read = 0, counters[CHUNK_COUNTERS] = {0};
    int status;
    if (settings->input == DATA_BINPACK)
        status = filter_binpack(settings, input, output, threads, &read, counters);
    else if (settings->input == DATA_PLAIN)
        status = filter_plain(settings, input, output, &read, counters);
    else
        status = filter_epd(settings, input, output, &read, counters);
    /* After a failed write (or no memory) "N kept" would claim entries that
     * are not in the output: the failure is reported instead of the counts.
     * What is still buffered is written first, so that a failure at the end
     * is known before the counts are printed. */
    if (fflush(output) != 0 || ferror(output)) {
        remember_write_error();
        status = EXIT_RESOURCE_FAILURE;
    }
    if (status != EXIT_RESOURCE_FAILURE)
        print_rule_counts(stderr, &settings->rules, read, counters[COUNTER_KEPT], counters);
    return status;
}

int run_filter(int argc, char **argv)
{
    filter_settings settings = {
        {0, 0, {{0}, 0}}, DATA_UNKNOWN, DATA_UNKNOWN, NULL, NULL, false};
    input_options options = {seebatch_config_classic(), false, 1, NULL};
    parse_result parsed = parse_filter_arguments(argc, argv, &settings, &options);
    if (parsed == PARSE_HELP) {
        printf(filter_help, rule_options_help, config_options_help, threads_option_help);
        return EXIT_OK;
    }
    if (parsed == PARSE_BAD)
        return EXIT_USAGE;
    /* Options are validated as parsed, so preparing them cannot fail. */
    seebatch_rules_init(&settings.rules.see, &options.config, NULL);
    settings.input_path = options.path && strcmp(options.path, "-") != 0 ? options.path : NULL;
    if (!settle_formats(&settings))
        return EXIT_USAGE;
    FILE *input = open_input("filter", options.path);
    if (!input)
        return EXIT_USAGE;
    FILE *output = stdout;
    if (settings.output_path && !(output = fopen(settings.output_path, "wb"))) {
        fprintf(stderr, "seebatch filter: cannot create %s: %s\n", settings.output_path,
                strerror(errno));
        if (input != stdin)
            fclose(input);
        return EXIT_USAGE;
    }
    int status = run_filter_stream(&settings, input, output, (int)options.threads);
    if (input != stdin)
        fclose(input);
    /* Standard output is checked by main when the command returns. */
    if (output != stdout)
        status = finish_output("filter", output, settings.output_path, status);
    return status;
}
