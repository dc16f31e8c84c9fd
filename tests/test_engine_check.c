/*
 * The check of an engine's SEE (programs/engine_check/engine_check.c) against
 * engines made of a function (tests/engine_see/function_see.c) on the real
 * positions sample, or on random dense boards where a fault needs them: the
 * reference under the rules checked has no difference; under other rules,
 * with a fault or an engine's choice planted, it has, each explained by what
 * was planted and by nothing else the report names (difference_classes.h:
 * the fewest held explanations that explain them), and held by the
 * exchanges it needs; the regression lines hold the reference's answer and
 * the engine's; the questions go out in batches, grouped by position; a
 * failing engine ends the check.
 */
#include <string.h>

#include "check.h"
#include "engine_check.h"
#include "function_see.h"
#include "random_boards.h"
#include "real_positions_sample.h"
#include "seebatch.h"

static const seebatch_config small_rules = {{100, 300, 300, 500, 900},
                                            SEEBATCH_PINS | SEEBATCH_MOVE_PROMOTION_ONLY};

/* What is planted in the engine beyond its settings. */
typedef struct planted {
    function_see_settings settings;
    unsigned passes, zeroes;    /* function_see_passes, function_see_zeroes */
    const int32_t *swap_values; /* function_see_swap_values, or NULL */
    bool random_boards;         /* asked on random dense boards, not real positions */
} planted;

typedef struct run {
    check_status status;
    check_counts counts;
    check_example examples[20];
    size_t example_count;
    difference_classes classes; /* its owned memory gone with the check */
    function_see_calls calls;
    see_failure failure;
} run;

/* Real positions of the sample, or random dense boards with their legal
 * moves (those a FEN writes: one king a side, rights as letters). */
static check_status ask_positions(engine_check *check, bool random_boards)
{
    check_status status = CHECK_DONE;
    uint64_t state = 81;
    for (int b = 0; random_boards && b < scaled(6000) && status == CHECK_DONE; b++) {
        seebatch_board board;
        char fen[SEEBATCH_FEN_MAX];
        random_dense_board(&state, &board);
        if (seebatch_board_to_fen(&board, fen, sizeof fen))
            status = engine_check_position(check, &board, NULL, 0);
    }
    for (const char *line = real_positions_sample; !random_boards && *line && status == CHECK_DONE;) {
        const char *end = strchr(line, '\n');
        char fen[256];
        memcpy(fen, line, (size_t)(end - line));
        fen[end - line] = '\0';
        seebatch_board board;
        if (seebatch_board_from_fen(&board, fen, NULL) == SEEBATCH_OK)
            status = engine_check_position(check, &board, NULL, 0);
        line = end + 1;
    }
    return status;
}

/* The check of the planted engine under `config`. */
static void check_planted(const planted *plant, const seebatch_config *config, size_t batch,
                          run *out)
{
    engine_see engine;
    function_see_open_planted(&plant->settings, plant->passes, plant->zeroes, plant->swap_values,
                              &engine);
    engine_check_settings check_settings = {&engine, *config, 20, 0, batch};
    engine_check *check = engine_check_new(&check_settings);
    if (!check)
        exit(3);
    check_status status = ask_positions(check, plant->random_boards);
    if (status == CHECK_DONE)
        status = engine_check_finish(check);
    out->status = status;
    out->counts = *engine_check_counts(check);
    const check_example *examples = engine_check_examples(check, &out->example_count);
    memcpy(out->examples, examples, out->example_count * sizeof *examples);
    out->classes = *engine_check_classes(check);
    out->classes.sample = NULL;
    out->classes.agreeing_sets = NULL;
    out->failure = *engine_check_failure(check);
    out->calls = *function_see_calls_of(&engine);
    engine_check_free(check);
    see_failure why;
    engine.close(engine.context, &why);
}

static void check_sample(const function_see_settings *settings, const seebatch_config *config,
                         size_t batch, run *out)
{
    planted plant = {*settings, 0, 0, NULL, false};
    check_planted(&plant, config, batch, out);
}

