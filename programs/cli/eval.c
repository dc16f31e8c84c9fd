/*
 * seebatch eval: SEE of the moves of each input line, for labelling data.
 *
 * Input lines are "FEN" (every legal capture and promotion is evaluated) or
 * "FEN;move move ..." (those moves, in UCI notation). Output is one record
 * per move, in input order. A bad line is reported on stderr as
 * "line N: what is wrong" and skipped whole; the exit status is then 1.
 */
#include <stdlib.h>
#include <string.h>

#include "eval_block.h"
#include "tool_only.h"
#include "input_source.h"
#include "name_fields.h"
#include "auto_report.h"
#include "options.h"
#include "piece_work.h"
#include "position_line.h"
#include "subcommand_input.h"
#include "subcommands.h"

static const char eval_help[] =
    "usage: seebatch eval [options] [FILE...]\n"
    "\n"
    "Reads positions from each FILE in turn (standard input when none is given\n"
    "or for \"-\"), one per line, as\n"
    "  FEN                     every legal capture and promotion is evaluated\n"
    "  FEN;move move ...       the given moves (UCI: e2e4, e7e8q, castling e1g1\n"
    "                          or the king taking its rook, e1h1)\n"
    "  EPD record              four FEN fields, then operations (bm Nf6; id \"x\";):\n"
    "                          every capture, halfmove and fullmove from the\n"
    "                          hmvc and fmvn opcodes (0 and 1 where absent)\n"
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
    "  --input-format F    lines, or training data: binpack, plain or bin. By default\n"
    "                      the input says: \"BINP\" (binpack) or \"fen \" (plain) at\n"
    "                      its start, whatever its name, standard input too; else\n"
    "                      a .binpack, .plain or .epd name; else lines. With\n"
    "                      training data the move of each entry is evaluated\n"
    "  --all-captures      training data only: every legal capture and promotion\n"
    "                      of each entry's position instead of its move\n"
    "  --line-numbers      each record starts with the number of its input line\n"
    "                      (lines) or entry (training data, from 1 in each file):\n"
    "                      a first field, a \"line\" or \"entry\" column or key\n"
    "                      (csv: \"number\" for inputs of both kinds), so records\n"
    "                      join back to their input (a position with no capture\n"
    "                      writes none); with several FILEs the file's name comes\n"
    "                      first (a \"file\" column or key), as grep -n gives it\n"
    "%s" AUTO_REPORT_HELP "  -h, --help          this text\n"
    "\n"
    "A bad line prints \"seebatch eval: FILE: line N: <what is wrong>\" on stderr;\n"
    "the other lines are still evaluated (so are the other blocks of a plain\n"
    "file; a binpack that does not decode ends the run there, the files after\n"
    "it unread).\n"
    "\n"
    "Exit status: 0 all input good, 1 some input bad, 2 usage error or\n"
    "unreadable input, 3 out of memory or unwritable output.\n";

typedef struct eval_settings {
    seebatch_rules rules; /* the configuration, prepared */
    output_format format;
    bool all_captures; /* training data: every capture, not the entry's move */
    bool line_numbers; /* each record starts with its line's or entry's number */
    const char *file;  /* before the number, with several inputs: file_field's */
    size_t file_length;
} eval_settings;

/* A piece's own block; the settings are shared, read-only. */
typedef struct eval_worker {
    const eval_settings *settings;
    eval_block *block;
} eval_worker;

/* The line's position joins the worker's block; its records are written
 * when the block is flushed (full, or at the end of the chunk). A line that
 * is one plain FEN is read straight into the block's board. */
static bool evaluate_line(const line *input, void *state, text_buffer *out, text_buffer *errors)
{
    const eval_worker *worker = state;
    eval_block *block = worker->block;
    eval_block_make_room(block, out);
    seebatch_board *board = &block->boards[block->board_count];
    seebatch_move *moves = block->moves + block->move_count;
    const eval_settings *settings = worker->settings;
    record_number number = {settings->line_numbers ? NUMBER_LINE : NUMBER_NONE, input->number,
                            settings->file, settings->file_length};
    if (seebatch_board_from_plain_fen(board, input->text, input->length)) {
        size_t count = seebatch_generate_captures(board, moves);
        eval_block_add(block, input->text, input->length, number, count);
        return true;
    }
    position_line position;
    if (!read_position_line(input, &position, errors))
        return false;
    *board = position.board;
    size_t count = position.move_count;
    if (position.has_moves)
        memcpy(moves, position.moves, count * sizeof *moves);
    else
        count = seebatch_generate_captures(board, moves);
    const char *fen = position.fen;
    if (fen == position.written_fen) /* a UCI command's FEN: kept till the block is flushed */
        fen = memcpy(block->written_fens[block->board_count], fen, position.fen_length);
    eval_block_add(block, fen, position.fen_length, number, count);
    return true;
}

static void finish_chunk(void *state, text_buffer *out)
{
    eval_block_flush(((eval_worker *)state)->block, out);
}

/* A piece's worker and its block (too big for the stack). */
static void *new_worker(const void *shared)
{
    const eval_settings *settings = shared;
    eval_worker *worker = malloc(sizeof *worker);
    eval_block *block = calloc(1, sizeof *block);
    if (!worker || !block) {
        free(worker);
        free(block);
        return NULL;
    }
    block->rules = &settings->rules;
    block->format = settings->format;
    *worker = (eval_worker){settings, block};
    return worker;
}

