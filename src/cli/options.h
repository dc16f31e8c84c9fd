/* Command-line options shared by the subcommands that evaluate SEE. */
#ifndef SEEBATCH_CLI_OPTIONS_H
#define SEEBATCH_CLI_OPTIONS_H

#include <stdbool.h>

#include "seebatch.h"

enum { EXIT_OK = 0, EXIT_BAD_LINES = 1, EXIT_USAGE = 2, EXIT_RESOURCE_FAILURE = 3 };

/* If argv[*index] is a configuration option (--preset NAME, --values
 * P,N,B,R,Q, --pins, --promotions), applies it to *config, advances *index
 * past its argument and returns true. On a bad argument prints the problem
 * and sets *bad. Options apply in order, so --preset first, then changes. */
bool parse_config_option(int argc, char **argv, int *index, seebatch_config *config, bool *bad);

/* The help text of those options, for every subcommand that takes them. */
extern const char config_options_help[];

/* If argv[*index] is -j N or --threads N (1..256), stores N. */
bool parse_threads_option(int argc, char **argv, int *index, long long *threads, bool *bad);
extern const char threads_option_help[];

/* What every subcommand that reads positions line by line is told. */
typedef struct input_options {
    seebatch_config config; /* classic unless configuration options say else */
    bool configured;        /* some configuration option was given */
    long long threads;      /* 1 unless -j says else */
    const char *path;       /* NULL: standard input */
} input_options;

typedef enum argument_result { ARGUMENT_TAKEN, ARGUMENT_HELP, ARGUMENT_BAD } argument_result;

/* Takes argv[*index] after the subcommand has looked for its own options:
 * -h/--help, a configuration option, -j, or the input path. Anything else is
 * an unknown option, reported here (ARGUMENT_BAD, like a bad value). */
argument_result take_input_argument(const char *subcommand, int argc, char **argv, int *index,
                                    input_options *options);

/* The exit status for an argument that was not taken: for ARGUMENT_HELP
 * prints help (a format with config_options_help and threads_option_help)
 * and gives EXIT_OK; for ARGUMENT_BAD gives EXIT_USAGE. */
int leave_arguments(argument_result result, const char *help);

/* Parses a whole decimal number in [minimum, maximum]: digits, perhaps after
 * a '-', nothing before or after them. */
bool parse_number(const char *text, long long minimum, long long maximum, long long *value);

/* Prints "seebatch SUBCOMMAND: MESSAGE" on stderr and returns EXIT_USAGE. */
int usage_error(const char *subcommand, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

#endif
