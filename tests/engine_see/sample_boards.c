/* The real positions sample as boards (sample_boards.h). */
#include "sample_boards.h"

#include <string.h>

#include "real_positions_sample.h"

size_t sample_boards(seebatch_board *boards, size_t most)
{
    size_t count = 0;
    for (const char *line = real_positions_sample; *line && count < most;) {
        const char *end = strchr(line, '\n');
        char fen[256];
        size_t length = (size_t)(end - line) < sizeof fen ? (size_t)(end - line) : sizeof fen - 1;
        memcpy(fen, line, length);
        fen[length] = '\0';
        if (seebatch_board_from_fen(&boards[count], fen, NULL) == SEEBATCH_OK)
            count++;
        line = end + 1;
    }
    return count;
}
