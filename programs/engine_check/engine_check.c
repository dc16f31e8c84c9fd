/*
 * The check of an engine's SEE (engine_check.h).
 */
#include "engine_check.h"
#include "example_choice.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_values.h"
#include "tool_only.h"

enum { DEFAULT_BATCH = 32768, DEFAULT_CLASSIFY = 100000 };

struct engine_check {
    engine_check_settings settings;
    seebatch_rules rules;
    difference_classes classes;
    size_t move_capacity; /* a batch: positions and moves up to this */
    seebatch_board *boards;
    char (*fens)[SEEBATCH_FEN_MAX];
    size_t position_count;
    seebatch_move *moves;
    uint32_t *board_of_move;
    uint8_t *kinds;
    int32_t *values;        /* the reference's */
    int32_t *engine_values; /* asked, when the engine answers values */
    see_question *questions;
    int32_t *answers; /* two a move: at the value, one above */
    size_t move_count;
    difference *differences; /* this batch's to class */
    size_t difference_count;
    check_counts counts;
    example_choice choice; /* the examples, chosen as the differences come */
    check_example *kept;     /* at their slots */
    size_t *slots;
    check_example *examples; /* then listed here in the order met */
    size_t example_count;
    see_failure failure;
    check_status status;
};

static const char *const kind_names[CHECK_KINDS] = {"normal", "promotion", "en passant",
                                                    "castling"};
static const char *const kind_keys[CHECK_KINDS] = {"normal", "promotion", "en_passant", "castling"};

const char *check_kind_name(int kind)
{
    return kind >= 0 && kind < CHECK_KINDS ? kind_names[kind] : "?";
}

const char *check_kind_key(int kind)
{
    return kind >= 0 && kind < CHECK_KINDS ? kind_keys[kind] : "?";
}

static check_kind kind_of(seebatch_move move)
{
    unsigned kind = seebatch_move_kind(move);
    if (kind == SEEBATCH_MOVE_NORMAL)
        return CHECK_KIND_NORMAL;
    if (kind == SEEBATCH_MOVE_EN_PASSANT)
        return CHECK_KIND_EN_PASSANT;
    return kind == SEEBATCH_MOVE_CASTLING ? CHECK_KIND_CASTLING : CHECK_KIND_PROMOTION;
}

engine_check *engine_check_new(const engine_check_settings *settings)
{
    engine_check *check = calloc(1, sizeof *check);
    if (!check)
        return NULL;
    check->settings = *settings;
    if (!check->settings.classify_limit)
        check->settings.classify_limit = DEFAULT_CLASSIFY;
    size_t batch = settings->batch_questions ? settings->batch_questions : DEFAULT_BATCH;
    size_t n = check->move_capacity = batch / 2 + SEEBATCH_MAX_MOVES;
    seebatch_rules_init(&check->rules, &settings->config, NULL);
    difference_classes_init(&check->classes, &settings->config);
    check->boards = malloc(n * sizeof *check->boards);
    check->fens = malloc(n * sizeof *check->fens);
    check->moves = malloc(n * sizeof *check->moves);
    check->board_of_move = malloc(n * sizeof *check->board_of_move);
    check->kinds = malloc(n);
    check->values = malloc(n * sizeof *check->values);
    check->engine_values = malloc(n * sizeof *check->engine_values);
    check->questions = malloc(2 * n * sizeof *check->questions);
    check->answers = malloc(2 * n * sizeof *check->answers);
    check->differences = malloc(n * sizeof *check->differences);
    size_t room = settings->show ? settings->show : 1;
    check->examples = malloc(room * sizeof *check->examples);
    check->kept = malloc(room * sizeof *check->kept);
    check->slots = malloc(room * sizeof *check->slots);
    bool choice = example_choice_init(&check->choice, settings->show);
    if (!check->boards || !check->fens || !check->moves || !check->board_of_move || !check->kinds ||
        !check->values || !check->engine_values || !check->questions || !check->answers ||
        !check->differences || !choice || !check->examples || !check->kept || !check->slots) {
        engine_check_free(check);
        return NULL;
    }
    return check;
}

void engine_check_free(engine_check *check)
{
    if (!check)
        return;
    free(check->boards);
    free(check->fens);
    free(check->moves);
    free(check->board_of_move);
    free(check->kinds);
    free(check->values);
    free(check->engine_values);
    free(check->questions);
    free(check->answers);
    free(check->differences);
    example_choice_free(&check->choice);
    free(check->kept);
    free(check->slots);
    free(check->examples);
    free(check);
}

