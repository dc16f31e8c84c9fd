/*
 * The public batch SEE entry points: each describes its call as a see_batch
 * and hands it to the kernel in use (single moves: see_engine.c; checked
 * variants: see_checked.c).
 */
#include "dispatch.h"
#include "see_api.h"

const char *seebatch_version(void) { return SEEBATCH_VERSION_STRING; }

const see_kernel *seebatch_kernel_for(size_t count)
{
    const see_kernel *kernel = seebatch_current_kernel();
    return count < kernel->shortest_useful_batch ? &seebatch_scalar_kernel : kernel;
}

see_batch seebatch_one_board_batch(const seebatch_board *board, const seebatch_move *moves,
                                 size_t count, const seebatch_config *config)
{
    return (see_batch){board, NULL, moves, count, config};
}

void seebatch_see_values(const seebatch_board *board, const seebatch_move *moves, size_t count,
                         const seebatch_config *config, int32_t *values)
{
    see_batch batch = seebatch_one_board_batch(board, moves, count, config);
    seebatch_kernel_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_batch(const seebatch_board *board, const seebatch_move *moves, size_t count,
                           int32_t threshold, const seebatch_config *config, uint8_t *passed)
{
    see_batch batch = seebatch_one_board_batch(board, moves, count, config);
    seebatch_kernel_for(batch.count)->values_at_least(&batch, threshold, passed);
}

void seebatch_see_values_multi(const seebatch_board *boards, size_t board_count,
                               const uint32_t *board_of_move, const seebatch_move *moves,
                               size_t count, const seebatch_config *config, int32_t *values)
{
    (void)board_count;
    see_batch batch = {boards, board_of_move, moves, count, config};
    seebatch_kernel_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_multi(const seebatch_board *boards, size_t board_count,
                           const uint32_t *board_of_move, const seebatch_move *moves,
                           size_t count, int32_t threshold, const seebatch_config *config,
                           uint8_t *passed)
{
    (void)board_count;
    see_batch batch = {boards, board_of_move, moves, count, config};
    seebatch_kernel_for(batch.count)->values_at_least(&batch, threshold, passed);
}
