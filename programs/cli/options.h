/* Command-line options shared by the subcommands that evaluate SEE. */
#ifndef SEEBATCH_CLI_OPTIONS_H
#define SEEBATCH_CLI_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "seebatch_training.h"
#include "tool_only.h"
#include "seebatch.h"

/* SEEBATCH_MAX_MOVES as text, for help texts: the most moves a line may give. */
#define MAX_MOVES_TEXT NUMBER_TEXT(SEEBATCH_MAX_MOVES)
#define NUMBER_TEXT(number) DIGITS_TEXT(number)
#define DIGITS_TEXT(digits) #digits

enum {
    EXIT_OK = 0,
    EXIT_BAD_LINES = 1,
    EXIT_USAGE = 2,
    EXIT_RESOURCE_FAILURE = 3,
    EXIT_ENGINE_FAILED = 4 /* check --see-...: the SEE under test failed */
};

/* If argv[*index] is -j N or --threads N (0..256), stores N; for 0, the
 * cores this process may run on (platform_cores_allowed, at most 256). */
bool parse_threads_option(const char *subcommand, int argc, char **argv, int *index,
                          long long *threads, bool *bad);
extern const char threads_option_help[];
/* The configuration options' help: --preset, --values, --pins, --promotions,
 * --stop-when-ahead. */
extern const char config_options_help[];
/* threads_option_help in two: its -j lines, and the options after them
 * (--max-errors, --progress), for a help that says more under -j. */
extern const char threads_lines_help[], after_threads_help[];

#include "input_messages.h" /* set_error_limit */
#include "progress.h"
#include "report.h" /* report */

/* What every subcommand that reads positions line by line is told. */
typedef struct input_options {
    seebatch_config config; /* classic unless configuration options say else */
    bool configured;        /* some configuration option was given */
    long long threads;      /* 1 unless -j says else */
    /* The inputs in the order given ("-": standard input, at most once);
     * none: standard input. The paths are argv's own, gathered at its
     * start (take_input_argument). */
    char **paths;
    progress_choice progress; /* --progress, --no-progress; auto unless given */
    int path_count;
} input_options;

/* Adds argv[index] to options' paths as take_input_argument does; false
 * (reported) for a second "-". */
bool take_input_path(const char *subcommand, char **argv, int index, input_options *options);

typedef enum argument_result { ARGUMENT_TAKEN, ARGUMENT_HELP, ARGUMENT_BAD } argument_result;

/* The configuration options in text (an option's value such as time's
 * --rules 'OPTIONS'), split at blanks and at "--name=value" (text is cut
 * up), applied to *config in order: true, or false with why in message. */
bool read_config_words(char *text, seebatch_config *config, char *message, size_t size);

/* Takes argv[*index] after the subcommand has looked for its own options:
 * -h/--help, a configuration option, -j, --max-errors, --progress,
 * --no-progress, or an input path (any number; "-" once). Anything else is
 * an unknown option, reported here (ARGUMENT_BAD, like a bad value). The
 * paths are moved to argv's start, over arguments already taken (argv[k]
 * for k <= *index only), so options->paths is argv itself. */
argument_result take_input_argument(const char *subcommand, int argc, char **argv, int *index,
                                    input_options *options);

/* The exit status for an argument that was not taken: for ARGUMENT_HELP
 * prints help (a format with config_options_help and
 * threads_option_help)
 * and gives EXIT_OK; for ARGUMENT_BAD gives EXIT_USAGE. */
int leave_arguments(argument_result result, const char *help);

/* report(), then "(see seebatch SUBCOMMAND --help)"; returns EXIT_USAGE. */
int usage_error(const char *subcommand, const char *format, ...) SEEBATCH_PRINTF_LIKE(2, 3);

/* Ends writing to stream, named name in messages ("standard output" for
 * stdout): flushes it, closes it unless it is stdout, and checks its error
 * flag, so a write that failed at any point is seen, not only one that failed
 * at the close. On a failure reports "cannot write NAME: why; the output is
 * incomplete" and returns EXIT_RESOURCE_FAILURE, whatever status was;
 * otherwise returns status. */
int finish_output(const char *subcommand, FILE *stream, const char *name, int status);

/* Flushes stream and checks its error flag: true when every write to it
 * succeeded, else false with *error the reason (of the first failed write
 * when remember_write_error kept it). */
bool output_stream_sound(FILE *stream, int *error);

/* Keeps errno as the reason of the first failed write, called right where a
 * write is seen to fail: stdio may drop the failed buffer, so a later fflush
 * succeeds with nothing to write and errno would no longer say why. */
void remember_write_error(void);

/* fprintf to an output (standard output, a file), keeping the reason of a
 * write that fails (remember_write_error): stdio drops a buffer whose write
 * failed inside a long print, and without it finish_output could only say
 * "Input/output error" where the system said "No space left on device". */
void print_output(FILE *stream, const char *format, ...) SEEBATCH_PRINTF_LIKE(2, 3);

/* text as a JSON string, quoted, its quotes, backslashes and control bytes
 * escaped, through print_output. */
void print_json_string(FILE *stream, const char *text);

/* A copy of argv in which each "--name=value" is two arguments, "--name" and
 * "value", so every option of every subcommand takes either form. NULL when
 * out of memory; the copy lives until the program ends. */
char **split_attached_values(int argc, char **argv, int *split_argc);

/* Whether argv[index] is a value that was attached to argv[index - 1] with
 * '=' (in an argv made by split_attached_values). */
bool argument_is_attached(char **argv, int index);

/* A numeric option: its name and range, and where the value goes. */
typedef struct number_option {
    const char *name;
    long long minimum, maximum;
    long long *value;
} number_option;

/* Reads "--name VALUE" as a number in the option's range (a bad one
 * reported, *bad set); false if argv[*index] is not this option. */
bool take_number_option(const char *subcommand, int argc, char **argv, int *index,
                        const number_option *option, bool *bad);

/* Whether argv[index], which no option took, may stand as a positional
 * argument (a file, a FEN); if it was attached with '=' to an option that
 * takes no value, says so and returns false. */
bool take_positional(const char *subcommand, char **argv, int index);

#endif
