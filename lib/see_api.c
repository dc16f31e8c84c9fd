/*
 * The public SEE entry points of the unchecked hot path. Each prepares its
 * configuration once, on its stack (rules.h), and every kernel reads those
 * rules. A single move takes the engine path (see_engine.c: the scalar
 * exchange, lib/scalar/normal_moves.c for a normal move, no pins given); a
 * batch is described as a see_batch and handed to the backend in use. The
 * checked variants are in see_checked.c.
 */
#include "dispatch.h"
#include "rules.h"
#include "see_api.h"

const char *seebatch_version(void) { return SEEBATCH_VERSION_STRING; }

const see_backend *seebatch_backend_for(size_t count)
{
    const see_backend *kernel = seebatch_current_backend();
    return count < kernel->shortest_useful_batch ? &seebatch_scalar_backend : kernel;
}

see_batch seebatch_one_board_batch(const seebatch_board *board, const seebatch_move *moves,
                                   size_t count, const seebatch_rules *rules)
{
    return (see_batch){board, NULL, moves, count, rules, NULL};
}

void seebatch_see_values(const seebatch_board *board, const seebatch_move *moves, size_t count,
                         const seebatch_config *config, int32_t *values)
{
    seebatch_rules rules;
    rules_of(config, &rules);
    see_batch batch = seebatch_one_board_batch(board, moves, count, &rules);
    seebatch_backend_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_batch(const seebatch_board *board, const seebatch_move *moves, size_t count,
                           int32_t threshold, const seebatch_config *config, uint8_t *passed)
{
    seebatch_rules rules;
    rules_of(config, &rules);
    see_batch batch = seebatch_one_board_batch(board, moves, count, &rules);
    seebatch_backend_for(batch.count)->see_ge(&batch, threshold, passed);
}

/* Each public many-board call describes its batch itself rather than call
 * another (a profiler's count of one entry point then holds all its work). */
static see_batch many_board_batch(const seebatch_board *boards, const seebatch_pins *pins,
                                  const uint32_t *board_of_move, const seebatch_move *moves,
                                  size_t count, const seebatch_rules *rules)
{
    return (see_batch){boards, board_of_move, moves, count, rules, pins};
}

void seebatch_see_values_multi(const seebatch_board *boards, size_t board_count,
                               const uint32_t *board_of_move, const seebatch_move *moves,
                               size_t count, const seebatch_config *config, int32_t *values)
{
    (void)board_count;
    seebatch_rules rules;
    rules_of(config, &rules);
    see_batch batch = many_board_batch(boards, NULL, board_of_move, moves, count, &rules);
    seebatch_backend_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_multi(const seebatch_board *boards, size_t board_count,
                           const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
                           int32_t threshold, const seebatch_config *config, uint8_t *passed)
{
    (void)board_count;
    seebatch_rules rules;
    rules_of(config, &rules);
    see_batch batch = many_board_batch(boards, NULL, board_of_move, moves, count, &rules);
    seebatch_backend_for(batch.count)->see_ge(&batch, threshold, passed);
}

void seebatch_see_values_multi_pinned(const seebatch_board *boards, const seebatch_pins *pins,
                                      size_t board_count, const uint32_t *board_of_move,
                                      const seebatch_move *moves, size_t count,
                                      const seebatch_config *config, int32_t *values)
{
    (void)board_count;
    seebatch_rules rules;
    rules_of(config, &rules);
    see_batch batch = many_board_batch(boards, pins, board_of_move, moves, count, &rules);
    seebatch_backend_for(batch.count)->values(&batch, values);
}

void seebatch_see_ge_multi_pinned(const seebatch_board *boards, const seebatch_pins *pins,
                                  size_t board_count, const uint32_t *board_of_move,
                                  const seebatch_move *moves, size_t count, int32_t threshold,
                                  const seebatch_config *config, uint8_t *passed)
{
    (void)board_count;
    seebatch_rules rules;
    rules_of(config, &rules);
    see_batch batch = many_board_batch(boards, pins, board_of_move, moves, count, &rules);
    seebatch_backend_for(batch.count)->see_ge(&batch, threshold, passed);
}

int32_t seebatch_see_value(const seebatch_board *board, seebatch_move move,
                           const seebatch_config *config)
{
    seebatch_rules rules;
    rules_of(config, &rules);
    return seebatch_engine_see_value(&rules, board, NULL, move);
}

bool seebatch_see_ge(const seebatch_board *board, seebatch_move move, int32_t threshold,
                     const seebatch_config *config)
{
    seebatch_rules rules;
    rules_of(config, &rules);
    return seebatch_engine_see_ge(&rules, board, NULL, move, threshold);
}
