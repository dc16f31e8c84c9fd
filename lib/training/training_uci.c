/* UCI move texts parsed against boards, row by row, for arrays. */
#include <string.h>

#include "training_internal.h"

/* Longer texts are refused rather than cut (a UCI move has at most 5). */
enum { UCI_TEXT_MAX = 15 };

/* The texts as the caller laid them out: row i at texts + i * stride,
 * NUL-terminated or stride bytes long. */
typedef struct uci_texts {
    const char *texts;
    size_t stride;
} uci_texts;

/* Copies row's text into text (UCI_TEXT_MAX + 1 bytes); SEEBATCH_ERROR_MOVE
 * when it is longer. */
static seebatch_status seebatch_row_text(uci_texts cells, size_t row, char *text,
                                         seebatch_error *error)
{
    const char *cell = cells.texts + row * cells.stride;
    const char *end = memchr(cell, '\0', cells.stride);
    size_t length = end ? (size_t)(end - cell) : cells.stride;
    if (length > UCI_TEXT_MAX)
        return seebatch_fail(error, SEEBATCH_ERROR_MOVE, "row %zu: a move of %zu characters", row,
                             length);
    memcpy(text, cell, length);
    text[length] = '\0';
    return SEEBATCH_OK;
}

seebatch_status seebatch_training_moves_from_uci(const seebatch_board *boards, size_t board_count,
                                                 const uint32_t *board_index, const char *texts,
                                                 size_t text_stride, size_t count, uint16_t *moves,
                                                 size_t *parsed, seebatch_error *error)
{
    if (parsed)
        *parsed = 0;
    if (count && (!boards || !texts || !moves))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "boards, texts or moves is NULL");
    uci_texts cells = {texts, text_stride};
    char text[UCI_TEXT_MAX + 1];
    seebatch_error why;
    for (size_t row = 0; row < count; row++) {
        size_t board = board_index ? board_index[row] : row;
        seebatch_status status = seebatch_row_text(cells, row, text, error);
        if (status != SEEBATCH_OK)
            return status;
        if (board >= board_count)
            return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                                 "row %zu: board %zu, but there are %zu boards", row, board,
                                 board_count);
        seebatch_move move;
        status = seebatch_board_validate(&boards[board], &why);
        if (status == SEEBATCH_OK)
            status = seebatch_move_parse(&boards[board], text, &move, &why);
        if (status != SEEBATCH_OK)
            return seebatch_fail(error, status, "row %zu: \"%s\" on board %zu: %s", row, text,
                                 board, why.message);
        moves[row] = move;
        if (parsed)
            *parsed = row + 1;
    }
    return seebatch_succeed(error);
}
