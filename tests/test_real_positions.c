/*
 * The real positions embedded compact in the tool
 * (programs/positions/real_positions.c) read back exactly: all 109,311 of
 * them, every 27th written as the same FEN, byte for byte, as the sample
 * the build cuts from the text itself (real_positions_sample.h).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "real_positions.h"
#include "real_positions_sample.h"

int main(void)
{
    size_t count;
    seebatch_board *boards = real_positions_all(&count);
    CHECK(boards != NULL, "memory");
    CHECK_EQ(count, 109311, "positions read");
    CHECK_EQ(real_positions_total(), 109311, "positions said");
    const char *line = real_positions_sample;
    size_t compared = 0;
    for (size_t i = 0; boards && i < count && *line; i += 27, compared++) {
        const char *end = strchr(line, '\n');
        char fen[SEEBATCH_FEN_MAX];
        seebatch_board_to_fen(&boards[i], fen, sizeof fen);
        CHECK(strlen(fen) == (size_t)(end - line) && memcmp(fen, line, strlen(fen)) == 0,
              "position %zu: %s, not %.*s", i + 1, fen, (int)(end - line), line);
        line = end + 1;
    }
    CHECK_EQ(compared, (count + 26) / 27, "every 27th compared");
    free(boards);
    return check_finish("test_real_positions");
}
