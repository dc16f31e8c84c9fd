/*
 * The baseline the engine path is compared with: the threshold test as
 * Stockfish's Position::see_ge does it (the walk-through the project started
 * from), written plainly on seebatch_board with the project's attack tables,
 * and pins given in advance as an engine keeps them. It lives in bench/ only:
 * it is the row a user reads as "the SEE my engine has", never library code.
 */
#ifndef SEEBATCH_BENCH_BASELINE_SEE_H
#define SEEBATCH_BENCH_BASELINE_SEE_H

#include <stdbool.h>
#include <stdint.h>

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Piece values by type (the king's 0) and whether special moves score 0. */
typedef struct baseline_values {
    int32_t of_type[7]; /* pawn .. king, then "no piece" (0) */
    bool normal_moves_only;
} baseline_values;

/* The values of a configuration; its PINS flag says whether callers pass pins. */
baseline_values baseline_values_of(const seebatch_config *config);

/* SEE(move) >= threshold. pins: the board's pins, or NULL to ignore pins.
 * Agrees with seebatch_see_ge on every configuration without
 * SEEBATCH_PROMOTIONS (seebatch_passes checks it on the real positions). */
bool baseline_see_ge(const seebatch_board *board, const seebatch_pins *pins, seebatch_move move,
                     int32_t threshold, const baseline_values *values);

#ifdef __cplusplus
}
#endif

#endif
