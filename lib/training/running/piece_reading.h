/* The runner's reading side (file_runner.h): an input cut into pieces on
 * the calling thread, each read into a piece's own buffers: a binpack by
 * the library's one chunk reader, plain and .bin entries by the library's
 * reader, lines by the line reader. */
#ifndef SEEBATCH_PIECE_READING_H
#define SEEBATCH_PIECE_READING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "training/formats/binpack_reader.h"
#include "line_reader.h"
#include "seebatch_training.h"
#include "training/formats/training_entry.h"

/* What a piece holds. */
typedef enum piece_kind {
    PIECE_CHUNK,   /* a binpack chunk's payload */
    PIECE_ENTRIES, /* entries of a plain or .bin file */
    PIECE_LINES    /* lines of a text file */
} piece_kind;

/* Entries read into a piece of plain or .bin input, at most, lines into a
 * piece of lines, and their bytes, about. */
enum {
    PIECE_ENTRIES_MAX = SEEBATCH_BLOCK_MAX,
    PIECE_LINES_MAX = SEEBATCH_BLOCK_MAX,
    PIECE_LINE_BYTES = 1 << 20
};

/* Entries skipped (bad plain blocks told to skip) among a piece's: `count`
 * of them before entries[at]. */
typedef struct piece_gap {
    size_t at;
    uint64_t count;
} piece_gap;

/* A piece as read: what the workers work on. Its buffers are kept from
 * piece to piece. */
typedef struct file_piece {
    piece_kind kind;
    /* PIECE_CHUNK: the payload, at file_offset in the file; PIECE_LINES:
     * the lines' text, back to back. */
    uint8_t *bytes;
    size_t size, capacity;
    uint64_t file_offset;
    /* PIECE_ENTRIES: the entries read, and the entries skipped among them
     * (gap_count of them, in order; skipped their counts summed). */
    training_entry *entries;
    size_t entry_count;
    piece_gap *gaps;
    size_t gap_count, gap_capacity;
    uint64_t skipped;
    /* PIECE_LINES: the lines (PIECE_LINES_MAX). */
    seebatch_line *lines;
    size_t line_count;
    uint64_t input_bytes; /* of the input the piece took (a chunk's header too) */
} file_piece;

/* What is read and how. */
typedef struct piece_source {
    FILE *input;
    const char *name;            /* for messages */
    seebatch_file_format format; /* binpack, plain, bin or lines */
    /* Plain: told of a block that does not parse (NULL: it ends the
     * reading as a fault), and of an entry that holds_format (binpack or
     * bin; SEEBATCH_FILE_UNKNOWN: none) cannot hold; 1 skips it. */
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    seebatch_file_format holds_format;
} piece_source;

typedef struct piece_reader {
    const piece_source *source;
    binpack_file_reader chunks;        /* binpack */
    seebatch_training_reader *entries; /* plain and bin */
    line_reader *lines;                /* lines */
    file_piece *reading;               /* the piece the entries go into (for its gaps) */
    uint64_t numbered;                 /* entries of the pieces before, those skipped counted */
} piece_reader;

/* How reading a piece ended. */
typedef enum read_end {
    READ_ON,       /* a piece was read, and more may follow */
    READ_END,      /* the input ended cleanly (after the piece, if one was read) */
    READ_FAULT,    /* the input ends at a fault after the piece (if one was read) */
    READ_NO_MEMORY /* memory ran out */
} read_end;

typedef struct read_outcome {
    bool piece; /* a piece was read (plain and bin: it may hold skipped entries alone) */
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
seebatch_status seebatch_piece_format_of(const char *path, FILE *input,
                                         seebatch_file_format *format, seebatch_error *error);

/* Starts reading source (kept as a pointer); false when memory runs out. */
bool seebatch_piece_reader_start(piece_reader *reader, const piece_source *source);

/* Reads the next piece into piece (its kind set, its buffers grown). */
read_outcome seebatch_read_piece(piece_reader *reader, file_piece *piece);

void seebatch_piece_reader_end(piece_reader *reader);

/* Frees what a piece holds. */
void seebatch_file_piece_free(file_piece *piece);

#endif
