/* Preparing a configuration once for the engine path. */
#include "errors.h"
#include "rules.h"

seebatch_status seebatch_rules_init(seebatch_rules *rules, const seebatch_config *config,
                                    seebatch_error *error)
{
    if (!rules)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "rules is NULL");
    seebatch_status status = seebatch_config_validate(config, error);
    if (status == SEEBATCH_OK)
        rules_of(config, rules);
    return status;
}
