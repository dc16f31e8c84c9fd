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
    const view_exchange_set *set = NULL;
    if (status == SEEBATCH_OK)
        status = seebatch_view_set_here(&set, error);
    if (status != SEEBATCH_OK)
        return status;
    rules_of(config, &rules->rules);
    int32_t promotion = config->values[SEEBATCH_QUEEN] - config->values[SEEBATCH_PAWN];
    /* A mover may lose itself and, under SEEBATCH_PROMOTIONS, what a pawn
     * taking it on a last rank gains by promoting: the inline exit that says
     * "true even if the mover is taken back" must count both. */
    int32_t promotion_risk = (config->flags & SEEBATCH_PROMOTIONS) && promotion > 0 ? promotion : 0;
    rules->king_codes = 0;
    for (size_t code = 0; code < SEEBATCH_PIECE_CODES; code++) {
        int type = code < code_count ? type_of_code[code] : -1;
        rules->king_codes |= (uint32_t)(type == SEEBATCH_KING) << code;
        /* No piece is worth what an empty square is: nothing. */
        rules->code_value[code] = type < 0 ? 0 : rules->rules.value[type];
        rules->code_risk[code] = type < 0 ? 0 : rules->code_value[code] + promotion_risk;
    }
    rules->layout = seebatch_layout_stockfish();
    seebatch_view_choose_exchanges(rules, set);
    return SEEBATCH_OK;
}
