/* The training-data formats the tool reads and writes, named by option or
 * by file extension. */
#ifndef SEEBATCH_TRAINING_INPUT_H
#define SEEBATCH_TRAINING_INPUT_H

#include <stdbool.h>

typedef enum data_format { DATA_UNKNOWN, DATA_BINPACK, DATA_PLAIN, DATA_EPD } data_format;

/* "binpack", "plain", "epd" (also as a file's extension); DATA_UNKNOWN else. */
data_format data_format_named(const char *name);

/* The format a path's extension names (DATA_UNKNOWN for none or NULL). */
data_format data_format_of_path(const char *path);

const char *data_format_name(data_format format);

#endif
