/*
 * seebatch eval: SEE of the moves of each input line, for labelling data.
 *
 * Input lines are "FEN" (every legal capture and promotion is evaluated) or
 * "FEN;move move ..." (those moves, in UCI notation). Output is one record
 * per move, in input order. A bad line is reported on stderr as
 * "line N: what is wrong" and skipped whole; the exit status is then 1.
 */
#include <string.h>

#include "binpack_blocks.h"
#include "binpack_chunks.h"
#include "input_sniff.h"
#include "options.h"
#include "parallel_lines.h"
#include "plain.h"
#include "position_line.h"
#include "subcommands.h"
#include "training_input.h"

static const char eval_help[] =
    "usage: seebatch eval [options] [FILE]\n"
    "\n"
    "Reads positions from FILE (or standard input when FILE is absent or \"-\"),\n"
    "one per line, as\n"
    "  FEN                     every legal capture and promotion is evaluated\n"
    "  FEN;move move ...       the given moves (UCI: e2e4, e7e8q, castling e1g1)\n"
    "and prints one record per move, in input order. The value is the static\n"
    "exchange evaluation of the move for the side that plays it. Given moves need\n"
    "not be legal, but a piece of the mover must stand on the from-square and\n"
    "none of its pieces on the to-square. A line gives at most " MAX_MOVES_TEXT " moves.\n"
    "Blank lines are skipped; CRLF line ends are accepted; lines longer than 65536\n"
    "bytes are rejected.\n"
    "\n"
    "Options:\n"
    "%s"
    "  --format FORMAT     text: FEN;move;value (the default)\n"
    "                      csv:  a header fen,move,value then one row per move\n"
    "                      jsonl: {\"fen\":...,\"move\":...,\"value\":...} per line\n"
    "  --input-format F    lines, or training data: binpack or plain; by default\n"
    "                      a .binpack or .plain file name, or binpack's magic\n"
    "                      \"BINP\" at the start of the input (a file of any name,\n"
    "                      or standard input) says, else lines. With training\n"
    "                      data the move of each entry is evaluated\n"
    "  --all-captures      with training data: every legal capture and promotion\n"
    "                      of each entry's position instead of its move\n"
    "  --line-numbers      lines input: each record starts with the number of its\n"
    "                      input line (a first field, a \"line\" column or key),\n"
    "                      so records join back to their input (a position with\n"
    "                      no capture writes none)\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "A bad line prints \"line N: <what is wrong>\" on stderr; the other lines are\n"
    "still evaluated. Exit status: 0 all lines good, 1 some lines bad, 2 usage\n"
    "error or unreadable input, 3 out of memory or unwritable output.\n";

typedef enum output_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSONL } output_format;

typedef struct eval_settings {
    seebatch_config config;
    output_format format;
    bool all_captures; /* training data: every capture, not the entry's move */
    bool line_numbers; /* lines input: each record starts with its line's number */
} eval_settings;

/* Appends a signed decimal number without printf's cost. */
static void append_number(text_buffer *out, long value)
{
    char digits[24];
    size_t n = sizeof digits;
    unsigned long magnitude = value < 0 ? 0ul - (unsigned long)value : (unsigned long)value;
    do {
        digits[--n] = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude);
    if (value < 0)
        digits[--n] = '-';
    text_buffer_append(out, digits + n, sizeof digits - n);
}

/* A parsed FEN holds only printable ASCII, spaces and tabs: a tab is the one
 * character JSON needs escaped. */
static void append_json_fen(text_buffer *out, const char *fen, size_t length)
{
    for (size_t start = 0, i = 0; i <= length; i++) {
        if (i == length || fen[i] == '\t') {
            text_buffer_append(out, fen + start, i - start);
            if (i < length)
                text_buffer_append(out, "\\t", 2);
            start = i + 1;
        }
    }
}

