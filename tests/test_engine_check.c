/*
 * The check of an engine's SEE (programs/engine_check/engine_check.c) against
 * engines made of a function (tests/engine_see/function_see.c) on the real
 * positions sample: the reference under the rules checked has no
 * difference; under other rules, or with a fault planted, it has, each
 * explained by what was planted and held by the exchanges it needs; the
 * regression lines hold the reference's answer and the engine's; the
 * questions go out in batches, grouped by position; a failing engine ends
 * the check.
 */
#include <string.h>

#include "check.h"
#include "engine_check.h"
#include "function_see.h"
#include "real_positions_sample.h"
#include "seebatch.h"

static const seebatch_config small_rules = {{100, 300, 300, 500, 900},
                                            SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY};

typedef struct run {
    check_status status;
    check_counts counts;
    check_example examples[20];
    size_t example_count;
    difference_classes classes;
    function_see_calls calls;
    see_failure failure;
} run;

/* The check of `engine` under `config` over the sample's positions. */
static void check_sample(const function_see_settings *settings, const seebatch_config *config,
                         size_t batch, run *out)
{
    engine_see engine;
    if (!function_see_open(settings, &engine))
        exit(3);
    engine_check_settings check_settings = {&engine, *config, 20, 0, batch};
    engine_check *check = engine_check_new(&check_settings);
    if (!check)
        exit(3);
    check_status status = CHECK_DONE;
    for (const char *line = real_positions_sample; *line && status == CHECK_DONE;) {
        const char *end = strchr(line, '\n');
        char fen[256];
        memcpy(fen, line, (size_t)(end - line));
        fen[end - line] = '\0';
        seebatch_board board;
        if (seebatch_board_from_fen(&board, fen, NULL) == SEEBATCH_OK)
            status = engine_check_position(check, &board, NULL, 0);
        line = end + 1;
    }
    if (status == CHECK_DONE)
        status = engine_check_finish(check);
    out->status = status;
    out->counts = *engine_check_counts(check);
    const check_example *examples = engine_check_examples(check, &out->example_count);
    memcpy(out->examples, examples, out->example_count * sizeof *examples);
    out->classes = *engine_check_classes(check);
    out->failure = *engine_check_failure(check);
    out->calls = *function_see_calls_of(&engine);
    engine_check_free(check);
    see_failure why;
    engine.close(engine.context, &why);
}

static function_see_settings reference(seebatch_config config)
{
    return (function_see_settings){config, FAULT_NONE, false, false, true, false, 0};
}

static int explanation_named(const difference_classes *classes, const char *name)
{
    for (int i = 0; i < EXPLANATION_COUNT; i++)
        if (strcmp(classes->names[i], name) == 0)
            return i;
    fprintf(stderr, "no explanation named %s\n", name);
    exit(2);
}

static void test_same_rules(void)
{
    run r;
    check_sample(&(function_see_settings){small_rules, FAULT_NONE, false, false, true, true, 0},
                 &small_rules, 0, &r);
    CHECK_EQ(r.status, CHECK_DONE, "%s", r.failure.message);
    CHECK_EQ(check_counts_differing(&r.counts), 0, "the reference under its own rules");
    CHECK_EQ(r.counts.inconsistent, 0, "see_ge is its value >= t");
    CHECK(r.counts.moves[CHECK_KIND_NORMAL] > 10000, "captures asked: %llu",
          (unsigned long long)r.counts.moves[CHECK_KIND_NORMAL]);
    uint64_t moves = 0;
    for (int k = 0; k < CHECK_KINDS; k++)
        moves += r.counts.moves[k];
    CHECK_EQ(r.counts.questions, 3 * moves, "two thresholds and a value a move");
    CHECK(r.counts.positions > 3000, "positions: %llu", (unsigned long long)r.counts.positions);
}

/* Batches: about the size asked, the questions of a position together. */
static void test_batches(void)
{
    run r;
    check_sample(&(function_see_settings){small_rules, FAULT_NONE, false, false, true, false, 0},
                 &small_rules, 1000, &r);
    CHECK_EQ(check_counts_differing(&r.counts), 0, "same rules, small batches");
    CHECK(r.calls.largest_ask <= 1000 + 2 * SEEBATCH_MAX_MOVES, "largest ask %llu",
          (unsigned long long)r.calls.largest_ask);
    CHECK(r.calls.asks >= r.calls.questions / (1000 + 2 * SEEBATCH_MAX_MOVES), "asks %llu",
          (unsigned long long)r.calls.asks);
    CHECK(r.calls.setups <= r.counts.positions, "set up %llu times for %llu positions",
          (unsigned long long)r.calls.setups, (unsigned long long)r.counts.positions);
}

