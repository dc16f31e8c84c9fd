/* seebatch: the command-line tool. This file only routes to a subcommand. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu_features.h"
#include "options.h"
#include "subcommands.h"
#include "view_exchange.h"

static const char main_help[] =
    "usage: seebatch COMMAND [options] [FILE]\n"
    "\n"
    "Static exchange evaluation (SEE) of chess captures, many at once.\n"
    "\n"
    "Commands:\n"
    "  eval    SEE of every capture (or of given moves) of each FEN line\n"
    "  check   compare every SEE backend and the slow oracle with the reference\n"
    "  gen     print deterministic generated positions (FEN per line)\n"
    "  perft   count the leaf nodes of the legal move tree of a position\n"
    "  filter  drop training entries (binpack, plain) by rule: check, capture, SEE\n"
    "\n"
    "  seebatch COMMAND --help    the options of one command (every option that\n"
    "                             takes a value takes it as --option VALUE or\n"
    "                             --option=VALUE)\n"
    "  seebatch --version         the library version, the SEE backend in use, the\n"
    "                             CPU features found and the view exchange\n"
    "\n"
    "Environment: SEEBATCH_BACKEND=auto|scalar|avx2|avx512 forces a SEE backend\n"
    "(auto, the default, takes the best this CPU runs). SEEBATCH_VIEW_EXCHANGE=\n"
    "auto|pext|portable forces the slider lookups of an engine's views\n"
    "(seebatch_view_rules_init; auto takes pext where this CPU runs it fast).\n"
    "Exit status: 0 success, 1 some input lines were bad (or check found a\n"
    "mismatch), 2 usage error or unreadable input, 3 out of memory or the output\n"
    "could not be written.\n";

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    bool computes_see; /* needs a SEE backend, so SEEBATCH_BACKEND matters */
    bool checks_views; /* prepares views, so SEEBATCH_VIEW_EXCHANGE matters */
} subcommand;

static const subcommand subcommands[] = {
    {"eval", run_eval, true, false},     {"check", run_check, true, true},
    {"gen", run_gen, false, false},      {"perft", run_perft, false, false},
    {"filter", run_filter, true, false},
};

FILE *open_input(const char *name, const char *path)
{
    if (!path || strcmp(path, "-") == 0)
        return stdin;
    FILE *file = fopen(path, "rb");
    if (!file)
        report(name, "cannot open %s: %s", path, strerror(errno));
    return file;
}

int run_over_input(const char *subcommand, const input_options *options, line_processor process,
                   void **worker_states)
{
    FILE *input = open_input(subcommand, options->path);
    if (!input)
        return EXIT_USAGE;
    int status = run_over_stream(subcommand, options, input, process, worker_states);
    if (input != stdin)
        fclose(input);
    return status;
}

int run_over_stream(const char *subcommand, const input_options *options, FILE *input,
                    line_processor process, void **worker_states)
{
    line_job job = {input,
                    stdout,
                    (int)options->threads,
                    process,
                    worker_states,
                    subcommand,
                    options->path && strcmp(options->path, "-") != 0 ? options->path
                                                                     : "standard input"};
    line_job_result result = run_line_job(&job);
    switch (result) {
    case LINES_ALL_GOOD:
        return EXIT_OK;
    case LINES_SOME_BAD:
        return EXIT_BAD_LINES;
    case LINES_UNWRITABLE:
        return EXIT_RESOURCE_FAILURE; /* main names the output */
    default:
        return EXIT_USAGE;
    }
}

static int run_subcommand(const subcommand *command, int argc, char **argv)
{
    seebatch_error error;
    if (command->computes_see && seebatch_backend_init(&error) != SEEBATCH_OK) {
        report(command->name, "SEEBATCH_BACKEND: %s", error.message);
        return EXIT_USAGE;
    }
    seebatch_view_lookup lookup;
    if (command->checks_views && seebatch_view_lookup_here(&lookup, &error) != SEEBATCH_OK) {
        report(command->name, "%s", error.message);
        return EXIT_USAGE;
    }
    int split_argc;
    char **split = split_attached_values(argc, argv, &split_argc);
    if (!split) {
        report(command->name, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    /* Output that could not be written is lost data: say so, and fail,
     * whatever the subcommand thought of its input. */
    int status = finish_output(command->name, stdout, "standard output",
                               command->run(split_argc - 1, split + 1));
    report_hidden_errors(command->name);
    free(split);
    return status;
}

/* Whether the environment variable names a choice other than auto. */
static bool forced_by(const char *variable)
{
    const char *value = getenv(variable);
    return value && *value && strcmp(value, "auto") != 0;
}

/* The CPU as cpuid names it, and the view exchange seebatch_view_rules_init
 * gives here (SEEBATCH_VIEW_EXCHANGE applied) beside the one auto picks. */
static int print_view_exchange(void)
{
    seebatch_cpu cpu = seebatch_cpu_read();
    printf("CPU: %s family %02Xh model %02Xh, pext fast: %s\n",
           *cpu.vendor ? cpu.vendor : "unknown", seebatch_cpu_family(&cpu),
           seebatch_cpu_model(&cpu), seebatch_cpu_fast_pext(&cpu) ? "yes" : "no");
    seebatch_view_lookup chosen, automatic = SEEBATCH_LOOKUP_PORTABLE;
    seebatch_error error;
    if (seebatch_view_lookup_here(&chosen, &error) != SEEBATCH_OK) {
        report(NULL, "%s", error.message);
        return EXIT_USAGE;
    }
    seebatch_view_lookup_choose(&cpu, seebatch_backend_name(), "auto", &automatic, NULL);
    if (forced_by("SEEBATCH_VIEW_EXCHANGE"))
        printf("view exchange: %s (chosen by SEEBATCH_VIEW_EXCHANGE; auto picks %s)\n",
               seebatch_view_lookup_names[chosen], seebatch_view_lookup_names[automatic]);
    else
        printf("view exchange: %s (what auto picks here)\n", seebatch_view_lookup_names[chosen]);
    return EXIT_OK;
}

/* The version, then what a bug report needs: the backend SEE runs on here
 * (SEEBATCH_BACKEND applied), what this CPU offers and what this build of
 * the library can run on it, and the view exchange. */
static int print_version(void)
{
    printf("seebatch %s\n", seebatch_version());
    seebatch_error error;
    if (seebatch_backend_init(&error) != SEEBATCH_OK) {
        report(NULL, "SEEBATCH_BACKEND: %s", error.message);
        return EXIT_USAGE;
    }
    printf("backend: %s (%s)\n", seebatch_backend_name(),
           forced_by("SEEBATCH_BACKEND") ? "chosen by SEEBATCH_BACKEND" : "the best this CPU runs");
    printf("CPU features: AVX2+BMI1+BMI2+POPCNT %s, AVX-512 F+DQ+BW+VL %s\n",
           seebatch_cpu_has_avx2() ? "yes" : "no", seebatch_cpu_has_avx512() ? "yes" : "no");
    const char *names[8];
    size_t count = seebatch_backends_available(names, 8);
    fputs("backends this build runs here:", stdout);
    for (size_t i = 0; i < count && i < 8; i++)
        printf(" %s", names[i]);
    putchar('\n');
    return print_view_exchange();
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(main_help, stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(main_help, stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0)
        return print_version();
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return run_subcommand(&subcommands[i], argc - 1, argv + 1);
    if (argv[1][0] == '-')
        return usage_error(NULL,
                           "options go after the command (seebatch COMMAND %s ...); "
                           "\"%s\" is not a command",
                           argv[1], argv[1]);
    return usage_error(NULL, "unknown command \"%s\"", argv[1]);
}
