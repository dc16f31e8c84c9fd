/*
 * What the Berserk 4.6.0 adapters (plugin.c, lines.c) ask of Berserk: its
 * tables set up as its main() does, a Board set up by its own ParseFen, and
 * a UCI move found by its own ParseMove among its legal moves, so that the
 * Move is Berserk's. Nothing of Berserk is in this repository: build.sh
 * compiles these against the user's tree.
 */
#ifndef SEEBATCH_BERSERK_CALLS_H
#define SEEBATCH_BERSERK_CALLS_H

#include <stdio.h>

#include "attacks.h"
#include "board.h"
#include "eval.h"
#include "move.h"
#include "random.h"
#include "see.h"
#include "types.h"
#include "uci.h"
#include "zobrist.h"

/* What ParseFen, the move generator and SEE read. */
static inline void berserk_init(void)
{
    SeedRandom(0);
    InitPSQT();
    InitZobristKeys();
    InitAttacks();
}

/* Castling rooks off the corners: Chess960, where Berserk's MoveToStr (and
 * so ParseMove) writes castling as the king taking its rook. */
static inline int berserk_chess960(const Board *board)
{
    return board->castleRooks[0] != H1 || board->castleRooks[1] != A1 ||
           board->castleRooks[2] != H8 || board->castleRooks[3] != A8;
}

/* board set up from fen by ParseFen. ParseFen keeps the castling rooks of
 * the board before for a right the FEN lacks, and prints a UCI line when it
 * finds Chess960 with CHESS_960 off: the rooks start in their corners (as
 * after Berserk's start position), and CHESS_960 is on while it reads. */
static inline void berserk_set_up(Board *board, const char *fen)
{
    char text[256];
    snprintf(text, sizeof text, "%s", fen);
    board->castleRooks[0] = H1, board->castleRooks[1] = A1;
    board->castleRooks[2] = H8, board->castleRooks[3] = A8;
    CHESS_960 = 1;
    ParseFen(text, board);
}

/* The move `uci` of board as Berserk encodes it, or NULL_MOVE. */
static inline Move berserk_move(Board *board, const char *uci)
{
    char text[8];
    snprintf(text, sizeof text, "%s", uci);
    CHESS_960 = berserk_chess960(board);
    return ParseMove(text, board);
}

#endif
