/*
 * The captures of many boards into one flat list of (board, move) pairs, the
 * input a many-board seebatch_batch takes: one call for a whole data set, so a
 * caller in another language does not pay a call per board.
 *
 * Each board is checked before its moves are generated (generation trusts
 * its board), and its captures are written only when all of them fit, so
 * a call that stops early can be resumed by the caller with more room.
 */
#include <string.h>

#include "errors.h"

/* Appends the captures of boards[b] if they all fit; returns false if not. */
static bool seebatch_append_board(const seebatch_board *board, uint32_t b,
                                  seebatch_capture_list *list)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_captures(board, moves);
    if (count > list->capacity - list->count)
        return false;
    memcpy(list->moves + list->count, moves, count * sizeof moves[0]);
    for (size_t i = 0; i < count; i++)
        list->board_of_move[list->count + i] = b;
    list->count += count;
    return true;
}

seebatch_status seebatch_generate_captures_multi(const seebatch_board *boards, size_t board_count,
                                                 seebatch_capture_list *list, seebatch_error *error)
{
    if (!list || (!boards && board_count > 0))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             list ? "boards" : "list");
    if (list->capacity > 0 && (!list->moves || !list->board_of_move))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "moves or board_of_move is NULL with capacity %zu", list->capacity);
    if (board_count > (size_t)UINT32_MAX + 1)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "%zu boards; board indices are 32 bits, so at most 2^32", board_count);
    if (list->count > list->capacity)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "count %zu exceeds capacity %zu",
                             list->count, list->capacity);
    for (; list->next_board < board_count; list->next_board++) {
        size_t b = list->next_board;
        seebatch_error board_error;
        if (seebatch_board_validate(&boards[b], &board_error) != SEEBATCH_OK)
            return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "board %zu: %s", b,
                                 board_error.message);
        if (!seebatch_append_board(&boards[b], (uint32_t)b, list))
            break;
    }
    return seebatch_succeed(error);
}
