/* Where an entry of training data is, in the words of every message about
 * one (fault_text.h). */
#include "fault_text.h"

#include <stdio.h>

const char *seebatch_training_fault_text(char *out, size_t size, int in_lines, uint64_t position,
                                         uint64_t entry, const char *why)
{
    snprintf(out, size, "%s %llu, entry %llu: %s", in_lines ? "line" : "byte",
             (unsigned long long)position, (unsigned long long)entry, why);
    return out;
}
