/* Piece values and flags: the two presets, validation, and preparing a
 * configuration once for the engine path (seebatch_rules_init). */
#include <string.h>

#include "errors.h"
#include "kernel.h"

static const char *const value_names[5] = {"pawn", "knight", "bishop", "rook", "queen"};

seebatch_config seebatch_config_classic(void)
{
    seebatch_config config = {{100, 325, 325, 500, 1000}, 0};
    return config;
}

/* Stockfish's midgame piece values; its SEE scores only normal moves and
 * ignores pieces pinned to their king while the pinner stays. */
seebatch_config seebatch_config_stockfish(void)
{
    seebatch_config config = {{208, 781, 825, 1276, 2538},
                              SEEBATCH_PINS | SEEBATCH_NORMAL_MOVES_ONLY};
    return config;
}

enum { SHOWN_MAX = 40 };

seebatch_status seebatch_config_preset(const char *name, seebatch_config *config,
                                       seebatch_error *error)
{
    char shown[SHOWN_MAX + 4];
    if (!name || !config)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "%s is NULL",
                             !name ? "preset name" : "configuration");
    if (strcmp(name, "classic") == 0)
        *config = seebatch_config_classic();
    else if (strcmp(name, "stockfish") == 0)
        *config = seebatch_config_stockfish();
    else
        return seebatch_fail(error, SEEBATCH_ERROR_CONFIG,
                             "unknown configuration preset \"%s\"; the presets are classic and "
                             "stockfish",
                             seebatch_printable(name, SIZE_MAX, SHOWN_MAX, shown));
    return seebatch_succeed(error);
}

seebatch_status seebatch_config_check(const seebatch_config *config, seebatch_error *error)
{
    if (!config)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "configuration is NULL");
    return seebatch_values_validate(config->values, config->flags, error);
}

seebatch_status seebatch_values_validate(const int32_t *values, uint32_t flags,
                                         seebatch_error *error)
{
    for (int piece = 0; piece < 5; piece++) {
        int32_t value = values[piece];
        if (value < 0 || value > SEEBATCH_VALUE_MAX)
            return seebatch_fail(error, SEEBATCH_ERROR_CONFIG,
                                 "value of the %s is %ld; values must be in 0..%d",
                                 value_names[piece], (long)value, SEEBATCH_VALUE_MAX);
    }
    uint32_t unknown = flags & ~(uint32_t)SEEBATCH_ALL_FLAGS;
    if (unknown)
        return seebatch_fail(error, SEEBATCH_ERROR_CONFIG,
                             "unknown flag bits 0x%lx; the known flags are 0x%x (PINS, PROMOTIONS, "
                             "NORMAL_MOVES_ONLY, MOVE_PROMOTION_ONLY, STOP_WHEN_AHEAD)",
                             (unsigned long)unknown, (unsigned)SEEBATCH_ALL_FLAGS);
    const uint32_t promotion_rules = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY;
    if ((flags & promotion_rules) == promotion_rules)
        return seebatch_fail(error, SEEBATCH_ERROR_CONFIG,
                             "SEEBATCH_PROMOTIONS and SEEBATCH_MOVE_PROMOTION_ONLY are two "
                             "promotion rules: set one");
    return seebatch_succeed(error);
}

seebatch_status seebatch_rules_init(seebatch_rules *rules, const seebatch_config *config,
                                    seebatch_error *error)
{
    if (!rules)
        return seebatch_fail(error, SEEBATCH_ERROR_ARGUMENT, "rules is NULL");
    seebatch_status status = seebatch_config_check(config, error);
    if (status == SEEBATCH_OK)
        rules_of(config, rules);
    return status;
}
