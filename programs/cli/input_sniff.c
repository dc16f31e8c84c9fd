/* fopencookie (glibc, musl) makes the wrapper of a pipe: stdio cannot push
 * back four bytes portably (ungetc promises one). */
#define _GNU_SOURCE
#include "input_sniff.h"

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

typedef struct replay {
    FILE *rest;
    char bytes[4];
    size_t start, end; /* bytes[start..end) not yet given back */
} replay;

static ssize_t replay_read(void *cookie, char *buffer, size_t size)
{
    replay *r = cookie;
    if (r->start < r->end) {
        size_t n = r->end - r->start < size ? r->end - r->start : size;
        memcpy(buffer, r->bytes + r->start, n);
        r->start += n;
        return (ssize_t)n;
    }
    size_t got = fread(buffer, 1, size, r->rest);
    return got == 0 && ferror(r->rest) ? -1 : (ssize_t)got;
}

static int replay_close(void *cookie)
{
    free(cookie); /* the stream underneath belongs to the caller */
    return 0;
}

FILE *sniff_binpack(FILE *input, bool *binpack)
{
    char bytes[4];
    long at = ftell(input);
    size_t got = fread(bytes, 1, sizeof bytes, input);
    *binpack = got == sizeof bytes && memcmp(bytes, "BINP", 4) == 0;
    if (at >= 0 && fseek(input, at, SEEK_SET) == 0)
        return input;
    replay *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    *r = (replay){input, {0}, 0, got};
    memcpy(r->bytes, bytes, got);
    FILE *wrapper =
        fopencookie(r, "rb", (cookie_io_functions_t){replay_read, NULL, NULL, replay_close});
    if (!wrapper)
        free(r);
    return wrapper;
}
