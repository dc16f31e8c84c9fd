/*
 * The real positions' sample (real_positions_sample.h) as the tests of
 * auto use it: every board, its pins, every capture with its board, and a
 * threshold a capture from -300 to 300, pooled in board order.
 */
#ifndef SEEBATCH_TEST_SAMPLE_POSITIONS_H
#define SEEBATCH_TEST_SAMPLE_POSITIONS_H

#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

typedef struct sample_positions {
    seebatch_board *boards;
    seebatch_pins *pins;
    size_t board_count;
    seebatch_move *moves;
    uint32_t *board_of_move;
    int32_t *thresholds;
    size_t count;
} sample_positions;

/* Reads the sample into *p (exits the test on a bad line or no memory). */
void sample_positions_load(sample_positions *p);

void sample_positions_release(sample_positions *p);

#endif
