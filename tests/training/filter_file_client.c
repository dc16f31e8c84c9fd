/*
 * A filter as a C user of the library writes it, through include/ alone:
 * seebatch_training_filter_new and seebatch_training_filter_file, nothing
 * else of the library. tests/training/filter_file_three_ways.py holds its
 * output and its fault against `seebatch filter` and Python's
 * Filter.filter_file.
 *
 * Usage: filter_file_client [--skip] INPUT OUTPUT FORMAT THREADS [RULE...]
 * (FORMAT binpack, plain or bin; OUTPUT "-" for counting only). Prints
 * "read R kept K" on stdout; a fault as "fault byte B entry E: MESSAGE" on
 * stdout too, exit 1; a usage or other failure on stderr, exit 2. With
 * --skip, the job's skip hook goes past each bad plain block and each entry
 * the output cannot hold (as `seebatch filter` does), printing "skipped
 * byte B entry E: MESSAGE" for each before the counts.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seebatch_training.h"

/* The format named, by the library's one table of names. */
static int format_named(const char *name, seebatch_file_format *format)
{
    *format = seebatch_file_format_named(name);
    return *format == SEEBATCH_FILE_BINPACK || *format == SEEBATCH_FILE_PLAIN ||
           *format == SEEBATCH_FILE_BIN;
}

/* The skip hook: each entry told is printed and skipped. */
static int skip_and_say(void *context, const seebatch_training_place *place, const char *message)
{
    (void)context;
    printf("skipped byte %" PRIu64 " entry %" PRIu64 ": %s\n", place->byte_offset, place->entry,
           message);
    return 1;
}

int main(int argc, char **argv)
{
    seebatch_filter_file_job job;
    memset(&job, 0, sizeof job);
    if (argc > 1 && strcmp(argv[1], "--skip") == 0) {
        job.skip = skip_and_say;
        argc--;
        argv++;
    }
    if (argc < 5 || !format_named(argv[3], &job.output_format)) {
        fprintf(stderr, "usage: filter_file_client [--skip] INPUT OUTPUT binpack|plain|bin THREADS "
                        "[RULE...]\n");
        return 2;
    }
    seebatch_error error;
    seebatch_training_filter *filter;
    if (seebatch_training_filter_new((size_t)(argc - 5), (const char *const *)argv + 5, &filter,
                                     &error) != SEEBATCH_OK) {
        fprintf(stderr, "filter_file_client: %s\n", error.message);
        return 2;
    }
    job.filter = filter;
    job.input = argv[1];
    job.output = strcmp(argv[2], "-") == 0 ? NULL : argv[2];
    job.threads = (unsigned)strtoul(argv[4], NULL, 10);
    seebatch_status status = seebatch_training_filter_file(&job, &error);
    seebatch_training_filter_free(filter);
    printf("read %" PRIu64 " kept %" PRIu64 "\n", job.counts.entries, job.counts.kept);
    if (status == SEEBATCH_OK)
        return 0;
    if (job.place.entry) {
        printf("fault byte %" PRIu64 " entry %" PRIu64 ": %s\n", job.place.byte_offset,
               job.place.entry, error.message);
        return 1;
    }
    fprintf(stderr, "filter_file_client: %s\n", error.message);
    return 2;
}
