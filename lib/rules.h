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

#endif
