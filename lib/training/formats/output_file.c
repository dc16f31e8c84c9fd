/* realpath, lstat, fdopen and fchmod are POSIX (XSI), beyond C11. */
#define _XOPEN_SOURCE 700
#include "output_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

bool seebatch_output_same_file(const struct stat *a, const struct stat *b)
{
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

bool seebatch_output_is_file(const char *path, const struct stat *input)
{
    struct stat target;
    return stat(path, &target) == 0 && seebatch_output_same_file(&target, input);
}

/* A copy of path, or for a symbolic link the path of the file it names
 * (so the link survives the rename); NULL when out of memory. */
static char *seebatch_resolved_target(const char *path)
{
    struct stat link;
    if (lstat(path, &link) == 0 && S_ISLNK(link.st_mode)) {
        char *resolved = realpath(path, NULL);
        if (resolved)
            return resolved;
    }
    return strdup(path);
}

/* "DIR/.NAME.XXXXXX" beside target, X filled from the clock, the process
 * and the attempt; NULL when out of memory. */
static char *seebatch_temporary_name(const char *target, unsigned attempt)
{
    const char *slash = strrchr(target, '/');
    size_t directory = slash ? (size_t)(slash - target) + 1 : 0;
    size_t size = strlen(target) + 16;
    char *name = malloc(size);
    if (!name)
        return NULL;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t mix = ((uint64_t)now.tv_nsec * 0x9E3779B97F4A7C15u) ^ ((uint64_t)getpid() << 20) ^
                   ((uint64_t)attempt * 0xBF58476D1CE4E5B9u);
    static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
    char suffix[7];
    for (int i = 0; i < 6; i++, mix /= 36)
        suffix[i] = digits[mix % 36];
    suffix[6] = '\0';
    snprintf(name, size, "%.*s.%s.%s", (int)directory, target, target + directory, suffix);
    return name;
}

/* Creates a new temporary beside out->target (mode 0666 less the umask, as
 * a new file); returns its descriptor, or -1 with errno set. */
static int seebatch_create_temporary(output_file *out)
{
    for (unsigned attempt = 0; attempt < 100; attempt++) {
        out->temporary = seebatch_temporary_name(out->target, attempt);
        if (!out->temporary) {
            errno = ENOMEM;
            return -1;
        }
        int fd = open(out->temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST) {
            if (fd < 0) {
                free(out->temporary);
                out->temporary = NULL;
            }
            return fd;
        }
        free(out->temporary);
        out->temporary = NULL;
    }
    errno = EEXIST;
    return -1;
}

static int seebatch_fail_open(output_file *out, int error)
{
    free(out->target);
    free(out->temporary);
    *out = (output_file){NULL, NULL, NULL};
    return error;
}

int seebatch_output_file_open(output_file *out, const char *path)
{
    *out = (output_file){NULL, seebatch_resolved_target(path), NULL};
    if (!out->target)
        return ENOMEM;
    struct stat existing;
    bool exists = stat(out->target, &existing) == 0;
    if (exists && !S_ISREG(existing.st_mode)) {
        out->stream = fopen(out->target, "wb");
        return out->stream ? 0 : seebatch_fail_open(out, errno);
    }
    if (exists && access(out->target, W_OK) != 0)
        return seebatch_fail_open(out, errno);
    int fd = seebatch_create_temporary(out);
    if (fd < 0)
        return seebatch_fail_open(out, errno);
    /* Replacing a file keeps its permissions, as editing it in place would. */
    if (exists)
        (void)fchmod(fd, existing.st_mode & 07777);
    out->stream = fdopen(fd, "wb");
    if (!out->stream) {
        int error = errno;
        close(fd);
        unlink(out->temporary);
        return seebatch_fail_open(out, error);
    }
    return 0;
}

static void seebatch_release(output_file *out)
{
    free(out->target);
    free(out->temporary);
    *out = (output_file){NULL, NULL, NULL};
}

int seebatch_output_file_commit(output_file *out)
{
    int error = fclose(out->stream) == 0 ? 0 : errno ? errno : EIO;
    if (out->temporary) {
        if (!error && rename(out->temporary, out->target) != 0)
            error = errno;
        if (error)
            unlink(out->temporary);
    }
    seebatch_release(out);
    return error;
}

void seebatch_output_file_discard(output_file *out)
{
    fclose(out->stream);
    if (out->temporary)
        unlink(out->temporary);
    seebatch_release(out);
}
