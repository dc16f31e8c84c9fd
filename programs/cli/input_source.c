#include "input_source.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "tool_only.h"

/* The UTF-8 byte-order mark some editors (Windows' Notepad) write at the
 * start of a text file: skipped there, as it is no part of the text. */
static const char byte_order_mark[3] = {'\xef', '\xbb', '\xbf'};

/* The first bytes the format rule reads (seebatch_training.h: "BINP" or
 * "fen " at the start), after a byte-order mark. */
enum { FORMAT_BYTES = sizeof "BINP" - 1 };

/* The bytes the input starts with, read to tell its format, and where. */
typedef struct first_bytes {
    char bytes[sizeof byte_order_mark + FORMAT_BYTES];
    size_t got;  /* fewer than the size only at the input's end */
    long at;     /* where they were read from, -1 when the input cannot seek */
    size_t mark; /* the bytes of a byte-order mark the text starts with: 0 or 3 */
} first_bytes;

/* Reads the first bytes of the source; false, with errno set, when the
 * input cannot be read. */
static bool read_first_bytes(input_source *source, first_bytes *first)
{
    first->at = ftell(source->stream);
    first->got = fread(first->bytes, 1, sizeof first->bytes, source->stream);
    first->mark = first->got >= sizeof byte_order_mark &&
                          memcmp(first->bytes, byte_order_mark, sizeof byte_order_mark) == 0
                      ? sizeof byte_order_mark
                      : 0;
    return first->got == sizeof first->bytes || !ferror(source->stream);
}

/* Returns the stream to read the whole input from, from its first byte
 * after the first `skip`: the source's, put back there when it can seek,
 * else a replay of the bytes and then the rest (source->look_ahead set).
 * NULL, with errno set, when memory ran out. */
static FILE *give_back(const char *subcommand, input_source *source, const first_bytes *first,
                       size_t skip)
{
    FILE *stream = source->stream;
    if (first->at >= 0 && fseek(stream, first->at + (long)skip, SEEK_SET) == 0)
        return stream;
    clearerr(stream);
    return platform_replay(subcommand, source->name, stream, first->bytes + skip, first->got - skip,
                           &source->look_ahead);
}

/* Standard output is the input's file: what the run wrote would grow it
 * under the reader (>>: read again, without end) or overwrite it, so the
 * run stops before it reads a byte. An empty file is most likely one a
 * shell's '>' emptied before the tool started: said, as what it held is
 * lost. */
static void refuse_output_into_input(const char *subcommand, const input_source *source,
                                     uint64_t size)
{
    const char *file = source->path ? source->path : "the file of standard input";
    if (size == 0)
        report(subcommand,
               "standard output is %s, the input (the same file), so nothing was read or "
               "written; it is empty: if '>' sent standard output to it, the shell emptied it "
               "before seebatch started, and what it held is lost",
               file);
    else
        report(subcommand,
               "standard output is %s, the input (the same file): the output would grow or "
               "overwrite it, so nothing was read or written; send the output to another file",
               file);
}

int input_attach(const char *subcommand, const char *path, seebatch_file_format given,
                 input_source *source)
{
    bool standard = !path || strcmp(path, "-") == 0;
    *source = (input_source){
        stdin, standard ? NULL : path, standard ? "standard input" : path, given, NULL, NULL};
    if (!standard && !(source->file = source->stream = fopen(path, "rb"))) {
        int error = errno;
        /* POSIX opens a directory and fails to read it; Windows refuses to
         * open it (EACCES): the message is the same on both. */
        if (platform_is_directory(path))
            report(subcommand, "cannot read %s: %s", path, strerror(EISDIR));
        else
            report(subcommand, "cannot open %s: %s", path, strerror(error));
        return EXIT_USAGE;
    }
    uint64_t size;
    if (seebatch_streams_share_file(source->stream, stdout, &size)) {
        refuse_output_into_input(subcommand, source, size);
        input_close(source);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int input_recognise(const char *subcommand, input_source *source)
{
    /* Binary input is read from its first byte: a .bin may start with any. */
    if (source->format == SEEBATCH_FILE_BINPACK || source->format == SEEBATCH_FILE_BIN)
        return EXIT_OK;
    first_bytes first;
    FILE *stream = NULL;
    if (read_first_bytes(source, &first)) {
        if (source->format == SEEBATCH_FILE_UNKNOWN)
            source->format = seebatch_file_format_of(source->path, first.bytes + first.mark,
                                                     first.got - first.mark);
        bool text = source->format == SEEBATCH_FILE_LINES || source->format == SEEBATCH_FILE_PLAIN;
        stream = give_back(subcommand, source, &first, text ? first.mark : 0);
    }
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
