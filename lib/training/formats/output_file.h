/*
 * An output file that is never left half-written: it is written to a
 * temporary file beside the target (".NAME.XXXXXX" in the same directory,
 * so the rename stays on one file system), which is renamed over the
 * target only when the writer says the run succeeded; otherwise the
 * temporary is removed and the target is as it was. A target that exists
 * and is no regular file (/dev/null, /dev/full, a FIFO; NUL on Windows) is
 * written directly, since it cannot be replaced. A symbolic link as the
 * target is followed: the file it names is replaced, the link stays. Shared
 * by the tool and the training writer (so Python). What the operating
 * system does is asked of lib/platform/files.h.
 */
#ifndef SEEBATCH_FORMATS_OUTPUT_FILE_H
#define SEEBATCH_FORMATS_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct output_file {
    FILE *stream;    /* write here */
    char *target;    /* where the output ends up (a link resolved); owned */
    char *temporary; /* the temporary file, NULL when the target is written directly; owned */
} output_file;

/* Whether path names an existing file that is the file the stream reads
 * (the same file, whatever the name: a symbolic link to it or a hard link
 * is); false when path does not exist or the stream reads no file. */
bool seebatch_output_is_file_of(const char *path, FILE *stream);

/* Creates the temporary beside path (or opens path itself when it is no
 * regular file). Returns 0, or the errno of the failure (ENOMEM when out of
 * memory), with *out cleared; an existing target that may not be written is
 * refused with EACCES, as opening it would be. The temporary gets the
 * target's permissions when it exists, else those a new file would get. */
int seebatch_output_file_open(output_file *out, const char *path);

/* Closes the stream and renames the temporary over the target. Returns 0,
 * or the errno of the close or rename that failed (the temporary is then
 * removed). The stream must have been flushed and checked by the caller. */
int seebatch_output_file_commit(output_file *out);

/* Closes the stream and removes the temporary: the target stays as it was. */
void seebatch_output_file_discard(output_file *out);

#endif
