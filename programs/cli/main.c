/* seebatch: the command-line tool. This file only routes to a subcommand. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool_only.h"
#include "options.h"
#include "platform.h"
#include "auto_report.h"
#include "seebatch_view.h"
#include "subcommands.h"

static const char main_help[] =
    "usage: seebatch COMMAND [options] [FILE...]\n"
    "\n"
    "Static exchange evaluation (SEE) of chess captures, many at once.\n"
    "\n"
    "Commands:\n"
    "  eval    SEE of every capture (or of given moves) of each FEN line, or of\n"
    "          each training entry's move\n"
    "  check   compare every SEE backend and the slow oracle with the reference;\n"
    "          --see-command PROGRAM or --see-plugin LIB: your engine's own SEE,\n"
    "          its rules found from its answers, every difference explained\n"
    "  gen     print deterministic generated positions (FEN per line)\n"
    "  perft   count the leaf nodes of the legal move tree of a position\n"
    "  filter  drop training entries (binpack, plain, EPD) by rule: check, capture,\n"
    "          SEE, promotion, castling, and nnue-pytorch's loader rules (score,\n"
    "          ply, material, seeded random draws); write the rest, count per rule\n"
    "  stats   what a training file holds: entries, chunks, chains, games,\n"
    "          results, captures, checks, scores and plies by range\n"
    "  convert training data from one format to another: IN... to OUT (.binpack,\n"
    "          .plain, .bin; OUT's name says which, or --output-format)\n"
    "  interleave  binpack files mixed chunk by chunk at random into one, seeded\n"
    "  suite   real captures with their exact SEE under the rules named, for an\n"
    "          engine's own tests (FEN;move;value lines or EPD)\n"
    "  time    ns a call of an engine's SEE plug-in (--see-plugin LIB) beside\n"
    "          seebatch's own view, on the same real captures, in one process\n"
    "          (check and time with an engine's SEE: docs/your-see.md)\n"
    "\n"
    "  seebatch COMMAND --help    the options of one command (every option that\n"
    "                             takes a value takes it as --option VALUE or\n"
    "                             --option=VALUE)\n"
    "  seebatch eval|check|filter --auto-report ...   at the end, what auto\n"
    "                             learned in the job, per kind of call\n"
    "                             (--auto-report-json: as JSON)\n"
    "  seebatch --version         the library version, how the SEE backend is chosen\n"
    "                             (auto's first guess per kind of call, and why),\n"
    "                             the CPU features found and the view exchange\n"
    "\n"
    "Environment:\n"
    "  SEEBATCH_BACKEND=auto|fixed|scalar|avx2|avx512\n"
    "      auto, the default, learns the fastest backend from the calls it\n"
    "      serves; fixed takes its first guess, never learning; a name forces\n"
    "      that backend\n"
    "  SEEBATCH_VIEW_EXCHANGE=auto|pext|portable\n"
    "      forces the slider lookups of an engine's views\n"
    "      (seebatch_view_rules_init; auto takes pext where this CPU runs it\n"
    "      fast)\n"
    "A bad value of either stops every command with exit 2 before it reads\n"
    "(a command's help is still printed, with a warning).\n"
    "Input: eval, check, filter, convert and stats read any number of FILEs in\n"
    "turn (\"-\": standard input); each tells a binpack by its \"BINP\" and plain\n"
    "text by its \"fen \" at the start, whatever the file's name (standard input\n"
    "too), then by the name (.binpack, .plain, .bin, .epd), else read lines; an\n"
    "empty input holds nothing (stats reports zero counts).\n"
    "Exit status: 0 success, 1 some input was bad (or check found a mismatch,\n"
    "or an engine's SEE differs or is no SEE), 2 usage error or unreadable\n"
    "input, 3 out of memory or the output could not be written, 4 the engine's\n"
    "SEE under check or time failed (crashed, hung, answered what is no answer,\n"
    "ended early), named with the question, and no report.\n";

typedef struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    bool computes_see; /* takes --auto-report and --auto-report-json */
} subcommand;

static const subcommand subcommands[] = {
    {"eval", run_eval, true},        {"check", run_check, true},
    {"gen", run_gen, false},         {"perft", run_perft, false},
    {"filter", run_filter, true},    {"stats", run_stats, false},
    {"convert", run_convert, false}, {"interleave", run_interleave, false},
    {"suite", run_suite, false},
    {"time", run_time, false},
};

