#include "options.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char config_options_help[] =
    "  --preset NAME       classic (P100 N325 B325 R500 Q1000, no flags; the default)\n"
    "                      or stockfish (P208 N781 B825 R1276 Q2538, pins on, en passant,\n"
    "                      promotions and castling scored 0)\n"
    "  --values P,N,B,R,Q  piece values, each 0..4000000 (after --preset)\n"
    "  --pins              Stockfish's pin rule: pinned pieces do not recapture\n"
    "  --promotions[=none|move|all]\n"
    "                      pawns that promote in the exchange: all (the bare option)\n"
    "                      every pawn reaching its last rank, the move to the piece\n"
    "                      it names, later ones to queens; move: the move's own\n"
    "                      promotion only; none: no pawn (the default)\n"
    "  --stop-when-ahead   end the exchange once the side that has just captured is\n"
    "                      ahead by more than the piece it put on the square, as\n"
    "                      the swap lists of Crafty and Berserk do\n";

static void vreport(const char *subcommand, const char *format, va_list args)
{
    if (subcommand)
        fprintf(stderr, "seebatch %s: ", subcommand);
    else
        fputs("seebatch: ", stderr);
    vfprintf(stderr, format, args);
}

void report(const char *subcommand, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vreport(subcommand, format, args);
    fputc('\n', stderr);
    va_end(args);
}

static _Atomic int first_write_error;

void remember_write_error(void)
{
    int expected = 0;
    atomic_compare_exchange_strong(&first_write_error, &expected, errno ? errno : EIO);
}

