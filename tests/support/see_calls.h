/* The SEE calls of seebatch.h as the tests make them: under a configuration
 * (rules made from it per call, for tests that walk many configurations),
 * and checked (seebatch_check, then the fast call, as a caller with untrusted
 * input writes it). */
#ifndef SEEBATCH_SEE_CALLS_H
#define SEEBATCH_SEE_CALLS_H

#include "seebatch.h"

/* A batch of `count` moves all on one board, pins worked out. */
static inline seebatch_batch one_board_batch(const seebatch_board *board,
                                             const seebatch_move *moves, size_t count)
{
    return (seebatch_batch){board, 1, NULL, NULL, moves, count};
}

/* Rules from a configuration the test knows valid (else they stay zero and
 * a message is printed: the test's SEE checks then fail). */
seebatch_rules rules_from(const seebatch_config *config);

int32_t value_under(const seebatch_config *config, const seebatch_board *board, seebatch_move move);
bool value_ge_under(const seebatch_config *config, const seebatch_board *board, seebatch_move move,
                    int32_t threshold);
void values_under(const seebatch_config *config, const seebatch_batch *batch, int32_t *values);
void values_ge_under(const seebatch_config *config, const seebatch_batch *batch, int32_t threshold,
                     uint8_t *passed);

/* seebatch_check, then seebatch_values / seebatch_values_ge (thresholds may
 * be NULL) / seebatch_value_ge of the batch's one move; on failure nothing
 * is written but *error. */
seebatch_status checked_values(const seebatch_rules *rules, const seebatch_batch *batch,
                               int32_t *values, seebatch_error *error);
seebatch_status checked_values_ge(const seebatch_rules *rules, const seebatch_batch *batch,
                                  int32_t threshold, const int32_t *thresholds, uint8_t *passed,
                                  seebatch_error *error);
seebatch_status checked_value_ge(const seebatch_rules *rules, const seebatch_batch *batch,
                                 int32_t threshold, bool *passed, seebatch_error *error);

/* The same under a configuration: seebatch_rules_init first (its error for a
 * bad configuration), then as above. */
seebatch_status checked_values_under(const seebatch_config *config, const seebatch_batch *batch,
                                     int32_t *values, seebatch_error *error);
seebatch_status checked_values_ge_under(const seebatch_config *config, const seebatch_batch *batch,
                                        int32_t threshold, uint8_t *passed, seebatch_error *error);
seebatch_status checked_value_ge_under(const seebatch_config *config, const seebatch_batch *batch,
                                       int32_t threshold, bool *passed, seebatch_error *error);

/* Keeps, in order at the start of moves, the moves seebatch_check accepts
 * on the board (those its piece can make: random_board_moves also writes a
 * pawn's diagonal step onto an empty square and castling without the right,
 * which the fast calls score and the check refuses); returns how many. */
size_t possible_moves_only(const seebatch_board *board, seebatch_move *moves, size_t count);

#endif
