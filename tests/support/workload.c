#include "workload.h"

#include "position_generator.h"
#include "random_boards.h"

void workload_build(workload *w, uint64_t seed)
{
    position_generator generator;
    position_generator_init(&generator, seed);
    uint64_t dense = seed ^ 0xDE45Eull;
    w->pool_count = 0;
    for (size_t b = 0; b < WORKLOAD_BOARDS; b++) {
        seebatch_board *board = &w->boards[b];
        if (b % 2) {
            position_generator_next(&generator, board);
            w->counts[b] = seebatch_generate_captures(board, w->moves[b]);
        } else {
            random_dense_board(&dense, board);
            w->counts[b] = random_board_moves(board, w->moves[b], SEEBATCH_MAX_MOVES);
        }
        for (size_t i = 0; i < w->counts[b] && w->pool_count < WORKLOAD_POOL; i++) {
            w->board_of_move[w->pool_count] = (uint32_t)b;
            w->pool[w->pool_count++] = w->moves[b][i];
        }
    }
}