/* An engine under other rules: every difference explained by the change. */
static void test_other_rules(uint32_t engine_flags, uint32_t checked_flags, const char *explanation,
                             int feature)
{
    seebatch_config engine_rules = small_rules, checked = small_rules;
    engine_rules.flags = engine_flags;
    checked.flags = checked_flags;
    run r;
    check_sample(&(function_see_settings){engine_rules, FAULT_NONE, false, false, true, false, 0},
                 &checked, 0, &r);
    CHECK_EQ(r.status, CHECK_DONE, "%s", r.failure.message);
    uint64_t differing = check_counts_differing(&r.counts);
    CHECK(differing > 0, "%s: no difference", explanation);
    CHECK_EQ(r.counts.classified, differing, "%s: all classed", explanation);
    int x = explanation_named(&r.classes, explanation);
    CHECK_EQ(r.counts.explained[x], differing, "explained by %s", explanation);
    if (feature >= 0)
        CHECK_EQ(r.counts.features[feature], differing, "%s: all hold %s", explanation,
                 exchange_feature_name(feature));
}

/* A fault planted: explained by it, held by the exchanges it needs. */
static void test_fault(const function_see_settings *settings, const char *explanation, int feature)
{
    run r;
    check_sample(settings, &small_rules, 0, &r);
    CHECK_EQ(r.status, CHECK_DONE, "%s", r.failure.message);
    uint64_t differing = check_counts_differing(&r.counts);
    CHECK(differing > 0, "%s: no difference", explanation);
    int x = explanation_named(&r.classes, explanation);
    CHECK_EQ(r.counts.explained[x], differing, "explained by %s", explanation);
    if (feature >= 0)
        CHECK_EQ(r.counts.features[feature], differing, "%s: all hold %s", explanation,
                 exchange_feature_name(feature));
    /* Each regression line: the reference's answer expected, the engine's got. */
    seebatch_rules rules;
    seebatch_rules_init(&rules, &small_rules, NULL);
    for (size_t e = 0; e < r.example_count; e++) {
        const check_example *example = &r.examples[e];
        seebatch_board board;
        seebatch_move move;
        seebatch_board_from_fen(&board, example->fen, NULL);
        CHECK_EQ(seebatch_move_parse(&board, example->move, &move, NULL), SEEBATCH_OK, "%s",
                 example->move);
        int32_t value = seebatch_value(&rules, &board, NULL, move);
        CHECK_EQ(example->value, value, "%s;%s", example->fen, example->move);
        CHECK_EQ(example->expected, value >= example->threshold, "%s;%s", example->fen,
                 example->move);
        CHECK(example->got != example->expected, "%s;%s", example->fen, example->move);
        CHECK(example->engine_value_known && example->engine_value != value, "%s;%s: %d",
              example->fen, example->move, (int)example->engine_value);
        CHECK(example->classified && ((example->explained >> x) & 1), "%s;%s", example->fen,
              example->move);
    }
}

static void test_faults(void)
{
    function_see_settings s = reference(small_rules);
    s.fault = FAULT_NO_XRAY;
    test_fault(&s, "x-rays missing", 0);
    s.fault = FAULT_KING_INTO_ATTACK;
    test_fault(&s, "a king capturing into attack", 4);
    s.fault = FAULT_QUEEN_BEFORE_ROOK;
    test_fault(&s, "the queen tried before the rook", -1);
    s.fault = FAULT_STOPS_ONCE_AHEAD;
    test_fault(&s, "the exchange broken off once the capturer is ahead", -1);
    s.fault = FAULT_SWAP_PRUNED;
    test_fault(&s,
               "the swap list pruned where a side is behind either way (the value exact in "
               "sign alone)",
               -1);
    s.fault = FAULT_EN_PASSANT_NO_VICTIM;
    test_fault(&s, "en passant taking nothing (the victim looked for on the destination)", 3);
    s = reference(small_rules);
    s.off_by_one = true;
    test_fault(&s, "see_ge off by one (answers SEE > threshold)", -1);
    s = reference(small_rules);
    s.values = true;
    s.thresholds = false;
    s.fault = FAULT_NO_XRAY;
    test_fault(&s, "x-rays missing", 0);
}

static void test_inconsistent_and_failing(void)
{
    function_see_settings s = reference(small_rules);
    s.values = true;
    s.off_by_one = true;
    run r;
    check_sample(&s, &small_rules, 0, &r);
    CHECK(r.counts.inconsistent > 0, "see_ge off by one beside a right value");
    CHECK_EQ(r.counts.values_differing, 0, "its values are right");

    s = reference(small_rules);
    s.fail_at = 5000;
    check_sample(&s, &small_rules, 0, &r);
    CHECK_EQ(r.status, CHECK_ENGINE_FAILED, "fails at question 5000");
    CHECK(strstr(r.failure.message, "question 5000") != NULL, "%s", r.failure.message);
}

int main(void)
{
    test_same_rules();
    test_batches();
    uint32_t flags = small_rules.flags, stop = SEEBATCH_STOP_WHEN_AHEAD;
    test_other_rules(SEEBATCH_MOVE_PROMOTION_ONLY, flags, "without --pins", 1);
    test_other_rules(flags | stop, flags, "--stop-when-ahead", -1);
    /* The reference breaking off (rule 8) where the engine goes on: the
     * best line stops while captures remain. */
    test_other_rules(flags, flags | stop, "without --stop-when-ahead", 5);
    test_other_rules(SEEBATCH_PINS, flags, "--promotions=none", 2);
    test_other_rules(flags | SEEBATCH_NORMAL_MOVES_ONLY, flags, "--normal-moves-only", -1);
    test_faults();
    test_inconsistent_and_failing();
    return check_finish("test_engine_check");
}
