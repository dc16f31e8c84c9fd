/*
 * The two halves of seebatch_position_status (position_status.c), apart so
 * that tests/test_position_status.c can hold them equal: the reasons of one
 * board, and the quick yes the usual position gets without them.
 */
#ifndef SEEBATCH_POSITION_STATUS_H
#define SEEBATCH_POSITION_STATUS_H

#include <stdbool.h>
#include <stdint.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* The status of one board: every reason it is no position of a game, as
 * seebatch_position_status's bits, or 0. */
uint32_t seebatch_position_reasons(const seebatch_board *board);

/* Whether seebatch_position_reasons(board) is 0, asked in the order that
 * settles the usual position soonest, no reason kept: exactly that, on
 * every board (no prefilter that lets a bad board through). */
bool seebatch_position_plainly_possible(const seebatch_board *board);

#pragma GCC visibility pop

#endif
