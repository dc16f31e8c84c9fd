/*
 * Output files never left half-written: what the training writer, the
 * filter and every `--output` of the tool write to (seebatch_training.h
 * says what a caller of the library sees of them). A temporary beside the
 * target (".NAME.XXXXXX", with the target's permissions), renamed over it
 * by seebatch_output_file_commit only. A target that is no regular file
 * (/dev/null, a FIFO; NUL on Windows) is written directly; a symbolic link
 * is followed (a loop refused) and stays. What the operating system does is
 * asked of files.h. Internal: the tool reaches it through lib/tool_only.h.
 */
#ifndef SEEBATCH_OUTPUT_FILE_H
#define SEEBATCH_OUTPUT_FILE_H

#include <stdint.h>
#include <stdio.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

typedef struct seebatch_output_file {
    FILE *stream;     /* write here, in binary, until commit or discard */
    char *target;     /* the file replaced (a link resolved); the library's */
    char *temporary;  /* the file written, NULL when target is; the library's */
    int system_error; /* errno of the last call's failure, 0 after a success */
} seebatch_output_file;

/* Opens the output for path into *out; on failure nothing is created and
 * *out is cleared but for system_error. Errors ("cannot create PATH: why"):
 * a NULL argument, a directory, a file not writable, no temporary, no memory. */
seebatch_status seebatch_output_file_open(seebatch_output_file *out, const char *path,
                                          seebatch_error *error);

/* Flushes, checks every write, closes and puts the temporary in the
 * target's place in one step; on failure the target is as it was. *out is
 * released either way. Errors: "cannot write PATH: why". */
seebatch_status seebatch_output_file_commit(seebatch_output_file *out, seebatch_error *error);

/* Closes and removes the temporary: the target is as it was. */
void seebatch_output_file_discard(seebatch_output_file *out);

/* 1 when path names the file the stream reads or writes, by any name (a
 * link, a hard link): an output that would destroy its input; else 0. */
int seebatch_output_is_input(const char *path, FILE *input);

/* 1 when the two streams read or write one regular file (standard output
 * redirected to an input), its size in *size (or NULL); else 0. */
int seebatch_streams_share_file(FILE *a, FILE *b, uint64_t *size);

#pragma GCC visibility pop

#endif