/* One record; number is the input line's (0: none asked for). */
static void append_record(text_buffer *out, output_format format, const position_line *position,
                          seebatch_move move, int32_t value, unsigned long number)
{
    char uci[SEEBATCH_UCI_MAX];
    size_t uci_length = seebatch_move_to_uci(move, uci);
    if (format == FORMAT_JSONL) {
        text_buffer_append(out, "{", 1);
        if (number) {
            text_buffer_append(out, "\"line\":", 7);
            append_number(out, (long)number);
            text_buffer_append(out, ",", 1);
        }
        text_buffer_append(out, "\"fen\":\"", 7);
        append_json_fen(out, position->fen, position->fen_length);
        text_buffer_append(out, "\",\"move\":\"", 10);
        text_buffer_append(out, uci, uci_length);
        text_buffer_append(out, "\",\"value\":", 10);
        append_number(out, value);
        text_buffer_append(out, "}\n", 2);
        return;
    }
    const char *separator = format == FORMAT_CSV ? "," : ";";
    if (number) {
        append_number(out, (long)number);
        text_buffer_append(out, separator, 1);
    }
    text_buffer_append(out, position->fen, position->fen_length);
    text_buffer_append(out, separator, 1);
    text_buffer_append(out, uci, uci_length);
    text_buffer_append(out, separator, 1);
    append_number(out, value);
    text_buffer_append(out, "\n", 1);
}

static bool evaluate_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    const eval_settings *settings = state;
    position_line position;
    if (!read_position_line(input, &position, errors))
        return false;
    if (!position.has_moves)
        position.move_count = seebatch_generate_captures(&position.board, position.moves);
    int32_t values[SEEBATCH_MAX_MOVES];
    seebatch_see_values(&position.board, position.moves, position.move_count, &settings->config,
                        values);
    for (size_t i = 0; i < position.move_count; i++)
        append_record(out, settings->format, &position, position.moves[i], values[i],
                      settings->line_numbers ? input->number : 0);
    return true;
}

