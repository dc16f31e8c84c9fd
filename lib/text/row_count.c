/*
 * Counting the rows of a text of FENs as seebatch_boards_from_fens does, so
 * a caller holding a whole file (Python's boards_from_lines) learns how many
 * boards to make room for in one pass at memchr's pace, not a loop of its
 * own over every byte.
 */
#include <string.h>

#include "seebatch.h"

size_t seebatch_count_rows(const char *text, size_t length)
{
    if (!text)
        return 0;
    size_t rows = 0;
    const char *end = text + length;
    for (const char *p = text; p < end; rows++) {
        const char *newline = memchr(p, '\n', (size_t)(end - p));
        p = newline ? newline + 1 : end;
    }
    return rows;
}