/* The moves a position is asked about when none are given. */
static bool asked_about(const seebatch_board *board, seebatch_move move)
{
    if (seebatch_move_kind(move) != SEEBATCH_MOVE_NORMAL)
        return true;
    uint64_t enemies = board->colors[board->side_to_move ^ 1];
    return (enemies >> seebatch_move_to(move)) & 1;
}

static check_status flush(engine_check *check);

check_status engine_check_position(engine_check *check, const seebatch_board *board,
                                   const seebatch_move *moves, size_t count)
{
    if (check->status != CHECK_DONE)
        return check->status;
    check->counts.positions++;
    seebatch_move legal[SEEBATCH_MAX_MOVES];
    if (!moves) {
        size_t all = seebatch_generate_moves(board, legal);
        count = 0;
        for (size_t i = 0; i < all; i++)
            if (asked_about(board, legal[i]))
                legal[count++] = legal[i];
        moves = legal;
    }
    if (count == 0)
        return CHECK_DONE;
    size_t b = check->position_count++;
    check->boards[b] = *board;
    if (!seebatch_board_to_fen(board, check->fens[b], SEEBATCH_FEN_MAX))
        seebatch_board_to_shredder_fen(board, check->fens[b], SEEBATCH_FEN_MAX);
    for (size_t i = 0; i < count && i < SEEBATCH_MAX_MOVES; i++) {
        size_t m = check->move_count++;
        check->moves[m] = moves[i];
        check->board_of_move[m] = (uint32_t)b;
        check->kinds[m] = (uint8_t)kind_of(moves[i]);
        check->counts.moves[check->kinds[m]]++;
    }
    if (check->move_count + SEEBATCH_MAX_MOVES > check->move_capacity)
        return flush(check);
    return CHECK_DONE;
}

static bool ask(engine_check *check, see_asking asking, size_t count, int32_t *answers)
{
    const engine_see *engine = check->settings.engine;
    if (engine->ask(engine->context, asking, check->questions, count, answers, &check->failure))
        return true;
    check->status = CHECK_ENGINE_FAILED;
    return false;
}

/* The batch's questions: two a move (its value, one above), or one asking
 * its value. */
static void write_questions(engine_check *check, bool values)
{
    for (size_t m = 0; m < check->move_count; m++) {
        see_question question = {check->fens[check->board_of_move[m]], "", 0};
        seebatch_move_to_uci(check->moves[m], question.move);
        if (values) {
            check->questions[m] = question;
            continue;
        }
        question.threshold = check->values[m];
        check->questions[2 * m] = question;
        question.threshold = check->values[m] + 1;
        check->questions[2 * m + 1] = question;
    }
}

/* A difference kept whole: its regression line from the first threshold
 * answered wrong, else from the value. */
static void keep_example(check_example *e, const difference *d)
{
    bool thresholds_wrong = !d->at_value || d->above;
    memset(e, 0, sizeof *e);
    snprintf(e->fen, sizeof e->fen, "%s", d->fen);
    memcpy(e->move, d->move, sizeof e->move);
    e->value = d->value;
    e->engine_value_known = d->value_asked;
    e->engine_value = d->engine_value;
    bool below = thresholds_wrong ? !d->at_value : d->engine_value < d->value;
    e->threshold = below ? d->value : d->value + 1;
    e->expected = below;
    e->got = !below;
}

/* A difference offered as an example of its class (EXAMPLE_NO_CLASS: not
 * classed); kept whole when chosen. */
static void offer_example(engine_check *check, const difference *d, uint64_t class_key)
{
    size_t slot;
    if (!example_choice_offer(&check->choice, class_key, &slot))
        check->status = CHECK_NO_MEMORY;
    if (slot == SIZE_MAX)
        return;
    check_example *e = &check->kept[slot];
    keep_example(e, d);
    e->classified = class_key != EXAMPLE_NO_CLASS;
    e->features = d->features;
    e->explained = d->explained;
}

/* One move's answers against the reference. */
static void compare_move(engine_check *check, size_t m)
{
    const engine_see *engine = check->settings.engine;
    bool thresholds = engine->answers_thresholds, values = engine->answers_values;
    size_t b = check->board_of_move[m];
    difference d = {&check->boards[b],
                    check->fens[b],
                    "",
                    check->moves[m],
                    check->values[m],
                    values,
                    check->engine_values[m],
                    values,
                    1,
                    0,
                    0,
                    0};
    if (thresholds) {
        d.at_value = check->answers[2 * m] != 0;
        d.above = check->answers[2 * m + 1] != 0;
        check->counts.questions += 2;
        check->counts.differing_questions += (unsigned)!d.at_value + (unsigned)d.above;
        check->counts.not_monotone += !d.at_value && d.above;
    }
    bool thresholds_wrong = !d.at_value || d.above;
    bool value_wrong = values && d.engine_value != d.value;
    bool inconsistent =
        thresholds && values &&
        (d.at_value != (d.engine_value >= d.value) || d.above != (d.engine_value >= d.value + 1));
    check->counts.questions += values;
    check->counts.values_differing += value_wrong;
    check->counts.inconsistent += inconsistent;
    if (!thresholds_wrong && !value_wrong && !inconsistent)
        return;
    d.by_value = values && !(thresholds && thresholds_wrong);
    check->counts.differing[check->kinds[m]]++;
    seebatch_move_to_uci(d.code, d.move);
    if (check->counts.classified < check->settings.classify_limit) {
        check->counts.classified++;
        check->differences[check->difference_count++] = d;
    } else {
        offer_example(check, &d, EXAMPLE_NO_CLASS);
    }
}

