/*
 * The tool's runs over an input, on the library's one runner
 * (seebatch_training_run, seebatch_training.h), which reads it, starts the
 * threads and keeps the order: a subcommand's function is given each line
 * (eval, check, filter's EPD lines) or each block of training entries (eval,
 * check) on the runner's workers, the text it makes is written to standard
 * output in input order and its counters are summed. Bad lines and bad
 * plain blocks are reported in the tool's words (input_messages.h) and
 * passed over; a fault that ends the input (a binpack or .bin that does
 * not decode) is reported after every entry before it is done.
 */
#ifndef SEEBATCH_CLI_PORTION_WORK_H
#define SEEBATCH_CLI_PORTION_WORK_H

#include <stdbool.h>
#include <stdint.h>

#include "input_source.h"
#include "position_words.h" /* line */
#include "progress.h"
#include "seebatch_training.h"
#include "text_buffer.h"

enum { PORTION_COUNTERS = 32 };

/* What a subcommand makes of a portion of its input: text, written in input
 * order (for entries, with number marks relative to the portion's first
 * entry, text_buffer_append_number_mark), and counts, summed. */
typedef struct portion_result {
    text_buffer text;
    uint64_t counters[PORTION_COUNTERS];
} portion_result;

/* A line neither blank nor too long: false for a bad line, after writing
 * "line N: why\n" to errors. state is the portion's (state_new's). */
typedef bool (*line_processor)(const line *input, void *state, text_buffer *out,
                               text_buffer *errors);

/* Entries [first, first + count) of a portion (first from 0 within it:
 * text_buffer_append_number_mark(first + i) numbers entry i). shared is the
 * work's, shared by every thread: read it only. */
typedef void (*entries_consumer)(const seebatch_training_entry *entries, size_t count,
                                 uint64_t first, const void *shared, portion_result *result);

typedef struct portion_work {
    const char *name; /* the subcommand, for messages */
    const input_source *input;
    int threads;
    progress_meter *progress; /* counts the lines or entries done; NULL for none */
    const void *shared;       /* the subcommand's, read only */
    /* Lines: process each, then finish (when not NULL) after a portion's
     * last, for a processor that holds output back; their state, one a
     * portion, made by state_new (NULL: none) and freed by state_free, its
     * counts taken into the counters by collect (NULL: none) as the portion
     * is written. */
    line_processor process;
    /* Told of each line longer than SEEBATCH_LINE_MAX after it is reported
     * (NULL: not told), for a processor whose next line depends on the
     * lines before it (a game's tags). */
    void (*too_long)(void *state, uint64_t number);
    void (*finish)(void *state, text_buffer *out);
    void *(*state_new)(const void *shared);
    void (*state_free)(void *state);
    void (*collect)(void *state, uint64_t *counters);
    /* Training data: consume each block of entries; with numbered, the
     * text's number marks are written as entry numbers from 1. Or, for a
     * work that keeps its portions' entries in their state (state_new),
     * consume_into instead. */
    entries_consumer consume;
    void (*consume_into)(const seebatch_training_entry *entries, size_t count, void *state);
    bool numbered;
    /* When not NULL, on this thread after a portion's collect: false ends
     * the run there, stopped set (the work says why). */
    bool (*go_on)(void *state);
    bool stopped;
    /* Out: the counters of every portion written, summed. */
    uint64_t counters[PORTION_COUNTERS];
} portion_work;

/* Runs the work over its input: EXIT_OK, EXIT_BAD_LINES (bad input,
 * reported), EXIT_USAGE (the input could not be read, reported),
 * EXIT_RESOURCE_FAILURE (no memory, reported; or the output failed: not
 * reported, whoever closes the output names it). */
int run_portion_work(portion_work *work);

/* A work of the library's (stats runs seebatch_count_work) or of a
 * subcommand (filter's EPD lines) on an input, run as run_portion_work runs
 * the tool's. */
typedef struct input_work {
    const char *name; /* the subcommand, for messages */
    const input_source *input;
    int threads;
    progress_meter *progress; /* NULL for none */
    seebatch_work work;
    /* Set by the work's deliver when it ends the run on a failed write of
     * its own (not reported: whoever closes the output names it). */
    const bool *write_failed;
    uint64_t chunks; /* out: binpack chunks delivered */
    /* When not NULL: set by the work's deliver when it ended the run for a
     * reason of its own, which it reports (the run's status is EXIT_OK). */
    const bool *stopped;
} input_work;

/* Runs it: the same exit statuses as run_portion_work; a plain block passed
 * over makes it EXIT_BAD_LINES. */
int run_input_work(input_work *run);

#endif
