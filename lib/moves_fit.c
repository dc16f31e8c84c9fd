/* Whether a many-board batch's moves fit their boards: the checked calls'
 * yes-or-no test, for any CPU (the kernels' own are beside them). */
#include "kernel.h"
#include "validity.h"

/* An index out of range is read as board 0, so nothing outside the array is
 * read, and counts as a fault. A straight loop, no branch on the data. */
bool seebatch_moves_fit_portable(const see_batch *batch, size_t board_count)
{
    bool fit = true;
    for (size_t i = 0; i < batch->count; i++) {
        size_t b = batch->board_of_move[i];
        bool inside = b < board_count;
        fit &= inside & move_fits_board(&batch->boards[inside ? b : 0], batch->moves[i]);
    }
    return fit;
}
