/* Reading a training file batch by batch: binpack chunk after chunk through
 * the decoder the tool uses, or plain block after block. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/bin_file.h"
#include "training/formats/binpack_reader.h"
#include "training/formats/binpack_writer.h" /* BINPACK_PLY_MAX */
#include "training/formats/chain_moves.h"    /* seebatch_castling_is_standard */
#include "training/formats/plain.h"
#include "training_internal.h"

struct seebatch_training_reader {
    FILE *file;
    seebatch_file_format format;
    binpack_file_reader chunks;
    binpack_chunk_decoder decoder;
    bool decoding;            /* a chunk is being decoded */
    bool truncated;           /* the file ends inside that chunk */
    binpack_fault truncation; /* what the chunk reader said of it */
    plain_reader plain;
    bin_reader bin;
    uint64_t entries;                  /* entries returned so far */
    bool finished;                     /* the end, or a fault, was reached */
    bool stop_at_chunk_end;            /* for seebatch_training_read_chunk */
    bool chunk_done;                   /* the last read stopped at a chunk's end */
    seebatch_error end;                /* the fault that finished it, if any */
    seebatch_training_place end_place; /* and where it is */
    unsigned long end_line;            /* plain: its line */
    char end_reason[160];              /* why, without the place */
    /* seebatch_training_filter_file's (training_internal.h): a stream it
     * was given, not closed here; the hook told of bad plain blocks and of
     * entries the output cannot hold, and that output's format (-1: none). */
    bool borrowed;
    const char *name; /* the path (owned_name) or the stream's name, for skip's messages */
    char *owned_name;
    int (*skip)(void *context, const seebatch_training_place *place, const char *message);
    void *skip_context;
    seebatch_file_format holds; /* SEEBATCH_FILE_UNKNOWN: none checked */
};

/* The reader reads file from its current place, in its format. */
static void seebatch_attach_file(seebatch_training_reader *made, FILE *file)
{
    made->file = file;
    made->bin = bin_reader_start(file);
    made->chunks.file = file;
    made->plain = plain_reader_start(file);
    made->holds = SEEBATCH_FILE_UNKNOWN;
}

/* Makes *reader of the open file; fails when memory runs out or the file
 * cannot be read (a directory, say: said now, not as bad data). */
static seebatch_status seebatch_start_reader(FILE *file, const char *path,
                                             seebatch_training_reader **reader,
                                             seebatch_error *error)
{
    seebatch_training_reader *made = calloc(1, sizeof *made);
    char *name = made ? malloc(strlen(path) + 1) : NULL;
    if (!name) {
        free(made);
        return seebatch_fail_about(error, TRAINING_MEMORY_FAULT, path, "out of memory");
    }
    made->owned_name = strcpy(name, path);
    made->name = name;
    char magic[4];
    size_t got = fread(magic, 1, 4, file);
    if (got < 4 && ferror(file)) {
        seebatch_status status = seebatch_fail_about(error, TRAINING_FILE_FAULT, path,
                                                     "cannot read: %s", strerror(errno));
        free(made->owned_name);
        free(made);
        return status;
    }
    rewind(file);
    made->format = seebatch_file_format_of(path, magic, got);
    if (made->format == SEEBATCH_FILE_LINES) {
        free(made->owned_name);
        free(made);
        return seebatch_fail(error, TRAINING_DATA_FAULT, "%s %s", path, seebatch_not_training_data);
    }
    seebatch_attach_file(made, file);
    *reader = made;
    return seebatch_succeed(error);
}

seebatch_status seebatch_training_open_stream(FILE *file, const char *name,
                                              seebatch_file_format format,
                                              seebatch_training_reader **reader,
                                              seebatch_error *error)
{
    if (!reader || !file || !name) {
        if (reader)
            *reader = NULL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "stream, name or reader is NULL");
    }
    *reader = NULL;
    if (format != SEEBATCH_FILE_BINPACK && format != SEEBATCH_FILE_PLAIN &&
        format != SEEBATCH_FILE_BIN)
        return seebatch_fail_about(error, SEEBATCH_ERROR_ARGUMENT, name,
                                   "format %d is none of the three", (int)format);
    seebatch_training_reader *made = calloc(1, sizeof *made);
    *reader = made;
    if (!made)
        return seebatch_fail_about(error, TRAINING_MEMORY_FAULT, name, "out of memory");
    made->format = format;
    made->borrowed = true;
    made->name = name;
    seebatch_attach_file(made, file);
    return seebatch_succeed(error);
}

