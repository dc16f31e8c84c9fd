/* Preparing a configuration once for the engine path. */
#include "errors.h"
#include "rules.h"
#include "view_exchange.h"

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

seebatch_status seebatch_view_rules_init(seebatch_view_rules *rules, const seebatch_config *config,
                                         const int8_t *type_of_code, size_t code_count,
                                         seebatch_error *error)
{
    if (!rules)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "rules is NULL");
    if (!type_of_code && code_count > 0)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "type_of_code is NULL");
    if (code_count > SEEBATCH_PIECE_CODES)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                             "code_count is %zu, more than %d codes", code_count,
                             SEEBATCH_PIECE_CODES);
    for (size_t code = 0; code < code_count; code++)
        if (type_of_code[code] < -1 || type_of_code[code] > SEEBATCH_KING)
            return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT,
                                 "type_of_code[%zu] is %d, not a piece type (0..5) or -1", code,
                                 type_of_code[code]);
    seebatch_status status = seebatch_config_validate(config, error);
    seebatch_view_exchange_fn *exchange = NULL;
    if (status == SEEBATCH_OK)
        status = seebatch_view_exchange_for(config->flags, &exchange, error);
    if (status != SEEBATCH_OK)
        return status;
    rules_of(config, &rules->rules);
    rules->exchange = exchange;
    for (size_t code = 0; code < SEEBATCH_PIECE_CODES; code++) {
        int type = code < code_count ? type_of_code[code] : -1;
        /* No piece is worth what an empty square is: nothing. */
        rules->code_value[code] = type < 0 ? 0 : rules->rules.value[type];
    }
    return SEEBATCH_OK;
}
