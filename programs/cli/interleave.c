/*
 * seebatch interleave: binpack files mixed chunk by chunk into one, as the
 * community's interleave_binpacks.py mixes them: while bytes are left, an
 * input is picked with probability (its bytes left) / (all bytes left) and
 * its next chunk copied whole, so every input is spread over the whole
 * output and ends near its end. Chunks are copied as bytes, never decoded
 * (a chunk is self-contained: a chain never crosses one), their headers
 * checked; every entry is in the output exactly once.
 *
 * The draws are splitmix64's from --seed (default 0): one seed, one output.
 * Every chunk header of every input is checked before the output is
 * created (so a damaged input writes nothing), and the output is written
 * whole or not at all (output_target.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "input_messages.h"
#include "input_source.h"
#include "numbers.h"
#include "options.h"
#include "output_target.h"
#include "seebatch_training.h"
#include "subcommands.h"
#include "tool_only.h" /* random_next: the project's one generator */

static const char interleave_help[] =
    "usage: seebatch interleave [options] IN... --output OUT\n"
    "\n"
    "Mixes binpack files chunk by chunk into OUT, as the community's\n"
    "interleave_binpacks.py does: while any input has chunks left, one is picked\n"
    "with probability (its bytes left) / (all bytes left) and its next chunk is\n"
    "copied whole, its bytes as they are (never decoded). Every entry of every\n"
    "input is in OUT exactly once; the order of chunks within an input is kept.\n"
    "\n"
    "Options:\n"
    "  --output OUT        where to write (\"-\": standard output): to a temporary\n"
    "                      beside it, renamed over it at the end, so a failed or\n"
    "                      interrupted run leaves OUT as it was; never an input\n"
    "                      (refused, exit 2)\n"
    "  --seed N            the seed of the draws (0..2^63-1, default 0): the same\n"
    "                      seed and inputs give the same OUT, byte for byte\n"
    "  -h, --help          this text\n"
    "\n"
    "The inputs are files (their sizes weigh the draws; standard input has\n"
    "none). Every chunk header of every input is checked before OUT is created:\n"
    "a file that is no binpack, or whose chunks do not fill it exactly, is\n"
    "named with the byte and chunk at fault and nothing is written.\n"
    "\n"
    "Exit status: 0 success, 1 a damaged input, 2 usage error or unreadable\n"
    "input, 3 out of memory or unwritable output.\n";

enum { HEADER_SIZE = 8, COPY_BUFFER = 1 << 16 };

typedef struct interleave_input {
    input_source source;
    uint64_t size;      /* its chunks' bytes, headers included: the whole file */
    uint64_t remaining; /* not yet copied */
    uint64_t chunks;
} interleave_input;

typedef struct interleave_run {
    interleave_input *inputs;
    int count;
    const char *output_path;
    unsigned long long seed;
} interleave_run;

/* "FILE: byte B, chunk C: why" (input_messages.h's form). */
static void report_chunk_fault(const interleave_input *input, uint64_t at, const char *why)
{
    input_messages_start("interleave", input->source.name);
    report_input_error("byte %llu, chunk %llu: %s", (unsigned long long)at,
                       (unsigned long long)input->chunks + 1, why);
}

/* Reads a chunk header at the stream's position into *payload; false at
 * the end (*at_end) or at a fault (reported). */
static bool read_header(interleave_input *input, uint64_t at, uint32_t *payload, bool *at_end)
{
    uint8_t header[HEADER_SIZE];
    size_t got = fread(header, 1, sizeof header, input->source.stream);
    *at_end = got == 0 && !ferror(input->source.stream);
    if (*at_end)
        return false;
    seebatch_error error;
    if (ferror(input->source.stream))
        report_chunk_fault(input, at, "the file cannot be read");
    else if (got < sizeof header)
        report_chunk_fault(input, at, "the file ends inside a chunk header");
    else if (seebatch_binpack_chunk_size(header, payload, &error) != SEEBATCH_OK)
        report_chunk_fault(input, at, error.message);
    else
        return true;
    return false;
}

