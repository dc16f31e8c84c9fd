/* Binpack chunks read whole (include/seebatch_training.h): a header on its
 * own (seebatch_binpack_chunk_size), or a file chunk by chunk
 * (seebatch_binpack_chunks_*), both by the chunk reader every reader of the
 * library and the tool use (formats/binpack_reader.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training_internal.h"

seebatch_status seebatch_binpack_chunk_size(const uint8_t header[8], uint32_t *payload_size,
                                            seebatch_error *error)
{
    if (!header || !payload_size)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "header or payload_size is NULL");
    binpack_fault fault;
    if (!seebatch_binpack_header_size(header, payload_size, &fault))
        return seebatch_fail(error, TRAINING_DATA_FAULT, "%s", fault.message);
    return seebatch_succeed(error);
}

struct seebatch_binpack_chunks {
    binpack_file_reader reader;
    bool borrowed; /* a stream given: not closed here */
};

seebatch_status seebatch_binpack_chunks_open_stream(FILE *stream, seebatch_binpack_chunks **chunks,
                                                    seebatch_error *error)
{
    if (!stream || !chunks) {
        if (chunks)
            *chunks = NULL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "stream or chunks is NULL");
    }
    *chunks = calloc(1, sizeof **chunks);
    if (!*chunks)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "out of memory");
    (*chunks)->reader.file = stream;
    (*chunks)->borrowed = true;
    return seebatch_succeed(error);
}

seebatch_status seebatch_binpack_chunks_open(const char *path, seebatch_binpack_chunks **chunks,
                                             seebatch_error *error)
{
    if (!path || !chunks) {
        if (chunks)
            *chunks = NULL;
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "path or chunks is NULL");
    }
    *chunks = calloc(1, sizeof **chunks);
    if (!*chunks)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "%s: out of memory", path);
    (*chunks)->reader.file = fopen(path, "rb");
    if (!(*chunks)->reader.file) {
        seebatch_status status = seebatch_fail(error, TRAINING_FILE_FAULT, "%s: cannot open: %s",
                                               path, strerror(errno));
        free(*chunks);
        *chunks = NULL;
        return status;
    }
    return seebatch_succeed(error);
}

/* A fault of the file at the chunk: in *chunk, and as the message. */
static seebatch_status seebatch_chunk_fault(seebatch_binpack_chunk *chunk,
                                            const binpack_fault *fault, seebatch_error *error)
{
    chunk->byte_offset = fault->byte_offset;
    snprintf(chunk->reason, sizeof chunk->reason, "%s", fault->message);
    char text[SEEBATCH_MESSAGE_SIZE];
    return seebatch_fail(error, TRAINING_DATA_FAULT, "%s",
                         seebatch_training_fault_text(text, sizeof text, false, fault->byte_offset,
                                                   chunk->entries_before + 1, fault->message));
}

seebatch_status seebatch_binpack_chunks_next(seebatch_binpack_chunks *chunks,
                                             seebatch_binpack_chunk *chunk, seebatch_error *error)
{
    if (!chunks || !chunk)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "chunks or chunk is NULL");
    uint64_t entries_before = chunk->entries_before;
    memset(chunk, 0, sizeof *chunk);
    chunk->entries_before = entries_before;
    binpack_fault fault;
    switch (seebatch_binpack_read_chunk(&chunks->reader, &chunk->payload, &chunk->size,
                                        &chunk->file_offset, &fault)) {
    case BINPACK_CHUNK_TRUNCATED:
        chunk->truncated = 1;
        chunk->byte_offset = fault.byte_offset;
        snprintf(chunk->reason, sizeof chunk->reason, "%s", fault.message);
        return seebatch_succeed(error);
    case BINPACK_CHUNK_READ:
        return seebatch_succeed(error);
    case BINPACK_CHUNK_NONE:
        chunk->end = 1;
        return seebatch_succeed(error);
    case BINPACK_CHUNK_BAD:
        return seebatch_chunk_fault(chunk, &fault, error);
    default:
        fault.byte_offset = chunks->reader.offset;
        snprintf(fault.message, sizeof fault.message, "out of memory");
        return seebatch_chunk_fault(chunk, &fault, error);
    }
}

void seebatch_binpack_chunks_close(seebatch_binpack_chunks *chunks)
{
    if (!chunks)
        return;
    if (!chunks->borrowed)
        fclose(chunks->reader.file);
    seebatch_binpack_file_reader_free(&chunks->reader);
    free(chunks);
}
