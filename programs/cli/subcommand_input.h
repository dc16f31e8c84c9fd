/* What the subcommands that read an input share: opening it, its
 * progress, its messages (subcommand_input.c). */
#ifndef SEEBATCH_SUBCOMMAND_INPUT_H
#define SEEBATCH_SUBCOMMAND_INPUT_H

#include "input_source.h"
#include "options.h"
#include "progress.h"

/* The inputs of a run, read in turn as one stream. */
typedef struct input_set {
    input_source *sources;
    int count;
} input_set;

/* Opens every input options->paths names (standard input when none; given:
 * the format an option gave, SEEBATCH_FILE_UNKNOWN to look), in two steps: first
 * each is opened and refused, before a byte of any is read, when it is
 * standard output's file or output_path's (NULL: no output file; "-":
 * standard output); then each one's format is found (input_source.h).
 * EXIT_OK, or the failure's exit status (reported, nothing left open). */
int open_subcommand_inputs(const char *subcommand, const input_options *options,
                           seebatch_file_format given, const char *output_path, input_set *inputs);

/* Starts one progress over every input (progress.h): counted in lines,
 * entries, or positions where both kinds are read; the share done where
 * every input is a regular file. Each input then starts with
 * progress_input; progress_end ends the run's. */
void start_job_progress(progress_meter *meter, const char *subcommand, const input_options *options,
                        const input_set *inputs);

/* Closes every input still open and frees the set. */
void close_inputs(input_set *inputs);

/* Starts the messages about input (input_messages.h): from now on they
 * name it, and its lines and entries count from 1. */
void start_input_messages(const char *subcommand, const input_source *input);

/* Whether the run goes on to the next input after inputs->sources[i] ended
 * with status: after success, or bad lines or plain blocks skipped; not
 * after a fault that ends a binpack or a .bin (the run ends there, as
 * inside one file: the inputs after it, not read, are named), nor after a
 * failure. */
bool run_goes_on(const char *subcommand, const input_set *inputs, int i, int status);

/* The status of a run of several inputs: the worst of two (higher is worse). */
static inline int worse_status(int a, int b) { return a > b ? a : b; }

/* The inputs' formats: the one they share, or SEEBATCH_FILE_UNKNOWN when they differ. */
seebatch_file_format shared_format(const input_set *inputs);

/* "a: binpack, b: plain, ..." for a message about differing formats. */
void describe_formats(const input_set *inputs, char *text, size_t size);

#endif
