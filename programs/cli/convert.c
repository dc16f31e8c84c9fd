/* seebatch convert IN OUT: training data from one format to another, as
 * Stockfish's tools name it. It is `seebatch filter IN --output OUT` with no
 * rule (one code path: the same readers, writers and output safety), with
 * the output's format said by its name. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tool_only.h"
#include "options.h"
#include "subcommands.h"

static const char convert_help[] =
    "usage: seebatch convert [options] IN OUT\n"
    "\n"
    "Writes the training entries of IN to OUT in the format OUT's name says:\n"
    ".binpack, .plain or .bin (Stockfish's formats). IN's format is told as\n"
    "every command tells it (\"BINP\" or \"fen \" at its start, else its name).\n"
    "As filter does: OUT is written to a temporary file beside it, renamed over\n"
    "it at the end, so a run that cannot write or is interrupted leaves OUT as it\n"
    "was; OUT the same file as IN is refused. Bad input as filter's: a binpack\n"
    "that does not decode (truncated, corrupt) ends the run, the entries before\n"
    "the fault written to OUT (exit 1); a bad plain block is reported and skipped.\n"
    "\n"
    "  --progress, --no-progress   as filter's\n"
    "  -j, --threads N             as filter's\n"
    "\n"
    "Exit status as filter's: 0 success, 1 some input was bad, 2 usage (or a\n"
    "file that cannot be opened), 3 a write failed or memory ran out.\n";

enum { MOST_ARGUMENTS = 8 };

int run_convert(int argc, char **argv)
{
    const char *paths[2] = {NULL, NULL};
    char *passed[MOST_ARGUMENTS];
    int count = 0, found = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(convert_help, stdout);
            return EXIT_OK;
        }
        bool threads = strcmp(a, "-j") == 0 || strcmp(a, "--threads") == 0;
        if (threads || strncmp(a, "-j", 2) == 0 || strcmp(a, "--progress") == 0 ||
            strcmp(a, "--no-progress") == 0) {
            if (count + 2 > MOST_ARGUMENTS - 3)
                return usage_error("convert", "too many options");
            passed[count++] = argv[i];
            if (threads && i + 1 < argc)
                passed[count++] = argv[++i];
            continue;
        }
        if (a[0] == '-' && a[1] != '\0')
            return usage_error("convert", "unknown option \"%s\"", a);
        if (!take_positional("convert", argv, i))
            return EXIT_USAGE;
        if (found == 2)
            return usage_error("convert", "more than two files: convert takes IN and OUT");
        paths[found++] = a;
    }
    if (found < 2)
        return usage_error("convert", "%s", found ? "no OUT: convert takes IN and OUT"
                                                  : "no files: convert takes IN and OUT");
    data_format out = seebatch_data_format_of_path(paths[1]);
    if (out != DATA_BINPACK && out != DATA_PLAIN && out != DATA_BIN)
        return usage_error("convert", "%s: its name says no training format (.binpack, .plain "
                                      "or .bin)",
                           paths[1]);
    passed[count++] = (char *)paths[0];
    passed[count++] = "--output";
    passed[count++] = (char *)paths[1];
    return run_filter_as("convert", count, passed);
}
