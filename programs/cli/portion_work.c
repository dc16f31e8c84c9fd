/* The tool's runs over an input on the library's runner (portion_work.h). */
#include "portion_work.h"

#include <stdlib.h>
#include <string.h>

#include "input_messages.h"
#include "options.h"
#include "report.h"

/* A portion's own: what the subcommand made of it, its bad lines' messages,
 * and the subcommand's state. */
typedef struct tool_portion {
    portion_result result;
    text_buffer errors;
    bool bad;
    void *state;
} tool_portion;

/* A run's context: the work, and whether the output or the input failed. */
typedef struct portion_run {
    portion_work *work;
    bool write_failed;
    bool bad; /* a bad line was passed over */
} portion_run;

static void *tool_portion_new(void *context)
{
    const portion_run *run = context;
    tool_portion *portion = calloc(1, sizeof *portion);
    if (portion && run->work->state_new &&
        !(portion->state = run->work->state_new(run->work->shared))) {
        free(portion);
        return NULL;
    }
    return portion;
}

static void tool_portion_free(void *context, void *state)
{
    const portion_run *run = context;
    tool_portion *portion = state;
    if (!portion)
        return;
    if (run->work->state_free)
        run->work->state_free(portion->state);
    text_buffer_free(&portion->result.text);
    text_buffer_free(&portion->errors);
    free(portion);
}

static bool is_blank(const line *input)
{
    for (size_t i = 0; i < input->length; i++)
        if (input->text[i] != ' ' && input->text[i] != '\t')
            return false;
    return true;
}

/* A block of lines: each that is neither blank nor too long processed. */
static void process_lines(const portion_work *work, tool_portion *portion,
                          const seebatch_portion *block)
{
    for (size_t i = 0; i < block->count; i++) {
        const line *input = &block->lines[i];
        if (input->too_long) {
            text_buffer_printf(&portion->errors, "line %llu: longer than %d bytes\n",
                               (unsigned long long)input->number, SEEBATCH_LINE_MAX);
            portion->bad = true;
            if (work->too_long)
                work->too_long(portion->state, input->number);
        } else if (!is_blank(input) &&
                   !work->process(input, portion->state, &portion->result.text, &portion->errors)) {
            portion->bad = true;
        }
    }
    if (block->ends && work->finish)
        work->finish(portion->state, &portion->result.text);
}

/* The runner's block: on a worker, a block of the portion's lines or entries. */
static void tool_portion_block(void *context, const seebatch_portion *block)
{
    const portion_work *work = ((const portion_run *)context)->work;
    tool_portion *portion = block->state;
    if (block->begins) {
        portion->result.text.length = portion->errors.length = 0;
        memset(portion->result.counters, 0, sizeof portion->result.counters);
        portion->bad = false;
    }
    if (block->lines)
        process_lines(work, portion, block);
    else if (block->count && work->consume_into)
        work->consume_into(block->entries, block->count, portion->state);
    else if (block->count)
        work->consume(block->entries, block->count, block->first, work->shared, &portion->result);
}

/* The runner's deliver: on this thread, in input order, the portion's text
 * written, its bad lines reported and its counts summed. */
static int tool_portion_deliver(void *context, const seebatch_portion *delivered)
{
    portion_run *run = context;
    portion_work *work = run->work;
    tool_portion *portion = delivered->state;
    bool written = work->numbered ? text_buffer_flush_numbered(&portion->result.text, stdout,
                                                               delivered->before + 1)
                                  : text_buffer_flush(&portion->result.text, stdout);
    write_error_lines(portion->errors.bytes, portion->errors.length);
    run->bad |= portion->bad;
    if (work->collect)
        work->collect(portion->state, portion->result.counters);
    for (int c = 0; c < PORTION_COUNTERS; c++)
        work->counters[c] += portion->result.counters[c];
    if (work->go_on && !work->go_on(portion->state)) {
        work->stopped = true;
        return 1;
    }
    if (written && !ferror(stdout))
        return 0;
    run->write_failed = true;
    return 1;
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
    report_library_fault(message);
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
    if (run->stopped && *run->stopped)
        return EXIT_OK;
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
    report_library_fault(error.message);
    return ferror(input->stream) ? EXIT_USAGE : EXIT_BAD_LINES;
}

int run_portion_work(portion_work *work)
{
    memset(work->counters, 0, sizeof work->counters);
    work->stopped = false;
    portion_run context = {work, false, false};
    input_work run = {
        work->name,
        work->input,
        work->threads,
        work->progress,
        {&context, tool_portion_new, tool_portion_free, tool_portion_block, tool_portion_deliver},
        &context.write_failed,
        0,
        &work->stopped};
    int status = run_input_work(&run);
    return status == EXIT_OK && context.bad ? EXIT_BAD_LINES : status;
}
