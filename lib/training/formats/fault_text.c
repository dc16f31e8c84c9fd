/* Where an entry of training data is, in the words of every message about
 * one (fault_text.h). */
#include "fault_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/files.h"
#include "packed_sfen.h" /* BIN_ENTRY_SIZE */

/* The count of a chain's note in why (fault_text.h), or 0 with none. */
static uint64_t seebatch_chain_entries_before(const char *why, const char **note)
{
    *note = strstr(why, TRAINING_CHAIN_NOTE);
    if (!*note)
        return 0;
    char *end;
    unsigned long long count = strtoull(*note + strlen(TRAINING_CHAIN_NOTE), &end, 10);
    size_t tail = strlen(TRAINING_CHAIN_NOTE_END);
    if (strncmp(end, TRAINING_CHAIN_NOTE_END, tail) != 0)
        return 0;
    return count;
}

const char *seebatch_training_fault_text(char *out, size_t size, int in_lines, uint64_t position,
                                         uint64_t entry, const char *why)
{
    const char *note;
    uint64_t before = seebatch_chain_entries_before(why, &note);
    int length = snprintf(out, size, "%s %llu, entry %llu: %s", in_lines ? "line" : "byte",
                          (unsigned long long)position, (unsigned long long)entry, why);
    if (before == 0 || before >= entry || length < 0 || (size_t)length >= size)
        return out;
    /* The chain's entries by number, entry - before to entry - 1, after
     * the why (which stays whole in the message, as callers look for it). */
    unsigned long long first = entry - before, last = entry - 1;
    if (first == last)
        snprintf(out + length, size - (size_t)length, " (entry %llu)", first);
    else
        snprintf(out + length, size - (size_t)length, " (%llu to %llu)", first, last);
    return out;
}

void seebatch_training_note_unread(char *out, size_t size, FILE *stream, uint64_t at,
                                   seebatch_file_format format)
{
    size_t used = strlen(out);
    uint64_t file_size = 0;
    if (used + 1 >= size)
        return;
    /* A file with itself: a file on a disk, whose size is known. */
    if (!stream || !seebatch_file_streams_share(stream, stream, &file_size)) {
        snprintf(out + used, size - used, "; not read: the input after it");
        return;
    }
    if (file_size <= at)
        return;
    unsigned long long left = file_size - at;
    int length = snprintf(out + used, size - used, "; not read: %llu of the file's %llu bytes",
                          left, (unsigned long long)file_size);
    unsigned long long entries = format == SEEBATCH_FILE_BIN ? left / BIN_ENTRY_SIZE : 0;
    if (entries > 0 && length > 0 && used + (size_t)length + 1 < size)
        snprintf(out + used + (size_t)length, size - used - (size_t)length, " (%llu %s)", entries,
                 entries == 1 ? "entry" : "entries");
}