/* The batch's differences classed, counted, and copied to their examples. */
static void class_differences(engine_check *check)
{
    check_status status =
        difference_classes_apply(&check->classes, check->settings.engine, check->differences,
                                 check->difference_count, &check->failure);
    if (status != CHECK_DONE) {
        check->status = status;
        return;
    }
    for (size_t i = 0; i < check->difference_count; i++) {
        const difference *d = &check->differences[i];
        for (int f = 0; f < EXCHANGE_FEATURE_COUNT; f++)
            check->counts.features[f] += (d->features >> f) & 1;
        for (int x = 0; x < EXPLANATION_COUNT; x++)
            check->counts.explained[x] += (d->explained >> x) & 1;
        check->counts.unexplained += d->explained == 0;
        offer_example(check, d, example_class(kind_of(d->code), d->explained, d->features));
    }
}

static check_status flush(engine_check *check)
{
    if (check->move_count == 0 || check->status != CHECK_DONE)
        return check->status;
    const engine_see *engine = check->settings.engine;
    seebatch_batch batch = {check->boards,        check->position_count, NULL,
                            check->board_of_move, check->moves,          check->move_count};
    seebatch_values(&check->rules, &batch, check->values);
    if (engine->answers_thresholds) {
        write_questions(check, false);
        if (!ask(check, SEE_ASK_THRESHOLDS, 2 * check->move_count, check->answers))
            return check->status;
    }
    if (engine->answers_values) {
        write_questions(check, true);
        if (!ask(check, SEE_ASK_VALUES, check->move_count, check->engine_values))
            return check->status;
    }
    check->difference_count = 0;
    for (size_t m = 0; m < check->move_count; m++)
        compare_move(check, m);
    if (check->difference_count)
        class_differences(check);
    check->position_count = check->move_count = 0;
    return check->status;
}

/* The engine's own value of each example it did not give one for. */
static check_status read_example_values(engine_check *check)
{
    size_t count = 0, *index = malloc((check->example_count + 1) * sizeof *index);
    value_probe *probes = malloc((check->example_count + 1) * sizeof *probes);
    check_status status = index && probes ? CHECK_DONE : CHECK_NO_MEMORY;
    for (size_t e = 0; status == CHECK_DONE && e < check->example_count; e++) {
        if (check->examples[e].engine_value_known)
            continue;
        probes[count] = (value_probe){check->examples[e].fen, "", VALUE_FOUND, 0, 0, 0};
        memcpy(probes[count].move, check->examples[e].move, sizeof probes[count].move);
        index[count++] = e;
    }
    if (status == CHECK_DONE)
        status = engine_values_read(check->settings.engine, probes, count, &check->failure);
    for (size_t p = 0; status == CHECK_DONE && p < count; p++) {
        check->examples[index[p]].engine_value_known = probes[p].outcome == VALUE_FOUND;
        check->examples[index[p]].engine_value = probes[p].value;
    }
    free(index);
    free(probes);
    return status;
}

check_status engine_check_finish(engine_check *check)
{
    flush(check);
    check->example_count = example_choice_order(&check->choice, check->slots);
    for (size_t i = 0; i < check->example_count; i++)
        check->examples[i] = check->kept[check->slots[i]];
    if (check->status == CHECK_DONE)
        check->status = read_example_values(check);
    return check->status;
}

const check_counts *engine_check_counts(const engine_check *check) { return &check->counts; }

const check_example *engine_check_examples(const engine_check *check, size_t *count)
{
    *count = check->example_count;
    return check->examples;
}

const difference_classes *engine_check_classes(const engine_check *check)
{
    return &check->classes;
}

const see_failure *engine_check_failure(const engine_check *check) { return &check->failure; }

uint64_t check_counts_differing(const check_counts *counts)
{
    uint64_t total = 0;
    for (int k = 0; k < CHECK_KINDS; k++)
        total += counts->differing[k];
    return total;
}
