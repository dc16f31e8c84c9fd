/*
 * Training entries read one by one from a .plain or a .bin stream, for the
 * subcommands that do not read binpack by chunks (eval, check, stats and
 * filter on plain or bin input). A bad entry is reported in the words of
 * seebatch_training_fault_text: "line L, entry E: why" in plain text, where the run goes
 * on with the next block; "byte B, entry E: why" in a .bin, where the run
 * ends (every entry before it done), as in a binpack.
 */
#ifndef SEEBATCH_CLI_ENTRY_SOURCE_H
#define SEEBATCH_CLI_ENTRY_SOURCE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tool_only.h"
#include "input_source.h"

typedef struct entry_source {
    seebatch_file_format format; /* SEEBATCH_FILE_PLAIN or SEEBATCH_FILE_BIN */
    plain_reader plain;
    bin_reader bin;
    uint64_t number; /* entries read so far, good or bad: the last one's number */
} entry_source;

static inline entry_source entry_source_start(FILE *stream, seebatch_file_format format)
{
    return (entry_source){format, plain_reader_start(stream), bin_reader_start(stream), 0};
}

typedef enum source_step { SOURCE_ENTRY, SOURCE_BAD, SOURCE_END } source_step;

/* The next entry: SOURCE_ENTRY; SOURCE_BAD for a bad one (reported here;
 * source->number counts it); SOURCE_END at the end of the input, and after
 * a fault of a .bin. */
source_step entry_source_next(entry_source *source, training_entry *entry);

/* Reports the entry just read as bad for the reason given (one the output
 * cannot hold), naming its place as a fault of the input is named. */
void entry_source_refuse(entry_source *source, const char *why);

/* Whether reading the stream failed (an error of the system, not bad data). */
static inline bool entry_source_read_failed(const entry_source *source)
{
    return source->format == SEEBATCH_FILE_BIN ? source->bin.read_failed
                                               : source->plain.read_failed;
}

#endif
