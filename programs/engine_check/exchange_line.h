/*
 * The line an exchange plays, as one line of text: the swap list an engine
 * author prints, for `seebatch eval --exchange` and the regression lines of
 * the check of an engine's SEE (one writer for both). Each move: its UCI
 * squares, the piece moving and the piece taken (upper case white, lower
 * case black, as FEN writes them; "=Q" a promotion the rules count, "e.p.";
 * a pinned piece passed over for it) and, last, the first mover's balance
 * after it; then " | " where the best line stops, and why; then, after
 * " / played on: ", the captures played beyond it (a side that declines, a
 * break-off):
 *
 *   d3e5 Nxp +100, d7e5 nxN -225 | white stops (going on ends at -400) /
 *   played on: e2e5 Rxn +100, f6e5 bxR -400, e1e5 Qxb -75, h8e5 qxQ -1075
 *
 * The balance just before " | " is the value. A move with no exchange
 * (castling; a special move --normal-moves-only scores 0) is said in words,
 * with no " | ". The text holds no ';', '"' or '\\', so it goes into a
 * record's field as it is.
 */
#ifndef SEEBATCH_EXCHANGE_LINE_H
#define SEEBATCH_EXCHANGE_LINE_H

#include <stddef.h>

#include "exchange_walk.h"

/* Room for any line's text, with the NUL: 31 captures at most (32 pieces). */
enum { EXCHANGE_TEXT_MAX = 4096 };

/* Writes the line of a walked record into text (size bytes, at most
 * EXCHANGE_TEXT_MAX needed; a smaller buffer gets as much as fits, NUL
 * ended) and returns the text's length. */
size_t exchange_text(const exchange_record *record, char *text, size_t size);

/* The first step at which two lines part (their move, piece or balance
 * differs, or one has ended), or -1 when every step is the same. */
int exchange_parting(const exchange_line *a, const exchange_line *b);

#endif