static void free_worker(void *state)
{
    eval_worker *worker = state;
    if (worker)
        free(worker->block);
    free(worker);
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
static void evaluate_entry(const eval_settings *settings, const seebatch_training_entry *entry,
                           const record_number *number, text_buffer *out)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    char fen[SEEBATCH_FEN_MAX];
    size_t fen_length = seebatch_training_fen(&entry->board, entry->ply, fen, sizeof fen);
    moves[0] = entry->move;
    size_t count = settings->all_captures ? seebatch_generate_captures(&entry->board, moves) : 1;
    int32_t values[SEEBATCH_MAX_MOVES];
    seebatch_batch batch = {&entry->board, 1, NULL, NULL, moves, count};
    seebatch_values(&settings->rules, &batch, values);
    position_records records = {fen, fen_length, number, moves, values, count};
    append_position_records(out, settings->format, &records);
}

static void evaluate_entries(const seebatch_training_entry *entries, size_t count, uint64_t first,
                             const void *state, piece_result *result)
{
    const eval_settings *settings = state;
    record_number number = {settings->line_numbers ? NUMBER_ENTRY_MARK : NUMBER_NONE, first,
                            settings->file, settings->file_length};
    for (size_t i = 0; i < count; i++, number.value++)
        evaluate_entry(settings, &entries[i], &number, &result->text);
}

/* The csv header: with --line-numbers its first column says what the
 * numbers count, "line" or "entry", or "number" for inputs of both kinds. */
static void print_csv_header(const eval_settings *settings, const input_set *inputs)
{
    if (settings->line_numbers) {
        bool lines = false, entries = false;
        for (int i = 0; i < inputs->count; i++) {
            lines |= inputs->sources[i].format == SEEBATCH_FILE_LINES;
            entries |= inputs->sources[i].format != SEEBATCH_FILE_LINES;
        }
        print_output(stdout, "%s", inputs->count > 1 ? "file," : "");
        print_output(stdout, "%s", lines && entries ? "number," : lines ? "line," : "entry,");
    }
    print_output(stdout, "fen,move,value\n");
}

static int evaluate_input(const eval_settings *settings, const input_options *options,
                          const input_source *input, progress_meter *progress)
{
    piece_work work = {.name = "eval",
                       .input = input,
                       .threads = (int)options->threads,
                       .progress = progress,
                       .shared = settings};
    if (input->format == SEEBATCH_FILE_LINES) {
        work.process = evaluate_line;
        work.finish = finish_chunk;
        work.state_new = new_worker;
        work.state_free = free_worker;
    } else {
        work.consume = evaluate_entries;
        work.numbered = settings->line_numbers;
    }
    return run_piece_work(&work);
}

/* The input's name as the field records start with (eval_records.h), its
 * separator or key included, in text (room: name_field_room + 10). */
static size_t file_field(char *text, output_format format, const char *name)
{
    char *p = text;
    if (format == FORMAT_JSONL) {
        memcpy(p, "\"file\":", 7);
        p = put_json_name(p + 7, name);
    } else {
        p = format == FORMAT_CSV ? put_csv_name(p, name) : put_text_name(p, name);
    }
    *p++ = format == FORMAT_TEXT ? ';' : ',';
    return (size_t)(p - text);
}

/* Every input in turn, as one stream; a fault that ends a binpack ends the
 * run. With several inputs and --line-numbers, records name their file. */
static int evaluate_inputs(const eval_settings *shared, const input_options *options,
                           const input_set *inputs)
{
    eval_settings each = *shared, *settings = &each;
    char *file = NULL;
    if (settings->format == FORMAT_CSV)
        print_csv_header(settings, inputs);
    int status = EXIT_OK;
    progress_meter progress;
    start_job_progress(&progress, "eval", options, inputs);
    for (int i = 0; i < inputs->count; i++) {
        const input_source *input = &inputs->sources[i];
        if (settings->line_numbers && inputs->count > 1) {
            free(file);
            file = malloc(name_field_room(strlen(input->name)) + 10);
            if (!file) {
                report("eval", "out of memory");
                status = EXIT_RESOURCE_FAILURE;
                break;
            }
            each.file = file;
            each.file_length = file_field(file, settings->format, input->name);
        }
        start_input_messages("eval", input);
        progress_input(&progress, input->stream);
        int input_status = evaluate_input(settings, options, input, &progress);
        status = worse_status(status, input_status);
        if (!run_goes_on(input, input_status))
            break;
    }
    progress_end(&progress);
    free(file);
    return status;
}

int run_eval(int argc, char **argv)
{
    input_options options = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    output_format format = FORMAT_TEXT;
    seebatch_file_format input_format = SEEBATCH_FILE_UNKNOWN;
    bool all_captures = false, line_numbers = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0) {
            if (!parse_format(i + 1 < argc ? argv[++i] : NULL, &format))
                return usage_error("eval", "--format needs text, csv or jsonl");
            continue;
        }
        if (strcmp(argv[i], "--input-format") == 0) {
            input_format = seebatch_file_format_named(i + 1 < argc ? argv[++i] : NULL);
            if (input_format == SEEBATCH_FILE_UNKNOWN)
                return usage_error("eval", "--input-format needs lines, binpack, plain or bin");
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
    eval_settings settings = {{{0}, 0}, format, all_captures, line_numbers, NULL, 0};
    seebatch_rules_init(&settings.rules, &options.config, NULL);
    input_set inputs;
    int status = open_subcommand_inputs("eval", &options, input_format, NULL, &inputs);
    if (status != EXIT_OK)
        return status;
    for (int i = 0; all_captures && i < inputs.count && status == EXIT_OK; i++)
        if (inputs.sources[i].format == SEEBATCH_FILE_LINES)
            status = usage_error("eval",
                                 "--all-captures is for training data; %s holds lines, where "
                                 "a line \"FEN\" already gives every capture",
                                 inputs.sources[i].name);
    if (status == EXIT_OK)
        status = evaluate_inputs(&settings, &options, &inputs);
    close_inputs(&inputs);
    return status;
}
