/*
 * The input of every subcommand that reads one (eval, check, filter,
 * stats), opened and recognised the same way:
 *   1. the format given by the caller (--input-format), when given;
 *   2. else the one rule of seebatch_file_format_of (seebatch_training.h), which the
 *      training library (and so Python) follows too: "BINP" at its start is
 *      a binpack, "fen " plain text, whatever the file is called; else the
 *      name (.binpack, .plain, .epd, .bin); else lines of positions ("FEN"
 *      or "FEN;moves", SEEBATCH_FILE_LINES); an empty input is plain (it holds no
 *      entry in any format).
 * Text (lines or plain) that starts with a UTF-8 byte-order mark, as
 * editors on Windows write, is read from after it.
 * Standard output that is the input's file (redirected to it with > or >>,
 * through a link or a hard link) is refused before a byte is read: the
 * output would grow or overwrite the input (GNU cat refuses it too).
 * Looking at the first bytes loses none of them: a file is put back where
 * it was, a pipe is read through a wrapper that gives them back first
 * (platform.h).
 */
#ifndef SEEBATCH_CLI_INPUT_SOURCE_H
#define SEEBATCH_CLI_INPUT_SOURCE_H

#include <stdbool.h>
#include <stdio.h>

#include "seebatch_training.h"
#include "tool_only.h"
#include "platform.h"

typedef struct input_source {
    FILE *stream;                /* read the input from here */
    const char *path;            /* as given; NULL for standard input */
    const char *name;            /* for messages: the path, or "standard input" */
    seebatch_file_format format; /* what it holds */
    FILE *file;                  /* the file opened, NULL for standard input */
    look_ahead *look_ahead;      /* stream is the wrapper of a pipe: closed apart from it */
} input_source;

/* Opens path ("-" or NULL: standard input), reading nothing yet (so that
 * every input is refused or not before a byte of any is read): the format
 * is given, or SEEBATCH_FILE_UNKNOWN until input_recognise looks. Returns EXIT_OK,
 * or EXIT_USAGE when it cannot be opened or is standard output's file
 * (reported, naming it). */
int input_attach(const char *subcommand, const char *path, seebatch_file_format given,
                 input_source *source);

/* Finds the format of an attached input as above, unless it was given.
 * Returns EXIT_OK, or (reported, the input closed) EXIT_USAGE when it
 * cannot be read, EXIT_RESOURCE_FAILURE when out of memory. */
int input_recognise(const char *subcommand, input_source *source);

/* Closes what input_attach opened (standard input stays open). */
void input_close(input_source *source);

#endif
