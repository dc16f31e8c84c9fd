/*
 * The input of every subcommand that reads one (eval, check, filter,
 * stats), opened and recognised the same way:
 *   1. the format given by the caller (--input-format), when given;
 *   2. what the input holds: "BINP" at its start is a binpack (its chunk
 *      header's magic), "fen " a plain file (its first key), whatever the
 *      file is called, standard input included;
 *   3. the name's extension: .binpack, .plain, .epd, .bin (a .bin has no
 *      magic: only its name or the option tells it);
 *   4. lines of positions ("FEN" or "FEN;moves", DATA_LINES).
 * Looking at the first bytes loses none of them: a file is put back where
 * it was, a pipe is read through a wrapper that gives them back first.
 */
#ifndef SEEBATCH_CLI_INPUT_SOURCE_H
#define SEEBATCH_CLI_INPUT_SOURCE_H

#include <stdbool.h>
#include <stdio.h>

/* DATA_BIN: Stockfish's .bin (PackedSfenValue, 40 bytes an entry), known by
 * its name or --input-format only: it has no magic. */
typedef enum data_format { DATA_UNKNOWN, DATA_BINPACK, DATA_PLAIN, DATA_LINES, DATA_BIN } data_format;

/* "binpack", "plain", "lines" (or its other name "epd"), "bin"; DATA_UNKNOWN else. */
data_format data_format_named(const char *name);

/* The format a path's extension names (.binpack, .plain, .epd, .bin; DATA_UNKNOWN
 * for another, none or NULL). */
data_format data_format_of_path(const char *path);

/* "binpack", "plain", "lines" or "bin". */
const char *data_format_name(data_format format);

typedef struct input_source {
    FILE *stream;       /* read the input from here */
    const char *path;   /* as given; NULL for standard input */
    const char *name;   /* for messages: the path, or "standard input" */
    data_format format; /* what it holds */
    FILE *file;         /* the file opened, NULL for standard input */
    bool wrapped;       /* stream is the wrapper of a pipe (closed apart from it) */
} input_source;

/* Opens path ("-" or NULL: standard input) and finds its format as above
 * (given: DATA_UNKNOWN to look). Returns EXIT_OK, or EXIT_USAGE when it
 * cannot be opened or read (reported, naming it), EXIT_RESOURCE_FAILURE
 * when out of memory (reported). */
int input_open(const char *subcommand, const char *path, data_format given, input_source *source);

/* Closes what input_open opened (standard input stays open). */
void input_close(input_source *source);

#endif
