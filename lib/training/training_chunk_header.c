/* A binpack chunk's header read on its own, for callers that copy chunks
 * whole (seebatch_binpack_chunk_size, include/seebatch_training.h). */
#include <string.h>

#include "binpack_decoder.h" /* BINPACK_MAX_CHUNK: the readers' limit */
#include "training_internal.h"

seebatch_status seebatch_binpack_chunk_size(const uint8_t header[8], uint32_t *payload_size,
                                            seebatch_error *error)
{
    if (!header || !payload_size)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "header or payload_size is NULL");
    if (memcmp(header, "BINP", 4) != 0)
        return seebatch_fail(error, TRAINING_DATA_FAULT,
                             "no chunk header (\"BINP\") where a chunk should start");
    uint32_t size = (uint32_t)header[4] | (uint32_t)header[5] << 8 | (uint32_t)header[6] << 16 |
                    (uint32_t)header[7] << 24;
    if (size > BINPACK_MAX_CHUNK)
        return seebatch_fail(error, TRAINING_DATA_FAULT,
                             "the chunk header claims %u bytes, more than the %u-byte limit",
                             (unsigned)size, (unsigned)BINPACK_MAX_CHUNK);
    *payload_size = size;
    return seebatch_succeed(error);
}
