#include "pins.h"

#include "attacks.h"

static void seebatch_pins_of_color(const seebatch_board *board, unsigned color, seebatch_pins *pins)
{
    pins->blockers[color] = 0;
    pins->pinners[color ^ 1] = 0;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[color];
    if (kings == 0 || more_than_one(kings))
        return;
    unsigned king = lowest_square(kings);
    const bitboard *p = board->pieces;
    bitboard enemy = board->colors[color ^ 1];
    /* Snipers see the king on an empty board, read from the small table of
     * lines through a square rather than from the attack tables, whose
     * empty-board entries lie far apart and fall out of cache when a batch
     * streams boards. Lifting them all off lets one sniper pin through
     * another, which is Stockfish's rule. */
    bitboard snipers =
        enemy & ((seebatch_line_table[0][king] & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN])) |
                 (seebatch_line_table[1][king] & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN])));
    bitboard occupancy = occupied_squares(board) ^ snipers;
    for (bitboard s = snipers; s; s &= s - 1) {
        unsigned sniper = lowest_square(s);
        bitboard inside = between(king, sniper) & occupancy;
        if (inside && !more_than_one(inside)) {
            pins->blockers[color] |= inside;
            if (inside & board->colors[color])
                pins->pinners[color ^ 1] |= seebatch_square_bit(sniper); /* the sniper's side */
        }
    }
}

void seebatch_pins_compute(const seebatch_board *board, seebatch_pins *pins)
{
    seebatch_pins_of_color(board, SEEBATCH_WHITE, pins);
    seebatch_pins_of_color(board, SEEBATCH_BLACK, pins);
}
