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

/* A classed difference, as its example's class needs it. */
typedef struct met_difference {
    uint64_t agreeing; /* bit i: explanation i agrees */
    unsigned features;
    int kind;
    size_t candidate; /* its example among the candidates, or SIZE_MAX */
} met_difference;

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
    /* The classed differences in the order met, kept until the explanations
     * are judged (an example's class needs the explanations taken); the
     * examples that may be chosen kept whole: the first `show` and the first
     * of each kind, agreeing set and features (a class is one or more). */
    met_difference *met;
    size_t met_count, met_room;
    check_example *candidates;
    size_t candidate_count, candidate_room;
    uint64_t *early_keys;
    size_t early_key_count, early_key_room;
    check_example *unclassed; /* the first `show` differences past the classing */
    size_t unclassed_count;
    example_choice choice; /* the examples, chosen once judged */
    check_example *kept;   /* at their slots */
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

static check_kind kind_of(seebatch_move move) { return (check_kind)move_kind_index(move); }

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
    check->unclassed = malloc(room * sizeof *check->unclassed);
    bool choice = example_choice_init(&check->choice, settings->show);
    if (!check->boards || !check->fens || !check->moves || !check->board_of_move || !check->kinds ||
        !check->values || !check->engine_values || !check->questions || !check->answers ||
        !check->differences || !choice || !check->examples || !check->kept || !check->slots ||
        !check->unclassed) {
        engine_check_free(check);
        return NULL;
    }
    return check;
}

void engine_check_free(engine_check *check)
{
    if (!check)
        return;
    difference_classes_free(&check->classes);
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
    free(check->unclassed);
    free(check->met);
    free(check->candidates);
    free(check->early_keys);
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

/* Room for one more of `size` bytes in *array (room *room); false out of
 * memory. */
static bool grow(void **array, size_t *room, size_t count, size_t size)
{
    if (count < *room)
        return true;
    size_t more = *room ? 2 * *room : 64;
    void *grown = realloc(*array, more * size);
    if (!grown)
        return false;
    *array = grown;
    *room = more;
    return true;
}

/* Is `key` met for the first time (then noted)? */
static bool early_key_new(engine_check *check, uint64_t key)
{
    for (size_t i = 0; i < check->early_key_count; i++)
        if (check->early_keys[i] == key)
            return false;
    if (!grow((void **)&check->early_keys, &check->early_key_room, check->early_key_count,
              sizeof *check->early_keys)) {
        check->status = CHECK_NO_MEMORY;
        return false;
    }
    check->early_keys[check->early_key_count++] = key;
    return true;
}

/* A classed difference kept until judging; its example too when it may be
 * chosen then. */
static void meet_difference(engine_check *check, const difference *d)
{
    met_difference m = {d->explained, d->features, kind_of(d->code), SIZE_MAX};
    uint64_t early = example_class(m.kind, m.agreeing, 0) | (uint64_t)m.features << 42;
    bool candidate = early_key_new(check, early) || check->met_count < check->settings.show;
    if (!grow((void **)&check->met, &check->met_room, check->met_count, sizeof *check->met) ||
        (candidate && !grow((void **)&check->candidates, &check->candidate_room,
                            check->candidate_count, sizeof *check->candidates))) {
        check->status = CHECK_NO_MEMORY;
        return;
    }
    if (candidate) {
        check_example *e = &check->candidates[m.candidate = check->candidate_count++];
        keep_example(e, d);
        e->classified = true;
        e->features = d->features;
        e->explained = d->explained;
    }
    check->met[check->met_count++] = m;
}

/* An example offered to the choice in the order met (EXAMPLE_NO_CLASS: not
 * classed), copied to its slot when chosen. */
static void offer_example(engine_check *check, const check_example *e, uint64_t class_key)
{
    size_t slot;
    if (!example_choice_offer(&check->choice, class_key, &slot))
        check->status = CHECK_NO_MEMORY;
    if (slot != SIZE_MAX && e)
        check->kept[slot] = *e;
}

/* The examples chosen once the explanations are judged: each classed
 * difference by the explanations that explain it, then those past the
 * classing (met after every classed one). */
static void choose_examples(engine_check *check)
{
    for (size_t i = 0; i < check->met_count; i++) {
        const met_difference *m = &check->met[i];
        uint64_t by = difference_classes_explaining(&check->classes, m->agreeing);
        const check_example *e =
            m->candidate == SIZE_MAX ? NULL : &check->candidates[m->candidate];
        offer_example(check, e, example_class(m->kind, by, m->features));
    }
    for (size_t i = 0; i < check->unclassed_count; i++)
        offer_example(check, &check->unclassed[i], EXAMPLE_NO_CLASS);
    check->example_count = example_choice_order(&check->choice, check->slots);
    for (size_t i = 0; i < check->example_count; i++)
        check->examples[i] = check->kept[check->slots[i]];
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
    if (!thresholds_wrong && !value_wrong && !inconsistent) {
        difference_classes_sample(&check->classes, d.board, d.code, d.value);
        return;
    }
    d.by_value = values && !(thresholds && thresholds_wrong);
    check->counts.differing[check->kinds[m]]++;
    seebatch_move_to_uci(d.code, d.move);
    if (check->counts.classified < check->settings.classify_limit) {
        check->counts.classified++;
        check->differences[check->difference_count++] = d;
    } else if (check->unclassed_count < check->settings.show) {
        keep_example(&check->unclassed[check->unclassed_count++], &d);
    }
}

/* The batch's differences classed, counted, and kept for the examples. */
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
        meet_difference(check, d);
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
    if (check->status == CHECK_DONE)
        check->status = difference_classes_judge(&check->classes);
    if (check->status == CHECK_DONE) {
        memcpy(check->counts.explained, check->classes.explained, sizeof check->counts.explained);
        check->counts.unexplained = check->classes.unexplained;
    }
    choose_examples(check);
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
