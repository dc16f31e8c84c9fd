/*
 * An engine's SEE values from its answers (engine_values.h).
 */
#include "engine_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FIRST_ROUND = 45, LATER_ROUND = 31, ROUND_MAX = FIRST_ROUND };

/* A probe's search: answered 1 at low, 0 at high, nothing asked between. */
typedef struct search {
    int64_t low, high;
    bool active;
} search;

/* The thresholds of a probe's next round, ascending: the first, 0 and +-2^k
 * (values lie mostly near 0); then up to LATER_ROUND spread between low and
 * high. Returns how many. */
static int round_thresholds(const search *s, bool first, int32_t *thresholds)
{
    int count = 0;
    if (first) {
        for (int k = 21; k >= 0; k--)
            thresholds[count++] = -(int32_t)(1 << k);
        thresholds[count++] = 0;
        for (int k = 0; k <= 21; k++)
            thresholds[count++] = (int32_t)(1 << k);
        return count;
    }
    int64_t width = s->high - s->low;
    if (width - 1 <= LATER_ROUND) {
        for (int64_t t = s->low + 1; t < s->high; t++)
            thresholds[count++] = (int32_t)t;
        return count;
    }
    for (int i = 1; i <= LATER_ROUND; i++)
        thresholds[count++] = (int32_t)(s->low + width * i / (LATER_ROUND + 1));
    return count;
}

/* Takes a round's answers (thresholds ascending): the search narrowed, or
 * the probe settled. */
static void take_round(search *s, value_probe *probe, bool first, const int32_t *thresholds,
                       const int32_t *answers, int count)
{
    int64_t low = first ? INT64_MIN : s->low, high = first ? INT64_MAX : s->high;
    int first_zero = -1;
    for (int i = 0; i < count; i++) {
        if (answers[i]) {
            if (first_zero >= 0) {
                probe->outcome = VALUE_NOT_MONOTONE;
                probe->zero_at = thresholds[first_zero];
                probe->one_at = thresholds[i];
                s->active = false;
                return;
            }
            low = thresholds[i];
        } else if (first_zero < 0) {
            first_zero = i;
            high = thresholds[i];
        }
    }
    if (low == INT64_MIN || high == INT64_MAX) {
        probe->outcome = VALUE_OUT_OF_REACH;
        probe->value = low != INT64_MIN; /* the one answer given */
        s->active = false;
        return;
    }
    s->low = low;
    s->high = high;
    if (high - low == 1) {
        probe->outcome = VALUE_FOUND;
        probe->value = (int32_t)low;
        s->active = false;
    }
}

/* One round for every active probe, in one ask. */
static check_status ask_round(const engine_see *engine, value_probe *probes, search *searches,
                              size_t count, bool first, see_failure *why)
{
    see_question *questions = malloc(count * ROUND_MAX * sizeof *questions);
    int32_t *answers = malloc(count * ROUND_MAX * sizeof *answers);
    int *asked = malloc(count * sizeof *asked);
    check_status status = questions && answers && asked ? CHECK_DONE : CHECK_NO_MEMORY;
    size_t total = 0;
    for (size_t p = 0; status == CHECK_DONE && p < count; p++) {
        int32_t thresholds[ROUND_MAX];
        asked[p] = searches[p].active ? round_thresholds(&searches[p], first, thresholds) : 0;
        for (int i = 0; i < asked[p]; i++, total++) {
            questions[total] = (see_question){probes[p].fen, "", thresholds[i]};
            memcpy(questions[total].move, probes[p].move, sizeof questions[total].move);
        }
    }
    if (status == CHECK_DONE && total > 0 &&
        !engine->ask(engine->context, SEE_ASK_THRESHOLDS, questions, total, answers, why))
        status = CHECK_ENGINE_FAILED;
    for (size_t p = 0, at = 0; status == CHECK_DONE && p < count; at += (size_t)asked[p], p++) {
        int32_t thresholds[ROUND_MAX];
        for (int i = 0; i < asked[p]; i++)
            thresholds[i] = questions[at + (size_t)i].threshold;
        if (asked[p])
            take_round(&searches[p], &probes[p], first, thresholds, answers + at, asked[p]);
    }
    free(questions);
    free(answers);
    free(asked);
    return status;
}