static function_see_settings reference(seebatch_config config)
{
    return (function_see_settings){config, FAULT_NONE, false, false, true, false, 0};
}

static int explanation_named(const difference_classes *classes, const char *name)
{
    for (int i = 0; i < classes->explanations.count; i++)
        if (strcmp(classes->explanations.item[i].name, name) == 0)
            return i;
    fprintf(stderr, "no explanation named %s\n", name);
    exit(2);
}

/* Every difference explained by explanation x, and the report names
 * nothing else but x's parts (`others` more allowed, as a bit set). */
static void explained_by_alone(const run *r, int x, uint64_t others, const char *what)
{
    uint64_t differing = check_counts_differing(&r->counts);
    CHECK(differing > 0, "%s: no difference", what);
    CHECK_EQ(r->counts.classified, differing, "%s: all classed", what);
    CHECK_EQ(r->counts.explained[x], differing, "%s: explained by %s", what,
             r->classes.explanations.item[x].name);
    CHECK_EQ(r->counts.unexplained, 0, "%s: nothing explains none", what);
    uint64_t named = r->classes.chosen & ~(1ull << x) & ~others;
    for (int i = 0; named; i++, named >>= 1)
        CHECK(!(named & 1), "%s: %s named too (%llu)", what, r->classes.explanations.item[i].name,
              (unsigned long long)r->counts.explained[i]);
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
    explained_by_alone(&r, explanation_named(&r.classes, explanation), 0, explanation);
    uint64_t differing = check_counts_differing(&r.counts);
    if (feature >= 0)
        CHECK_EQ(r.counts.features[feature], differing, "%s: all hold %s", explanation,
                 exchange_feature_name(feature));
}

/* Each regression line: the reference's answer expected, the engine's got,
 * explained by explanation x. */
static void check_examples(const run *r, int x)
{
    seebatch_rules rules;
    seebatch_rules_init(&rules, &small_rules, NULL);
    for (size_t e = 0; e < r->example_count; e++) {
        const check_example *example = &r->examples[e];
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
        /* Known unless passed unexamined: 1 at every threshold is no value. */
        CHECK(!example->engine_value_known || example->engine_value != value, "%s;%s: %d",
              example->fen, example->move, (int)example->engine_value);
        int order[EXPLANATIONS_MAX];
        int named = difference_classes_order(&r->classes, example->explained, order);
        CHECK(example->classified && named == 1 && order[0] == x, "%s;%s: %d named",
              example->fen, example->move, named);
    }
}

/* Something planted: explained by it alone (and its parts), held by the
 * exchanges it needs. */
static void test_planted(const planted *plant, const char *explanation, int feature)
{
    run r;
    check_planted(plant, &small_rules, 0, &r);
    CHECK_EQ(r.status, CHECK_DONE, "%s", r.failure.message);
    int x = explanation_named(&r.classes, explanation);
    explained_by_alone(&r, x, 0, explanation);
    if (feature >= 0)
        CHECK_EQ(r.counts.features[feature], check_counts_differing(&r.counts),
                 "%s: all hold %s", explanation, exchange_feature_name(feature));
    if (!plant->random_boards)
        check_examples(&r, x);
}

static void test_fault(const function_see_settings *settings, const char *explanation, int feature)
{
    planted plant = {*settings, 0, 0, NULL, false};
    test_planted(&plant, explanation, feature);
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
    test_fault(&s, exchange_fault_name(FAULT_SWAP_PRUNED), -1);
    s.fault = FAULT_EN_PASSANT_NO_VICTIM;
    test_fault(&s, "en passant taking nothing (the victim looked for on the destination)", 3);
    s.fault = FAULT_XRAY_MOVER_LINES;
    test_fault(&s, exchange_fault_name(FAULT_XRAY_MOVER_LINES), 0);
    s.fault = FAULT_FROM_SQUARE_TOGGLED;
    test_fault(&s, exchange_fault_name(FAULT_FROM_SQUARE_TOGGLED), 2);
    s.fault = FAULT_PROMOTED_RISKS_PAWN;
    test_fault(&s, exchange_fault_name(FAULT_PROMOTED_RISKS_PAWN), 2);
    s = reference(small_rules);
    s.off_by_one = true;
    test_fault(&s, "see_ge off by one (answers SEE > threshold)", -1);
    s = reference(small_rules);
    s.values = true;
    s.thresholds = false;
    s.fault = FAULT_NO_XRAY;
    test_fault(&s, "x-rays missing", 0);
}

