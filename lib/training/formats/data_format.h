/*
 * The one rule by which every reader of training data, the tool's and the
 * training library's (so Python's), tells what a file holds: its first bytes
 * ("BINP" a binpack, "fen " plain text), else its name (.binpack, .plain,
 * .bin, .epd), else lines of FEN or EPD. An empty input holds nothing in any
 * format: plain, unless its name says binpack or bin. The same file is then read
 * by the same reader everywhere, and a fault in it is told in the same words.
 */
#ifndef SEEBATCH_DATA_FORMAT_H
#define SEEBATCH_DATA_FORMAT_H

#include <stddef.h>

/* DATA_BIN: Stockfish's .bin (PackedSfenValue, 40 bytes an entry), known by
 * its name or as given only: it has no magic. */
typedef enum data_format { DATA_UNKNOWN, DATA_BINPACK, DATA_PLAIN, DATA_LINES, DATA_BIN } data_format;

/* How many first bytes the rule looks at. */
enum { DATA_FORMAT_LOOK_BYTES = 4 };

/* "binpack", "plain", "lines" (or its other name "epd"), "bin"; DATA_UNKNOWN else. */
data_format seebatch_data_format_named(const char *name);

/* The format a path's extension names (.binpack, .plain, .epd, .bin; DATA_UNKNOWN
 * for another, none or NULL). */
data_format seebatch_data_format_of_path(const char *path);

/* "binpack", "plain", "lines" or "bin". */
const char *seebatch_data_format_name(data_format format);

/* What a file holds by the rule above, from its first `got` bytes (at most
 * DATA_FORMAT_LOOK_BYTES are looked at) and its path (NULL: standard input). */
data_format seebatch_data_format_of(const char *path, const char *start, size_t got);

/* Why a file of DATA_LINES is no training data, for "NAME " before it. */
extern const char seebatch_not_training_data[];

#endif
