/*
 * Whether a last move gives the double check the side to move stands in
 * (double_check.c, where the reasoning is written out): the rule of
 * seebatch_position_status that goes past python-chess's, asked by
 * seebatch_check_reasons (position_status.c) of the rare board with two
 * checkers.
 */
#ifndef SEEBATCH_DOUBLE_CHECK_H
#define SEEBATCH_DOUBLE_CHECK_H

#include <stdbool.h>

#include "bitboard.h"

#pragma GCC visibility push(hidden)

/* Given a consistent board whose side to move has one king, attacked by
 * exactly the two pieces `checkers` of the other side, and no en passant
 * square (or one no double push made: the FEN then says nothing of the
 * last move): whether some move of the other side, from a position where
 * the king was not in check, gives both checks. Nothing else of that
 * position is asked (the piece a capture took is any piece, its side's
 * counts not looked at). Thread-safe; no allocation. */
bool seebatch_double_check_given(const seebatch_board *board, bitboard checkers);

#pragma GCC visibility pop

#endif