/* Choices that real positions seldom show, on random dense boards: the
 * same-type capturer taken a8 first, rule 4 judged with the king off its
 * square (a slider behind a king that is in check), the pawn taken en
 * passant left on its square (with a rook behind it), a pinned piece
 * capturing along its pin. */
static void test_choices_on_dense_boards(void)
{
    planted plant = {reference(small_rules), 0, 0, NULL, true};
    plant.settings.fault = FAULT_SQUARE_ORDER_A8;
    test_planted(&plant, exchange_fault_name(FAULT_SQUARE_ORDER_A8), -1);
    plant.settings.fault = FAULT_KING_OFF_SQUARE;
    test_planted(&plant, exchange_fault_name(FAULT_KING_OFF_SQUARE), 4);
    plant.settings.fault = FAULT_EN_PASSANT_VICTIM_STAYS;
    test_planted(&plant, exchange_fault_name(FAULT_EN_PASSANT_VICTIM_STAYS), 3);
    plant.settings.fault = FAULT_PINNED_ALONG_PIN;
    test_planted(&plant, exchange_fault_name(FAULT_PINNED_ALONG_PIN), 1);
}

/* Special moves passed unexamined, each kind alone, then all three (Weiss,
 * Berserk 13): each named by its kind. */
static void test_passes(void)
{
    static const struct {
        unsigned kind;
        const char *name;
        int feature;
    } kinds[3] = {
        {KIND_PROMOTION, "promotions passed unexamined (see_ge true at every threshold)", 2},
        {KIND_EN_PASSANT, "en passant passed unexamined (see_ge true at every threshold)", 3},
        {KIND_CASTLING, "castling passed unexamined (see_ge true at every threshold)", -1}};
    planted plant = {reference(small_rules), 0, 0, NULL, false};
    for (int k = 0; k < 3; k++) {
        plant.passes = kinds[k].kind;
        test_planted(&plant, kinds[k].name, kinds[k].feature);
    }
    plant.passes = KIND_PROMOTION | KIND_EN_PASSANT | KIND_CASTLING;
    run r;
    check_planted(&plant, &small_rules, 0, &r);
    uint64_t named = 0;
    for (int k = 0; k < 3; k++) {
        int x = explanation_named(&r.classes, kinds[k].name);
        named |= 1ull << x;
        CHECK_EQ(r.counts.explained[x], r.counts.differing[k == 0   ? CHECK_KIND_PROMOTION
                                                           : k == 1 ? CHECK_KIND_EN_PASSANT
                                                                    : CHECK_KIND_CASTLING],
                 "all three passed: %s", kinds[k].name);
    }
    CHECK_EQ(r.classes.chosen, named, "all three passed: those three named alone");
    CHECK_EQ(r.counts.unexplained, 0, "all three passed: nothing unexplained");
}

/* One kind of move scored 0 alone; checked under --normal-moves-only, one
 * kind played alone (the other scored 0 as the rules say). */
