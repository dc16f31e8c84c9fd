/* seebatch: the command-line tool. This file only routes to a subcommand. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "options.h"
#include "subcommands.h"

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
    "  seebatch COMMAND --help    the options of one command\n"
    "  seebatch --version         the library version\n"
    "\n"
    "Environment: SEEBATCH_BACKEND=auto|scalar|avx2 forces a SEE backend.\n"
    "Exit status: 0 success, 1 some input lines were bad (or check found a\n"
    "mismatch), 2 usage error or unreadable input, 3 out of memory or the output\n"
    "could not be written.\n";

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
} subcommand;

static const subcommand subcommands[] = {
    {"eval", run_eval},
    {"check", run_check},
    {"gen", run_gen},
    {"perft", run_perft},
    {"filter", run_filter},
};

FILE *open_input(const char *name, const char *path)
{
    if (!path || strcmp(path, "-") == 0)
        return stdin;
    FILE *file = fopen(path, "rb");
    if (!file)
        fprintf(stderr, "seebatch %s: cannot open %s: %s\n", name, path, strerror(errno));
    return file;
}

int run_over_input(const char *subcommand, const input_options *options, line_processor process,
                   void **worker_states)
{
    FILE *input = open_input(subcommand, options->path);
    if (!input)
        return EXIT_USAGE;
    line_job job = {input, stdout, (int)options->threads, process, worker_states, subcommand};
    line_job_result result = run_line_job(&job);
    if (input != stdin)
        fclose(input);
    return result == LINES_ALL_GOOD ? EXIT_OK : result == LINES_SOME_BAD ? EXIT_BAD_LINES : EXIT_USAGE;
}

/* Output that could not be written is lost data: say so, and fail, whatever
 * the subcommand thought of its input. */
static int finish_output(int status)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return status;
    fprintf(stderr, "seebatch: cannot write the output: %s\n", strerror(errno ? errno : EIO));
    return EXIT_RESOURCE_FAILURE;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(main_help, stderr);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "help") == 0) {
        fputs(main_help, stdout);
        return EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("seebatch %s\n", seebatch_version());
        return EXIT_OK;
    }
    seebatch_error error;
    if (seebatch_backend_init(&error) != SEEBATCH_OK) {
        fprintf(stderr, "seebatch: SEEBATCH_BACKEND: %s\n", error.message);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return finish_output(subcommands[i].run(argc - 2, argv + 2));
    fprintf(stderr, "seebatch: unknown command \"%s\" (see seebatch --help)\n", argv[1]);
    return EXIT_USAGE;
}
