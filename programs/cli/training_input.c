#include "training_input.h"

#include <string.h>

static const char *const names[] = {"unknown", "binpack", "plain", "epd"};

data_format data_format_named(const char *name)
{
    for (int f = DATA_BINPACK; f <= DATA_EPD; f++)
        if (name && strcmp(name, names[f]) == 0)
            return (data_format)f;
    return DATA_UNKNOWN;
}

data_format data_format_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    return dot && !strchr(dot, '/') ? data_format_named(dot + 1) : DATA_UNKNOWN;
}

const char *data_format_name(data_format format) { return names[format]; }
