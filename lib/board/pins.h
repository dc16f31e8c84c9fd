/*
 * Pins as contract rule 5 (Stockfish's rule) defines them, computed once per
 * board and shared by every kernel, or supplied by the caller.
 */
#ifndef SEEBATCH_PINS_H
#define SEEBATCH_PINS_H

#include "attacks.h"

/* One colour's half of a board's pins, its blockers and the enemy sliders
 * pinning its pieces: seebatch_pins_compute (seebatch.h) is both halves. A
 * colour without exactly one king has none. Inline, for the scalar walk,
 * which works a board's pins out when its first move that goes on past its
 * first look needs them: most colours have no enemy slider on a line with
 * their king (on an empty board), and their half is found in a few loads
 * with no call. */
static inline __attribute__((always_inline)) void pins_of_side(const seebatch_board *board,
                                                               unsigned color, seebatch_pins *pins)
{
    const bitboard *p = board->pieces;
    bitboard kings = p[SEEBATCH_KING] & board->colors[color];
    bitboard snipers = 0;
    if (kings && !more_than_one(kings)) {
        /* Snipers see the king on an empty board (the line tables: no
         * lookup by occupancy); lifting them all off lets one sniper pin
         * through another, which is Stockfish's rule. */
        unsigned king = lowest_square(kings);
        snipers = board->colors[color ^ 1] &
                  ((seebatch_line_table[0][king] & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN])) |
                   (seebatch_line_table[1][king] & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN])));
    }
    bitboard blockers = 0, pinners = 0;
    if (__builtin_expect(snipers != 0, 0)) {
        unsigned king = lowest_square(kings);
        bitboard occupancy = occupied_squares(board) ^ snipers;
        for (bitboard s = snipers; s; s &= s - 1) {
            bitboard inside = between(king, lowest_square(s)) & occupancy;
            if (inside && !more_than_one(inside)) {
                blockers |= inside;
                if (inside & board->colors[color])
                    pinners |= lowest_bit(s); /* the sniper's side */
            }
        }
    }
    pins->blockers[color] = blockers;
    pins->pinners[color ^ 1] = pinners;
}

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

/* Given pins (not NULL: the callers check pins only when given) must be
 * the board's: else SEEBATCH_ERROR_ARGUMENT naming the field, colour and a
 * square that differs, or saying the pins are written in 0.1.0's
 * convention (pins_check.c). */
seebatch_status seebatch_check_pins(const seebatch_board *board, const seebatch_pins *pins,
                                    seebatch_error *error);

#endif
