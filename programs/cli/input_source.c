/* fopencookie (glibc, musl) makes the wrapper of a pipe: stdio cannot push
 * back four bytes portably (ungetc promises one). */
#define _GNU_SOURCE
#include "input_source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "options.h"

static const char *const names[] = {"unknown", "binpack", "plain", "lines", "bin"};

data_format data_format_named(const char *name)
{
    if (name && strcmp(name, "epd") == 0)
        return DATA_LINES;
    for (int f = DATA_BINPACK; f <= DATA_BIN; f++)
        if (name && strcmp(name, names[f]) == 0)
            return (data_format)f;
    return DATA_UNKNOWN;
}

data_format data_format_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/') || strcmp(dot + 1, "lines") == 0)
        return DATA_UNKNOWN;
    return data_format_named(dot + 1);
}

const char *data_format_name(data_format format) { return names[format]; }

/* ------------------------------------------------------------------------ */
/* Looking at the first bytes of a pipe without losing them                 */
/* ------------------------------------------------------------------------ */

enum { LOOK_BYTES = 4 };

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

static data_format format_of_content(const char *bytes, size_t got)
{
    if (got == LOOK_BYTES && memcmp(bytes, "BINP", LOOK_BYTES) == 0)
        return DATA_BINPACK;
    if (got == LOOK_BYTES && memcmp(bytes, "fen ", LOOK_BYTES) == 0)
        return DATA_PLAIN;
    return DATA_UNKNOWN;
}

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
    source->format = format_of_content(bytes, got);
    if (source->format == DATA_UNKNOWN)
        source->format = data_format_of_path(source->path);
    if (source->format == DATA_UNKNOWN)
        source->format = DATA_LINES;
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
