#include "entry_place.h"

#include <stdio.h>

const char *seebatch_entry_fault_text(char *out, size_t size, bool in_lines, uint64_t position,
                                      uint64_t entry, const char *why)
{
    snprintf(out, size, "%s %llu, entry %llu: %s", in_lines ? "line" : "byte",
             (unsigned long long)position, (unsigned long long)entry, why);
    return out;
}
