#include "input_source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "platform/files.h"

/* Reads up to size bytes at the start of the source into bytes (*got of
 * them: fewer only at its end) and returns the stream to read the whole
 * input from: the source's, put back where it was when it can seek, else a
 * replay of the bytes and then the rest (source->look_ahead set). NULL,
 * with errno set, when the input cannot be read or memory ran out. */
static FILE *look_ahead_at(const char *subcommand, input_source *source, char *bytes, size_t size,
                           size_t *got)
{
    FILE *stream = source->stream;
    long at = ftell(stream);
    *got = fread(bytes, 1, size, stream);
    if (*got < size && ferror(stream))
        return NULL;
    if (at >= 0 && fseek(stream, at, SEEK_SET) == 0)
        return stream;
    clearerr(stream);
    return platform_replay(subcommand, source->name, stream, bytes, *got, &source->look_ahead);
}

int input_open(const char *subcommand, const char *path, data_format given, input_source *source)
{
    bool standard = !path || strcmp(path, "-") == 0;
    *source = (input_source){
        stdin, standard ? NULL : path, standard ? "standard input" : path, given, NULL, NULL};
    if (!standard && !(source->file = source->stream = fopen(path, "rb"))) {
        int error = errno;
        /* POSIX opens a directory and fails to read it; Windows refuses to
         * open it (EACCES): the message is the same on both. */
        if (seebatch_path_kind_of(path) == SEEBATCH_PATH_DIRECTORY)
            report(subcommand, "cannot read %s: %s", path, strerror(EISDIR));
        else
            report(subcommand, "cannot open %s: %s", path, strerror(error));
        return EXIT_USAGE;
    }
    if (given != DATA_UNKNOWN)
        return EXIT_OK;
    char bytes[DATA_FORMAT_LOOK_BYTES];
    size_t got;
    FILE *stream = look_ahead_at(subcommand, source, bytes, sizeof bytes, &got);
    if (!stream) {
        int error = errno;
        input_close(source);
        if (error == ENOMEM) {
            report(subcommand, "out of memory");
            return EXIT_RESOURCE_FAILURE;
        }
        report(subcommand, "cannot read %s: %s", source->name, strerror(error));
        return EXIT_USAGE;
    }
    source->stream = stream;
    source->format = seebatch_data_format_of(source->path, bytes, got);
    return EXIT_OK;
}

void input_close(input_source *source)
{
    if (source->look_ahead)
        platform_look_ahead_close(source->look_ahead);
    if (source->file)
        fclose(source->file);
    source->stream = source->file = NULL;
    source->look_ahead = NULL;
}