static void test_kinds_treated(void)
{
    planted plant = {reference(small_rules), 0, KIND_EN_PASSANT, NULL, false};
    test_planted(&plant, "en passant scored 0", 3);
    plant.zeroes = KIND_PROMOTION;
    test_planted(&plant, "promotions scored 0", 2);
    seebatch_config scored_0 = small_rules;
    scored_0.flags |= SEEBATCH_NORMAL_MOVES_ONLY;
    static const struct {
        unsigned zeroes;
        const char *name;
    } played[2] = {
        {KIND_PROMOTION, "en passant played (not scored 0)"},
        {KIND_EN_PASSANT, "promotions played, the move's own promotion counted (as --promotions=move)"}};
    for (int i = 0; i < 3; i++) {
        plant.zeroes = i < 2 ? played[i].zeroes : KIND_EN_PASSANT;
        if (i == 2) /* promotions played, the pawn a pawn throughout */
            plant.settings.config.flags = SEEBATCH_PINS;
        const char *name = i < 2 ? played[i].name
                                 : "promotions played, the pawn a pawn throughout (as "
                                   "--promotions=none)";
        run r;
        check_planted(&plant, &scored_0, 0, &r);
        CHECK_EQ(r.status, CHECK_DONE, "%s", r.failure.message);
        explained_by_alone(&r, explanation_named(&r.classes, name), 0, name);
    }
}

/* The swap list's prune checked under --stop-when-ahead: named in its
 * place. */
static void test_prune_in_place(void)
{
    seebatch_config checked = small_rules;
    checked.flags |= SEEBATCH_STOP_WHEN_AHEAD;
    planted plant = {reference(small_rules), 0, 0, NULL, false};
    plant.settings.fault = FAULT_SWAP_PRUNED;
    run r;
    check_planted(&plant, &checked, 0, &r);
    char name[EXPLANATION_NAME_MAX];
    snprintf(name, sizeof name, "%s, in place of --stop-when-ahead",
             exchange_fault_name(FAULT_SWAP_PRUNED));
    explained_by_alone(&r, explanation_named(&r.classes, name), 0, name);
}

/* A rook valued as a queen once on the destination, and a knight at 250:
 * the values read from the engine and named. */
static void test_swap_values(void)
{
    static const int32_t rook_as_queen[5] = {100, 300, 300, 900, 900};
    static const int32_t two[5] = {100, 250, 300, 900, 900};
    planted plant = {reference(small_rules), 0, 0, rook_as_queen, false};
    test_planted(&plant, "the rook valued 900 (500 as a victim) in the swap", -1);
    plant.swap_values = two;
    test_planted(&plant,
                 "the knight valued 250 (300 as a victim) and the rook valued 900 (500 as a "
                 "victim) in the swap",
                 -1);
}

/* chessprogramming.org's swap algorithm as written (Koivisto 9.0's): its
 * differences explained by it, with the parts of it that alone agree. */
static void test_swap_algorithm(void)
{
    seebatch_config swap = {{100, 300, 300, 500, 900}, 0};
    planted plant = {reference(swap), 0, 0, NULL, false};
    plant.settings.fault = FAULT_SWAP_PRUNED | FAULT_FROM_SQUARE_TOGGLED |
                           FAULT_EN_PASSANT_VICTIM_STAYS | FAULT_KING_OFF_SQUARE;
    run r;
    check_planted(&plant, &small_rules, 0, &r);
    CHECK_EQ(r.status, CHECK_DONE, "%s", r.failure.message);
    int whole = -1;
    for (int i = 0; i < r.classes.explanations.count; i++)
        if (strncmp(r.classes.explanations.item[i].name, "chessprogramming.org's swap algorithm",
                    37) == 0)
            whole = i;
    CHECK(whole >= 0, "the swap algorithm is an explanation");
    if (whole < 0)
        return;
    explained_by_alone(&r, whole, 0, "the swap algorithm");
    uint64_t parts = 0;
    for (int i = 0; i < r.classes.explanations.count; i++)
        if (r.classes.explanations.item[i].whole == whole && r.counts.explained[i])
            parts++;
    CHECK(parts >= 2, "the swap algorithm: %llu of its parts explain some alone",
          (unsigned long long)parts);
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
    test_choices_on_dense_boards();
    test_passes();
    test_kinds_treated();
    test_prune_in_place();
    test_swap_values();
    test_swap_algorithm();
    test_inconsistent_and_failing();
    return check_finish("test_engine_check");
}
