#include "data_format.h"

#include <string.h>

static const char *const names[] = {"unknown", "binpack", "plain", "lines", "bin"};

const char seebatch_not_training_data[] =
    "is no training data (no \"BINP\" or \"fen \" at its start, and no .binpack, .plain or "
    ".bin name)";

data_format seebatch_data_format_named(const char *name)
{
    if (name && strcmp(name, "epd") == 0)
        return DATA_LINES;
    for (int f = DATA_BINPACK; f <= DATA_BIN; f++)
        if (name && strcmp(name, names[f]) == 0)
            return (data_format)f;
    return DATA_UNKNOWN;
}

data_format seebatch_data_format_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/') || strcmp(dot + 1, "lines") == 0)
        return DATA_UNKNOWN;
    return seebatch_data_format_named(dot + 1);
}

const char *seebatch_data_format_name(data_format format) { return names[format]; }

data_format seebatch_data_format_of(const char *path, const char *start, size_t got)
{
    if (got >= DATA_FORMAT_LOOK_BYTES && memcmp(start, "BINP", DATA_FORMAT_LOOK_BYTES) == 0)
        return DATA_BINPACK;
    if (got >= DATA_FORMAT_LOOK_BYTES && memcmp(start, "fen ", DATA_FORMAT_LOOK_BYTES) == 0)
        return DATA_PLAIN;
    data_format named = seebatch_data_format_of_path(path);
    if (got == 0 && (named == DATA_UNKNOWN || named == DATA_LINES))
        return DATA_PLAIN; /* no line to read either: nothing, in a format every command takes */
    return named != DATA_UNKNOWN ? named : DATA_LINES;
}
