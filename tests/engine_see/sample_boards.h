/*
 * The real positions sample (real_positions_sample.h, about 4,000 FENs) as
 * boards: the positions the tests of the check draw their moves from.
 */
#ifndef SEEBATCH_TEST_SAMPLE_BOARDS_H
#define SEEBATCH_TEST_SAMPLE_BOARDS_H

#include <stddef.h>

#include "seebatch.h"

/* The first `most` positions of the sample that read as boards, in order;
 * returns how many. */
size_t sample_boards(seebatch_board *boards, size_t most);

#endif
