/*
 * The calls of 0.2 (seebatch_deprecated.h, on request), each written with the
 * API of seebatch.h: a configuration becomes rules on the stack, the
 * arguments a batch, a _checked call seebatch_check and then the fast call.
 * The checked ones validate the configuration and their outputs as 0.2 did.
 */
#include "seebatch_deprecated.h"

#include "board/movegen.h" /* seebatch_perft_nodes */
#include "errors.h"
#include "kernel.h"

void seebatch_board_clear(seebatch_board *board) { *board = (seebatch_board)SEEBATCH_BOARD_EMPTY; }

seebatch_status seebatch_config_validate(const seebatch_config *config, seebatch_error *error)
{
    return seebatch_config_check(config, error);
}

uint64_t seebatch_perft(const seebatch_board *board, int depth)
{
    return seebatch_perft_nodes(board, depth);
}

/* Rules for a configuration the unchecked calls take as valid. */
static seebatch_rules seebatch_rules_for(const seebatch_config *config)
{
    seebatch_rules rules;
    rules_of(config, &rules);
    return rules;
}

static seebatch_batch seebatch_one_board(const seebatch_board *board, const seebatch_move *moves,
                                         size_t count)
{
    return (seebatch_batch){board, 1, NULL, NULL, moves, count};
}

static seebatch_batch seebatch_many_boards(const seebatch_board *boards, const seebatch_pins *pins,
                                           size_t board_count, const uint32_t *board_of_move,
                                           const seebatch_move *moves, size_t count)
{
    return (seebatch_batch){boards, board_count, pins, board_of_move, moves, count};
}

int32_t seebatch_see_value(const seebatch_board *board, seebatch_move move,
                           const seebatch_config *config)
{
    seebatch_rules rules = seebatch_rules_for(config);
    return seebatch_value(&rules, board, NULL, move);
}

bool seebatch_see_ge(const seebatch_board *board, seebatch_move move, int32_t threshold,
                     const seebatch_config *config)
{
    seebatch_rules rules = seebatch_rules_for(config);
    return seebatch_value_ge(&rules, board, NULL, move, threshold);
}

void seebatch_see_values(const seebatch_board *board, const seebatch_move *moves, size_t count,
                         const seebatch_config *config, int32_t *values)
{
    seebatch_rules rules = seebatch_rules_for(config);
    seebatch_batch batch = seebatch_one_board(board, moves, count);
    seebatch_values(&rules, &batch, values);
}

void seebatch_see_ge_batch(const seebatch_board *board, const seebatch_move *moves, size_t count,
                           int32_t threshold, const seebatch_config *config, uint8_t *passed)
{
    seebatch_rules rules = seebatch_rules_for(config);
    seebatch_batch batch = seebatch_one_board(board, moves, count);
    seebatch_values_ge(&rules, &batch, threshold, NULL, passed);
}

void seebatch_see_values_multi_pinned(const seebatch_board *boards, const seebatch_pins *pins,
                                      size_t board_count, const uint32_t *board_of_move,
                                      const seebatch_move *moves, size_t count,
                                      const seebatch_config *config, int32_t *values)
{
    seebatch_rules rules = seebatch_rules_for(config);
    seebatch_batch batch =
        seebatch_many_boards(boards, pins, board_count, board_of_move, moves, count);
    seebatch_values(&rules, &batch, values);
}

void seebatch_see_ge_multi_pinned(const seebatch_board *boards, const seebatch_pins *pins,
                                  size_t board_count, const uint32_t *board_of_move,
                                  const seebatch_move *moves, size_t count, int32_t threshold,
                                  const seebatch_config *config, uint8_t *passed)
{
    seebatch_rules rules = seebatch_rules_for(config);
    seebatch_batch batch =
        seebatch_many_boards(boards, pins, board_count, board_of_move, moves, count);
    seebatch_values_ge(&rules, &batch, threshold, NULL, passed);
}

void seebatch_see_values_multi(const seebatch_board *boards, size_t board_count,
                               const uint32_t *board_of_move, const seebatch_move *moves,
                               size_t count, const seebatch_config *config, int32_t *values)
{
    seebatch_rules rules = seebatch_rules_for(config);
    seebatch_batch batch =
        seebatch_many_boards(boards, NULL, board_count, board_of_move, moves, count);
    seebatch_values(&rules, &batch, values);
}

