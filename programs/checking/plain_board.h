/*
 * A board as a plain 64-square array, and the attacks on one square found by
 * walking rays square by square: the slow, obvious attack walk the oracle
 * (oracle.c) and the exchange walk (exchange_walk.c) share. It shares no
 * code with the library, only the public types.
 */
#ifndef SEEBATCH_PLAIN_BOARD_H
#define SEEBATCH_PLAIN_BOARD_H

#include <stdbool.h>

#include "seebatch.h"

enum { PLAIN_EMPTY = 0, PLAIN_WHITE = SEEBATCH_WHITE, PLAIN_BLACK = SEEBATCH_BLACK };

/* A square holds 0 when empty, +(type + 1) for a white piece and
 * -(type + 1) for a black one (types as SEEBATCH_PAWN..SEEBATCH_KING). */
typedef struct plain_board {
    int square[64];
} plain_board;

/* Rule 5's pins of both sides: blocker[X][s], the piece on s is a blocker
 * of X; pinner[X][s], the piece on s pins one of X's pieces. */
typedef struct plain_pins {
    bool blocker[2][64];
    bool pinner[2][64];
} plain_pins;

static inline int plain_type(int piece) { return (piece > 0 ? piece : -piece) - 1; }
static inline int plain_color(int piece) { return piece > 0 ? PLAIN_WHITE : PLAIN_BLACK; }
static inline int plain_piece(int type, int color)
{
    return color == PLAIN_WHITE ? type + 1 : -(type + 1);
}
static inline int plain_last_rank(int color) { return color == PLAIN_WHITE ? 7 : 0; }

/* The pieces of a board. */
void plain_board_load(plain_board *plain, const seebatch_board *board);

/* Writes the squares of the pieces of `color` that attack `to` on `board`
 * (at most 16: one a line, one a knight's jump, a king next to it, two
 * pawns) and returns how many there are. */
int plain_attackers(const plain_board *board, int to, int color, int *squares);

/* The same, lines of sight walked on `blocking` (its empty squares let a
 * line through), the attackers read on `board`: with blocking an older
 * board, pieces that have left still block, as an SEE without x-rays
 * sees them. */
int plain_attackers_seen(const plain_board *board, const plain_board *blocking, int to, int color,
                         int *squares);

/* Rule 5 on the board as it stands, for both sides (cleared first). */
void plain_pins_find(const plain_board *board, plain_pins *pins);

/* Is some pinner of `color` still on its own square? Pieces only ever move
 * onto `to`, so any other square that is not empty holds its original
 * piece. */
bool plain_pinned_down(const plain_board *board, const plain_pins *pins, int to, int color);

#endif