void seebatch_training_reader_skips(seebatch_training_reader *reader,
                                    int (*skip)(void *, const seebatch_training_place *,
                                                const char *),
                                    void *context, seebatch_file_format output_format,
                                    const char *name)
{
    reader->skip = skip;
    reader->skip_context = context;
    reader->holds = skip ? output_format : SEEBATCH_FILE_UNKNOWN;
    reader->name = name;
}

seebatch_status seebatch_training_open(const char *path, seebatch_training_reader **reader,
                                       seebatch_error *error)
{
    if (!reader || !path) {
        if (reader)
            *reader = NULL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "path or reader is NULL");
    }
    *reader = NULL;
    FILE *file = fopen(path, "rb");
    if (!file)
        return seebatch_fail_about(error, TRAINING_FILE_FAULT, path, "cannot open: %s",
                                   strerror(errno));
    seebatch_status status = seebatch_start_reader(file, path, reader, error);
    if (status != SEEBATCH_OK)
        fclose(file);
    return status;
}

seebatch_file_format seebatch_training_reader_format(const seebatch_training_reader *reader)
{
    return reader->format;
}

/* Ends the reading; with a message, at a fault of the entry after those
 * returned, named as the tool names it (seebatch_training_fault_text): "line L" in plain
 * text, else "byte B". */
static void seebatch_finish(seebatch_training_reader *r, uint64_t byte_offset, unsigned long line,
                            const char *message)
{
    r->finished = true;
    if (!message)
        return;
    char text[SEEBATCH_MESSAGE_SIZE];
    uint64_t entry = r->entries + 1;
    seebatch_training_fault_text(text, sizeof text, line != 0, line ? line : byte_offset, entry,
                                 message);
    seebatch_training_note_unread(text, sizeof text, r->file, byte_offset, r->format);
    seebatch_fail(&r->end, TRAINING_DATA_FAULT, "%s", text);
    r->end_place = (seebatch_training_place){byte_offset, entry};
    r->end_line = line;
    snprintf(r->end_reason, sizeof r->end_reason, "%.159s", message);
}

/* Starts decoding the next chunk; false when there is none (the end, or a
 * fault: the reader is then finished). */
static bool seebatch_next_chunk(seebatch_training_reader *r)
{
    const uint8_t *data;
    size_t size;
    uint64_t offset;
    binpack_fault fault;
    binpack_chunk_status status =
        seebatch_binpack_read_chunk(&r->chunks, &data, &size, &offset, &fault);
    if (status == BINPACK_CHUNK_READ || status == BINPACK_CHUNK_TRUNCATED) {
        /* Of a truncated chunk, what is there is decoded first. */
        r->truncated = status == BINPACK_CHUNK_TRUNCATED;
        r->truncation = fault;
        seebatch_binpack_decoder_start(&r->decoder, data, size, offset);
        r->decoding = true;
        return true;
    }
    switch (status) {
    case BINPACK_CHUNK_NONE:
        seebatch_finish(r, 0, 0, NULL);
        return false;
    case BINPACK_CHUNK_BAD:
        seebatch_finish(r, fault.byte_offset, 0, fault.message);
        return false;
    default:
        seebatch_finish(r, r->chunks.offset, 0, "out of memory");
        return false;
    }
}

/* Where a read puts its entries: the caller's arrays, or its structs. The
 * readers below are inlined into each public call, where which one is a
 * constant: no test of it an entry. */
#define SEEBATCH_READ_INLINE static inline __attribute__((always_inline))
typedef struct entry_out {
    const seebatch_training_arrays *arrays;
    training_entry *entries;
} entry_out;

/* Where entry n is decoded: in place among the structs, else in *spare
 * (then moved by seebatch_put). */
static inline training_entry *seebatch_slot(const entry_out *out, size_t n, training_entry *spare)
{
    return out->entries ? &out->entries[n] : spare;
}

static inline void seebatch_put(const entry_out *out, size_t n, const training_entry *entry)
{
    if (!out->entries)
        training_store(out->arrays, n, entry);
}

