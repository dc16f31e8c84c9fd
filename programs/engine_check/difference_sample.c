/*
 * The explanations of differences held to the moves an engine answered as
 * the reference does (difference_classes.h): a sample of them spread over
 * the whole check, and the judging.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "difference_classes.h"

/* Every FIRST_STRIDE-th move offered is kept; when SAMPLE_MAX are kept,
 * every other one is dropped and the stride doubles, so the sample stays
 * spread over everything offered. */
enum { SAMPLE_MAX = 16384, FIRST_STRIDE = 4 };

struct difference_sample {
    seebatch_board boards[SAMPLE_MAX];
    seebatch_move moves[SAMPLE_MAX];
    int32_t values[SAMPLE_MAX]; /* the reference's, which the engine gave */
    size_t count;
    uint64_t offered, stride;
};

/* Keeps every other move kept. */
static void thin_out(difference_sample *s)
{
    for (size_t i = 0; 2 * i < s->count; i++) {
        s->boards[i] = s->boards[2 * i];
        s->moves[i] = s->moves[2 * i];
        s->values[i] = s->values[2 * i];
    }
    s->count = (s->count + 1) / 2;
    s->stride *= 2;
}

void difference_classes_sample(difference_classes *classes, const seebatch_board *board,
                               seebatch_move move, int32_t value)
{
    difference_sample *s = classes->sample;
    if (!s) {
        s = classes->sample = calloc(1, sizeof *s);
        if (!s)
            return; /* judged on no sample: every explanation held, as with no evidence */
        s->stride = FIRST_STRIDE;
    }
    uint64_t index = s->offered++;
    if (index % s->stride)
        return;
    if (s->count == SAMPLE_MAX) {
        thin_out(s);
        if (index % s->stride)
            return;
    }
    s->boards[s->count] = *board;
    s->moves[s->count] = move;
    s->values[s->count++] = value;
}

/* Can any rule change the value of a normal move? Only when the side to
 * reply has a piece attacking the destination at some moment. */
static bool replied_to(const difference_classes *classes, walk_position *position,
                       seebatch_move move)
{
    exchange_record record;
    exchange_rules rules = {classes->config, FAULT_NONE, false, {0}};
    exchange_walk_at(position, move, &rules, &record);
    uint64_t from = 1ull << seebatch_move_from(move);
    const uint64_t *colors = position->board->colors;
    unsigned mover = (colors[SEEBATCH_BLACK] & from) ? SEEBATCH_BLACK : SEEBATCH_WHITE;
    return (record.attackers & colors[mover ^ 1]) != 0;
}

/* Holds explanation i to sampled move j (its position made ready); false
 * when it answers otherwise. */
static bool holds_on(difference_classes *classes, int i, size_t j, walk_position *position)
{
    const difference_sample *s = classes->sample;
    explanation_evidence *evidence = &classes->evidence[i];
    evidence->sampled++;
    const explanation *e = &classes->explanations.item[i];
    if (explanation_value_at(e, position, s->moves[j], s->values[j]) == s->values[j])
        return true;
    evidence->contradicted++;
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    if (!seebatch_board_to_fen(&s->boards[j], fen, sizeof fen)) /* the public writer: no door */
        snprintf(fen, sizeof fen, "a Chess960 position");
    seebatch_move_to_uci(s->moves[j], uci);
    snprintf(evidence->first_contradiction, sizeof evidence->first_contradiction, "%s;%s", fen,
             uci);
    return false;
}