static check_status ask_values(const engine_see *engine, value_probe *probes, size_t count,
                               see_failure *why)
{
    /* calloc: mingw-w64's gcc 12 takes the filled array for uninitialized. */
    see_question *questions = calloc(count ? count : 1, sizeof *questions);
    int32_t *answers = malloc(count * sizeof *answers);
    check_status status = questions && answers ? CHECK_DONE : CHECK_NO_MEMORY;
    for (size_t p = 0; status == CHECK_DONE && p < count; p++) {
        questions[p] = (see_question){probes[p].fen, "", 0};
        memcpy(questions[p].move, probes[p].move, sizeof questions[p].move);
    }
    if (status == CHECK_DONE &&
        !engine->ask(engine->context, SEE_ASK_VALUES, questions, count, answers, why))
        status = CHECK_ENGINE_FAILED;
    for (size_t p = 0; status == CHECK_DONE && p < count; p++) {
        probes[p].outcome = VALUE_FOUND;
        probes[p].value = answers[p];
    }
    free(questions);
    free(answers);
    return status;
}

check_status engine_values_read(const engine_see *engine, value_probe *probes, size_t count,
                                see_failure *why)
{
    if (count == 0)
        return CHECK_DONE;
    if (engine->answers_values)
        return ask_values(engine, probes, count, why);
    search *searches = malloc(count * sizeof *searches);
    if (!searches)
        return CHECK_NO_MEMORY;
    for (size_t p = 0; p < count; p++)
        searches[p] = (search){0, 0, true};
    check_status status = CHECK_DONE;
    bool first = true, active = true;
    while (status == CHECK_DONE && active) {
        status = ask_round(engine, probes, searches, count, first, why);
        first = false;
        active = false;
        for (size_t p = 0; p < count; p++)
            active |= searches[p].active;
    }
    free(searches);
    return status;
}

const char *const piece_value_fens[6] = {
    "6k1/8/2p5/8/8/8/8/2R3K1 w - - 0 1", "6k1/8/2n5/8/8/8/8/2R3K1 w - - 0 1",
    "6k1/8/2b5/8/8/8/8/2R3K1 w - - 0 1", "6k1/8/2r5/8/8/8/8/2R3K1 w - - 0 1",
    "6k1/8/2q5/8/8/8/8/2R3K1 w - - 0 1", "6k1/8/8/8/8/8/8/R5K1 w - - 0 1"};

check_status piece_values_read(const engine_see *engine, piece_values *out, see_failure *why)
{
    value_probe read[6];
    for (int i = 0; i < 6; i++) {
        read[i] = (value_probe){piece_value_fens[i], "", VALUE_FOUND, 0, 0, 0};
        snprintf(read[i].move, sizeof read[i].move, "%s", i < 5 ? "c1c6" : "a1a4");
    }
    check_status status = engine_values_read(engine, read, 6, why);
    if (status != CHECK_DONE)
        return status;
    memcpy(out->pieces, read, sizeof out->pieces);
    out->quiet = read[5];
    out->off_by_one =
        !engine->answers_values && read[5].outcome == VALUE_FOUND && read[5].value == -1;
    out->read = true;
    seebatch_config classic = seebatch_config_classic();
    for (int i = 0; i < 5; i++) {
        int64_t value = (int64_t)read[i].value + out->off_by_one;
        bool found = read[i].outcome == VALUE_FOUND && value >= 0 && value <= SEEBATCH_VALUE_MAX;
        out->values[i] = found ? (int32_t)value : classic.values[i];
        out->read &= found;
    }
    return CHECK_DONE;
}
