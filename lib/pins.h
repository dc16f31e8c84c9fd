/*
 * Pins as contract rule 5 (Stockfish's rule) defines them, computed once per
 * board and shared by every kernel, or supplied by the caller.
 */
#ifndef SEEBATCH_PINS_H
#define SEEBATCH_PINS_H

#include "bitboard.h"

/* seebatch_pins_compute (seebatch.h) fills both colours; a colour without
 * exactly one king gets none. */

/* The sliders pinning `side`'s pieces: seebatch_pins keeps them under the
 * pinning side, as Stockfish's StateInfo does. */
static inline bitboard pinners_of(const seebatch_pins *pins, unsigned side)
{
    return pins->pinners[side ^ 1];
}

/* Where an exchange finds the pins of its board: given by the caller, or
 * computed the first time a move needs them and kept for the board's other
 * moves. */
typedef struct pin_source {
    const seebatch_board *board;
    const seebatch_pins *pins; /* NULL until known */
    seebatch_pins computed;
} pin_source;

/* A source for `board`: `known` pins (NULL: compute when needed). */
static inline void pin_source_start(pin_source *source, const seebatch_board *board,
                                    const seebatch_pins *known)
{
    source->board = board;
    source->pins = known;
}

/* The pins of the source's board, computing them on first use. */
static inline const seebatch_pins *pins_from(pin_source *source)
{
    if (!source->pins) {
        seebatch_pins_compute(source->board, &source->computed);
        source->pins = &source->computed;
    }
    return source->pins;
}

/* Given pins (NULL is always fine) must be the board's: else
 * SEEBATCH_ERROR_ARGUMENT naming the field, colour and a square that
 * differs, or saying the pins are written in 0.1.0's convention
 * (pins_check.c). */
seebatch_status seebatch_check_pins(const seebatch_board *board, const seebatch_pins *pins,
                                    seebatch_error *error);

#endif
