/* A move played as the real positions write it (played_move.h). */
#include "played_move.h"

void played_move(seebatch_board *board, seebatch_move move)
{
    seebatch_board_play(board, move);
    if (board->en_passant == SEEBATCH_NO_SQUARE)
        return;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = seebatch_generate_moves(board, moves);
    for (size_t i = 0; i < count; i++)
        if (seebatch_move_kind(moves[i]) == SEEBATCH_MOVE_EN_PASSANT)
            return;
    board->en_passant = SEEBATCH_NO_SQUARE;
}
