/* The checked calls' yes-or-no test of a many-board batch, for any CPU
 * (kernel.h, batch_sound; the kernels' own are beside them). */
#include "kernel.h"
#include "board/validity.h"

/* Whether every board is consistent: a straight loop over the array, with
 * no branch that depends on the data. */
static bool seebatch_all_boards_consistent(const seebatch_board *boards, size_t board_count)
{
    bool consistent = true;
    for (size_t b = 0; b < board_count; b++)
        consistent &= board_is_consistent(&boards[b]);
    return consistent;
}

/* Whether every board index is below board_count (> 0) and every move fits
 * its board. An index out of range is read as board 0, so nothing outside
 * the array is read, and counts as a fault. */
static bool seebatch_moves_fit_named_boards(const see_batch *batch, size_t board_count)
{
    bool fit = true;
    for (size_t i = 0; i < batch->count; i++) {
        size_t b = batch->board_of_move[i];
        bool inside = b < board_count;
        fit &= inside & move_fits_board(&batch->boards[inside ? b : 0], batch->moves[i]);
    }
    return fit;
}

bool seebatch_named_boards_sound(const see_batch *batch, size_t board_count)
{
    size_t previous = SIZE_MAX;
    for (size_t i = 0; i < batch->count; i++) {
        size_t b = batch->board_of_move[i];
        if (b != previous) {
            if (b >= board_count || !board_is_consistent(&batch->boards[b]))
                return false;
            previous = b;
        }
    }
    return seebatch_moves_fit_named_boards(batch, board_count);
}

/* Each board once and each move once, in passes with few branches a guess
 * can miss (at a run of moves on one board, the guess that the board
 * changes would miss about once a board); only a few moves of a large data
 * set look at the boards they name alone. */
bool seebatch_batch_sound_portable(const see_batch *batch, size_t board_count)
{
    if (board_count > 2 * batch->count)
        return seebatch_named_boards_sound(batch, board_count);
    /* Both passes run, whatever the first finds: no branch between them. */
    bool boards_sound = seebatch_all_boards_consistent(batch->boards, board_count);
    bool moves_sound = seebatch_moves_fit_named_boards(batch, board_count);
    return boards_sound && moves_sound;
}