int finish_output(const char *subcommand, FILE *stream, const char *name, int status)
{
    errno = 0;
    bool failed = fflush(stream) != 0 || ferror(stream);
    int error = errno ? errno : first_write_error ? first_write_error : EIO;
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

bool parse_number(const char *text, long long minimum, long long maximum, long long *value)
{
    /* strtoll alone would also take leading white space and a '+'. */
    if (!text ||
        !(isdigit((unsigned char)text[0]) || (text[0] == '-' && isdigit((unsigned char)text[1]))))
        return false;
    char *end;
    errno = 0;
    long long parsed = strtoll(text, &end, 10);
    if (errno || *end || parsed < minimum || parsed > maximum)
        return false;
    *value = parsed;
    return true;
}

/* "P,N,B,R,Q": exactly five whole numbers separated by commas. */
static bool parse_values(const char *text, seebatch_config *config)
{
    for (int piece = 0; piece < 5; piece++) {
        char *end;
        if (!isdigit((unsigned char)*text))
            return false;
        errno = 0;
        long long value = strtoll(text, &end, 10);
        if (errno || value > SEEBATCH_VALUE_MAX || *end != (piece < 4 ? ',' : '\0'))
            return false;
        config->values[piece] = (int32_t)value;
        text = end + 1;
    }
    return true;
}

/* --promotions[=none|move|all]: the promotion rule (contract rule 6), one of
 * three; it replaces the one set before. */
static bool set_promotions(const char *setting, seebatch_config *config)
{
    uint32_t rule;
    if (strcmp(setting, "all") == 0)
        rule = SEEBATCH_PROMOTIONS;
    else if (strcmp(setting, "move") == 0)
        rule = SEEBATCH_MOVE_PROMOTION_ONLY;
    else if (strcmp(setting, "none") == 0)
        rule = 0;
    else
        return false;
    config->flags &= ~(uint32_t)(SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY);
    config->flags |= rule;
    return true;
}

/* The setting of --promotions, which takes a value only with '=': attached
 * by split_attached_values (the tool), or still in its own argument (the
 * training library's Filter, whose arguments are not split). Bare, "all". */
static const char *promotions_setting(int argc, char **argv, int *index)
{
    const char *option = argv[*index];
    if (option[strlen("--promotions")] == '=')
        return option + strlen("--promotions=");
    if (*index + 1 < argc && argument_is_attached(argv, *index + 1))
        return argv[++*index];
    return "all";
}

bool parse_config_option(const char *subcommand, int argc, char **argv, int *index,
                         seebatch_config *config, bool *bad)
{
    const char *option = argv[*index];
    const char *argument = *index + 1 < argc ? argv[*index + 1] : NULL;
    if (strcmp(option, "--pins") == 0) {
        config->flags |= SEEBATCH_PINS;
    } else if (strcmp(option, "--stop-when-ahead") == 0) {
        config->flags |= SEEBATCH_STOP_WHEN_AHEAD;
    } else if (strcmp(option, "--promotions") == 0 || strncmp(option, "--promotions=", 13) == 0) {
        const char *setting = promotions_setting(argc, argv, index);
        if (!set_promotions(setting, config)) {
            report(subcommand, "--promotions takes none, move or all, not \"%s\"", setting);
            *bad = true;
        }
    } else if (strcmp(option, "--preset") == 0) {
        seebatch_error error;
        if (!argument || seebatch_config_preset(argument, config, &error) != SEEBATCH_OK) {
            report(subcommand, "--preset needs classic or stockfish, not \"%s\"",
                   argument ? argument : "");
            *bad = true;
        }
        ++*index;
    } else if (strcmp(option, "--values") == 0) {
        if (!argument || !parse_values(argument, config)) {
            report(subcommand, "--values needs five numbers 0..%d as P,N,B,R,Q, not \"%s\"",
                   SEEBATCH_VALUE_MAX, argument ? argument : "");
            *bad = true;
        }
        ++*index;
    } else {
        return false;
    }
    return true;
}

/* With the threads option, the limit of bad-line messages: both come with
 * every subcommand that reads input. */
const char threads_option_help[] =
    "  -j, --threads N     work on N threads (1..256, default 1); output stays in\n"
    "                      input order\n"
    "  --max-errors N      print at most N messages about bad input lines (default\n"
    "                      20, 0: all), then how many were not printed\n";

static unsigned long long error_limit = DEFAULT_MAX_ERRORS, errors_shown, errors_hidden;

void set_error_limit(unsigned long long limit) { error_limit = limit; }

void write_error_lines(const char *text, size_t length)
{
    while (length) {
        const char *newline = memchr(text, '\n', length);
        size_t line_length = newline ? (size_t)(newline - text) + 1 : length;
        if (error_limit == 0 || errors_shown < error_limit) {
            fwrite(text, 1, line_length, stderr);
            errors_shown++;
        } else {
            errors_hidden++;
        }
        text += line_length;
        length -= line_length;
    }
}

void report_hidden_errors(const char *subcommand)
{
    if (errors_hidden)
        report(subcommand, "%llu more error message%s not shown (--max-errors N shows N, 0 all)",
               errors_hidden, errors_hidden == 1 ? "" : "s");
}

/* --max-errors N (0..2^62). */
static bool parse_max_errors_option(const char *subcommand, int argc, char **argv, int *index,
                                    bool *bad)
{
    if (strcmp(argv[*index], "--max-errors") != 0)
        return false;
    const char *argument = *index + 1 < argc ? argv[++*index] : NULL;
    long long limit;
    if (!parse_number(argument, 0, 1ll << 62, &limit)) {
        report(subcommand, "--max-errors needs a whole number 0..%lld, not \"%s\"", 1ll << 62,
               argument ? argument : "");
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
    if (strncmp(option, "-j", 2) == 0 && option[2] != '\0')
        argument = option + 2; /* -j2 */
    else if (strcmp(option, "-j") == 0 || strcmp(option, "--threads") == 0)
        argument = *index + 1 < argc ? argv[++*index] : NULL;
    else
        return false;
    if (!parse_number(argument, 1, 256, threads)) {
        report(subcommand, "%s needs a whole number 1..256, not \"%s\"", option,
               argument ? argument : "");
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

argument_result take_input_argument(const char *subcommand, int argc, char **argv, int *index,
                                    input_options *options)
{
    const char *argument = argv[*index];
    if (strcmp(argument, "-h") == 0 || strcmp(argument, "--help") == 0)
        return ARGUMENT_HELP;
    bool bad = false;
    if (parse_config_option(subcommand, argc, argv, index, &options->config, &bad)) {
        options->configured = true;
    } else if (!parse_threads_option(subcommand, argc, argv, index, &options->threads, &bad) &&
               !parse_max_errors_option(subcommand, argc, argv, index, &bad)) {
        if (argument[0] == '-' && argument[1] != '\0') {
            usage_error(subcommand, "unknown option \"%s\"", argument);
            return ARGUMENT_BAD;
        }
        if (!take_positional(subcommand, argv, *index))
            return ARGUMENT_BAD;
        if (options->path) {
            usage_error(subcommand, "more than one input file");
            return ARGUMENT_BAD;
        }
        options->path = argument;
    }
    return bad ? ARGUMENT_BAD : ARGUMENT_TAKEN;
}

int leave_arguments(argument_result result, const char *help)
{
    if (result != ARGUMENT_HELP)
        return EXIT_USAGE;
    printf(help, config_options_help, threads_option_help);
    return EXIT_OK;
}
