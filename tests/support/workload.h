/*
 * A fixed set of SEE cases for tests that call the entry points many times
 * (threads, allocation counting): boards alternate between positions of
 * generated games, with their legal captures, and random dense boards, with
 * every SEE-relevant move (random_boards.h); every move of every board is
 * also pooled for the mixed-board functions. The same seed gives the same
 * cases everywhere.
 */
#ifndef SEEBATCH_WORKLOAD_H
#define SEEBATCH_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "seebatch.h"

enum { WORKLOAD_BOARDS = 64, WORKLOAD_POOL = 4096 };

typedef struct workload {
    seebatch_board boards[WORKLOAD_BOARDS];
    seebatch_move moves[WORKLOAD_BOARDS][SEEBATCH_MAX_MOVES];
    size_t counts[WORKLOAD_BOARDS];
    /* The first WORKLOAD_POOL moves of all boards, each with its board. */
    uint32_t board_of_move[WORKLOAD_POOL];
    seebatch_move pool[WORKLOAD_POOL];
    size_t pool_count;
} workload;

/* Fills *w; touches no SEE entry point, so the backend stays unchosen. */
void workload_build(workload *w, uint64_t seed);

#endif
