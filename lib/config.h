/* What config.c offers the library beyond seebatch.h: the validation of a
 * configuration's values and flags wherever they are held. */
#ifndef SEEBATCH_CONFIG_H
#define SEEBATCH_CONFIG_H

#include "seebatch.h"

/* Whether the values of pawn..queen and the flags are those of a valid
 * configuration, with seebatch_config_validate's errors and messages: the
 * check of a configuration and of prepared rules (see_checked.c) alike. */
seebatch_status seebatch_values_validate(const int32_t *values, uint32_t flags,
                                         seebatch_error *error);

#endif
