#include "bin_file.h"

#include <errno.h>
#include <string.h>

bin_step seebatch_bin_next(bin_reader *reader, training_entry *entry, char *message, size_t size)
{
    if (reader->finished)
        return BIN_END;
    uint8_t bytes[BIN_ENTRY_SIZE];
    size_t got = fread(bytes, 1, sizeof bytes, reader->file);
    reader->fault_byte = reader->offset;
    if (got < sizeof bytes) {
        reader->finished = true;
        if (ferror(reader->file)) {
            reader->read_failed = true;
            snprintf(message, size, "cannot read: %s", strerror(errno ? errno : EIO));
            return BIN_BAD;
        }
        if (got == 0)
            return BIN_END;
        snprintf(message, size, "truncated: the file ends %zu bytes into a %d-byte entry", got,
                 BIN_ENTRY_SIZE);
        return BIN_BAD;
    }
    if (!seebatch_bin_unpack(bytes, entry, message, size)) {
        reader->finished = true;
        return BIN_BAD;
    }
    reader->offset += sizeof bytes;
    return BIN_ENTRY;
}

bool seebatch_bin_write(const training_entry *entry, FILE *out)
{
    uint8_t bytes[BIN_ENTRY_SIZE];
    seebatch_bin_pack(entry, bytes);
    return fwrite(bytes, 1, sizeof bytes, out) == sizeof bytes;
}
