/* UCI move texts parsed against boards, row by row, for arrays. */
#include <string.h>

#include "training_internal.h"

/* Longer texts are refused rather than cut (a UCI move has at most 5). */
enum { UCI_TEXT_MAX = 15 };

int seebatch_training_moves_from_uci(const seebatch_board *boards, size_t board_count,
                                     const uint32_t *board_index, const char *texts,
                                     size_t text_stride, size_t count, uint16_t *moves,
                                     seebatch_training_fault *fault)
{
    memset(fault, 0, sizeof *fault);
    char text[UCI_TEXT_MAX + 1];
    seebatch_error error;
    for (size_t row = 0; row < count; row++) {
        const char *cell = texts + row * text_stride;
        const char *end = memchr(cell, '\0', text_stride);
        size_t length = end ? (size_t)(end - cell) : text_stride;
        size_t board = board_index ? board_index[row] : row;
        if (length > UCI_TEXT_MAX) {
            training_fail(fault, 0, row, "row %zu: a move of %zu characters", row, length);
            return -1;
        }
        memcpy(text, cell, length);
        text[length] = '\0';
        if (board >= board_count) {
            training_fail(fault, 0, row, "row %zu: board %zu, but there are %zu boards", row, board,
                          board_count);
            return -1;
        }
        seebatch_move move;
        if (seebatch_board_validate(&boards[board], &error) != SEEBATCH_OK ||
            seebatch_move_parse(&boards[board], text, &move, &error) != SEEBATCH_OK) {
            training_fail(fault, 0, row, "row %zu: \"%s\" on board %zu: %s", row, text, board,
                          error.message);
            return -1;
        }
        moves[row] = move;
    }
    return 0;
}
