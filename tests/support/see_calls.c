/* The tests' SEE calls of one move (see_calls.h), on the engine path alone:
 * the tests built on the engine pair (tests/engine_pair/) link this file
 * but not see_calls_batches.c. */
#include <stdio.h>

#include "see_calls.h"

seebatch_rules rules_from(const seebatch_config *config)
{
    seebatch_rules rules = {{0}, 0};
    seebatch_error error;
    if (seebatch_rules_init(&rules, config, &error) != SEEBATCH_OK)
        fprintf(stderr, "rules_from: %s\n", error.message);
    return rules;
}

int32_t value_under(const seebatch_config *config, const seebatch_board *board, seebatch_move move)
{
    seebatch_rules rules = rules_from(config);
    return seebatch_value(&rules, board, NULL, move);
}

bool value_ge_under(const seebatch_config *config, const seebatch_board *board, seebatch_move move,
                    int32_t threshold)
{
    seebatch_rules rules = rules_from(config);
    return seebatch_value_ge(&rules, board, NULL, move, threshold);
}
