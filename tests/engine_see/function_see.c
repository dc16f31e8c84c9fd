/*
 * An engine's SEE made of a function (function_see.h).
 */
#include "function_see.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct function_see {
    function_see_settings settings;
    seebatch_rules rules, odd_rules;
    function_see_calls calls;
    const char *fen; /* the position set up */
    seebatch_board board;
    unsigned passes, zeroes;      /* function_see_passes, function_see_zeroes */
    bool swap_priced;             /* function_see_swap_values */
    int32_t swap_values[5];
    function_nonsense nonsense;
    uint64_t coin;      /* NONSENSE_RANDOM's state */
    uint64_t drift_at;  /* NONSENSE_DRIFT's first question; 0: none */
    bool odd_positions; /* odd_rules on FENs of odd length */
} function_see;

/* Answers no SEE gives (function_nonsense). */
static int32_t nonsense(function_see *see, see_asking asking, int32_t threshold)
{
    see->coin ^= see->coin << 13;
    see->coin ^= see->coin >> 7;
    see->coin ^= see->coin << 17;
    bool values = asking == SEE_ASK_VALUES;
    switch (see->nonsense) {
    case NONSENSE_BLIND:
        return values ? 0 : threshold <= 0;
    case NONSENSE_ONE:
        return 1;
    case NONSENSE_ZERO:
        return 0;
    default:
        return values ? (int32_t)(see->coin % 2001) - 1000 : (int32_t)(see->coin >> 63);
    }
}

static int32_t value_of(const function_see *see, seebatch_move move)
{
    if (see->passes & move_kind_bit(move))
        return EXPLANATION_PASSED;
    if (see->zeroes & move_kind_bit(move))
        return 0;
    if (see->swap_priced) {
        exchange_rules rules = {see->settings.config, see->settings.fault, true, {0}};
        memcpy(rules.swap_values, see->swap_values, sizeof rules.swap_values);
        return exchange_value_rules(&see->board, move, &rules);
    }
    if (see->odd_positions && strlen(see->fen) % 2)
        return seebatch_value(&see->odd_rules, &see->board, NULL, move);
    if (see->settings.fault == FAULT_NONE)
        return seebatch_value(&see->rules, &see->board, NULL, move);
    return exchange_value(&see->board, move, &see->settings.config, see->settings.fault);
}

static bool answer(function_see *see, see_asking asking, const see_question *question, int32_t *out,
                   see_failure *why)
{
    uint64_t number = ++see->calls.questions;
    seebatch_error error;
    if (number == see->settings.fail_at) {
        snprintf(why->message, sizeof why->message, "question %llu: failing on purpose",
                 (unsigned long long)number);
        return false;
    }
    if (question->fen != see->fen) {
        see->calls.setups++;
        see->fen = question->fen;
        if (seebatch_board_from_fen(&see->board, question->fen, &error) != SEEBATCH_OK) {
            snprintf(why->message, sizeof why->message, "question %llu: %s",
                     (unsigned long long)number, error.message);
            return false;
        }
    }
    seebatch_move move;
    if (seebatch_move_parse(&see->board, question->move, &move, &error) != SEEBATCH_OK) {
        snprintf(why->message, sizeof why->message, "question %llu: %s", (unsigned long long)number,
                 error.message);
        return false;
    }
    if (see->nonsense != NONSENSE_NONE && see->nonsense != NONSENSE_DRIFT) {
        *out = nonsense(see, asking, question->threshold);
        return true;
    }
    int32_t value = value_of(see, move);
    value += see->nonsense == NONSENSE_DRIFT && see->drift_at && number >= see->drift_at ? 100 : 0;
    if (asking == SEE_ASK_VALUES)
        *out = value;
    else if (see->settings.not_monotone && question->threshold > 10000)
        *out = 1;
    else
        *out =
            see->settings.off_by_one ? value > question->threshold : value >= question->threshold;
    return true;
}

static bool ask(void *context, see_asking asking, const see_question *questions, size_t count,
                int32_t *answers, see_failure *why)
{
    function_see *see = context;
    see->calls.asks++;
    if (count > see->calls.largest_ask)
        see->calls.largest_ask = count;
    if ((asking == SEE_ASK_VALUES && !see->settings.values) ||
        (asking == SEE_ASK_THRESHOLDS && !see->settings.thresholds)) {
        snprintf(why->message, sizeof why->message, "asked what it does not answer");
        return false;
    }
    for (size_t i = 0; i < count; i++)
        if (!answer(see, asking, &questions[i], &answers[i], why))
            return false;
    see->fen = NULL; /* the questions' text may go now */
    return true;
}

static bool close_see(void *context, see_failure *why)
{
    (void)why;
    free(context);
    return true;
}

bool function_see_open(const function_see_settings *settings, engine_see *engine)
{
    function_see *see = calloc(1, sizeof *see);
    if (!see)
        return false;
    see->settings = *settings;
    see->coin = 0x9E3779B97F4A7C15u;
    seebatch_rules_init(&see->rules, &settings->config, NULL);
    *engine =
        (engine_see){"a function", settings->thresholds, settings->values, ask, close_see, see};
    return true;
}

void function_see_passes(const engine_see *engine, unsigned passes)
{
    ((function_see *)engine->context)->passes = passes;
}

void function_see_zeroes(const engine_see *engine, unsigned zeroes)
{
    ((function_see *)engine->context)->zeroes = zeroes;
}

void function_see_open_planted(const function_see_settings *settings, unsigned passes,
                               unsigned zeroes, const int32_t *swap_values, engine_see *engine)
{
    if (!function_see_open(settings, engine))
        exit(3);
    function_see_passes(engine, passes);
    function_see_zeroes(engine, zeroes);
    if (swap_values)
        function_see_swap_values(engine, swap_values);
}

void function_see_swap_values(const engine_see *engine, const int32_t values[5])
{
    function_see *see = engine->context;
    see->swap_priced = true;
    memcpy(see->swap_values, values, sizeof see->swap_values);
}

void function_see_nonsense(const engine_see *engine, function_nonsense nonsense)
{
    ((function_see *)engine->context)->nonsense = nonsense;
}

void function_see_odd_positions(const engine_see *engine, const seebatch_config *config)
{
    function_see *see = engine->context;
    see->odd_positions = seebatch_rules_init(&see->odd_rules, config, NULL) == SEEBATCH_OK;
}

void function_see_drift_from(const engine_see *engine, uint64_t question)
{
    ((function_see *)engine->context)->drift_at = question;
}

const function_see_calls *function_see_calls_of(const engine_see *engine)
{
    return &((const function_see *)engine->context)->calls;
}
