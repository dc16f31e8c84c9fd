/*
 * The bodies of the fuzz targets, separate from libFuzzer's entry point so
 * the normal test suite can replay inputs through them with any compiler
 * (tests/fuzz/replay_regressions.c). Each returns quietly when every property
 * holds and aborts, naming the property, when one breaks.
 */
#ifndef SEEBATCH_FUZZ_TARGETS_H
#define SEEBATCH_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

/* FEN text: parsing never crashes and rejects with a one-line FEN error;
 * what parses formats back to a FEN that parses to the same board, its legal
 * moves pass the SEE preconditions, survive a UCI round trip and leave
 * consistent boards, and SEE of its captures agrees on every backend. */
void fuzz_fen(const uint8_t *data, size_t size);

/* A board (fuzz_input.h) and UCI text: a parsed move passes
 * seebatch_move_check and writes back as the same text; a rejected one
 * leaves the output alone and names the problem in one line. */
void fuzz_uci(const uint8_t *data, size_t size);

/* A configuration, a board (maybe broken on purpose) and moves: on a
 * consistent board every backend, the oracle and every public entry point
 * equal the reference on the moves that meet the preconditions and on the
 * legal captures; the checked entry points reject exactly the moves that
 * break them, and everything on a broken board, writing nothing; and every
 * kernel, given the moves and board as they are, good or bad, stays inside
 * the arrays it is passed (the sanitizers watch). */
void fuzz_see(const uint8_t *data, size_t size);

/* A binpack chunk payload (any bytes): decoding never reads outside it,
 * a fault names a byte inside it, every entry is a consistent board whose
 * move meets the SEE preconditions, and the entries decoded, written again
 * (stems packed, moves encoded), decode to the same entries. */
void fuzz_binpack(const uint8_t *data, size_t size);

/* .plain text (any bytes): reading never crashes nor stops early (each
 * step takes a block or ends), a bad block names a line of the text in a
 * one-line message, the reader's offset stays within the text, and every
 * entry read is a consistent board whose move is legal there and whose
 * block, written again, reads as the same entry. */
void fuzz_plain(const uint8_t *data, size_t size);

/* The checks of fuzz_see on one board and moves that meet the
 * preconditions (at most SEEBATCH_MAX_MOVES; NULL when count is 0): the
 * differential harness, then every public SEE entry point. */
void fuzz_check_see(const seebatch_board *board, const seebatch_move *moves, size_t count,
                    const seebatch_config *config);

#endif
