#include "output_file.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "platform/files.h"

bool seebatch_output_is_file_of(const char *path, FILE *stream)
{
    return seebatch_file_is_stream_file(path, stream);
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
static FILE *seebatch_create_temporary(output_file *out, bool exists)
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

static void seebatch_release(output_file *out)
{
    free(out->target);
    free(out->temporary);
    *out = (output_file){NULL, NULL, NULL};
}

static int seebatch_fail_open(output_file *out, int error)
{
    seebatch_release(out);
    return error;
}

int seebatch_output_file_open(output_file *out, const char *path)
{
    *out = (output_file){NULL, seebatch_path_resolved(path), NULL};
    if (!out->target)
        return ENOMEM;
    seebatch_path_kind kind = seebatch_path_kind_of(out->target);
    if (kind == SEEBATCH_PATH_DIRECTORY) /* as POSIX says it, where Windows says EACCES */
        return seebatch_fail_open(out, EISDIR);
    if (kind == SEEBATCH_PATH_OTHER) {
        out->stream = fopen(out->target, "wb");
        return out->stream ? 0 : seebatch_fail_open(out, errno);
    }
    int refused = kind == SEEBATCH_PATH_REGULAR ? seebatch_path_writable(out->target) : 0;
    if (refused)
        return seebatch_fail_open(out, refused);
    out->stream = seebatch_create_temporary(out, kind == SEEBATCH_PATH_REGULAR);
    return out->stream ? 0 : seebatch_fail_open(out, errno);
}

int seebatch_output_file_commit(output_file *out)
{
    errno = 0;
    int error = fclose(out->stream) == 0 ? 0 : errno ? errno : EIO;
    if (out->temporary) {
        if (!error)
            error = seebatch_file_replace(out->temporary, out->target);
        if (error)
            seebatch_file_remove(out->temporary);
    }
    seebatch_release(out);
    return error;
}

void seebatch_output_file_discard(output_file *out)
{
    fclose(out->stream);
    if (out->temporary)
        seebatch_file_remove(out->temporary);
    seebatch_release(out);
}
