/* Where an entry of training data is, in the words of every message about
 * one (fault_text.h). */
#include "fault_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The count of a chain's note in why (fault_text.h), or 0 with none. */
static uint64_t seebatch_chain_entries_before(const char *why, const char **note, const char **rest)
{
    *note = strstr(why, TRAINING_CHAIN_NOTE);
    if (!*note)
        return 0;
    char *end;
    unsigned long long count = strtoull(*note + strlen(TRAINING_CHAIN_NOTE), &end, 10);
    size_t tail = strlen(TRAINING_CHAIN_NOTE_END);
    if (strncmp(end, TRAINING_CHAIN_NOTE_END, tail) != 0)
        return 0;
    *rest = end + tail;
    return count;
}

const char *seebatch_training_fault_text(char *out, size_t size, int in_lines, uint64_t position,
                                         uint64_t entry, const char *why)
{
    const char *note, *rest;
    uint64_t before = seebatch_chain_entries_before(why, &note, &rest);
    if (before == 0 || before >= entry) {
        snprintf(out, size, "%s %llu, entry %llu: %s", in_lines ? "line" : "byte",
                 (unsigned long long)position, (unsigned long long)entry, why);
        return out;
    }
    /* The chain's entries by number: entry - before to entry - 1; rest is
     * "B, may be wrong too". */
    unsigned long long stem = strtoull(rest, NULL, 10);
    if (before == 1) {
        snprintf(out, size,
                 "%s %llu, entry %llu: %.*s; binpack has no checksum, so entry %llu, its chain's "
                 "stem at byte %llu, may be wrong too",
                 in_lines ? "line" : "byte", (unsigned long long)position,
                 (unsigned long long)entry, (int)(note - why), why, (unsigned long long)(entry - 1),
                 stem);
        return out;
    }
    snprintf(out, size,
             "%s %llu, entry %llu: %.*s; binpack has no checksum, so entries %llu to %llu, its "
             "chain's from its stem at byte %llu, may be wrong too",
             in_lines ? "line" : "byte", (unsigned long long)position, (unsigned long long)entry,
             (int)(note - why), why, (unsigned long long)(entry - before),
             (unsigned long long)(entry - 1), stem);
    return out;
}