void seebatch_see_ge_multi(const seebatch_board *boards, size_t board_count,
                           const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
                           int32_t threshold, const seebatch_config *config, uint8_t *passed)
{
    seebatch_rules rules = seebatch_rules_for(config);
    seebatch_batch batch =
        seebatch_many_boards(boards, NULL, board_count, board_of_move, moves, count);
    seebatch_values_ge(&rules, &batch, threshold, NULL, passed);
}

bool seebatch_engine_see_ge(const seebatch_rules *rules, const seebatch_board *board,
                            const seebatch_pins *pins, seebatch_move move, int32_t threshold)
{
    return seebatch_value_ge(rules, board, pins, move, threshold);
}

int32_t seebatch_engine_see_value(const seebatch_rules *rules, const seebatch_board *board,
                                  const seebatch_pins *pins, seebatch_move move)
{
    return seebatch_value(rules, board, pins, move);
}

void seebatch_engine_see_ge_each(const seebatch_rules *rules, const seebatch_board *board,
                                 const seebatch_pins *pins, const seebatch_move *moves,
                                 size_t count, const int32_t *thresholds, uint8_t *passed)
{
    seebatch_batch batch = {board, 1, pins, NULL, moves, count};
    seebatch_values_ge(rules, &batch, 0, thresholds, passed);
}

/* ---- checked ---- */

/* What a 0.2 checked call proved before its fast call: the configuration
 * (NULL too), a many-board call's board_of_move, the output, then the batch
 * under the rules made of it. */
static seebatch_status seebatch_check_old_call(const seebatch_config *config, seebatch_rules *rules,
                                               const seebatch_batch *batch, bool many,
                                               const void *output, seebatch_error *error)
{
    seebatch_status status = seebatch_rules_init(rules, config, error);
    if (status != SEEBATCH_OK)
        return status;
    if (many && batch->count > 0 && !batch->board_of_move)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "board_of_move is NULL with count %zu",
                             batch->count);
    if (batch->count > 0 && !output)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "output is NULL with count %zu",
                             batch->count);
    return seebatch_check(rules, batch, error);
}

/* A 0.2 checked call of values, or of see_ge with one threshold. */
static seebatch_status seebatch_old_values_checked(const seebatch_config *config,
                                                   const seebatch_batch *batch, bool many,
                                                   int32_t *values, seebatch_error *error)
{
    seebatch_rules rules;
    seebatch_status status = seebatch_check_old_call(config, &rules, batch, many, values, error);
    if (status == SEEBATCH_OK)
        seebatch_values(&rules, batch, values);
    return status;
}

static seebatch_status seebatch_old_see_ge_checked(const seebatch_config *config,
                                                   const seebatch_batch *batch, bool many,
                                                   int32_t threshold, uint8_t *passed,
                                                   seebatch_error *error)
{
    seebatch_rules rules;
    seebatch_status status = seebatch_check_old_call(config, &rules, batch, many, passed, error);
    if (status == SEEBATCH_OK)
        seebatch_values_ge(&rules, batch, threshold, NULL, passed);
    return status;
}

seebatch_status seebatch_see_values_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
    const seebatch_config *config, int32_t *values, seebatch_error *error)
{
    seebatch_batch batch =
        seebatch_many_boards(boards, pins, board_count, board_of_move, moves, count);
    return seebatch_old_values_checked(config, &batch, true, values, error);
}

seebatch_status seebatch_see_ge_multi_pinned_checked(
    const seebatch_board *boards, const seebatch_pins *pins, size_t board_count,
    const uint32_t *board_of_move, const seebatch_move *moves, size_t count, int32_t threshold,
    const seebatch_config *config, uint8_t *passed, seebatch_error *error)
{
    seebatch_batch batch =
        seebatch_many_boards(boards, pins, board_count, board_of_move, moves, count);
    return seebatch_old_see_ge_checked(config, &batch, true, threshold, passed, error);
}

seebatch_status seebatch_see_values_multi_checked(const seebatch_board *boards, size_t board_count,
                                                  const uint32_t *board_of_move,
                                                  const seebatch_move *moves, size_t count,
                                                  const seebatch_config *config, int32_t *values,
                                                  seebatch_error *error)
{
    seebatch_batch batch =
        seebatch_many_boards(boards, NULL, board_count, board_of_move, moves, count);
    return seebatch_old_values_checked(config, &batch, true, values, error);
}

