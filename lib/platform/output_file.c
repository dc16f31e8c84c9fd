/*
 * Output files never left half-written (output_file.h): a temporary beside
 * the target, renamed over it at the commit. What the operating system does
 * is asked of files.h.
 */
#include "output_file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "errors.h"
#include "files.h"

int seebatch_output_is_input(const char *path, FILE *input)
{
    return path && input && seebatch_file_is_stream_file(path, input);
}

int seebatch_streams_share_file(FILE *a, FILE *b, uint64_t *size)
{
    uint64_t bytes = 0;
    if (!a || !b || !seebatch_file_streams_share(a, b, &bytes))
        return 0;
    if (size)
        *size = bytes;
    return 1;
}

/* "DIR/.NAME.XXXXXX" beside target, X filled from the clock, the process
 * and the attempt; NULL when out of memory. */
static char *seebatch_temporary_name(const char *target, unsigned attempt)
{
    size_t directory = seebatch_path_name_start(target);
    size_t size = strlen(target) + 16;
    char *name = malloc(size);
    if (!name)
        return NULL;
    uint64_t mix = seebatch_file_name_noise() ^ ((uint64_t)attempt * 0xBF58476D1CE4E5B9u);
    static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    char suffix[7];
    for (int i = 0; i < 6; i++, mix /= 36)
        suffix[i] = digits[mix % 36];
    suffix[6] = '\0';
    snprintf(name, size, "%.*s.%s.%s", (int)directory, target, target + directory, suffix);
    return name;
}

/* Creates a new temporary beside out->target, with the permissions of the
 * target when it exists; returns its stream, or NULL with errno set. */
static FILE *seebatch_create_temporary(seebatch_output_file *out, bool exists)
{
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        out->temporary = seebatch_temporary_name(out->target, attempt);
        if (!out->temporary) {
            errno = ENOMEM;
            return NULL;
        }
        FILE *stream = seebatch_file_create_new(out->temporary, exists ? out->target : NULL);
        if (stream)
            return stream;
        int error = errno;
        free(out->temporary);
        out->temporary = NULL;
        if (error != EEXIST) {
            errno = error;
            return NULL;
        }
    }
    errno = EEXIST;
    return NULL;
}

/* Frees what out holds and clears it, keeping system_error = error;
 * returns error. */
static int seebatch_release(seebatch_output_file *out, int error)
{
    free(out->target);
    free(out->temporary);
    *out = (seebatch_output_file){NULL, NULL, NULL, error};
    return error;
}

/* The stream for out->target (resolved), or the errno of why not. */
static int seebatch_open_target(seebatch_output_file *out)
{
    seebatch_path_kind kind = seebatch_path_kind_of(out->target);
    if (kind == SEEBATCH_PATH_DIRECTORY) /* as POSIX says it, where Windows says EACCES */
        return EISDIR;
    if (kind == SEEBATCH_PATH_OTHER) {
        out->stream = fopen(out->target, "wb");
        return out->stream ? 0 : errno;
    }
    int refused = kind == SEEBATCH_PATH_REGULAR ? seebatch_path_writable(out->target) : 0;
    if (refused)
        return refused;
    out->stream = seebatch_create_temporary(out, kind == SEEBATCH_PATH_REGULAR);
    return out->stream ? 0 : errno;
}

seebatch_status seebatch_output_file_open(seebatch_output_file *out, const char *path,
                                          seebatch_error *error)
{
    if (!out || !path) {
        if (out)
            *out = (seebatch_output_file){NULL, NULL, NULL, EINVAL};
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "output file or path is NULL");
    }
    errno = 0;
    *out = (seebatch_output_file){NULL, seebatch_path_resolved(path), NULL, 0};
    int failure = out->target ? seebatch_open_target(out) : errno ? errno : ENOMEM;
    if (!failure)
        return seebatch_succeed(error);
    seebatch_release(out, failure);
    return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "cannot create %s: %s", path,
                         strerror(failure));
}

/* Flushes, checks and closes out->stream, then puts the temporary in the
 * target's place; the errno of the first failure (the temporary then
 * removed), else 0. */
static int seebatch_commit_stream(seebatch_output_file *out)
{
    errno = 0;
    int error = fflush(out->stream) != 0 || ferror(out->stream) ? (errno ? errno : EIO) : 0;
    errno = 0;
    if (fclose(out->stream) != 0 && !error)
        error = errno ? errno : EIO;
    if (out->temporary) {
        if (!error)
            error = seebatch_file_replace(out->temporary, out->target);
        if (error)
            seebatch_file_remove(out->temporary);
    }
    return error;
}

seebatch_status seebatch_output_file_commit(seebatch_output_file *out, seebatch_error *error)
{
    if (!out || !out->stream) {
        if (out)
            out->system_error = EINVAL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "the output file is not open");
    }
    /* The target's name is kept for the message: release frees it. */
    const char *target = out->target ? out->target : "the output";
    int failure = seebatch_commit_stream(out);
    seebatch_status status = failure
                                 ? seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                                                 "cannot write %s: %s", target, strerror(failure))
                                 : seebatch_succeed(error);
    seebatch_release(out, failure);
    return status;
}

void seebatch_output_file_discard(seebatch_output_file *out)
{
    if (!out || !out->stream)
        return;
    fclose(out->stream);
    if (out->temporary)
        seebatch_file_remove(out->temporary);
    seebatch_release(out, 0);
}