SEEBATCH_READ_INLINE size_t seebatch_read_binpack(seebatch_training_reader *r, size_t capacity,
                                                  const entry_out *out)
{
    size_t n = 0;
    training_entry spare;
    binpack_fault fault;
    while (n < capacity && !r->finished) {
        if (!r->decoding) {
            if (!seebatch_next_chunk(r))
                break;
            continue;
        }
        training_entry *entry = seebatch_slot(out, n, &spare);
        binpack_step step = seebatch_binpack_next(&r->decoder, entry, NULL, &fault);
        if (step == BINPACK_ENTRY) {
            seebatch_put(out, n++, entry);
            r->entries++;
            continue;
        }
        r->decoding = false;
        r->chunk_done = true;
        /* A chunk the file ends inside faults for that reason, as in the tool. */
        if (r->truncated)
            seebatch_binpack_truncation_fault(step == BINPACK_FAULT ? &fault : NULL, &r->truncation,
                                              &fault);
        if (step == BINPACK_FAULT || r->truncated)
            seebatch_finish(r, fault.byte_offset, 0, fault.message);
        if (r->stop_at_chunk_end)
            break;
    }
    return n;
}

/* Why the output the reader checks for cannot hold the entry, into why;
 * false when it can (or none is checked). */
static bool seebatch_output_refuses(const seebatch_training_reader *r, const training_entry *entry,
                                    char *why, size_t size)
{
    if (r->holds == SEEBATCH_FILE_BINPACK && entry->ply > BINPACK_PLY_MAX) {
        snprintf(why, size, "ply %u does not fit in binpack (at most %d)", entry->ply,
                 BINPACK_PLY_MAX);
        return true;
    }
    if (r->holds == SEEBATCH_FILE_BINPACK &&
        !seebatch_castling_is_standard(&entry->board, "binpack", why, size))
        return true;
    return r->holds == SEEBATCH_FILE_BIN && !seebatch_bin_holds(entry, why, size);
}

/* Tells the skip hook of the entry after those returned, at byte_offset
 * (and line, for plain): true when it is skipped (its number used), false
 * when the reading ends at it. */
static bool seebatch_skipped(seebatch_training_reader *r, uint64_t byte_offset, unsigned long line,
                             const char *why)
{
    if (!r->skip)
        return false;
    char text[SEEBATCH_MESSAGE_SIZE], message[SEEBATCH_MESSAGE_SIZE + 256];
    seebatch_training_place place = {byte_offset, r->entries + 1};
    seebatch_training_fault_text(text, sizeof text, line != 0, line ? line : byte_offset,
                                 place.entry, why);
    seebatch_name_text(message, sizeof message, r->name, text);
    if (!r->skip(r->skip_context, &place, message))
        return false;
    r->entries++;
    return true;
}

SEEBATCH_READ_INLINE size_t seebatch_read_plain(seebatch_training_reader *r, size_t capacity,
                                                const entry_out *out)
{
    size_t n = 0;
    training_entry spare;
    char message[SEEBATCH_MESSAGE_SIZE];
    while (n < capacity && !r->finished) {
        long at = plain_reader_offset(&r->plain);
        uint64_t byte = at < 0 ? 0 : (uint64_t)at;
        training_entry *entry = seebatch_slot(out, n, &spare);
        plain_step step = seebatch_plain_next(&r->plain, entry, message, sizeof message);
        if (step == PLAIN_ENTRY && seebatch_output_refuses(r, entry, message, sizeof message)) {
            r->plain.fault_line = r->plain.line; /* the block's "e" line */
            step = PLAIN_BAD;
        }
        if (step == PLAIN_ENTRY) {
            seebatch_put(out, n++, entry);
            r->entries++;
        } else if (step == PLAIN_END || r->plain.read_failed ||
                   !seebatch_skipped(r, byte, r->plain.fault_line, message)) {
            seebatch_finish(r, byte, r->plain.fault_line, step == PLAIN_BAD ? message : NULL);
        }
    }
    return n;
}

