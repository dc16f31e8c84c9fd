#include "options.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numbers.h"
#include "platform.h"

/* The most threads -j takes, and gives for 0 on a bigger machine. */
enum { MOST_THREADS = 256 };

static _Atomic int first_write_error;

void remember_write_error(void)
{
    int expected = 0;
    atomic_compare_exchange_strong(&first_write_error, &expected, errno ? errno : EIO);
}

bool output_stream_sound(FILE *stream, int *error)
{
    errno = 0;
    bool failed = fflush(stream) != 0 || ferror(stream);
    *error = errno ? errno : first_write_error ? first_write_error : EIO;
    return !failed;
}

void print_output(FILE *stream, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    if (vfprintf(stream, format, args) < 0 || ferror(stream))
        remember_write_error();
    va_end(args);
}

int finish_output(const char *subcommand, FILE *stream, const char *name, int status)
{
    int error;
    bool failed = !output_stream_sound(stream, &error);
    if (stream != stdout && fclose(stream) != 0 && !failed) {
        failed = true;
        error = errno ? errno : EIO;
    }
    if (!failed)
        return status;
    report(subcommand, "cannot write %s: %s; the output is incomplete", name, strerror(error));
    return EXIT_RESOURCE_FAILURE;
}

int usage_error(const char *subcommand, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vreport(subcommand, format, args);
    if (subcommand)
        fprintf(stderr, " (see seebatch %s --help)\n", subcommand);
    else
        fputs(" (see seebatch --help)\n", stderr);
    va_end(args);
    return EXIT_USAGE;
}

/*
 * Every argument is copied into one block, each followed by its NUL and one
 * spare byte, except that "--name=value" becomes "--name" NUL "value": the
 * value starts right after its option's NUL. That adjacency is how
 * argument_is_attached recognises a value given with '=', without a table.
 */
void print_json_string(FILE *stream, const char *text)
{
    print_output(stream, "\"");
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            print_output(stream, "\\%c", *c);
        else if (*c < 0x20)
            print_output(stream, "\\u%04x", *c);
        else
            print_output(stream, "%c", *c);
    }
    print_output(stream, "\"");
}

char **split_attached_values(int argc, char **argv, int *split_argc)
{
    size_t bytes = 0;
    for (int i = 0; i < argc; i++)
        bytes += strlen(argv[i]) + 2;
    char **split = malloc((size_t)(2 * argc + 1) * sizeof *split + bytes);
    if (!split)
        return NULL;
    char *text = (char *)(split + 2 * argc + 1);
    int count = 0;
    for (int i = 0; i < argc; i++) {
        size_t length = strlen(argv[i]);
        memcpy(text, argv[i], length + 1);
        split[count++] = text;
        char *equals = strncmp(text, "--", 2) == 0 ? strchr(text + 2, '=') : NULL;
        if (i > 0 && equals && equals > text + 2) {
            *equals = '\0';
            split[count++] = equals + 1;
        }
        text += length + 2;
    }
    split[count] = NULL;
    *split_argc = count;
    return split;
}

bool argument_is_attached(char **argv, int index)
{
    return index > 0 && argv[index] == argv[index - 1] + strlen(argv[index - 1]) + 1;
}

/* The configuration options' help (seebatch_parse_config_option reads
 * them, and seebatch_training_filter_new among the rule words). */
const char config_options_help[] =
    "  --preset NAME       classic (P100 N325 B325 R500 Q1000, no flags; the default)\n"
    "                      or stockfish (P208 N781 B825 R1276 Q2538, pins on, en\n"
    "                      passant, promotions and castling scored 0)\n"
    "  --values P,N,B,R,Q  piece values, each 0..4000000 (after --preset)\n"
    "  --pins              Stockfish's pin rule: pinned pieces do not recapture\n"
    "  --promotions[=none|move|all]\n"
    "                      pawns that promote in the exchange: all (the bare option)\n"
    "                      every pawn reaching its last rank, the move to the piece\n"
    "                      it names, later ones to queens; move: the move's own\n"
    "                      promotion only; none: no pawn (the default)\n"
    "  --stop-when-ahead   end the exchange once the side that has just captured is\n"
    "                      ahead by more than the piece it put on the square, as\n"
    "                      the swap lists of Crafty and Berserk do\n"
    "  --normal-moves-only en passant, promotions and castling scored 0, as\n"
    "                      Stockfish scores only normal moves (--preset stockfish\n"
    "                      sets it)\n";

/* With the threads option, the limit of bad-line messages and the progress
 * options: they come with every subcommand that reads input. */
#define THREADS_LINES_HELP                                                                         \
    "  -j, --threads N     work on N threads (1..256, default 1; 0: one a core\n"                  \
    "                      this process may run on); output stays in input order\n"
#define AFTER_THREADS_HELP                                                                         \
    "  --max-errors N      print at most N messages about bad input lines (default\n"              \
    "                      20, 0: all), then how many were not printed\n" PROGRESS_OPTIONS_HELP
const char threads_option_help[] = THREADS_LINES_HELP AFTER_THREADS_HELP;
const char threads_lines_help[] = THREADS_LINES_HELP;
const char after_threads_help[] = AFTER_THREADS_HELP;

/* --max-errors N (0..2^62). */
static bool parse_max_errors_option(const char *subcommand, int argc, char **argv, int *index,
                                    bool *bad)
{
    if (strcmp(argv[*index], "--max-errors") != 0)
        return false;
    const char *argument = *index + 1 < argc ? argv[++*index] : NULL;
    long long limit;
    if (!read_whole_number(argument, 0, 1ll << 62, &limit)) {
        char message[160];
        whole_number_message(message, sizeof message, "--max-errors", 0, 1ll << 62, argument);
        report(subcommand, "%s", message);
        *bad = true;
        return true;
    }
    set_error_limit((unsigned long long)limit);
    return true;
}

