/*
 * What the Ethereal 14 adapters (plugin.c, lines.c) ask of Ethereal: its
 * tables set up as its main() does, a Board set up by its own boardFromFEN
 * (which reads Chess960 castling by itself), and a UCI move found among its
 * own legal moves (genAllLegalMoves, written by its moveToString), so that
 * the move is Ethereal's. Nothing of Ethereal is in this repository:
 * build.sh compiles these against the user's tree.
 */
#ifndef SEEBATCH_ETHEREAL_CALLS_H
#define SEEBATCH_ETHEREAL_CALLS_H

#include <stdint.h>
#include <string.h>

#include "attacks.h"
#include "board.h"
#include "evaluate.h"
#include "masks.h"
#include "move.h"
#include "movegen.h"
#include "search.h"
#include "types.h"
#include "zobrist.h"

/* What attacks, boardFromFEN and the move generator read. */
static inline void ethereal_init(void)
{
    initAttacks();
    initMasks();
    initEval();
    initZobrist();
}

/* The move `uci` of board among Ethereal's legal moves, or NONE_MOVE.
 * genAllLegalMoves plays each move and takes it back, writing the board's
 * game history: board is a whole Board. */
static inline uint16_t ethereal_move(Board *board, const char *uci)
{
    uint16_t moves[MAX_MOVES];
    char text[6];
    int count = genAllLegalMoves(board, moves);
    for (int i = 0; i < count; i++) {
        moveToString(moves[i], text, board->chess960);
        if (strcmp(text, uci) == 0)
            return moves[i];
    }
    return NONE_MOVE;
}

#endif
