#include "pins.h"

void seebatch_pins_compute(const seebatch_board *board, seebatch_pins *pins)
{
    seebatch_tables_ready(); /* the engine pair's, when pins come before any rules */
    pins_of_side(board, SEEBATCH_WHITE, pins);
    pins_of_side(board, SEEBATCH_BLACK, pins);
}
