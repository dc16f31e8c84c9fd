/*
 * A slow, obviously correct SEE for tests: the textbook make/unmake
 * recursion (docs/design.md, section 5) on a plain 64-square array, attacks
 * found by walking rays square by square (plain_board.h). It shares no code
 * with the library, only the public types, so agreeing with it means
 * something.
 */
#ifndef SEEBATCH_ORACLE_H
#define SEEBATCH_ORACLE_H

#include <stdint.h>

#include "seebatch.h"

/* SEE of the move under the contract of include/seebatch.h. Same
 * preconditions as seebatch_value. Thread-safe, no allocation. */
int32_t oracle_see_value(const seebatch_board *board, seebatch_move move,
                         const seebatch_config *config);

/*
 * The same, except that among attackers of one type the one with the lowest
 * (square ^ order_xor) goes first instead of the lowest square. order_xor 0 is
 * the contract. order_xor 56 is the contract's order seen on the board with
 * its ranks flipped, so SEE of the colour-mirrored board equals this on the
 * original board with 56 (the tie-break is the only thing a colour mirror
 * does not preserve).
 */
int32_t oracle_see_value_ordered(const seebatch_board *board, seebatch_move move,
                                 const seebatch_config *config, unsigned order_xor);

#endif