/* Walks the input's chunk headers, seeking over the payloads (the last
 * byte of each is read, so a payload the file cuts short is seen): sets
 * its size and chunks, and puts it back at its start. EXIT_OK, or
 * EXIT_BAD_LINES (a damaged file) or EXIT_USAGE (cannot seek or read),
 * reported. */
static int check_chunks(interleave_input *input)
{
    FILE *stream = input->source.stream;
    uint64_t at = 0;
    bool at_end = false;
    uint32_t payload;
    while (read_header(input, at, &payload, &at_end)) {
        if (payload > 0 &&
            (fseek(stream, (long)payload - 1, SEEK_CUR) != 0 || fgetc(stream) == EOF)) {
            char why[128];
            snprintf(why, sizeof why,
                     "the file ends inside the chunk, whose header claims %u bytes",
                     (unsigned)payload);
            report_chunk_fault(input, at, why);
            return EXIT_BAD_LINES;
        }
        at += HEADER_SIZE + (uint64_t)payload;
        input->chunks++;
    }
    if (!at_end)
        return EXIT_BAD_LINES;
    if (at == 0) {
        report_chunk_fault(input, 0, "empty: no binpack chunk");
        return EXIT_BAD_LINES;
    }
    input->size = input->remaining = at;
    input->chunks = 0; /* counts again as chunks are copied */
    if (fseek(stream, 0, SEEK_SET) != 0) {
        report("interleave", "cannot read %s again from its start: %s", input->source.name,
               strerror(errno));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* A number drawn evenly from 0..bound-1 (bound >= 1): draws above the
 * largest multiple of bound are drawn again, so no value is favoured. */
static uint64_t draw_below(uint64_t *state, uint64_t bound)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound, draw;
    do
        draw = random_next(state);
    while (draw >= limit);
    return draw % bound;
}

/* Copies the input's next chunk to output. EXIT_OK, EXIT_BAD_LINES (the
 * file changed since it was checked: reported), EXIT_RESOURCE_FAILURE
 * (the output failed: its finish names it). */
static int copy_chunk(interleave_input *input, FILE *output, uint8_t *buffer)
{
    uint64_t at = input->size - input->remaining;
    uint32_t payload;
    bool at_end;
    if (!read_header(input, at, &payload, &at_end) ||
        HEADER_SIZE + (uint64_t)payload > input->remaining) {
        if (at_end)
            report_chunk_fault(input, at, "the file ended early: it changed while it was read");
        return EXIT_BAD_LINES;
    }
    static const char magic[4] = {'B', 'I', 'N', 'P'};
    uint8_t size[4] = {(uint8_t)payload, (uint8_t)(payload >> 8), (uint8_t)(payload >> 16),
                       (uint8_t)(payload >> 24)};
    if (fwrite(magic, 1, 4, output) != 4 || fwrite(size, 1, 4, output) != 4) {
        remember_write_error();
        return EXIT_RESOURCE_FAILURE;
    }
    for (uint32_t left = payload; left > 0;) {
        size_t piece = left < COPY_BUFFER ? left : COPY_BUFFER;
        if (fread(buffer, 1, piece, input->source.stream) != piece) {
            report_chunk_fault(input, at, "the file ended early: it changed while it was read");
            return EXIT_BAD_LINES;
        }
        if (fwrite(buffer, 1, piece, output) != piece) {
            remember_write_error();
            return EXIT_RESOURCE_FAILURE;
        }
        left -= (uint32_t)piece;
    }
    input->remaining -= HEADER_SIZE + (uint64_t)payload;
    input->chunks++;
    return EXIT_OK;
}

/* The draws and copies, until every input is copied. */
static int mix(interleave_run *run, FILE *output)
{
    uint8_t *buffer = malloc(COPY_BUFFER);
    if (!buffer) {
        report("interleave", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    uint64_t state = run->seed, total = 0, chunks = 0;
    for (int i = 0; i < run->count; i++)
        total += run->inputs[i].remaining;
    int status = EXIT_OK;
    while (total > 0 && status == EXIT_OK) {
        uint64_t where = draw_below(&state, total);
        int i = 0;
        while (where >= run->inputs[i].remaining)
            where -= run->inputs[i++].remaining;
        uint64_t before = run->inputs[i].remaining;
        status = copy_chunk(&run->inputs[i], output, buffer);
        total -= before - run->inputs[i].remaining;
        chunks++;
    }
    free(buffer);
    if (status == EXIT_OK)
        fprintf(stderr, "seebatch interleave: %llu chunk%s from %d file%s\n",
                (unsigned long long)chunks, chunks == 1 ? "" : "s", run->count,
                run->count == 1 ? "" : "s");
    return status;
}

/* Opens every input and refuses one that is an output, before a byte of
 * any is read; then checks each one's chunks. */
static int open_inputs(interleave_run *run, char **paths)
{
    int status = EXIT_OK, opened = 0;
    for (int i = 0; i < run->count && status == EXIT_OK; i++) {
        if (strcmp(paths[i], "-") == 0) {
            status = usage_error("interleave", "the inputs are files, whose sizes weigh the "
                                               "draws: standard input (\"-\") has none");
            break;
        }
        status =
            input_attach("interleave", paths[i], SEEBATCH_FILE_BINPACK, &run->inputs[i].source);
        if (status == EXIT_OK) {
            opened++;
            if (output_target_is_input("interleave", run->output_path, &run->inputs[i].source))
                status = EXIT_USAGE;
        }
    }
    for (int i = 0; i < opened && status == EXIT_OK; i++)
        status = check_chunks(&run->inputs[i]);
    run->count = status == EXIT_OK ? run->count : opened;
    return status;
}

/* --output and --seed; the inputs are gathered at argv's start. */
static int parse_arguments(int argc, char **argv, interleave_run *run, input_options *paths)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            print_output(stdout, "%s", interleave_help);
            return -1;
        }
        if (strcmp(a, "--output") == 0 || strcmp(a, "--seed") == 0) {
            if (i + 1 >= argc)
                return usage_error("interleave", "%s needs a value", a);
            const char *value = argv[++i];
            long long seed;
            if (a[2] == 'o') {
                run->output_path = value;
            } else if (read_whole_number(value, 0, INT64_MAX, &seed)) {
                run->seed = (unsigned long long)seed;
            } else {
                char message[160];
                whole_number_message(message, sizeof message, "--seed", 0, INT64_MAX, value);
                return usage_error("interleave", "%s", message);
            }
            continue;
        }
        if (a[0] == '-' && a[1] != '\0')
            return usage_error("interleave", "unknown option \"%s\"", a);
        if (!take_positional("interleave", argv, i) ||
            !take_input_path("interleave", argv, i, paths))
            return EXIT_USAGE;
    }
    if (paths->path_count == 0)
        return usage_error("interleave", "no input: interleave takes IN... --output OUT");
    if (!run->output_path)
        return usage_error("interleave", "no --output: interleave writes OUT (\"-\": standard "
                                         "output)");
    run->count = paths->path_count;
    return EXIT_OK;
}

