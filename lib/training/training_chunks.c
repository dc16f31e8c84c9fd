/* A binpack chunk's header on its own (seebatch_binpack_chunk_size, for the
 * tool's interleave), checked by the check every reader of the library
 * makes (formats/binpack_reader.h). */
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
