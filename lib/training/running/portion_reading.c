/* The runner's reading side (portion_reading.h). */
#include "portion_reading.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "training/training_internal.h"

/* The reader's hook at a plain block that does not parse (or an entry the
 * filter's output cannot hold): noted as a gap among the portion's entries,
 * then told to the job's skip, which says whether it is passed over. */
static int seebatch_portion_skip(void *context, const seebatch_training_place *place,
                                 const char *message)
{
    portion_reader *reader = context;
    const portion_source *source = reader->source;
    if (!source->skip(source->skip_context, place, message))
        return 0;
    file_portion *portion = reader->reading;
    /* The entries of this read before the block: its number less those
     * numbered before the read and those skipped in it. */
    size_t at = (size_t)(place->entry - 1 - reader->numbered - portion->skipped);
    if (portion->gap_count && portion->gaps[portion->gap_count - 1].at == at) {
        portion->gaps[portion->gap_count - 1].count++;
    } else {
        if (portion->gap_count == portion->gap_capacity) {
            size_t capacity = portion->gap_capacity ? 2 * portion->gap_capacity : 16;
            portion_gap *grown = realloc(portion->gaps, capacity * sizeof *grown);
            if (!grown)
                return 0; /* told as the fault it then is */
            portion->gaps = grown;
            portion->gap_capacity = capacity;
        }
        portion->gaps[portion->gap_count++] = (portion_gap){at, 1};
    }
    portion->skipped++;
    return 1;
}

seebatch_status seebatch_portion_format_of(const char *path, FILE *input,
                                           seebatch_file_format *format, seebatch_error *error)
{
    char start[SEEBATCH_FILE_FORMAT_LOOK_BYTES];
    size_t got = fread(start, 1, sizeof start, input);
    if (got < sizeof start && ferror(input))
        return seebatch_fail_about(error, TRAINING_FILE_FAULT, path, "cannot read: %s",
                                   strerror(errno));
    rewind(input);
    *format = seebatch_file_format_of(path, start, got);
    return seebatch_succeed(error);
}

bool seebatch_portion_reader_start(portion_reader *reader, const portion_source *source)
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
            seebatch_training_reader_skips(reader->entries, seebatch_portion_skip, reader,
                                           source->holds_format, source->name);
    }
    return true;
}

void seebatch_portion_reader_end(portion_reader *reader)
{
    seebatch_binpack_file_reader_free(&reader->chunks);
    seebatch_training_close(reader->entries);
    free(reader->lines);
}

void seebatch_file_portion_free(file_portion *portion)
{
    free(portion->bytes);
    free(portion->entries);
    free(portion->gaps);
    free(portion->lines);
}

static read_outcome seebatch_read_fault(bool portion, uint64_t byte, uint64_t line, const char *why)
{
    read_outcome outcome = {portion, READ_FAULT, false, false, byte, line, {0}};
    snprintf(outcome.reason, sizeof outcome.reason, "%.159s", why);
    return outcome;
}

/* The next chunk, read into the portion's own buffer (swapped with the
 * reader's, so no payload is copied). */
static read_outcome seebatch_read_chunk_portion(portion_reader *reader, file_portion *portion)
{
    binpack_file_reader *chunks = &reader->chunks;
    chunks->payload = portion->bytes;
    chunks->capacity = portion->capacity;
    const uint8_t *data;
    uint64_t header_at = chunks->offset;
    binpack_fault fault;
    binpack_chunk_status status =
        seebatch_binpack_read_chunk(chunks, &data, &portion->size, &portion->file_offset, &fault);
    portion->bytes = chunks->payload;
    portion->capacity = chunks->capacity;
    chunks->payload = NULL;
    chunks->capacity = 0;
    portion->input_bytes = chunks->offset - header_at;
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

/* The next entries of a plain or .bin input, up to PORTION_ENTRIES_MAX, and
 * the bad blocks skipped among them. */
static read_outcome seebatch_read_entries_portion(portion_reader *reader, file_portion *portion)
{
    if (!portion->entries) {
        portion->entries = malloc(PORTION_ENTRIES_MAX * sizeof *portion->entries);
        if (!portion->entries)
            return (read_outcome){false, READ_NO_MEMORY, false, false, 0, 0, {0}};
    }
    portion->entry_count = portion->gap_count = 0;
    portion->skipped = 0;
    reader->reading = portion;
    uint64_t before = seebatch_training_reader_consumed(reader->entries);
    size_t count;
    seebatch_status status = seebatch_training_read_entries(reader->entries, PORTION_ENTRIES_MAX,
                                                            portion->entries, &count, NULL);
    portion->entry_count = count;
    portion->input_bytes = seebatch_training_reader_consumed(reader->entries) - before;
    reader->numbered += count + portion->skipped;
    bool any = count || portion->skipped;
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

/* The next lines, up to PORTION_LINES_MAX of them or about PORTION_LINE_BYTES,
 * their text copied into the portion. The text is made big enough for its
 * lines once (its byte budget and one more line), so each line is copied
 * with no test of room. */
static read_outcome seebatch_read_lines_portion(portion_reader *reader, file_portion *portion)
{
    size_t room = PORTION_LINE_BYTES + SEEBATCH_LINE_MAX;
    if (!portion->lines) {
        portion->lines = malloc(PORTION_LINES_MAX * sizeof *portion->lines);
        portion->bytes = malloc(room);
        portion->capacity = room;
        if (!portion->lines || !portion->bytes)
            return (read_outcome){false, READ_NO_MEMORY, false, false, 0, 0, {0}};
    }
    line_reader *lines = reader->lines;
    unsigned long long consumed = seebatch_line_reader_consumed(lines);
    size_t length = 0, count = 0;
    seebatch_line input;
    while (count < PORTION_LINES_MAX && length < PORTION_LINE_BYTES &&
           seebatch_line_reader_next(lines, &input)) {
        if (!input.too_long) {
            memcpy(portion->bytes + length, input.text, input.length);
            input.text = (const char *)portion->bytes + length;
            length += input.length;
        }
        portion->lines[count++] = input;
    }
    portion->size = length;
    portion->line_count = count;
    portion->input_bytes = seebatch_line_reader_consumed(lines) - consumed;
    if (lines->read_error) {
        read_outcome outcome =
            seebatch_read_fault(count > 0, 0, lines->line_number + 1, strerror(lines->read_error));
        outcome.read_failed = true;
        return outcome;
    }
    if (count == PORTION_LINES_MAX || length >= PORTION_LINE_BYTES)
        return (read_outcome){true, READ_ON, false, false, 0, 0, {0}};
    return (read_outcome){count > 0, READ_END, false, false, 0, 0, {0}};
}

read_outcome seebatch_read_portion(portion_reader *reader, file_portion *portion)
{
    switch (reader->source->format) {
    case SEEBATCH_FILE_BINPACK:
        portion->kind = PORTION_CHUNK;
        return seebatch_read_chunk_portion(reader, portion);
    case SEEBATCH_FILE_LINES:
        portion->kind = PORTION_LINES;
        return seebatch_read_lines_portion(reader, portion);
    default:
        portion->kind = PORTION_ENTRIES;
        return seebatch_read_entries_portion(reader, portion);
    }
}
