#include "pins.h"

void seebatch_pins_compute(const seebatch_board *board, seebatch_pins *pins)
{
#ifdef SEEBATCH_ENGINE_PAIR
    /* The engine pair's tables are filled at run time: by the first rules
     * made, or here when an engine asks for pins before any rules. */
    seebatch_attack_tables_fill();
#endif
    pins_of_side(board, SEEBATCH_WHITE, pins);
    pins_of_side(board, SEEBATCH_BLACK, pins);
}
