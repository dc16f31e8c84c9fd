/* The tool's subcommands; each takes the arguments after its name. */
#ifndef SEEBATCH_SUBCOMMANDS_H
#define SEEBATCH_SUBCOMMANDS_H

#include <stdio.h>

int run_eval(int argc, char **argv);
int run_check(int argc, char **argv);
int run_gen(int argc, char **argv);
int run_perft(int argc, char **argv);
int run_filter(int argc, char **argv);

#include "options.h"
#include "parallel_lines.h"

/* Runs process over the input options->path names on options->threads
 * threads, one worker state each, writing to standard output. Returns
 * EXIT_OK, EXIT_BAD_LINES, EXIT_USAGE when the input cannot be opened or
 * read, or EXIT_RESOURCE_FAILURE when standard output failed (not reported:
 * main reports it when it closes standard output). */
int run_over_input(const char *subcommand, const input_options *options, line_processor process,
                   void **worker_states);

/* The same over an input already open (options->path names it in messages). */
int run_over_stream(const char *subcommand, const input_options *options, FILE *input,
                    line_processor process, void **worker_states);

/* Opens path for reading ("-" or NULL: standard input); on failure prints
 * why, naming the subcommand, and returns NULL. */
FILE *open_input(const char *subcommand, const char *path);

#endif
