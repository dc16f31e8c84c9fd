/* The runner's reading side (file_runner.h): an input cut into portions on
 * the calling thread, each read into a portion's own buffers: a binpack by
 * the library's one chunk reader, plain and .bin entries by the library's
 * reader, lines by the line reader. */
#ifndef SEEBATCH_PORTION_READING_H
#define SEEBATCH_PORTION_READING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "training/formats/binpack_reader.h"
#include "line_reader.h"
#include "seebatch_training.h"
#include "training/formats/training_entry.h"

/* What a portion holds. */
typedef enum portion_kind {
    PORTION_CHUNK,   /* a binpack chunk's payload */
    PORTION_ENTRIES, /* entries of a plain or .bin file */
    PORTION_LINES    /* lines of a text file */
} portion_kind;

/* Entries read into a portion of plain or .bin input, at most, lines into a
 * portion of lines, and their bytes, about. */
enum {
    PORTION_ENTRIES_MAX = SEEBATCH_BLOCK_MAX,
    PORTION_LINES_MAX = SEEBATCH_BLOCK_MAX,
    PORTION_LINE_BYTES = 1 << 20
};

/* Entries skipped (bad plain blocks told to skip) among a portion's: `count`
 * of them before entries[at]. */
typedef struct portion_gap {
    size_t at;
    uint64_t count;
} portion_gap;

/* A portion as read: what the workers work on. Its buffers are kept from
 * portion to portion. */
typedef struct file_portion {
    portion_kind kind;
    /* PORTION_CHUNK: the payload, at file_offset in the file; PORTION_LINES:
     * the lines' text, back to back. */
    uint8_t *bytes;
    size_t size, capacity;
    uint64_t file_offset;
    /* PORTION_ENTRIES: the entries read, and the entries skipped among them
     * (gap_count of them, in order; skipped their counts summed). */
    training_entry *entries;
    size_t entry_count;
    portion_gap *gaps;
    size_t gap_count, gap_capacity;
    uint64_t skipped;
    /* PORTION_LINES: the lines (PORTION_LINES_MAX). */
    seebatch_line *lines;
    size_t line_count;
    uint64_t input_bytes; /* of the input the portion took (a chunk's header too) */
} file_portion;

/* What is read and how. */
typedef struct portion_source {
    FILE *input;
    const char *name;            /* for messages */
    seebatch_file_format format; /* binpack, plain, bin or lines */
    /* Plain: told of a block that does not parse (NULL: it ends the
     * reading as a fault), and of an entry that holds_format (binpack or
     * bin; SEEBATCH_FILE_UNKNOWN: none) cannot hold; 1 skips it. */
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    seebatch_file_format holds_format;
} portion_source;

typedef struct portion_reader {
    const portion_source *source;
    binpack_file_reader chunks;        /* binpack */
    seebatch_training_reader *entries; /* plain and bin */
    line_reader *lines;                /* lines */
    file_portion *reading;             /* the portion the entries go into (for its gaps) */
    uint64_t numbered;                 /* entries of the portions before, those skipped counted */
} portion_reader;

/* How reading a portion ended. */
typedef enum read_end {
    READ_ON,       /* a portion was read, and more may follow */
    READ_END,      /* the input ended cleanly (after the portion, if one was read) */
    READ_FAULT,    /* the input ends at a fault after the portion (if one was read) */
    READ_NO_MEMORY /* memory ran out */
} read_end;

typedef struct read_outcome {
    bool portion; /* a portion was read (plain and bin: it may hold skipped entries alone) */
    read_end end;
    /* READ_FAULT: where and why. after_decoding: the file ends inside the
     * chunk read, whose fault is named where its decoding stopped if it
     * stopped first, else at byte. */
    bool after_decoding;
    bool read_failed; /* the fault is a read that failed */
    uint64_t byte, line;
    char reason[160];
} read_outcome;

/* The format of the file opened at path as input, told as every reader of
 * the library tells it (seebatch_file_format_of: its first bytes, its
 * name, else lines); the stream is put back at its start.
 * Errors: SEEBATCH_ERROR_ARGUMENT for a read that failed ("PATH: cannot
 * read: why"). */
seebatch_status seebatch_portion_format_of(const char *path, FILE *input,
                                           seebatch_file_format *format, seebatch_error *error);

/* Starts reading source (kept as a pointer); false when memory runs out. */
bool seebatch_portion_reader_start(portion_reader *reader, const portion_source *source);

/* Reads the next portion into portion (its kind set, its buffers grown). */
read_outcome seebatch_read_portion(portion_reader *reader, file_portion *portion);

void seebatch_portion_reader_end(portion_reader *reader);

/* Frees what a portion holds. */
void seebatch_file_portion_free(file_portion *portion);

#endif
