/* What movegen.c shares with captures.c: the legality rule itself and the
 * capture generator that tests every move against it, for the boards the
 * fast one leaves (no king or several kings of the side to move). */
#ifndef SEEBATCH_MOVEGEN_H
#define SEEBATCH_MOVEGEN_H

#include <stdbool.h>
#include <stddef.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* Whether after the move no king of the mover is attacked (movegen.c). */
bool seebatch_keeps_kings_safe(const seebatch_board *board, seebatch_move move);

/* seebatch_generate_captures on any consistent board, each move tested
 * unless its from-square provably cannot matter. */
size_t seebatch_generate_captures_tested(const seebatch_board *board, seebatch_move *moves);

#pragma GCC visibility pop

#endif
