/* The tests' batch and checked SEE calls (see_calls.h), on seebatch.h's
 * batch calls and seebatch_check, which the engine pair lacks. */
#include "see_calls.h"

void values_under(const seebatch_config *config, const seebatch_batch *batch, int32_t *values)
{
    seebatch_rules rules = rules_from(config);
    seebatch_values(&rules, batch, values);
}

void values_ge_under(const seebatch_config *config, const seebatch_batch *batch, int32_t threshold,
                     uint8_t *passed)
{
    seebatch_rules rules = rules_from(config);
    seebatch_values_ge(&rules, batch, threshold, NULL, passed);
}

seebatch_status checked_values(const seebatch_rules *rules, const seebatch_batch *batch,
                               int32_t *values, seebatch_error *error)
{
    seebatch_status status = seebatch_check(rules, batch, error);
    if (status == SEEBATCH_OK)
        seebatch_values(rules, batch, values);
    return status;
}

seebatch_status checked_values_ge(const seebatch_rules *rules, const seebatch_batch *batch,
                                  int32_t threshold, const int32_t *thresholds, uint8_t *passed,
                                  seebatch_error *error)
{
    seebatch_status status = seebatch_check(rules, batch, error);
    if (status == SEEBATCH_OK)
        seebatch_values_ge(rules, batch, threshold, thresholds, passed);
    return status;
}

seebatch_status checked_value_ge(const seebatch_rules *rules, const seebatch_batch *batch,
                                 int32_t threshold, bool *passed, seebatch_error *error)
{
    seebatch_status status = seebatch_check(rules, batch, error);
    if (status == SEEBATCH_OK)
        *passed = seebatch_value_ge(rules, batch->boards, batch->pins, batch->moves[0], threshold);
    return status;
}

seebatch_status checked_values_under(const seebatch_config *config, const seebatch_batch *batch,
                                     int32_t *values, seebatch_error *error)
{
    seebatch_rules rules;
    seebatch_status status = seebatch_rules_init(&rules, config, error);
    return status == SEEBATCH_OK ? checked_values(&rules, batch, values, error) : status;
}

seebatch_status checked_values_ge_under(const seebatch_config *config, const seebatch_batch *batch,
                                        int32_t threshold, uint8_t *passed, seebatch_error *error)
{
    seebatch_rules rules;
    seebatch_status status = seebatch_rules_init(&rules, config, error);
    return status == SEEBATCH_OK ? checked_values_ge(&rules, batch, threshold, NULL, passed, error)
                                 : status;
}

seebatch_status checked_value_ge_under(const seebatch_config *config, const seebatch_batch *batch,
                                       int32_t threshold, bool *passed, seebatch_error *error)
{
    seebatch_rules rules;
    seebatch_status status = seebatch_rules_init(&rules, config, error);
    return status == SEEBATCH_OK ? checked_value_ge(&rules, batch, threshold, passed, error)
                                 : status;
}

size_t possible_moves_only(const seebatch_board *board, seebatch_move *moves, size_t count)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &classic, NULL);
    size_t kept = 0;
    for (size_t i = 0; i < count; i++)
        if (seebatch_check(&rules, &(seebatch_batch){board, 1, NULL, NULL, &moves[i], 1}, NULL) ==
            SEEBATCH_OK)
            moves[kept++] = moves[i];
    return kept;
}
