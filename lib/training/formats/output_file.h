/*
 * An output file that is never left half-written: it is written to a
 * temporary file beside the target (".NAME.XXXXXX" in the same directory,
 * so the rename stays on one file system), which is renamed over the
 * target only when the writer says the run succeeded; otherwise the
 * temporary is removed and the target is as it was. A target that exists
 * and is no regular file (/dev/null, /dev/full, a FIFO) is written directly,
 * since it cannot be replaced. A symbolic link as the target is followed:
 * the file it names is replaced, the link stays. Shared by the tool and
 * libseebatch_training (so Python).
 */
#ifndef SEEBATCH_FORMATS_OUTPUT_FILE_H
#define SEEBATCH_FORMATS_OUTPUT_FILE_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/stat.h>

typedef struct output_file {
    FILE *stream;    /* write here */
    char *target;    /* where the output ends up (a link resolved); owned */
    char *temporary; /* the temporary file, NULL when the target is written directly; owned */
} output_file;

/* Whether two stat results are one file (device and inode: a path, a
 * symbolic link to it or a hard link all are). */
bool seebatch_output_same_file(const struct stat *a, const struct stat *b);

/* Whether path names an existing file that is the file *input is (stat
 * follows links); false when path does not exist. */
bool seebatch_output_is_file(const char *path, const struct stat *input);

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
