/*
 * Differences classed (difference_classes.h): what each holds, the
 * explanations that agree with its answers, and the order a report names
 * them in. The sample they are held to: difference_sample.c.
 */
#include "difference_classes.h"

#include <stdlib.h>
#include <string.h>

#include "engine_values.h"
#include "exchange_features.h"
#include "swap_values.h"

/* A move passed unexamined is asked at one threshold, as far as the
 * engines' values are read (engine_values.h). */
enum { PASSED_ASKED_AT = ENGINE_VALUES_REACH, ANSWERS_MAX = 2 + 2 * EXPLANATIONS_MAX };

void difference_classes_init(difference_classes *classes, const seebatch_config *config)
{
    memset(classes, 0, sizeof *classes);
    classes->config = *config;
    explanations_for(config, &classes->explanations);
}

/* Would an SEE of value `value` answer 1 at `threshold`? */
static bool answers_one(int32_t value, int32_t threshold) { return value >= threshold; }

/* Do the answers known of the move (at its value and one above) allow the
 * value an explanation gives it? */
static bool known_answers_allow(const difference *d, int32_t value)
{
    if (d->by_value)
        return value == d->engine_value;
    return answers_one(value, d->value) == (d->at_value != 0) &&
           answers_one(value, d->value + 1) == (d->above != 0);
}

/* A move's follow-up questions: each explanation's value and one above
 * (a move passed unexamined: PASSED_ASKED_AT), unless the known answers
 * rule it out already or an answer there is known. */
static size_t follow_ups(const difference *d, const int32_t *values, int count,
                         see_question *questions)
{
    size_t asked = 0;
    for (int i = 0; i < count; i++) {
        if (!known_answers_allow(d, values[i]))
            continue;
        bool passed = values[i] == EXPLANATION_PASSED;
        int32_t first = passed ? PASSED_ASKED_AT : values[i], last = passed ? first : first + 1;
        for (int32_t t = first; t <= last; t++) {
            bool known = t == d->value || t == d->value + 1;
            for (size_t q = 0; q < asked && !known; q++)
                known = questions[q].threshold == t;
            if (!known) {
                questions[asked] = (see_question){d->fen, "", t};
                memcpy(questions[asked].move, d->move, sizeof d->move);
                asked++;
            }
        }
    }
    return asked;
}

/* Which explanations agree with every answer known of the move. */
static uint64_t agreeing(const difference_classes *classes, const difference *d,
                         const int32_t *values, const see_question *questions,
                         const int32_t *answers, size_t count)
{
    uint64_t explained = 0;
    for (int i = 0; i < classes->explanations.count; i++) {
        bool off_by_one = classes->explanations.item[i].way == EXPLAINED_OFF_BY_ONE;
        bool agrees = known_answers_allow(d, values[i]) && !(d->by_value && off_by_one);
        for (size_t q = 0; q < count && agrees && !d->by_value; q++)
            agrees = answers_one(values[i], questions[q].threshold) == (answers[q] != 0);
        if (agrees)
            explained |= 1ull << i;
    }
    return explained;
}

/* The engine's values on the destination, once: an explanation more when
 * they are not its victims'. */
static check_status read_swap_values(difference_classes *classes, const engine_see *engine,
                                     see_failure *why)
{
    if (classes->swap_values_read)
        return CHECK_DONE;
    classes->swap_values_read = true;
    int32_t values[5];
    bool read;
    check_status status = swap_values_read(engine, values, &read, why);
    if (status == CHECK_DONE && read)
        explanations_add_swap_values(&classes->explanations, &classes->config, values);
    return status;
}

/* Keeps a difference's agreeing set for judging. */
static bool keep_set(difference_classes *classes, uint64_t set)
{
    if (classes->set_count == classes->set_capacity) {
        size_t capacity = classes->set_capacity ? 2 * classes->set_capacity : 1024;
        uint64_t *sets = realloc(classes->agreeing_sets, capacity * sizeof *sets);
        if (!sets)
            return false;
        classes->agreeing_sets = sets;
        classes->set_capacity = capacity;
    }
    classes->agreeing_sets[classes->set_count++] = set;
    return true;
}

/* Counts what a difference's answers told of each explanation. */
static bool take_difference(difference_classes *classes, const difference *d,
                            const int32_t *values)
{
    for (int i = 0; i < classes->explanations.count; i++) {
        classes->evidence[i].changed += values[i] != d->value;
        classes->evidence[i].agreeing += (d->explained >> i) & 1;
    }
    return keep_set(classes, d->explained);
}

check_status difference_classes_apply(difference_classes *classes, const engine_see *engine,
                                      difference *differences, size_t count, see_failure *why)
{
    check_status status = count ? read_swap_values(classes, engine, why) : CHECK_DONE;
    size_t n = count ? count : 1;
    int32_t(*values)[EXPLANATIONS_MAX] = malloc(n * sizeof *values);
    see_question *questions = malloc(n * ANSWERS_MAX * sizeof *questions);
    int32_t *answers = malloc(n * ANSWERS_MAX * sizeof *answers);
    size_t *asked = malloc(n * sizeof *asked), total = 0;
    if (status == CHECK_DONE && !(values && questions && answers && asked))
        status = CHECK_NO_MEMORY;
    int explanations = classes->explanations.count;
    for (size_t i = 0; status == CHECK_DONE && i < count; i++) {
        difference *d = &differences[i];
        walk_position position; /* once a difference, for every walk of its move */
        walk_position_init(&position, d->board);
        d->features = exchange_features_at(&position, d->code, &classes->config);
        for (int x = 0; x < explanations; x++)
            values[i][x] =
                explanation_value_at(&classes->explanations.item[x], &position, d->code, d->value);
        asked[i] = d->by_value ? 0 : follow_ups(d, values[i], explanations, questions + total);
        total += asked[i];
    }
    if (status == CHECK_DONE && total > 0 &&
        !engine->ask(engine->context, SEE_ASK_THRESHOLDS, questions, total, answers, why))
        status = CHECK_ENGINE_FAILED;
    for (size_t i = 0, at = 0; status == CHECK_DONE && i < count; at += asked[i], i++) {
        differences[i].explained = agreeing(classes, &differences[i], values[i], questions + at,
                                            answers + at, asked[i]);
        if (!take_difference(classes, &differences[i], values[i]))
            status = CHECK_NO_MEMORY;
    }
    free(values);
    free(questions);
    free(answers);
    free(asked);
    return status;
}

/* The explanations of `set`, the most specific first. */
static int by_specificity(const difference_classes *classes, uint64_t set, int *order)
{
    int count = 0;
    for (int i = 0; i < classes->explanations.count; i++) {
        if (!((set >> i) & 1))
            continue;
        int at = count++;
        while (at > 0 && classes->evidence[order[at - 1]].changed > classes->evidence[i].changed) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = i;
    }
    return count;
}

int difference_classes_order(const difference_classes *classes, uint64_t agreeing, int *order)
{
    return by_specificity(classes, agreeing & classes->chosen, order);
}

int difference_classes_parts(const difference_classes *classes, uint64_t agreeing, int whole,
                             int *order)
{
    uint64_t parts = 0;
    for (int i = 0; i < classes->explanations.count; i++)
        if (classes->explanations.item[i].whole == whole)
            parts |= 1ull << i;
    return by_specificity(classes, agreeing & classes->held & parts, order);
}
