/* seebatch convert IN... OUT: training data from one format to another, as
 * Stockfish's tools name it. It is `seebatch filter IN... --output OUT` with
 * no rule (one code path: the same readers, writers and output safety), with
 * the output's format said by its name or --output-format. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seebatch_training.h"
#include "tool_only.h"
#include "options.h"
#include "subcommands.h"

static const char convert_help[] =
    "usage: seebatch convert [options] IN... OUT\n"
    "\n"
    "Writes the training entries of each IN in turn (\"-\": standard input, once)\n"
    "to OUT in the format OUT's name says: .binpack, .plain or .bin (Stockfish's\n"
    "formats); OUT \"-\" is standard output, its format given by --output-format.\n"
    "Each IN's format is told as every command tells it (\"BINP\" or \"fen \" at\n"
    "its start, else its name); inputs of different formats are allowed.\n"
    "As filter does: OUT is written to a temporary file beside it, renamed over\n"
    "it when the run succeeds, so a run that fails (bad input too) or is\n"
    "interrupted leaves OUT as it was, or makes none where there was none; OUT\n"
    "the same file as an IN is refused. Bad input as filter's: a binpack that\n"
    "does not decode (truncated, corrupt) ends the run (exit 1), a bad plain\n"
    "block is reported and skipped (exit 1); OUT \"-\" has the entries before\n"
    "the fault.\n"
    "\n"
    "  --output-format F           binpack, plain or bin: OUT's format whatever\n"
    "                              its name (needed for \"-\")\n"
    "  --progress, --no-progress   as filter's\n"
    "  -j, --threads N             as filter's\n"
    "\n"
    "Exit status as filter's: 0 success, 1 some input was bad, 2 usage (or a\n"
    "file that cannot be opened), 3 a write failed or memory ran out.\n";

/* Whether argv[*index] is an option convert hands to filter as it is: adds
 * it (and its value) to passed. */
static bool pass_option(int argc, char **argv, int *index, char **passed, int *count)
{
    const char *a = argv[*index];
    bool valued =
        strcmp(a, "-j") == 0 || strcmp(a, "--threads") == 0 || strcmp(a, "--output-format") == 0;
    if (!valued && strncmp(a, "-j", 2) != 0 && strcmp(a, "--progress") != 0 &&
        strcmp(a, "--no-progress") != 0)
        return false;
    passed[(*count)++] = argv[*index];
    if (valued && *index + 1 < argc)
        passed[(*count)++] = argv[++*index];
    return true;
}

/* The arguments of filter for convert's: the options and the inputs, then
 * "--output OUT". EXIT_OK (*help set for --help), or a usage error
 * (reported). */
static int convert_arguments(int argc, char **argv, char **passed, int *count, bool *help)
{
    char *out = NULL; /* the last file so far: an IN once another follows */
    bool format_given = false;
    int files = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            *help = true;
            return EXIT_OK;
        }
        format_given |= strcmp(a, "--output-format") == 0;
        if (pass_option(argc, argv, &i, passed, count))
            continue;
        if (a[0] == '-' && a[1] != '\0')
            return usage_error("convert", "unknown option \"%s\"", a);
        if (!take_positional("convert", argv, i))
            return EXIT_USAGE;
        if (out)
            passed[(*count)++] = out;
        out = argv[i];
        files++;
    }
    if (files < 2)
        return usage_error("convert", "%s",
                           files ? "no OUT: convert takes IN... and OUT"
                                 : "no files: convert takes IN... and OUT");
    seebatch_file_format named = seebatch_file_format_of_path(out);
    if (!format_given && strcmp(out, "-") == 0)
        return usage_error("convert", "OUT is standard output (\"-\"), which has no name to "
                                      "say a format: give --output-format");
    if (!format_given && named != SEEBATCH_FILE_BINPACK && named != SEEBATCH_FILE_PLAIN &&
        named != SEEBATCH_FILE_BIN)
        return usage_error("convert",
                           "%s: its name says no training format (.binpack, .plain or .bin); "
                           "give --output-format",
                           out);
    passed[(*count)++] = "--output";
    passed[(*count)++] = out;
    return EXIT_OK;
}

int run_convert(int argc, char **argv)
{
    /* filter's arguments: at most convert's and "--output". */
    char **passed = malloc((size_t)(argc + 2) * sizeof *passed);
    if (!passed) {
        report("convert", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    int count = 0;
    bool help = false;
    int status = convert_arguments(argc, argv, passed, &count, &help);
    if (help) {
        print_output(stdout, "%s", convert_help);
    } else if (status == EXIT_OK) {
        passed[count] = NULL;
        status = run_filter_as("convert", count, passed);
    }
    free(passed);
    return status;
}
