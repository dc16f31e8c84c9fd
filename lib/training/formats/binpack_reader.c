#include "binpack_reader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "binpack_stem.h"
#include "chain_coding_choice.h"

bool seebatch_binpack_unpack_stem(const uint8_t *bytes, training_entry *entry, binpack_fault *fault)
{
    return seebatch_chain_coding_here()->unpack_stem(bytes, entry, fault, false);
}

/* ------------------------------------------------------------------------ */
/* Chunks                                                                   */
/* ------------------------------------------------------------------------ */

void seebatch_binpack_decoder_start(binpack_chunk_decoder *decoder, const uint8_t *data,
                                    size_t size, uint64_t file_offset)
{
    memset(decoder, 0, sizeof *decoder);
    decoder->data = data;
    decoder->size = size;
    decoder->file_offset = file_offset;
    decoder->coding = seebatch_chain_coding_here();
    decoder->pdep = seebatch_chain_coding_pdep(decoder->coding);
}

/* The loop of the sink's mode, in the copy the decoder was given. */
static size_t seebatch_next_entries(binpack_chunk_decoder *d, entry_sink *sink, size_t max,
                                    binpack_step *stop, binpack_fault *fault)
{
    sink_mode mode = sink->entries ? SINK_ENTRIES : sink->briefs ? SINK_BRIEFS : SINK_NOTHING;
    return d->coding->decode[mode](d, sink, max, stop, fault);
}

binpack_step seebatch_binpack_next(binpack_chunk_decoder *decoder, training_entry *entry,
                                   binpack_source *source, binpack_fault *fault)
{
    binpack_step step;
    entry_sink sink = {entry, source, NULL, NULL, 0};
    seebatch_next_entries(decoder, &sink, 1, &step, fault);
    return step;
}

size_t seebatch_binpack_next_block(binpack_chunk_decoder *decoder, training_entry *entries,
                                   binpack_source *sources, size_t max, binpack_step *stop,
                                   binpack_fault *fault)
{
    entry_sink sink = {entries, sources, NULL, NULL, 0};
    return seebatch_next_entries(decoder, &sink, max, stop, fault);
}

size_t seebatch_binpack_skip_block(binpack_chunk_decoder *decoder, size_t max, binpack_step *stop,
                                   binpack_fault *fault)
{
    entry_sink sink = {NULL, NULL, NULL, NULL, 0};
    return seebatch_next_entries(decoder, &sink, max, stop, fault);
}

size_t seebatch_binpack_next_briefs(binpack_chunk_decoder *decoder, brief_list *list, size_t max,
                                    binpack_step *stop, binpack_fault *fault)
{
    entry_sink sink = {NULL, NULL, list->briefs, list->boards, 0};
    list->listed = 0;
    if (decoder->size > BINPACK_MAX_CHUNK) {
        *stop = BINPACK_FAULT;
        seebatch_binpack_fault_at(fault, decoder->file_offset,
                                  "a payload too large to be read in brief");
        return 0;
    }
    size_t count = seebatch_next_entries(decoder, &sink, max, stop, fault);
    list->listed = sink.listed;
    return count;
}

/* ------------------------------------------------------------------------ */
/* Files                                                                    */
/* ------------------------------------------------------------------------ */

static binpack_chunk_status seebatch_bad_header(binpack_fault *fault, uint64_t offset,
                                                const char *message)
{
    seebatch_binpack_fault_at(fault, offset, message);
    return BINPACK_CHUNK_BAD;
}

bool seebatch_binpack_header_size(const uint8_t header[BINPACK_HEADER_SIZE], uint32_t *size,
                                  binpack_fault *fault)
{
    if (memcmp(header, "BINP", 4) != 0) {
        snprintf(fault->message, sizeof fault->message,
                 "no chunk header (\"BINP\") where a chunk should start");
        return false;
    }
    *size = (uint32_t)header[4] | (uint32_t)header[5] << 8 | (uint32_t)header[6] << 16 |
            (uint32_t)header[7] << 24;
    if (*size <= BINPACK_MAX_CHUNK)
        return true;
    snprintf(fault->message, sizeof fault->message,
             "the chunk header claims %u bytes, more than the %u-byte limit", (unsigned)*size,
             (unsigned)BINPACK_MAX_CHUNK);
    return false;
}

/* A read that failed: a fault at offset (the chunk's header), naming the
 * system's reason (EIO when errno tells none). */
static binpack_chunk_status seebatch_read_failed(binpack_fault *fault, uint64_t offset)
{
    int reason = errno ? errno : EIO;
    seebatch_binpack_fault_at(fault, offset, "");
    snprintf(fault->message, sizeof fault->message, "the file cannot be read: %s",
             strerror(reason));
    return BINPACK_CHUNK_BAD;
}

binpack_chunk_status seebatch_binpack_read_chunk(binpack_file_reader *reader, const uint8_t **data,
                                                 size_t *size, uint64_t *file_offset,
                                                 binpack_fault *fault)
{
    uint8_t header[BINPACK_HEADER_SIZE];
    errno = 0; /* so that a failed read's errno is its own */
    size_t got = fread(header, 1, sizeof header, reader->file);
    uint64_t at = reader->offset;
    if (got == 0 && !ferror(reader->file))
        return BINPACK_CHUNK_NONE;
    if (ferror(reader->file))
        return seebatch_read_failed(fault, at);
    if (got < sizeof header)
        return seebatch_bad_header(fault, at, "the file ends inside a chunk header");
    uint32_t length;
    if (!seebatch_binpack_header_size(header, &length, fault)) {
        fault->byte_offset = at;
        return BINPACK_CHUNK_BAD;
    }
    if (length > reader->capacity) {
        uint8_t *grown = realloc(reader->payload, length);
        if (!grown)
            return BINPACK_CHUNK_NO_MEMORY;
        reader->payload = grown;
        reader->capacity = length;
    }
    errno = 0;
    got = length ? fread(reader->payload, 1, length, reader->file) : 0;
    /* A payload not read whole for a failed read is not decoded (the file
     * goes on past it): the fault is its chunk's, at its header, with every
     * entry before the chunk given. */
    if (got < length && ferror(reader->file))
        return seebatch_read_failed(fault, at);
    *data = reader->payload;
    *size = got;
    *file_offset = at + BINPACK_HEADER_SIZE;
    reader->offset = at + BINPACK_HEADER_SIZE + got;
    if (got == length)
        return BINPACK_CHUNK_READ;
    seebatch_binpack_fault_at(fault, reader->offset, "");
    snprintf(fault->message, sizeof fault->message,
             "the file ends %zu bytes into a chunk whose header (at byte %llu) claims %u bytes",
             got, (unsigned long long)at, length);
    return BINPACK_CHUNK_TRUNCATED;
}

void seebatch_binpack_file_reader_free(binpack_file_reader *reader)
{
    free(reader->payload);
    reader->payload = NULL;
    reader->capacity = 0;
}

void seebatch_binpack_truncation_fault(const binpack_fault *decoding,
                                       const binpack_fault *truncation, binpack_fault *out)
{
    uint64_t where = decoding ? decoding->byte_offset : truncation->byte_offset;
    *out = *truncation;
    out->byte_offset = where;
}