bool parse_threads_option(const char *subcommand, int argc, char **argv, int *index,
                          long long *threads, bool *bad)
{
    const char *option = argv[*index];
    const char *argument;
    /* GNU getopt reads -j=2 as -j with "=2"; say what it takes instead. */
    if (strncmp(option, "-j=", 3) == 0) {
        const char *number = option[3] ? option + 3 : "N";
        report(subcommand,
               "%s: -j takes its number as -j%s or -j %s (or --threads=%s), not after '='", option,
               number, number, number);
        *bad = true;
        return true;
    }
    if (strncmp(option, "-j", 2) == 0 && option[2] != '\0')
        argument = option + 2; /* -j2 */
    else if (strcmp(option, "-j") == 0 || strcmp(option, "--threads") == 0)
        argument = *index + 1 < argc ? argv[++*index] : NULL;
    else
        return false;
    if (!read_whole_number(argument, 0, MOST_THREADS, threads)) {
        char message[160];
        whole_number_message(message, sizeof message, option, 0, MOST_THREADS, argument);
        report(subcommand, "%s", message);
        *bad = true;
    } else if (*threads == 0) {
        int cores = platform_cores_allowed();
        *threads = cores < MOST_THREADS ? cores : MOST_THREADS;
    }
    return true;
}

bool take_number_option(const char *subcommand, int argc, char **argv, int *index,
                        const number_option *option, bool *bad)
{
    if (strcmp(argv[*index], option->name) != 0)
        return false;
    const char *argument = *index + 1 < argc ? argv[++*index] : NULL;
    if (!read_whole_number(argument, option->minimum, option->maximum, option->value)) {
        char message[160];
        whole_number_message(message, sizeof message, option->name, option->minimum,
                             option->maximum, argument);
        report(subcommand, "%s", message);
        *bad = true;
    }
    return true;
}

bool take_positional(const char *subcommand, char **argv, int index)
{
    if (!argument_is_attached(argv, index))
        return true;
    usage_error(subcommand, "%s takes no value, but was given \"%s\"", argv[index - 1],
                argv[index]);
    return false;
}

bool take_input_path(const char *subcommand, char **argv, int index, input_options *options)
{
    bool standard = strcmp(argv[index], "-") == 0;
    for (int k = 0; standard && k < options->path_count; k++)
        if (strcmp(options->paths[k], "-") == 0) {
            usage_error(subcommand, "standard input (\"-\") is given twice: it can be read once");
            return false;
        }
    /* argv[path_count] was taken already (path_count <= index): reused. */
    options->paths = argv;
    argv[options->path_count++] = argv[index];
    return true;
}

/* argument_is_attached, as the library's option readers ask it. */
static int attached_value(char **argv, int index) { return argument_is_attached(argv, index); }

bool read_config_words(char *text, seebatch_config *config, char *message, size_t size)
{
    char *given[65] = {"--rules"};
    int count = 1;
    for (char *w = strtok(text, " \t"); w && count < 65; w = strtok(NULL, " \t"))
        given[count++] = w;
    /* "--name=value" as two words, as on the command line (argv[0] is never split). */
    char **split = split_attached_values(count, given, &count);
    if (!split) {
        snprintf(message, size, "out of memory");
        return false;
    }
    bool sound = true;
    for (int k = 1; k < count && sound; k++) {
        const seebatch_option_words taken = {count, split, &k, attached_value};
        seebatch_option_parse parse = seebatch_parse_config_option(&taken, config, message, size);
        if (parse == SEEBATCH_OPTION_NOT_MINE)
            snprintf(message, size, "not a configuration option: \"%s\"", split[k]);
        sound = parse != SEEBATCH_OPTION_NOT_MINE && parse != SEEBATCH_OPTION_BAD;
    }
    free(split);
    return sound;
}

argument_result take_input_argument(const char *subcommand, int argc, char **argv, int *index,
                                    input_options *options)
{
    const char *argument = argv[*index];
    if (strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0)
        return ARGUMENT_HELP;
    bool bad = false;
    char message[SEEBATCH_MESSAGE_SIZE];
    const seebatch_option_words words = {argc, argv, index, attached_value};
    seebatch_option_parse config =
        seebatch_parse_config_option(&words, &options->config, message, sizeof message);
    if (config != SEEBATCH_OPTION_NOT_MINE) {
        options->configured = true;
        if (config == SEEBATCH_OPTION_BAD) {
            report(subcommand, "%s", message);
            bad = true;
        }
    } else if (!parse_threads_option(subcommand, argc, argv, index, &options->threads, &bad) &&
               !parse_max_errors_option(subcommand, argc, argv, index, &bad) &&
               !parse_progress_option(argument, &options->progress)) {
        if (argument[0] == '-' && argument[1] != '\0') {
            usage_error(subcommand, "unknown option \"%s\"", argument);
            return ARGUMENT_BAD;
        }
        if (!take_positional(subcommand, argv, *index))
            return ARGUMENT_BAD;
        if (!take_input_path(subcommand, argv, *index, options))
            return ARGUMENT_BAD;
    }
    return bad ? ARGUMENT_BAD : ARGUMENT_TAKEN;
}

int leave_arguments(argument_result result, const char *help)
{
    if (result != ARGUMENT_HELP)
        return EXIT_USAGE;
    print_output(stdout, help, config_options_help, threads_option_help);
    return EXIT_OK;
}