/* The settings rule (docs/tool.md, "Settings"): every SEEBATCH_* variable
 * the library reads is checked before any command runs, whether or not the
 * command uses it, and a bad value stops the tool with exit 2, naming the
 * variable and its value, before any input is read. Help is read to put a
 * setting right: for it (for_help) the message is a warning, and the caller
 * prints the help. SEEBATCH_PROFILE,
 * the retired profiles' variable, is a warning: it never stops a job. */
static int check_settings(const char *subcommand, bool for_help)
{
    const char *after = for_help ? "; every command but help stops on it (exit 2)" : "";
    int status = EXIT_OK;
    seebatch_error error;
    if (seebatch_backend_init(&error) != SEEBATCH_OK) {
        /* Its message names SEEBATCH_PEXT when that is the one wrong. */
        bool pext = strstr(error.message, "SEEBATCH_PEXT") != NULL;
        report(subcommand, "%s%s%s%s", for_help ? "warning: " : "",
               pext ? "" : "SEEBATCH_BACKEND: ", error.message, after);
        status = EXIT_USAGE;
    }
    const char *profile = getenv("SEEBATCH_PROFILE");
    if (profile && *profile)
        report(subcommand, "warning: SEEBATCH_PROFILE is ignored: seebatch calibrate's profiles "
                           "are retired (auto learns from the calls it serves)");
    if (seebatch_view_init(&error) != SEEBATCH_OK) {
        report(subcommand, "%s%s%s", for_help ? "warning: " : "", error.message, after);
        status = EXIT_USAGE;
    }
    return status;
}

/* Whether the command line asks for the command's help (-h or --help
 * anywhere after the command's name). */
static bool asks_for_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return true;
    return false;
}

static int run_subcommand(const subcommand *command, int argc, char **argv)
{
    bool help = asks_for_help(argc, argv);
    if (check_settings(command->name, help) != EXIT_OK) {
        if (!help)
            return EXIT_USAGE;
        /* The help alone, whatever else was given: nothing runs with a bad
         * setting. */
        char *help_argv[] = {argv[0], "--help", NULL};
        return finish_output(command->name, stdout, "standard output",
                             command->run(1, help_argv + 1));
    }
    auto_report_form auto_report =
        command->computes_see ? take_auto_report_option(&argc, argv) : AUTO_REPORT_NONE;
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
    if (auto_report != AUTO_REPORT_NONE)
        print_auto_report(command->name, auto_report);
    return status;
}

/* The version, then what a bug report needs: the library's account of
 * this machine and its choices here (seebatch_machine_report). */
static int print_version(void)
{
    int settings = check_settings(NULL, false);
    if (settings != EXIT_OK)
        return settings;
    print_output(stdout, "seebatch %s\n", seebatch_version());
    size_t length = seebatch_machine_report(NULL, 0);
    char *text = malloc(length + 1);
    if (!text) {
        report(NULL, "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    seebatch_machine_report(text, length + 1);
    print_output(stdout, "%s", text);
    free(text);
    return EXIT_OK;
}

/* "seebatch help COMMAND": that command's help, as "seebatch COMMAND --help". */
static int command_help(int argc, char **argv)
{
    for (size_t i = 0; argc == 3 && i < sizeof subcommands / sizeof subcommands[0]; i++) {
        if (strcmp(argv[2], subcommands[i].name) == 0) {
            char *help_argv[] = {argv[2], "--help", NULL};
            return run_subcommand(&subcommands[i], 2, help_argv);
        }
    }
    if (argc > 3)
        return usage_error(NULL, "%s takes at most a command's name, not also \"%s\"", argv[1],
                           argv[3]);
    char names[96] = "";
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 subcommands[i].name);
    return usage_error(NULL, "\"%s\" is not a command (the commands: %s)", argv[2], names);
}

int main(int argc, char **argv)
{
    /* Bytes in and out unchanged; a reader that stops early (seebatch eval
     * ... | head) ends the run quietly, as it ends cat's; files, /dev/full
     * and full disks keep the exit-3 rule (finish_output). */
    platform_start_streams();
    if (argc < 2) {
        fputs(main_help, stderr);
        return EXIT_USAGE;
    }
    /* Help and version are output too: a write that fails is exit 3. */
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (argc > 2)
            return command_help(argc, argv);
        print_output(stdout, "%s", main_help);
        return finish_output(NULL, stdout, "standard output", EXIT_OK);
    }
    if (strcmp(argv[1], "--version") == 0) {
        if (argc > 2)
            return usage_error(NULL, "--version takes nothing after it, but was given \"%s\"",
                               argv[2]);
        return finish_output(NULL, stdout, "standard output", print_version());
    }
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
