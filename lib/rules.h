/* A configuration in the form the exchange reads it (seebatch_rules). */
#ifndef SEEBATCH_RULES_H
#define SEEBATCH_RULES_H

#include "seebatch.h"

/* Prepares a configuration already known to be valid. */
static inline void rules_of(const seebatch_config *config, seebatch_rules *rules)
{
    for (int type = 0; type < 8; type++)
        rules->value[type] = type < SEEBATCH_KING ? config->values[type] : 0;
    rules->flags = config->flags;
}

/* Whether the values of pawn..queen and the flags are those of a valid
 * configuration, with seebatch_config_validate's errors and messages
 * (config.c): the check of a configuration and of prepared rules alike. */
seebatch_status seebatch_values_validate(const int32_t *values, uint32_t flags,
                                         seebatch_error *error);

#endif
