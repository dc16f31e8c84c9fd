/* The runner's reading side (piece_reading.h). */
#include "piece_reading.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "training/training_internal.h"

/* The reader's hook at a plain block that does not parse (or an entry the
 * filter's output cannot hold): noted as a gap among the piece's entries,
 * then told to the job's skip, which says whether it is passed over. */
static int seebatch_piece_skip(void *context, const seebatch_training_place *place,
                               const char *message)
{
    piece_reader *reader = context;
    const piece_source *source = reader->source;
    if (!source->skip(source->skip_context, place, message))
        return 0;
    file_piece *piece = reader->reading;
    /* The entries of this read before the block: its number less those
     * numbered before the read and those skipped in it. */
    size_t at = (size_t)(place->entry - 1 - reader->numbered - piece->skipped);
    if (piece->gap_count && piece->gaps[piece->gap_count - 1].at == at) {
        piece->gaps[piece->gap_count - 1].count++;
    } else {
        if (piece->gap_count == piece->gap_capacity) {
            size_t capacity = piece->gap_capacity ? 2 * piece->gap_capacity : 16;
            piece_gap *grown = realloc(piece->gaps, capacity * sizeof *grown);
            if (!grown)
                return 0; /* told as the fault it then is */
            piece->gaps = grown;
            piece->gap_capacity = capacity;
        }
        piece->gaps[piece->gap_count++] = (piece_gap){at, 1};
    }
    piece->skipped++;
    return 1;
}

seebatch_status seebatch_piece_format_of(const char *path, FILE *input,
                                         seebatch_file_format *format, seebatch_error *error)
{
    char start[SEEBATCH_FILE_FORMAT_LOOK_BYTES];
    size_t got = fread(start, 1, sizeof start, input);
    if (got < sizeof start && ferror(input))
        return seebatch_fail(error, TRAINING_FILE_FAULT, "%s: cannot read: %s", path,
                             strerror(errno));
    rewind(input);
    *format = seebatch_file_format_of(path, start, got);
    return seebatch_succeed(error);
}

bool seebatch_piece_reader_start(piece_reader *reader, const piece_source *source)
{
    memset(reader, 0, sizeof *reader);
    reader->source = source;
    reader->chunks.file = source->input;
    if (source->format == SEEBATCH_FILE_LINES) {
        reader->lines = malloc(sizeof *reader->lines); /* its buffer is too big for the stack */
        if (!reader->lines)
            return false;
        seebatch_line_reader_init(reader->lines, source->input);
    } else if (source->format != SEEBATCH_FILE_BINPACK) {
        if (seebatch_training_open_stream(source->input, source->name, source->format,
                                          &reader->entries, NULL) != SEEBATCH_OK)
            return false;
        if (source->skip)
            seebatch_training_reader_skips(reader->entries, seebatch_piece_skip, reader,
                                           source->holds_format, source->name);
    }
    return true;
}

void seebatch_piece_reader_end(piece_reader *reader)
{
    seebatch_binpack_file_reader_free(&reader->chunks);
    seebatch_training_close(reader->entries);
    free(reader->lines);
}

void seebatch_file_piece_free(file_piece *piece)
{
    free(piece->bytes);
    free(piece->entries);
    free(piece->gaps);
    free(piece->lines);
}

static read_outcome seebatch_read_fault(bool piece, uint64_t byte, uint64_t line, const char *why)
{
    read_outcome outcome = {piece, READ_FAULT, false, false, byte, line, {0}};
    snprintf(outcome.reason, sizeof outcome.reason, "%.159s", why);
    return outcome;
}

/* The next chunk, read into the piece's own buffer (swapped with the
 * reader's, so no payload is copied). */
static read_outcome seebatch_read_chunk_piece(piece_reader *reader, file_piece *piece)
{
    binpack_file_reader *chunks = &reader->chunks;
    chunks->payload = piece->bytes;
    chunks->capacity = piece->capacity;
    const uint8_t *data;
    uint64_t header_at = chunks->offset;
    binpack_fault fault;
    binpack_chunk_status status =
        seebatch_binpack_read_chunk(chunks, &data, &piece->size, &piece->file_offset, &fault);
    piece->bytes = chunks->payload;
    piece->capacity = chunks->capacity;
    chunks->payload = NULL;
    chunks->capacity = 0;
    piece->input_bytes = chunks->offset - header_at;
    switch (status) {
    case BINPACK_CHUNK_READ:
        return (read_outcome){true, READ_ON, false, false, 0, 0, {0}};
    case BINPACK_CHUNK_TRUNCATED: {
        read_outcome outcome = seebatch_read_fault(true, fault.byte_offset, 0, fault.message);
        outcome.after_decoding = true;
        return outcome;
    }
    case BINPACK_CHUNK_NONE:
        return (read_outcome){false, READ_END, false, false, 0, 0, {0}};
    case BINPACK_CHUNK_BAD:
        return seebatch_read_fault(false, fault.byte_offset, 0, fault.message);
    default:
        return (read_outcome){false, READ_NO_MEMORY, false, false, 0, 0, {0}};
    }
}

