/*
 * Pins as contract rule 5 (Stockfish's rule) defines them, computed once per
 * board and shared by every kernel.
 */
#ifndef SEEBATCH_PINS_H
#define SEEBATCH_PINS_H

#include "bitboard.h"

typedef struct pin_state {
    bitboard blockers[2]; /* blockers[X]: pieces (either colour) between X's king and a sniper */
    bitboard pinners[2];  /* pinners[X]: enemy sliders pinning one of X's own pieces */
} pin_state;

/* Fills pins for both colours; a colour without exactly one king gets none. */
void seebatch_compute_pins(const seebatch_board *board, pin_state *pins);

#endif
