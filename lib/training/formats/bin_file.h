/*
 * .bin files (packed_sfen.h) entry by entry: 40 bytes each, read from a
 * stream and written to one. An entry that does not decode, or a file that
 * ends inside an entry, ends the reading there: every entry before it has
 * been read.
 */
#ifndef SEEBATCH_FORMATS_BIN_FILE_H
#define SEEBATCH_FORMATS_BIN_FILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "packed_sfen.h"

typedef struct bin_reader {
    FILE *file;
    uint64_t offset;     /* of the next entry in the file */
    uint64_t fault_byte; /* after BIN_BAD: where the entry at fault starts */
    bool finished;       /* the end or a fault was reached */
    bool read_failed;    /* the fault was a read error */
} bin_reader;

static inline bin_reader bin_reader_start(FILE *file)
{
    return (bin_reader){file, 0, 0, false, false};
}

typedef enum bin_step { BIN_ENTRY, BIN_END, BIN_BAD } bin_step;

/* The next entry. BIN_BAD: message (size bytes) says what is wrong, and
 * reader->fault_byte where; every later call gives BIN_END. */
bin_step seebatch_bin_next(bin_reader *reader, training_entry *entry, char *message, size_t size);

/* Writes an entry seebatch_bin_holds accepts; false when the write fails. */
bool seebatch_bin_write(const training_entry *entry, FILE *out);

#endif
