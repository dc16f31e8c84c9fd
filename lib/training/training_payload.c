/* A binpack payload held by the caller, decoded entry by entry
 * (seebatch_payload_reader, include/seebatch_training.h): the decoder every
 * reader of the library decodes chunks with (formats/binpack_reader.h),
 * for a caller that reads and holds chunks itself and decodes them on
 * threads of its own, as the `seebatch` tool does. */
#include <stdlib.h>
#include <string.h>

#include "training/formats/binpack_reader.h"
#include "training_internal.h"

struct seebatch_payload_reader {
    binpack_chunk_decoder decoder;
    bool started;
    bool finished;     /* the payload's end, or a fault, was reached */
    bool faulted;      /* a fault: */
    binpack_fault fault;
    uint64_t entries;  /* entries given since the start */
    uint64_t fault_entry;
};

seebatch_status seebatch_payload_reader_new(seebatch_payload_reader **reader,
                                            seebatch_error *error)
{
    if (!reader)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "reader is NULL");
    *reader = calloc(1, sizeof **reader);
    if (!*reader)
        return seebatch_fail(error, TRAINING_MEMORY_FAULT, "out of memory");
    return seebatch_succeed(error);
}

void seebatch_payload_reader_start(seebatch_payload_reader *reader, const uint8_t *payload,
                                   size_t size, uint64_t file_offset)
{
    if (!reader)
        return;
    seebatch_binpack_decoder_start(&reader->decoder, payload, size, file_offset);
    reader->started = true;
    reader->finished = reader->faulted = false;
    reader->entries = reader->fault_entry = 0;
}

/* The fault as the status and message every training reader gives. */
static seebatch_status seebatch_payload_fault(const seebatch_payload_reader *reader,
                                              seebatch_error *error)
{
    char text[SEEBATCH_MESSAGE_SIZE];
    return seebatch_fail(error, TRAINING_DATA_FAULT, "%s",
                         seebatch_training_fault_text(text, sizeof text, false,
                                                      reader->fault.byte_offset,
                                                      reader->fault_entry, reader->fault.message));
}

seebatch_status seebatch_payload_read(seebatch_payload_reader *reader, size_t capacity,
                                      seebatch_training_entry *entries, size_t *count,
                                      seebatch_error *error)
{
    if (count)
        *count = 0;
    if (!reader || !entries || !count)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "reader, entries or count is NULL");
    if (!reader->started)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "the reader was given no payload (seebatch_payload_reader_start)");
    if (reader->faulted)
        return seebatch_payload_fault(reader, error);
    if (reader->finished || capacity == 0)
        return seebatch_succeed(error);
    binpack_step stop;
    size_t got = seebatch_binpack_next_block(&reader->decoder, entries, NULL, capacity, &stop,
                                             &reader->fault);
    *count = got;
    reader->entries += got;
    reader->finished = stop != BINPACK_ENTRY;
    if (stop != BINPACK_FAULT)
        return seebatch_succeed(error);
    reader->faulted = true;
    reader->fault_entry = reader->entries + 1;
    return seebatch_payload_fault(reader, error);
}

int seebatch_payload_reader_at_end(const seebatch_payload_reader *reader)
{
    return reader && reader->finished;
}

uint64_t seebatch_payload_reader_chains(const seebatch_payload_reader *reader)
{
    return reader && reader->started ? reader->decoder.stems : 0;
}

size_t seebatch_payload_reader_offset(const seebatch_payload_reader *reader)
{
    if (!reader || !reader->started)
        return 0;
    const binpack_chunk_decoder *d = &reader->decoder;
    if (reader->finished)
        return d->size;
    /* The next stem, or the movetext reached: the bytes the entries took. */
    size_t movetext = (size_t)(d->bit / 8);
    size_t end = d->next_stem > movetext ? d->next_stem : movetext;
    return end < d->size ? end : d->size;
}

const char *seebatch_payload_reader_fault(const seebatch_payload_reader *reader,
                                          seebatch_training_place *place)
{
    if (place)
        *place = (seebatch_training_place){0, 0};
    if (!reader || !reader->faulted)
        return NULL;
    if (place)
        *place = (seebatch_training_place){reader->fault.byte_offset, reader->fault_entry};
    return reader->fault.message;
}

void seebatch_payload_reader_free(seebatch_payload_reader *reader)
{
    free(reader);
}
