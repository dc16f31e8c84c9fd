/* fopencookie (glibc, musl) makes the wrapper of a pipe: stdio cannot push
 * back four bytes portably (ungetc promises one). */
#define _GNU_SOURCE
#include "input_source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "options.h"

/* ------------------------------------------------------------------------ */
/* Looking at the first bytes of a pipe without losing them                 */
/* ------------------------------------------------------------------------ */

enum { LOOK_BYTES = DATA_FORMAT_LOOK_BYTES };

typedef struct replay {
    FILE *rest;
    char bytes[LOOK_BYTES];
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

/* The stream that gives back the got bytes read from input, then the rest:
 * input itself put back when it can seek, else a wrapper. */
static FILE *give_back(FILE *input, long at, const char *bytes, size_t got, bool *wrapped)
{
    *wrapped = false;
    if (at >= 0 && fseek(input, at, SEEK_SET) == 0)
        return input;
    clearerr(input);
    replay *r = malloc(sizeof *r);
    if (!r)
        return NULL;
    *r = (replay){input, {0}, 0, got};
    memcpy(r->bytes, bytes, got);
    FILE *wrapper =
        fopencookie(r, "rb", (cookie_io_functions_t){replay_read, NULL, NULL, replay_close});
    if (!wrapper)
        free(r);
    *wrapped = wrapper != NULL;
    return wrapper;
}

/* ------------------------------------------------------------------------ */
/* Opening                                                                  */
/* ------------------------------------------------------------------------ */

int input_open(const char *subcommand, const char *path, data_format given, input_source *source)
{
    bool standard = !path || strcmp(path, "-") == 0;
    *source = (input_source){
        stdin, standard ? NULL : path, standard ? "standard input" : path, given, NULL, false};
    if (!standard && !(source->file = source->stream = fopen(path, "rb"))) {
        report(subcommand, "cannot open %s: %s", path, strerror(errno));
        return EXIT_USAGE;
    }
    if (given != DATA_UNKNOWN)
        return EXIT_OK;
    char bytes[LOOK_BYTES];
    long at = ftell(source->stream);
    size_t got = fread(bytes, 1, sizeof bytes, source->stream);
    if (got < sizeof bytes && ferror(source->stream)) {
        report(subcommand, "cannot read %s: %s", source->name, strerror(errno));
        input_close(source);
        return EXIT_USAGE;
    }
    FILE *stream = give_back(source->stream, at, bytes, got, &source->wrapped);
    if (!stream) {
        report(subcommand, "out of memory");
        input_close(source);
        return EXIT_RESOURCE_FAILURE;
    }
    source->stream = stream;
    source->format = seebatch_data_format_of(source->path, bytes, got);
    return EXIT_OK;
}

void input_close(input_source *source)
{
    if (source->wrapped)
        fclose(source->stream);
    if (source->file)
        fclose(source->file);
    source->stream = source->file = NULL;
    source->wrapped = false;
}
