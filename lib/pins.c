#include "pins.h"

#include "attacks.h"

static void seebatch_pins_of_color(const seebatch_board *board, unsigned color, seebatch_pins *pins)
{
    bitboard blockers = 0, pinners = 0;
    bitboard kings = board->pieces[SEEBATCH_KING] & board->colors[color];
    if (kings && !more_than_one(kings)) {
        unsigned king = lowest_square(kings);
        const bitboard *p = board->pieces;
        /* Snipers see the king on an empty board (the line tables: no
         * lookup by occupancy); lifting them all off lets one sniper pin
         * through another, which is Stockfish's rule. */
        bitboard snipers =
            board->colors[color ^ 1] &
            ((seebatch_line_table[0][king] & (p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN])) |
             (seebatch_line_table[1][king] & (p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN])));
        bitboard occupancy = occupied_squares(board) ^ snipers;
        for (bitboard s = snipers; s; s &= s - 1) {
            unsigned sniper = lowest_square(s);
            bitboard inside = between(king, sniper) & occupancy;
            if (inside && !more_than_one(inside)) {
                blockers |= inside;
                if (inside & board->colors[color])
                    pinners |= seebatch_square_bit(sniper); /* the sniper's side */
            }
        }
    }
    pins->blockers[color] = blockers;
    pins->pinners[color ^ 1] = pinners;
}

void seebatch_pins_compute(const seebatch_board *board, seebatch_pins *pins)
{
#ifdef SEEBATCH_ENGINE_PAIR
    /* The engine pair's tables are filled at run time: by the first rules
     * made, or here when an engine asks for pins before any rules. */
    seebatch_attack_tables_fill();
#endif
    seebatch_pins_of_color(board, SEEBATCH_WHITE, pins);
    seebatch_pins_of_color(board, SEEBATCH_BLACK, pins);
}
