/* The files of the platform (files.h) on POSIX systems. realpath, lstat,
 * readlink, fchmod and fdopen are POSIX (XSI), beyond C11. */
#define _XOPEN_SOURCE 700
#include "platform/files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

bool seebatch_file_is_stream_file(const char *path, FILE *stream)
{
    struct stat named, open;
    int fd = fileno(stream);
    return fd >= 0 && fstat(fd, &open) == 0 && stat(path, &named) == 0 &&
           named.st_dev == open.st_dev && named.st_ino == open.st_ino;
}

bool seebatch_file_streams_share(FILE *a, FILE *b, uint64_t *size)
{
    struct stat first, second;
    int fd_a = fileno(a), fd_b = fileno(b);
    if (fd_a < 0 || fd_b < 0 || fstat(fd_a, &first) != 0 || fstat(fd_b, &second) != 0 ||
        !S_ISREG(first.st_mode) || !S_ISREG(second.st_mode) || first.st_dev != second.st_dev ||
        first.st_ino != second.st_ino)
        return false;
    *size = (uint64_t)first.st_size;
    return true;
}

seebatch_path_kind seebatch_path_kind_of(const char *path)
{
    struct stat info;
    if (stat(path, &info) != 0)
        return SEEBATCH_PATH_ABSENT;
    return S_ISREG(info.st_mode)   ? SEEBATCH_PATH_REGULAR
           : S_ISDIR(info.st_mode) ? SEEBATCH_PATH_DIRECTORY
                                   : SEEBATCH_PATH_OTHER;
}

/* The path a symbolic link names, read from the link: relative to the
 * link's directory unless absolute. NULL, errno set, where it cannot be read. */
static char *seebatch_link_named(const char *link_path)
{
    char named[PATH_MAX];
    ssize_t length = readlink(link_path, named, sizeof named);
    if (length < 0 || (size_t)length >= sizeof named) {
        errno = length < 0 ? errno : ENAMETOOLONG;
        return NULL;
    }
    size_t directory = named[0] == '/' ? 0 : seebatch_path_name_start(link_path);
    char *path = malloc(directory + (size_t)length + 1);
    if (path) {
        memcpy(path, link_path, directory);
        memcpy(path + directory, named, (size_t)length);
        path[directory + (size_t)length] = '\0';
    }
    return path;
}

/* Links whose chain is longer are taken to loop, as the kernel does. */
enum { MOST_LINKS = 40 };

char *seebatch_path_resolved(const char *path)
{
    struct stat info;
    if (lstat(path, &info) != 0 || !S_ISLNK(info.st_mode))
        return strdup(path);
    char *resolved = realpath(path, NULL);
    if (resolved || errno != ENOENT)
        return resolved;
    /* A link to a file not made yet: follow the chain to its last name, so
     * that the file is made there and the links stay, as writing through
     * them would. */
    char *at = strdup(path);
    for (int links = 0; at && links < MOST_LINKS; links++) {
        if (lstat(at, &info) != 0 || !S_ISLNK(info.st_mode))
            return at;
        char *next = seebatch_link_named(at);
        free(at);
        at = next;
    }
    if (at) {
        free(at);
        errno = ELOOP;
    }
    return NULL;
}

size_t seebatch_path_name_start(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path) + 1 : 0;
}

int seebatch_path_writable(const char *path) { return access(path, W_OK) == 0 ? 0 : errno; }

FILE *seebatch_file_create_new(const char *path, const char *like)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0)
        return NULL;
    /* Replacing a file keeps its permissions, as editing it in place would. */
    struct stat existing;
    if (like && stat(like, &existing) == 0)
        (void)fchmod(fd, existing.st_mode & 07777);
    FILE *stream = fdopen(fd, "wb");
    if (!stream) {
        int error = errno;
        close(fd);
        unlink(path);
        errno = error;
    }
    return stream;
}

int seebatch_file_replace(const char *replacement, const char *target)
{
    return rename(replacement, target) == 0 ? 0 : errno;
}

int seebatch_file_remove(const char *path) { return unlink(path) == 0 ? 0 : errno; }

uint64_t seebatch_file_name_noise(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    return ((uint64_t)now.tv_nsec * 0x9E3779B97F4A7C15u) ^ ((uint64_t)now.tv_sec << 32) ^
           ((uint64_t)getpid() << 20);
}

void seebatch_standard_streams_binary(void) {}
