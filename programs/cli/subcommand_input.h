/* What the subcommands that read an input share: opening it, its progress,
 * and the run over its lines (subcommand_input.c). */
#ifndef SEEBATCH_SUBCOMMAND_INPUT_H
#define SEEBATCH_SUBCOMMAND_INPUT_H

#include "input_source.h"
#include "options.h"
#include "parallel_lines.h"

/* What a subcommand does with each line: process, on one worker state per
 * thread, and finish_chunk (or NULL) after each chunk's lines. */
typedef struct line_work {
    line_processor process;
    chunk_finisher finish_chunk;
    void **worker_states;
} line_work;

/* Runs work over the lines of input on options->threads threads,
 * writing to standard output, counting in progress. Returns EXIT_OK,
 * EXIT_BAD_LINES, EXIT_USAGE when the input cannot be read, or
 * EXIT_RESOURCE_FAILURE when standard output failed (not reported: main
 * reports it when it closes standard output). */
int run_over_lines(const char *subcommand, const input_options *options, const input_source *input,
                   const line_work *work, progress_meter *progress);

/* Starts the progress of the run over input (progress.h), counted in
 * lines or entries as its format says; ended by progress_end. */
void start_input_progress(progress_meter *meter, const char *subcommand,
                          const input_options *options, const input_source *input);

/* Opens the input options->path names (input_source.h, given: the format
 * an option gave, DATA_UNKNOWN to look) and starts the messages about it
 * (input_messages.h). EXIT_OK or the failure's exit status (reported). */
int open_subcommand_input(const char *subcommand, const input_options *options, data_format given,
                          input_source *input);

#endif