static bool parse_format(const char *text, output_format *format)
{
    static const char *const names[] = {"text", "csv", "jsonl"};
    for (int i = 0; i < 3; i++)
        if (text && strcmp(text, names[i]) == 0) {
            *format = (output_format)i;
            return true;
        }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Training data (binpack, plain)                                           */
/* ------------------------------------------------------------------------ */

/* The records of one entry: its move, or every capture of its position. */
static void evaluate_entry(const eval_settings *settings, const training_entry *entry,
                           text_buffer *out)
{
    position_line position;
    char fen[SEEBATCH_FEN_MAX];
    position.fen = fen;
    position.fen_length = seebatch_entry_fen(entry, fen);
    position.moves[0] = entry->move;
    position.move_count =
        settings->all_captures ? seebatch_generate_captures(&entry->board, position.moves) : 1;
    int32_t values[SEEBATCH_MAX_MOVES];
    seebatch_see_values(&entry->board, position.moves, position.move_count, &settings->config,
                        values);
    for (size_t i = 0; i < position.move_count; i++)
        append_record(out, settings->format, &position, position.moves[i], values[i], 0);
}

typedef struct chunk_evaluation {
    const eval_settings *settings;
    text_buffer *out;
} chunk_evaluation;

static void evaluate_entries(const training_entry *entries, const binpack_source *sources,
                             size_t count, void *state)
{
    const chunk_evaluation *evaluation = state;
    (void)sources;
    for (size_t i = 0; i < count; i++)
        evaluate_entry(evaluation->settings, &entries[i], evaluation->out);
}

static void evaluate_chunk(const uint8_t *data, size_t size, uint64_t file_offset,
                           const void *state, chunk_result *result)
{
    chunk_evaluation evaluation = {state, &result->text};
    result->entries =
        decode_in_blocks(data, size, file_offset, &result->decoding, evaluate_entries, &evaluation);
}

static int evaluate_plain(const eval_settings *settings, FILE *input, const char *path)
{
    plain_reader reader = {input, 0};
    training_entry entry;
    text_buffer out = {NULL, 0, 0};
    char message[SEEBATCH_MESSAGE_SIZE + 128];
    plain_step step;
    while ((step = seebatch_plain_next(&reader, &entry, message, sizeof message)) == PLAIN_ENTRY) {
        evaluate_entry(settings, &entry, &out);
        if (out.length > (1u << 20) && !text_buffer_flush(&out, stdout))
            break;
    }
    bool written = text_buffer_flush(&out, stdout);
    text_buffer_free(&out);
    if (!written)
        return EXIT_RESOURCE_FAILURE; /* main names standard output */
    if (step == PLAIN_END)
        return EXIT_OK;
    fprintf(stderr, "seebatch eval: %s: %s\n", path ? path : "standard input", message);
    return EXIT_BAD_LINES;
}

static int evaluate_training_data(const eval_settings *settings, data_format format,
                                  const input_options *options, FILE *input)
{
    const char *path = options->path && strcmp(options->path, "-") != 0 ? options->path : NULL;
    int status;
    if (format == DATA_PLAIN) {
        status = evaluate_plain(settings, input, path);
    } else {
        chunk_job job = {input,          stdout,   (int)options->threads,
                         evaluate_chunk, settings, "eval",
                         path,           NULL,     {{0}}};
        chunk_totals totals;
        status = run_chunk_job(&job, &totals);
    }
    return status;
}

/* Evaluates an open input in the format given (DATA_EPD: lines), or, for
 * DATA_UNKNOWN, as binpack when it starts with binpack's magic, whatever its
 * name, standard input too, and as lines otherwise. */
static int evaluate_input(const eval_settings *settings, data_format format,
                          const input_options *options, FILE *input)
{
    FILE *stream = input;
    if (format == DATA_UNKNOWN) {
        bool binpack;
        if (!(stream = sniff_binpack(input, &binpack))) {
            report("eval", "out of memory");
            return EXIT_RESOURCE_FAILURE;
        }
        format = binpack ? DATA_BINPACK : DATA_EPD;
    }
    int status;
    if (settings->line_numbers && format != DATA_EPD) {
        status = usage_error("eval", "--line-numbers needs lines input, not %s training data",
                             data_format_name(format));
    } else {
        if (settings->format == FORMAT_CSV)
            fputs(settings->line_numbers ? "line,fen,move,value\n" : "fen,move,value\n", stdout);
        if (format == DATA_EPD) {
            void *states[MAX_THREADS];
            for (int t = 0; t < options->threads; t++)
                states[t] = (void *)settings; /* read-only: every thread shares it */
            status = run_over_stream("eval", options, stream, evaluate_line, states);
        } else {
            status = evaluate_training_data(settings, format, options, stream);
        }
    }
    if (stream != input)
        fclose(stream);
    return status;
}

int run_eval(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL};
    output_format format = FORMAT_TEXT;
    data_format input_format = DATA_UNKNOWN;
    bool all_captures = false, lines = false, line_numbers = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0) {
            if (!parse_format(i + 1 < argc ? argv[++i] : NULL, &format))
                return usage_error("eval", "--format needs text, csv or jsonl");
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            const char *name = i + 1 < argc ? argv[++i] : NULL;
            lines = name && strcmp(name, "lines") == 0;
            input_format = data_format_named(name);
            if (!lines && input_format != DATA_BINPACK && input_format != DATA_PLAIN)
                return usage_error("eval", "--input-format needs lines, binpack or plain");
            continue;
        }
        if (strcmp(argv[i], "--all-captures") == 0) {
            all_captures = true;
            continue;
        }
        if (strcmp(argv[i], "--line-numbers") == 0) {
            line_numbers = true;
            continue;
        }
        argument_result result = take_input_argument("eval", argc, argv, &i, &options);
        if (result != ARGUMENT_TAKEN)
            return leave_arguments(result, eval_help);
    }
    eval_settings settings = {options.config, format, all_captures, line_numbers};
    if (!lines && input_format == DATA_UNKNOWN)
        input_format = data_format_of_path(options.path);
    FILE *input = open_input("eval", options.path);
    if (!input)
        return EXIT_USAGE;
    int status = evaluate_input(&settings, lines ? DATA_EPD : input_format, &options, input);
    if (input != stdin)
        fclose(input);
    return status;
}
