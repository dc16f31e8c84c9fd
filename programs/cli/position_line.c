#include "position_line.h"

#include <stdio.h>
#include <string.h>

void name_keeping_option(char *message, size_t size)
{
    size_t length = strlen(message);
    if (length < size)
        snprintf(message + length, size - length, " (" KEEP_IMPOSSIBLE_OPTION " evaluates it)");
}

bool refuse_position_line(const line *input, const seebatch_position_line *position,
                          const char *reason, text_buffer *errors)
{
    text_buffer_printf(errors, "line %llu: %s%s\n", (unsigned long long)input->number, reason,
                       position->impossible ? " (" KEEP_IMPOSSIBLE_OPTION " evaluates it)" : "");
    return false;
}

bool position_is_possible(const seebatch_board *board, bool keep_impossible, char *message,
                          size_t size)
{
    seebatch_error error;
    if (keep_impossible || seebatch_position_status(board, 1, NULL, &error) == SEEBATCH_OK)
        return true;
    snprintf(message, size, "%s", error.message);
    name_keeping_option(message, size);
    return false;
}