seebatch_status seebatch_see_ge_multi_checked(const seebatch_board *boards, size_t board_count,
                                              const uint32_t *board_of_move,
                                              const seebatch_move *moves, size_t count,
                                              int32_t threshold, const seebatch_config *config,
                                              uint8_t *passed, seebatch_error *error)
{
    seebatch_batch batch =
        seebatch_many_boards(boards, NULL, board_count, board_of_move, moves, count);
    return seebatch_old_see_ge_checked(config, &batch, true, threshold, passed, error);
}

seebatch_status seebatch_see_values_checked(const seebatch_board *board, const seebatch_move *moves,
                                            size_t count, const seebatch_config *config,
                                            int32_t *values, seebatch_error *error)
{
    seebatch_batch batch = seebatch_one_board(board, moves, count);
    return seebatch_old_values_checked(config, &batch, false, values, error);
}

seebatch_status seebatch_see_value_checked(const seebatch_board *board, seebatch_move move,
                                           const seebatch_config *config, int32_t *value,
                                           seebatch_error *error)
{
    seebatch_batch batch = seebatch_one_board(board, &move, 1);
    return seebatch_old_values_checked(config, &batch, false, value, error);
}

seebatch_status seebatch_see_ge_batch_checked(const seebatch_board *board,
                                              const seebatch_move *moves, size_t count,
                                              int32_t threshold, const seebatch_config *config,
                                              uint8_t *passed, seebatch_error *error)
{
    seebatch_batch batch = seebatch_one_board(board, moves, count);
    return seebatch_old_see_ge_checked(config, &batch, false, threshold, passed, error);
}

seebatch_status seebatch_see_ge_checked(const seebatch_board *board, seebatch_move move,
                                        int32_t threshold, const seebatch_config *config,
                                        bool *passed, seebatch_error *error)
{
    uint8_t result;
    seebatch_batch batch = seebatch_one_board(board, &move, 1);
    seebatch_status status = seebatch_old_see_ge_checked(config, &batch, false, threshold,
                                                         passed ? &result : NULL, error);
    if (status == SEEBATCH_OK)
        *passed = result != 0;
    return status;
}

/* A 0.2 engine-path call's checks: its output, then the batch of its moves. */
static seebatch_status seebatch_check_engine_call(const seebatch_rules *rules,
                                                  const seebatch_batch *batch, const void *output,
                                                  seebatch_error *error)
{
    if (batch->count > 0 && !output)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "output is NULL with count %zu",
                             batch->count);
    return seebatch_check(rules, batch, error);
}

seebatch_status seebatch_engine_see_ge_checked(const seebatch_rules *rules,
                                               const seebatch_board *board,
                                               const seebatch_pins *pins, seebatch_move move,
                                               int32_t threshold, bool *passed,
                                               seebatch_error *error)
{
    seebatch_batch batch = {board, 1, pins, NULL, &move, 1};
    seebatch_status status = seebatch_check_engine_call(rules, &batch, passed, error);
    if (status == SEEBATCH_OK)
        *passed = seebatch_value_ge(rules, board, pins, move, threshold);
    return status;
}

seebatch_status seebatch_engine_see_value_checked(const seebatch_rules *rules,
                                                  const seebatch_board *board,
                                                  const seebatch_pins *pins, seebatch_move move,
                                                  int32_t *value, seebatch_error *error)
{
    seebatch_batch batch = {board, 1, pins, NULL, &move, 1};
    seebatch_status status = seebatch_check_engine_call(rules, &batch, value, error);
    if (status == SEEBATCH_OK)
        *value = seebatch_value(rules, board, pins, move);
    return status;
}

seebatch_status seebatch_engine_see_ge_each_checked(const seebatch_rules *rules,
                                                    const seebatch_board *board,
                                                    const seebatch_pins *pins,
                                                    const seebatch_move *moves, size_t count,
                                                    const int32_t *thresholds, uint8_t *passed,
                                                    seebatch_error *error)
{
    if (count > 0 && !thresholds)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "thresholds is NULL with count %zu",
                             count);
    seebatch_batch batch = {board, 1, pins, NULL, moves, count};
    seebatch_status status = seebatch_check_engine_call(rules, &batch, passed, error);
    if (status == SEEBATCH_OK)
        seebatch_values_ge(rules, &batch, 0, thresholds, passed);
    return status;
}
