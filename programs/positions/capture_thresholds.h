/*
 * The threshold an engine's search tests a capture against, as the
 * benchmark (bench/workload.cpp) and `seebatch time` ask it: the questions
 * both time, so that their figures are of one distribution.
 */
#ifndef SEEBATCH_CAPTURE_THRESHOLDS_H
#define SEEBATCH_CAPTURE_THRESHOLDS_H

#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Stockfish's values (from 16.1 on), the benchmark's. */
extern const int32_t capture_threshold_stockfish_values[5];

/*
 * The threshold of capture `index` (its place among every capture of a set,
 * from 0) of `move` on `board`: every other capture against 0 (a pruning
 * test), the rest as a move picker asks, -(7 x victim + history) / 18
 * (Stockfish's form) with a capture-history score drawn from -3000..3000 by
 * the index. In `values` (pawn to queen): the victim's value, and the
 * history scaled by the pawn's over Stockfish's 208, so that an engine with
 * other values is asked the same questions in its own units (with
 * capture_threshold_stockfish_values, the benchmark's thresholds).
 * Deterministic.
 */
int32_t capture_threshold(const seebatch_board *board, seebatch_move move, size_t index,
                          const int32_t values[5]);

#ifdef __cplusplus
}
#endif

#endif