/* The next entries of a plain or .bin input, up to PIECE_ENTRIES_MAX, and
 * the bad blocks skipped among them. */
static read_outcome seebatch_read_entries_piece(piece_reader *reader, file_piece *piece)
{
    if (!piece->entries) {
        piece->entries = malloc(PIECE_ENTRIES_MAX * sizeof *piece->entries);
        if (!piece->entries)
            return (read_outcome){false, READ_NO_MEMORY, false, false, 0, 0, {0}};
    }
    piece->entry_count = piece->gap_count = 0;
    piece->skipped = 0;
    reader->reading = piece;
    uint64_t before = seebatch_training_reader_consumed(reader->entries);
    size_t count;
    seebatch_status status = seebatch_training_read_entries(reader->entries, PIECE_ENTRIES_MAX,
                                                            piece->entries, &count, NULL);
    piece->entry_count = count;
    piece->input_bytes = seebatch_training_reader_consumed(reader->entries) - before;
    reader->numbered += count + piece->skipped;
    bool any = count || piece->skipped;
    if (status != SEEBATCH_OK) {
        uint64_t line;
        const char *why = seebatch_training_reader_reason(reader->entries, &line);
        seebatch_training_place place = seebatch_training_reader_place(reader->entries);
        if (strcmp(why, "out of memory") == 0)
            return (read_outcome){any, READ_NO_MEMORY, false, false, 0, 0, {0}};
        read_outcome outcome = seebatch_read_fault(any, place.byte_offset, line, why);
        outcome.read_failed = ferror(reader->source->input) != 0;
        return outcome;
    }
    if (seebatch_training_at_end(reader->entries))
        return (read_outcome){any, READ_END, false, false, 0, 0, {0}};
    return (read_outcome){true, READ_ON, false, false, 0, 0, {0}};
}

/* The next lines, up to PIECE_LINES_MAX of them or about PIECE_LINE_BYTES,
 * their text copied into the piece. The text is made big enough for its
 * lines once (its byte budget and one more line), so each line is copied
 * with no test of room. */
static read_outcome seebatch_read_lines_piece(piece_reader *reader, file_piece *piece)
{
    size_t room = PIECE_LINE_BYTES + SEEBATCH_LINE_MAX;
    if (!piece->lines) {
        piece->lines = malloc(PIECE_LINES_MAX * sizeof *piece->lines);
        piece->bytes = malloc(room);
        piece->capacity = room;
        if (!piece->lines || !piece->bytes)
            return (read_outcome){false, READ_NO_MEMORY, false, false, 0, 0, {0}};
    }
    line_reader *lines = reader->lines;
    unsigned long long consumed = seebatch_line_reader_consumed(lines);
    size_t length = 0, count = 0;
    seebatch_line input;
    while (count < PIECE_LINES_MAX && length < PIECE_LINE_BYTES &&
           seebatch_line_reader_next(lines, &input)) {
        if (!input.too_long) {
            memcpy(piece->bytes + length, input.text, input.length);
            input.text = (const char *)piece->bytes + length;
            length += input.length;
        }
        piece->lines[count++] = input;
    }
    piece->size = length;
    piece->line_count = count;
    piece->input_bytes = seebatch_line_reader_consumed(lines) - consumed;
    if (lines->read_error) {
        read_outcome outcome =
            seebatch_read_fault(count > 0, 0, lines->line_number + 1, strerror(lines->read_error));
        outcome.read_failed = true;
        return outcome;
    }
    if (count == PIECE_LINES_MAX || length >= PIECE_LINE_BYTES)
        return (read_outcome){true, READ_ON, false, false, 0, 0, {0}};
    return (read_outcome){count > 0, READ_END, false, false, 0, 0, {0}};
}

read_outcome seebatch_read_piece(piece_reader *reader, file_piece *piece)
{
    switch (reader->source->format) {
    case SEEBATCH_FILE_BINPACK:
        piece->kind = PIECE_CHUNK;
        return seebatch_read_chunk_piece(reader, piece);
    case SEEBATCH_FILE_LINES:
        piece->kind = PIECE_LINES;
        return seebatch_read_lines_piece(reader, piece);
    default:
        piece->kind = PIECE_ENTRIES;
        return seebatch_read_entries_piece(reader, piece);
    }
}
