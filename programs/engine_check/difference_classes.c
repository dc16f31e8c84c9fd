/*
 * Differences classed (difference_classes.h).
 */
#include "difference_classes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exchange_features.h"

enum { ANSWERS_MAX = 2 + 2 * EXPLANATION_COUNT };

void difference_classes_init(difference_classes *classes, const seebatch_config *config)
{
    memset(classes, 0, sizeof *classes);
    classes->config = *config;
    rule_changes(config, classes->changes);
    for (int i = 0; i < RULE_CHANGES_MAX; i++) {
        seebatch_rules_init(&classes->changed[i], &classes->changes[i].config, NULL);
        snprintf(classes->names[i], sizeof classes->names[i], "%s", classes->changes[i].words);
    }
    for (int f = 1; f < FAULT_COUNT; f++)
        snprintf(classes->names[EXPLAIN_FIRST_FAULT + f - 1], sizeof classes->names[0], "%s",
                 exchange_fault_name((exchange_fault)f));
    snprintf(classes->names[EXPLAIN_OFF_BY_ONE], sizeof classes->names[0],
             "see_ge off by one (answers SEE > threshold)");
}

/* The value each explanation gives the move (the off-by-one one: its
 * value minus 1, which answers thresholds as SEE > t does). */
static void explanation_values(const difference_classes *classes, const difference *d,
                               int32_t *values)
{
    for (int i = 0; i < RULE_CHANGES_MAX; i++)
        values[i] = seebatch_value(&classes->changed[i], d->board, NULL, d->code);
    for (int f = 1; f < FAULT_COUNT; f++)
        values[EXPLAIN_FIRST_FAULT + f - 1] =
            exchange_value(d->board, d->code, &classes->config, (exchange_fault)f);
    values[EXPLAIN_OFF_BY_ONE] = d->value - 1;
}

/* A move's follow-up questions: each explanation's value and one above,
 * unless an answer there is known. */
static size_t follow_ups(const difference *d, const int32_t *values, see_question *questions)
{
    size_t count = 0;
    for (int i = 0; i < EXPLANATION_COUNT; i++)
        for (int32_t t = values[i]; t <= values[i] + 1; t++) {
            bool known = t == d->value || t == d->value + 1;
            for (size_t q = 0; q < count && !known; q++)
                known = questions[q].threshold == t;
            if (!known) {
                questions[count] = (see_question){d->fen, "", t};
                memcpy(questions[count].move, d->move, sizeof d->move);
                count++;
            }
        }
    return count;
}

/* Which explanations agree with every answer known of the move. */
static uint32_t agreeing(const difference *d, const int32_t *values, const see_question *questions,
                         const int32_t *answers, size_t count)
{
    uint32_t explained = 0;
    for (int i = 0; i < EXPLANATION_COUNT; i++) {
        bool agrees;
        if (d->by_value) {
            agrees = i != EXPLAIN_OFF_BY_ONE && values[i] == d->engine_value;
        } else {
            agrees = (values[i] >= d->value) == (d->at_value != 0) &&
                     (values[i] >= d->value + 1) == (d->above != 0);
            for (size_t q = 0; q < count && agrees; q++)
                agrees = (values[i] >= questions[q].threshold) == (answers[q] != 0);
        }
        if (agrees)
            explained |= 1u << i;
    }
    return explained;
}

check_status difference_classes_apply(const difference_classes *classes, const engine_see *engine,
                                      difference *differences, size_t count, see_failure *why)
{
    int32_t(*values)[EXPLANATION_COUNT] = malloc((count ? count : 1) * sizeof *values);
    see_question *questions = malloc((count ? count : 1) * ANSWERS_MAX * sizeof *questions);
    int32_t *answers = malloc((count ? count : 1) * ANSWERS_MAX * sizeof *answers);
    size_t *asked = malloc((count ? count : 1) * sizeof *asked);
    check_status status = values && questions && answers && asked ? CHECK_DONE : CHECK_NO_MEMORY;
    size_t total = 0;
    for (size_t i = 0; status == CHECK_DONE && i < count; i++) {
        differences[i].features =
            exchange_features(differences[i].board, differences[i].code, &classes->config);
        explanation_values(classes, &differences[i], values[i]);
        asked[i] =
            differences[i].by_value ? 0 : follow_ups(&differences[i], values[i], questions + total);
        total += asked[i];
    }
    if (status == CHECK_DONE && total > 0 &&
        !engine->ask(engine->context, SEE_ASK_THRESHOLDS, questions, total, answers, why))
        status = CHECK_ENGINE_FAILED;
    for (size_t i = 0, at = 0; status == CHECK_DONE && i < count; at += asked[i], i++)
        differences[i].explained =
            agreeing(&differences[i], values[i], questions + at, answers + at, asked[i]);
    free(values);
    free(questions);
    free(answers);
    free(asked);
    return status;
}