/* Holds the candidates to the sample, each until it answers otherwise. */
static uint64_t judge_on_sample(difference_classes *classes, uint64_t candidates)
{
    const difference_sample *s = classes->sample;
    for (size_t j = 0; s && j < s->count && candidates; j++) {
        walk_position position; /* once a move, for every explanation's walk */
        walk_position_init(&position, &s->boards[j]);
        unsigned kind = move_kind_bit(s->moves[j]);
        int replied = kind == KIND_NORMAL ? -1 : 1; /* -1: not yet known */
        for (int i = 0; i < classes->explanations.count; i++) {
            const explanation *e = &classes->explanations.item[i];
            if (!((candidates >> i) & 1) || !(e->kinds & kind))
                continue;
            bool played = e->way == EXPLAINED_BY_LIBRARY || e->way == EXPLAINED_BY_WALK;
            if (played && replied < 0)
                replied = replied_to(classes, &position, s->moves[j]);
            if ((!played || replied) && !holds_on(classes, i, j, &position))
                candidates &= ~(1ull << i);
        }
    }
    return candidates;
}

/* Is explanation a to be taken before b, each agreeing with `new_a` and
 * `new_b` differences not yet explained? */
static bool better(const difference_classes *classes, int a, uint64_t new_a, int b,
                   uint64_t new_b)
{
    if (new_a != new_b)
        return new_a > new_b;
    return classes->evidence[a].changed < classes->evidence[b].changed ||
           (classes->evidence[a].changed == classes->evidence[b].changed && a < b);
}

/* The fewest held explanations that explain the differences, taken the
 * most first; false when out of memory. */
static bool choose(difference_classes *classes)
{
    uint64_t chosen = 0, *explained = calloc(classes->set_count + 1, sizeof *explained);
    if (!explained)
        return false;
    for (int round = 0; round < classes->explanations.count; round++) {
        uint64_t fresh[EXPLANATIONS_MAX] = {0};
        for (size_t d = 0; d < classes->set_count; d++)
            if (!explained[d])
                for (int i = 0; i < classes->explanations.count; i++)
                    fresh[i] += (classes->agreeing_sets[d] & classes->held & ~chosen) >> i & 1;
        int best = -1;
        for (int i = 0; i < classes->explanations.count; i++)
            if (fresh[i] && (best < 0 || better(classes, i, fresh[i], best, fresh[best])))
                best = i;
        if (best < 0)
            break;
        chosen |= 1ull << best;
        for (size_t d = 0; d < classes->set_count; d++)
            explained[d] |= classes->agreeing_sets[d] & (1ull << best);
    }
    free(explained);
    classes->chosen = chosen;
    return true;
}

check_status difference_classes_judge(difference_classes *classes)
{
    uint64_t candidates = 0;
    for (int i = 0; i < classes->explanations.count; i++)
        if (classes->evidence[i].agreeing)
            candidates |= 1ull << i;
    classes->held = judge_on_sample(classes, candidates);
    if (!choose(classes))
        return CHECK_NO_MEMORY;
    classes->unexplained = 0;
    memset(classes->explained, 0, sizeof classes->explained);
    for (size_t d = 0; d < classes->set_count; d++) {
        uint64_t by = difference_classes_explaining(classes, classes->agreeing_sets[d]);
        classes->unexplained += (classes->agreeing_sets[d] & classes->held) == 0;
        for (int i = 0; i < classes->explanations.count; i++)
            classes->explained[i] += (by >> i) & 1;
    }
    classes->judged = true;
    return CHECK_DONE;
}

uint64_t difference_classes_explaining(const difference_classes *classes, uint64_t agreeing)
{
    uint64_t set = agreeing & classes->held, by = 0;
    for (int i = 0; i < classes->explanations.count; i++) {
        int whole = classes->explanations.item[i].whole;
        bool taken = (classes->chosen >> i) & 1;
        bool part = whole >= 0 && ((classes->chosen & set) >> whole & 1);
        if ((taken || part) && ((set >> i) & 1))
            by |= 1ull << i;
    }
    return by;
}

void difference_classes_free(difference_classes *classes)
{
    free(classes->sample);
    free(classes->agreeing_sets);
    classes->sample = NULL;
    classes->agreeing_sets = NULL;
    classes->set_count = classes->set_capacity = 0;
}
