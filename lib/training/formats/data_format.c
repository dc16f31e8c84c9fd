/* What a file holds (seebatch_file_format_of and its helpers,
 * seebatch_training.h): the one rule every reader of training data follows,
 * the tool's and the training library's (so Python's), so that the same file
 * is read by the same reader everywhere and a fault in it is told in the
 * same words. */
#include "data_format.h"

#include <string.h>

static const char *const names[] = {"unknown", "binpack", "plain", "lines", "bin"};

const char seebatch_not_training_data[] =
    "is no training data (no \"BINP\" or \"fen \" at its start, and no .binpack, .plain or "
    ".bin name)";

seebatch_file_format seebatch_file_format_named(const char *name)
{
    if (name && strcmp(name, "epd") == 0)
        return SEEBATCH_FILE_LINES;
    for (int f = SEEBATCH_FILE_BINPACK; f <= SEEBATCH_FILE_BIN; f++)
        if (name && strcmp(name, names[f]) == 0)
            return (seebatch_file_format)f;
    return SEEBATCH_FILE_UNKNOWN;
}

seebatch_file_format seebatch_file_format_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/') || strcmp(dot + 1, "lines") == 0)
        return SEEBATCH_FILE_UNKNOWN;
    return seebatch_file_format_named(dot + 1);
}

const char *seebatch_file_format_name(seebatch_file_format format)
{
    return (unsigned)format < sizeof names / sizeof names[0] ? names[format] : NULL;
}

seebatch_file_format seebatch_file_format_of(const char *path, const char *start, size_t got)
{
    enum { LOOK = SEEBATCH_FILE_FORMAT_LOOK_BYTES };
    if (start && got >= LOOK && memcmp(start, "BINP", LOOK) == 0)
        return SEEBATCH_FILE_BINPACK;
    if (start && got >= LOOK && memcmp(start, "fen ", LOOK) == 0)
        return SEEBATCH_FILE_PLAIN;
    seebatch_file_format named = seebatch_file_format_of_path(path);
    /* No line to read either: nothing, in a format every command takes. */
    if (got == 0 && (named == SEEBATCH_FILE_UNKNOWN || named == SEEBATCH_FILE_LINES))
        return SEEBATCH_FILE_PLAIN;
    return named != SEEBATCH_FILE_UNKNOWN ? named : SEEBATCH_FILE_LINES;
}