/* A .bin stops at its first bad entry, as a binpack does. */
SEEBATCH_READ_INLINE size_t seebatch_read_bin(seebatch_training_reader *r, size_t capacity,
                                              const entry_out *out)
{
    size_t n = 0;
    training_entry spare;
    char message[SEEBATCH_MESSAGE_SIZE];
    while (n < capacity && !r->finished) {
        training_entry *entry = seebatch_slot(out, n, &spare);
        bin_step step = seebatch_bin_next(&r->bin, entry, message, sizeof message);
        if (step == BIN_ENTRY && seebatch_output_refuses(r, entry, message, sizeof message)) {
            uint64_t byte = r->bin.offset - BIN_ENTRY_SIZE;
            if (!seebatch_skipped(r, byte, 0, message))
                seebatch_finish(r, byte, 0, message);
        } else if (step == BIN_ENTRY) {
            seebatch_put(out, n++, entry);
            r->entries++;
        } else {
            seebatch_finish(r, r->bin.fault_byte, 0, step == BIN_BAD ? message : NULL);
        }
    }
    return n;
}

/* The reading's state as a status: the fault that finished it, or none. */
static seebatch_status seebatch_reading_status(const seebatch_training_reader *reader,
                                               seebatch_error *error)
{
    if (reader->end.status == SEEBATCH_OK)
        return seebatch_succeed(error);
    if (error)
        *error = reader->end;
    return reader->end.status;
}

/* Up to capacity entries into out, in the reader's format. */
SEEBATCH_READ_INLINE seebatch_status seebatch_read_into(seebatch_training_reader *reader,
                                                        size_t capacity, const entry_out *out,
                                                        size_t *count, seebatch_error *error)
{
    *count = reader->format == SEEBATCH_FILE_BINPACK ? seebatch_read_binpack(reader, capacity, out)
             : reader->format == SEEBATCH_FILE_BIN   ? seebatch_read_bin(reader, capacity, out)
                                                     : seebatch_read_plain(reader, capacity, out);
    return seebatch_reading_status(reader, error);
}

seebatch_status seebatch_training_read(seebatch_training_reader *reader, size_t capacity,
                                       const seebatch_training_arrays *out, size_t *count,
                                       seebatch_error *error)
{
    if (!reader || !out || !count) {
        if (count)
            *count = 0;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "reader, out or count is NULL");
    }
    const entry_out into = {out, NULL};
    return seebatch_read_into(reader, capacity, &into, count, error);
}

seebatch_status seebatch_training_read_entries(seebatch_training_reader *reader, size_t capacity,
                                               training_entry *entries, size_t *count,
                                               seebatch_error *error)
{
    if (!reader || !entries || !count) {
        if (count)
            *count = 0;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "reader, entries or count is NULL");
    }
    const entry_out into = {NULL, entries};
    return seebatch_read_into(reader, capacity, &into, count, error);
}

seebatch_status seebatch_training_read_chunk(seebatch_training_reader *reader, size_t capacity,
                                             const seebatch_training_arrays *out, size_t *count,
                                             int *chunk_done, seebatch_error *error)
{
    if (!reader || !chunk_done) {
        if (count)
            *count = 0;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "reader or chunk_done is NULL");
    }
    reader->stop_at_chunk_end = true;
    reader->chunk_done = false;
    seebatch_status status = seebatch_training_read(reader, capacity, out, count, error);
    reader->stop_at_chunk_end = false;
    *chunk_done = reader->chunk_done || reader->finished;
    return status;
}

int seebatch_training_at_end(const seebatch_training_reader *reader) { return reader->finished; }

const char *seebatch_training_reader_reason(const seebatch_training_reader *reader, uint64_t *line)
{
    *line = reader->end_line;
    return reader->end_reason;
}

uint64_t seebatch_training_reader_consumed(const seebatch_training_reader *reader)
{
    if (reader->format == SEEBATCH_FILE_BIN)
        return reader->bin.offset;
    long at = reader->format == SEEBATCH_FILE_PLAIN ? plain_reader_offset(&reader->plain) : -1;
    return at < 0 ? 0 : (uint64_t)(at - reader->plain.start);
}

seebatch_training_place seebatch_training_reader_place(const seebatch_training_reader *reader)
{
    return reader->end_place;
}

void seebatch_training_close(seebatch_training_reader *reader)
{
    if (!reader)
        return;
    if (!reader->borrowed)
        fclose(reader->file);
    free(reader->owned_name);
    seebatch_binpack_file_reader_free(&reader->chunks);
    free(reader);
}