int run_interleave(int argc, char **argv)
{
    interleave_run run = {NULL, 0, NULL, 0};
    input_options paths = {seebatch_config_classic(), false, 1, NULL, PROGRESS_AUTO, 0};
    int status = parse_arguments(argc, argv, &run, &paths);
    if (status != EXIT_OK)
        return status < 0 ? EXIT_OK : status;
    run.inputs = calloc((size_t)run.count, sizeof *run.inputs);
    if (!run.inputs) {
        report("interleave", "out of memory");
        return EXIT_RESOURCE_FAILURE;
    }
    status = open_inputs(&run, paths.paths);
    if (status == EXIT_BAD_LINES) /* a damaged input: found before the output is made */
        output_target_untouched("interleave", run.output_path);
    seebatch_output_file output = {stdout, NULL, NULL, 0};
    if (status == EXIT_OK)
        status = output_target_open("interleave", run.output_path, &output);
    if (status == EXIT_OK) {
        status = mix(&run, output.stream);
        /* an input changed (EXIT_BAD_LINES): nothing kept, as for a damaged one */
        status = output_target_finish("interleave", &output, run.output_path, status);
    }
    for (int i = 0; i < run.count; i++)
        input_close(&run.inputs[i].source);
    free(run.inputs);
    return status;
}
