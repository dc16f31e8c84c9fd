#include "input_source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "platform/files.h"

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
    FILE *stream = platform_look_ahead(subcommand, source->name, source->stream, bytes,
                                       sizeof bytes, &got, &source->look_ahead);
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
