/*
 * seebatch eval: SEE of the moves of each input line, for labelling data.
 *
 * Input lines are "FEN" (every legal capture and promotion is evaluated) or
 * "FEN;move move ..." (those moves, in UCI notation). Output is one record
 * per move, in input order. A bad line is reported on stderr as
 * "line N: what is wrong" and skipped whole; the exit status is then 1.
 */
#include <string.h>

#include "input_source.h"
#include "options.h"
#include "parallel_lines.h"
#include "plain.h"
#include "position_line.h"
#include "subcommands.h"
#include "training_job.h"

static const char eval_help[] =
    "usage: seebatch eval [options] [FILE]\n"
    "\n"
    "Reads positions from FILE (or standard input when FILE is absent or \"-\"),\n"
    "one per line, as\n"
    "  FEN                     every legal capture and promotion is evaluated\n"
    "  FEN;move move ...       the given moves (UCI: e2e4, e7e8q, castling e1g1)\n"
    "and prints one record per move, in input order. The value is the static\n"
    "exchange evaluation of the move for the side whose piece moves. Given moves\n"
    "need not be legal, nor played by the side to move: a piece must stand on the\n"
    "from-square and none of the same colour on the to-square.\n"
    "A line gives at most " MAX_MOVES_TEXT " moves. Blank lines are skipped; CRLF line ends\n"
    "are accepted; lines longer than 65536 bytes are rejected.\n"
    "\n"
    "Options:\n"
    "%s"
    "  --format FORMAT     text: FEN;move;value (the default)\n"
    "                      csv:  a header fen,move,value then one row per move\n"
    "                      jsonl: {\"fen\":...,\"move\":...,\"value\":...} per line\n"
    "  --input-format F    lines, or training data: binpack or plain. By default\n"
    "                      the input says: \"BINP\" (binpack) or \"fen \" (plain) at\n"
    "                      its start, whatever its name, standard input too; else\n"
    "                      a .binpack, .plain or .epd name; else lines. With\n"
    "                      training data the move of each entry is evaluated\n"
    "  --all-captures      training data only: every legal capture and promotion\n"
    "                      of each entry's position instead of its move\n"
    "  --line-numbers      each record starts with the number of its input line\n"
    "                      (lines) or entry (training data, from 1): a first\n"
    "                      field, a \"line\" or \"entry\" column or key, so records\n"
    "                      join back to their input (a position with no capture\n"
    "                      writes none)\n"
    "%s"
    "  -h, --help          this text\n"
    "\n"
    "A bad line prints \"seebatch eval: FILE: line N: <what is wrong>\" on stderr;\n"
    "the other lines are still evaluated (so are the other blocks of a plain\n"
    "file; a binpack that does not decode ends the run there). Exit status: 0\n"
    "all input good, 1 some input bad, 2 usage error or unreadable input, 3 out\n"
    "of memory or unwritable output.\n";

typedef enum output_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSONL } output_format;

typedef struct eval_settings {
    seebatch_config config;
    output_format format;
    bool all_captures; /* training data: every capture, not the entry's move */
    bool line_numbers; /* each record starts with its line's or entry's number */
} eval_settings;

/* The number a record starts with: none, a line's, or an entry's as a mark
 * relative to its chunk (text_buffer.h), known only when written. */
typedef struct record_number {
    enum { NUMBER_NONE, NUMBER_LINE, NUMBER_ENTRY_MARK } kind;
    unsigned long long value;
} record_number;

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

static void append_record_number(text_buffer *out, record_number number)
{
    if (number.kind == NUMBER_LINE)
        append_number(out, (long)number.value);
    else
        text_buffer_append_number_mark(out, number.value);
}

/* One record, with its input's number when one is asked for. */
static void append_record(text_buffer *out, output_format format, const position_line *position,
                          seebatch_move move, int32_t value, record_number number)
{
    char uci[SEEBATCH_UCI_MAX];
    size_t uci_length = seebatch_move_to_uci(move, uci);
    if (format == FORMAT_JSONL) {
        text_buffer_append(out, "{", 1);
        if (number.kind != NUMBER_NONE) {
            if (number.kind == NUMBER_LINE)
                text_buffer_append(out, "\"line\":", 7);
            else
                text_buffer_append(out, "\"entry\":", 8);
            append_record_number(out, number);
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
    if (number.kind != NUMBER_NONE) {
        append_record_number(out, number);
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
    record_number number = {settings->line_numbers ? NUMBER_LINE : NUMBER_NONE, input->number};
    for (size_t i = 0; i < position.move_count; i++)
        append_record(out, settings->format, &position, position.moves[i], values[i], number);
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
                           record_number number, text_buffer *out)
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
        append_record(out, settings->format, &position, position.moves[i], values[i], number);
}

static void evaluate_entries(const training_entry *entries, size_t count, uint64_t first,
                             const void *state, chunk_result *result)
{
    const eval_settings *settings = state;
    for (size_t i = 0; i < count; i++) {
        record_number number = {settings->line_numbers ? NUMBER_ENTRY_MARK : NUMBER_NONE,
                                first + i};
        evaluate_entry(settings, &entries[i], number, &result->text);
    }
}

static void print_csv_header(const eval_settings *settings, data_format format)
{
    if (settings->line_numbers)
        fputs(format == DATA_LINES ? "line," : "entry,", stdout);
    fputs("fen,move,value\n", stdout);
}

static int evaluate_input(const eval_settings *settings, const input_options *options,
                          const input_source *input)
{
    if (settings->format == FORMAT_CSV)
        print_csv_header(settings, input->format);
    if (input->format == DATA_LINES) {
        void *states[MAX_THREADS];
        for (int t = 0; t < options->threads; t++)
            states[t] = (void *)settings; /* read-only: every thread shares it */
        return run_over_lines("eval", options, input, evaluate_line, states);
    }
    training_job job = {"eval",
                        input,
                        stdout,
                        (int)options->threads,
                        evaluate_entries,
                        settings,
                        settings->line_numbers,
                        false};
    chunk_totals totals;
    return run_training_job(&job, &totals);
}

int run_eval(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL};
    output_format format = FORMAT_TEXT;
    data_format input_format = DATA_UNKNOWN;
    bool all_captures = false, line_numbers = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0) {
            if (!parse_format(i + 1 < argc ? argv[++i] : NULL, &format))
                return usage_error("eval", "--format needs text, csv or jsonl");
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            input_format = data_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (input_format == DATA_UNKNOWN)
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
    input_source input;
    int status = open_subcommand_input("eval", &options, input_format, &input);
    if (status != EXIT_OK)
        return status;
    if (all_captures && input.format == DATA_LINES)
        status = usage_error("eval",
                             "--all-captures is for training data; %s holds lines, where "
                             "a line \"FEN\" already gives every capture",
                             input.name);
    else
        status = evaluate_input(&settings, &options, &input);
    input_close(&input);
    return status;
}
