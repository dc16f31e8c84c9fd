/* What movegen.c shares with the capture generator (captures_body.h): the
 * legality rule itself and the capture generator that tests every move
 * against it, for the boards the fast one leaves (no king or several kings
 * of the side to move); and the fast generator's two copies, which
 * seebatch_generate_captures (captures.c) chooses between. Besides, perft,
 * which the tool's `gen perft` and the move generator's tests count. */
#ifndef SEEBATCH_MOVEGEN_H
#define SEEBATCH_MOVEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

#pragma GCC visibility push(hidden)

/* Whether after the move no king of the mover is attacked (movegen.c). */
bool seebatch_keeps_kings_safe(const seebatch_board *board, seebatch_move move);

/* seebatch_generate_captures on any consistent board, each move tested
 * unless its from-square provably cannot matter. */
size_t seebatch_generate_captures_tested(const seebatch_board *board, seebatch_move *moves);

/* seebatch_generate_captures by kindergarten lookups (any CPU), and by pext
 * (builds with the AVX2 kernel, run where the CPU runs pext fast). */
size_t seebatch_generate_captures_kindergarten(const seebatch_board *board, seebatch_move *moves);
size_t seebatch_generate_captures_pext(const seebatch_board *board, seebatch_move *moves);

/* Number of leaf nodes of the legal move tree of the given depth (perft);
 * depth 0 (or below) gives 1. Precondition: consistent board. Thread-safe.
 * (0.2's seebatch_perft, deprecated, calls it.) */
uint64_t seebatch_perft_nodes(const seebatch_board *board, int depth);

#pragma GCC visibility pop

#endif
