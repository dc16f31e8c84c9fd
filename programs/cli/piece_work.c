/* The tool's runs over an input on the library's runner (piece_work.h). */
#include "piece_work.h"

#include <stdlib.h>
#include <string.h>

#include "input_messages.h"
#include "options.h"
#include "report.h"

/* A piece's own: what the subcommand made of it, its bad lines' messages,
 * and the subcommand's state. */
typedef struct tool_piece {
    piece_result result;
    text_buffer errors;
    bool bad;
    void *state;
} tool_piece;

/* A run's context: the work, and whether the output or the input failed. */
typedef struct piece_run {
    piece_work *work;
    bool write_failed;
    bool bad; /* a bad line was passed over */
} piece_run;

static void *tool_piece_new(void *context)
{
    const piece_run *run = context;
    tool_piece *piece = calloc(1, sizeof *piece);
    if (piece && run->work->state_new &&
        !(piece->state = run->work->state_new(run->work->shared))) {
        free(piece);
        return NULL;
    }
    return piece;
}

static void tool_piece_free(void *context, void *state)
{
    const piece_run *run = context;
    tool_piece *piece = state;
    if (!piece)
        return;
    if (run->work->state_free)
        run->work->state_free(piece->state);
    text_buffer_free(&piece->result.text);
    text_buffer_free(&piece->errors);
    free(piece);
}

static bool is_blank(const line *input)
{
    for (size_t i = 0; i < input->length; i++)
        if (input->text[i] != ' ' && input->text[i] != '\t')
            return false;
    return true;
}

/* A block of lines: each that is neither blank nor too long processed. */
static void process_lines(const piece_work *work, tool_piece *piece, const seebatch_piece *block)
{
    for (size_t i = 0; i < block->count; i++) {
        const line *input = &block->lines[i];
        if (input->too_long) {
            text_buffer_printf(&piece->errors, "line %llu: longer than %d bytes\n",
                               (unsigned long long)input->number, SEEBATCH_LINE_MAX);
            piece->bad = true;
            if (work->too_long)
                work->too_long(piece->state, input->number);
        } else if (!is_blank(input) &&
                   !work->process(input, piece->state, &piece->result.text, &piece->errors)) {
            piece->bad = true;
        }
    }
    if (block->ends && work->finish)
        work->finish(piece->state, &piece->result.text);
}

/* The runner's block: on a worker, a block of the piece's lines or entries. */
static void tool_piece_block(void *context, const seebatch_piece *block)
{
    const piece_work *work = ((const piece_run *)context)->work;
    tool_piece *piece = block->state;
    if (block->begins) {
        piece->result.text.length = piece->errors.length = 0;
        memset(piece->result.counters, 0, sizeof piece->result.counters);
        piece->bad = false;
    }
    if (block->lines)
        process_lines(work, piece, block);
    else if (block->count)
        work->consume(block->entries, block->count, block->first, work->shared, &piece->result);
}

/* The runner's deliver: on this thread, in input order, the piece's text
 * written, its bad lines reported and its counts summed. */
static int tool_piece_deliver(void *context, const seebatch_piece *delivered)
{
    piece_run *run = context;
    piece_work *work = run->work;
    tool_piece *piece = delivered->state;
    bool written = work->numbered ? text_buffer_flush_numbered(&piece->result.text, stdout,
                                                               delivered->before + 1)
                                  : text_buffer_flush(&piece->result.text, stdout);
    write_error_lines(piece->errors.bytes, piece->errors.length);
    run->bad |= piece->bad;
    if (work->collect)
        work->collect(piece->state, piece->result.counters);
    for (int c = 0; c < PIECE_COUNTERS; c++)
        work->counters[c] += piece->result.counters[c];
    if (written && !ferror(stdout))
        return 0;
    run->write_failed = true;
    return 1;
}

/* "WHERE: why" of the library's "INPUT: WHERE: why" about this input. */
static const char *after_input_name(const input_source *input, const char *message)
{
    size_t length = strlen(input->name);
    if (strncmp(message, input->name, length) == 0 && message[length] == ':')
        return message + length + 2;
    return message;
}

/* What the runner's skip is told about: the input, and whether a block was
 * passed over. */
typedef struct skipping {
    const input_source *input;
    bool skipped;
} skipping;

/* The runner's skip: a plain block that does not parse, reported (under
 * --max-errors) and passed over, as a bad line is. */
static int skip_bad_block(void *context, const seebatch_training_place *place, const char *message)
{
    (void)place;
    skipping *skips = context;
    report_input_error("%s", after_input_name(skips->input, message));
    skips->skipped = true;
    return 1;
}

static void count_progress(void *meter, uint64_t entries, uint64_t bytes)
{
    progress_add(meter, entries, bytes);
}

int run_input_work(input_work *run)
{
    const input_source *input = run->input;
    skipping skips = {input, false};
    seebatch_run whole = {.input = input->name,
                          .input_stream = input->stream,
                          .format = input->format,
                          .threads = (unsigned)run->threads,
                          .work = run->work,
                          .skip = skip_bad_block,
                          .skip_context = &skips,
                          .progress = run->progress ? count_progress : NULL,
                          .progress_context = run->progress};
    seebatch_error error;
    seebatch_status status = seebatch_training_run(&whole, &error);
    run->chunks = whole.chunks;
    if (status == SEEBATCH_OK)
        return skips.skipped ? EXIT_BAD_LINES : EXIT_OK;
    if (*run->write_failed) {
        remember_write_error(); /* named by whoever closes the output (finish_output) */
        return EXIT_RESOURCE_FAILURE;
    }
    if (!whole.reason[0]) { /* nothing at fault in the input: memory ran out */
        report(run->name, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    if (input->format == SEEBATCH_FILE_LINES) { /* lines have no faults but a failed read */
        report(run->name, "cannot read %s: %s", input->name, whole.reason);
        return EXIT_USAGE;
    }
    report_input_error("%s", after_input_name(input, error.message));
    return ferror(input->stream) ? EXIT_USAGE : EXIT_BAD_LINES;
}

int run_piece_work(piece_work *work)
{
    memset(work->counters, 0, sizeof work->counters);
    piece_run context = {work, false, false};
    input_work run = {
        work->name,
        work->input,
        work->threads,
        work->progress,
        {&context, tool_piece_new, tool_piece_free, tool_piece_block, tool_piece_deliver},
        &context.write_failed,
        0};
    int status = run_input_work(&run);
    return status == EXIT_OK && context.bad ? EXIT_BAD_LINES : status;
}
