/* Where an entry of training data is, in the words of every message about
 * one (fault_text.h). */
#include "fault_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
