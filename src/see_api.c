/*
 * The public SEE entry points: each describes its call as a see_batch and
 * hands it to the kernel in use. The checked variants prove every
 * precondition first, so the kernels never have to.
 */
#include "dispatch.h"
#include "errors.h"

const char *seebatch_version(void) { return SEEBATCH_VERSION_STRING; }

/* The kernel for a batch of this length: the one in use, unless the batch is
 * too short for its lanes to pay off. */
static const see_kernel *kernel_for(size_t count)
{
    const see_kernel *kernel = seebatch_current_kernel();
    return count < kernel->shortest_useful_batch ? &seebatch_scalar_kernel : kernel;
}

static see_batch one_board_batch(const seebatch_board *board, const seebatch_move *moves,
                                 size_t count, const seebatch_config *config)
{
    return (see_batch){board, NULL, moves, count, config};
}

int32_t seebatch_see_value(const seebatch_board *board, seebatch_move move,
                           const seebatch_config *config)
{
    int32_t value;
    see_batch batch = one_board_batch(board, &move, 1, config);
    kernel_for(1)->values(&batch, &value);
    return value;
}

bool seebatch_see_ge(const seebatch_board *board, seebatch_move move, int32_t threshold,
                     const seebatch_config *config)
{
    uint8_t passed;
    see_batch batch = one_board_batch(board, &move, 1, config);
    kernel_for(1)->values_at_least(&batch, threshold, &passed);
    return passed != 0;
}

void seebatch_see_values(const seebatch_board *board, const seebatch_move *moves, size_t count,
                         const seebatch_config *config, int32_t *values)
{
    see_batch batch = one_board_batch(board, moves, count, config);
    kernel_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_batch(const seebatch_board *board, const seebatch_move *moves, size_t count,
                           int32_t threshold, const seebatch_config *config, uint8_t *passed)
{
    see_batch batch = one_board_batch(board, moves, count, config);
    kernel_for(batch.count)->values_at_least(&batch, threshold, passed);
}

void seebatch_see_values_multi(const seebatch_board *boards, size_t board_count,
                               const uint32_t *board_of_move, const seebatch_move *moves,
                               size_t count, const seebatch_config *config, int32_t *values)
{
    (void)board_count;
    see_batch batch = {boards, board_of_move, moves, count, config};
    kernel_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_multi(const seebatch_board *boards, size_t board_count,
                           const uint32_t *board_of_move, const seebatch_move *moves,
                           size_t count, int32_t threshold, const seebatch_config *config,
                           uint8_t *passed)
{
    (void)board_count;
    see_batch batch = {boards, board_of_move, moves, count, config};
    kernel_for(batch.count)->values_at_least(&batch, threshold, passed);
}

/* ---- checked ---- */

/* Checks the moves of a batch against their boards; the message names the index. */
static seebatch_status check_moves(const see_batch *batch, seebatch_error *error)
{
    for (size_t i = 0; i < batch->count; i++) {
        seebatch_error move_error;
        if (seebatch_move_check(board_of(batch, i), batch->moves[i], &move_error) != SEEBATCH_OK)
            return seebatch_fail(error, move_error.status, "move %zu: %s", i, move_error.message);
    }
    return seebatch_succeed(error);
}

static seebatch_status check_boards(const seebatch_board *boards, size_t board_count,
                                    seebatch_error *error)
{
    for (size_t b = 0; b < board_count; b++) {
        seebatch_error board_error;
        if (seebatch_board_validate(&boards[b], &board_error) != SEEBATCH_OK)
            return seebatch_fail(error, SEEBATCH_ERROR_BOARD, "board %zu: %s", b, board_error.message);
    }
    return seebatch_succeed(error);
}

static seebatch_status check_batch(const see_batch *batch, size_t board_count, const void *output,
                                   seebatch_error *error)
{
    if (!batch->config || (!batch->boards && board_count > 0))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board or configuration is NULL");
    if (batch->count > 0 && (!batch->moves || !output))
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "moves or output is NULL with count %zu",
                    batch->count);
    seebatch_status status = seebatch_config_validate(batch->config, error);
    if (status != SEEBATCH_OK)
        return status;
    status = check_boards(batch->boards, board_count, error);
    if (status != SEEBATCH_OK)
        return status;
    for (size_t i = 0; batch->board_of_move && i < batch->count; i++)
        if (batch->board_of_move[i] >= board_count)
            return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                        "move %zu names board %u but there are %zu boards", i,
                        (unsigned)batch->board_of_move[i], board_count);
    return check_moves(batch, error);
}

seebatch_status seebatch_see_value_checked(const seebatch_board *board, seebatch_move move,
                                           const seebatch_config *config, int32_t *value,
                                           seebatch_error *error)
{
    return seebatch_see_values_checked(board, &move, 1, config, value, error);
}

seebatch_status seebatch_see_values_checked(const seebatch_board *board,
                                            const seebatch_move *moves, size_t count,
                                            const seebatch_config *config, int32_t *values,
                                            seebatch_error *error)
{
    see_batch batch = one_board_batch(board, moves, count, config);
    seebatch_status status = check_batch(&batch, 1, values, error);
    if (status == SEEBATCH_OK)
        kernel_for(batch.count)->values(&batch, values);
    return status;
}

seebatch_status seebatch_see_values_multi_checked(const seebatch_board *boards,
                                                  size_t board_count,
                                                  const uint32_t *board_of_move,
                                                  const seebatch_move *moves, size_t count,
                                                  const seebatch_config *config, int32_t *values,
                                                  seebatch_error *error)
{
    if (count > 0 && !board_of_move)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board_of_move is NULL with count %zu", count);
    see_batch batch = {boards, board_of_move, moves, count, config};
    seebatch_status status = check_batch(&batch, board_count, values, error);
    if (status == SEEBATCH_OK)
        kernel_for(batch.count)->values(&batch, values);
    return status;
}
