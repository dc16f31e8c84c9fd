/*
 * The check's guard against a false pass (programs/engine_check/
 * see_soundness.c), on engines made of a function (tests/engine_see/
 * function_see.c) over the real positions sample: the reference under the
 * rules of real engines, asked thresholds or values, and see_ge off by one,
 * are all sound; a SEE that never reads the board, one that answers 1 (or
 * 0) always, a random one, one not monotone in the threshold, one whose
 * answers drift between two asks of one question, and the reference under
 * values no engine means (a piece worth 0, a pawn above a knight, a rook
 * above the queen) each fail with the fault that names it.
 */
#include <string.h>

#include "check.h"
#include "function_see.h"
#include "rules_search.h"
#include "sample_boards.h"
#include "see_soundness.h"
#include "seebatch.h"

static seebatch_board boards[2000];
static size_t board_count;

static void load_boards(void) { board_count = sample_boards(boards, 2000); }

/* The verdict on a function SEE: its piece values read, its rules found
 * (or `given`), then judged as the tool judges it. */
static see_soundness judge(const function_see_settings *settings, function_nonsense nonsense,
                           const seebatch_config *given)
{
    engine_see engine;
    if (!function_see_open(settings, &engine))
        exit(3);
    function_see_nonsense(&engine, nonsense);
    see_failure why = {{0}};
    piece_values pieces;
    CHECK_EQ(piece_values_read(&engine, &pieces, &why), CHECK_DONE, "%s", why.message);
    rules_found found;
    memset(&found, 0, sizeof found);
    if (!given) {
        rules_search_settings search = {&engine, &pieces, boards, board_count, 2000};
        CHECK_EQ(rules_search(&search, &found, &why), CHECK_DONE, "%s", why.message);
    }
    if (nonsense == NONSENSE_DRIFT) /* from the second half of the repeat ask */
        function_see_drift_from(&engine, function_see_calls_of(&engine)->questions + 1 +
                                             (settings->thresholds ? 2 * 300 : 300));
    soundness_settings judged = {&engine,
                                 &pieces,
                                 given ? NULL : found.not_monotone,
                                 given ? *given : found.config,
                                 boards,
                                 board_count,
                                 300};
    see_soundness verdict;
    CHECK_EQ(see_soundness_judge(&judged, &verdict, &why), CHECK_DONE, "%s", why.message);
    CHECK(verdict.questions == (settings->thresholds ? 4 : 2) * 300, "%llu questions asked again",
          (unsigned long long)verdict.questions);
    engine.close(engine.context, &why);
    return verdict;
}

static function_see_settings reference(seebatch_config config, bool values)
{
    return (function_see_settings){config, FAULT_NONE, false, false, !values, values, 0};
}

static seebatch_config with_values(int32_t p, int32_t n, int32_t b, int32_t r, int32_t q,
                                   uint32_t flags)
{
    return (seebatch_config){{p, n, b, r, q}, flags};
}

/* Real engines' rules (design.md's table), asked both ways: sound. */
static void test_sound(void)
{
    const seebatch_config configs[] = {
        seebatch_config_stockfish(),
        with_values(126, 781, 825, 1276, 2538, SEEBATCH_PINS | SEEBATCH_NORMAL_MOVES_ONLY),
        with_values(100, 565, 565, 705, 1000, SEEBATCH_STOP_WHEN_AHEAD),
        with_values(100, 450, 450, 675, 1300, SEEBATCH_MOVE_PROMOTION_ONLY),
        with_values(104, 408, 413, 558, 1479, 0),
        with_values(100, 325, 325, 500, 1000, SEEBATCH_STOP_WHEN_AHEAD),
        seebatch_config_classic()};
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++) {
        for (int values = 0; values < 2; values++) {
            function_see_settings settings = reference(configs[i], values);
            see_soundness verdict = judge(&settings, NONSENSE_NONE, NULL);
            CHECK_EQ(verdict.fault, SEE_SOUND, "rules %zu (values %d): %s", i, values,
                     verdict.reason);
            verdict = judge(&settings, NONSENSE_NONE, &configs[i]);
            CHECK_EQ(verdict.fault, SEE_SOUND, "rules %zu given: %s", i, verdict.reason);
        }
    }
    function_see_settings off_by_one = reference(seebatch_config_classic(), false);
    off_by_one.off_by_one = true; /* a difference to report, not nonsense */
    see_soundness verdict = judge(&off_by_one, NONSENSE_NONE, NULL);
    CHECK_EQ(verdict.fault, SEE_SOUND, "see_ge off by one: %s", verdict.reason);
}

/* A SEE that fails, with the fault and words expected, found rules or given. */
static void expect_fault(function_see_settings settings, function_nonsense nonsense,
                         soundness_fault fault, const char *words, const char *what)
{
    seebatch_config zero = {{0, 0, 0, 0, 0}, 0};
    for (int given = 0; given < 2; given++) {
        see_soundness verdict = judge(&settings, nonsense, given ? &zero : NULL);
        CHECK_EQ(verdict.fault, fault, "%s (rules %s): %s", what, given ? "given" : "found",
                 verdict.reason);
        CHECK(strstr(verdict.reason, words) != NULL, "%s: \"%s\" does not say \"%s\"", what,
              verdict.reason, words);
    }
}

static void test_nonsense(void)
{
    for (int values = 0; values < 2; values++) {
        function_see_settings s = reference(seebatch_config_classic(), values);
        expect_fault(s, NONSENSE_BLIND, SEE_BOARD_BLIND,
                     "its answers do not depend on the board: the move c1c6 taking an "
                     "undefended pawn, knight, bishop, rook or queen",
                     "board-blind");
        expect_fault(s, NONSENSE_ZERO, values ? SEE_BOARD_BLIND : SEE_VALUE_UNREAD,
                     values ? "valued 0 each time" : "was answered 0 at every threshold",
                     "always 0");
        expect_fault(s, NONSENSE_ONE, values ? SEE_BOARD_BLIND : SEE_VALUE_UNREAD,
                     values ? "valued 1 each time" : "was answered 1 at every threshold",
                     "always 1");
        if (!values) {
            expect_fault(s, NONSENSE_RANDOM, SEE_NOT_MONOTONE,
                         "its answers are not monotone in the threshold", "random");
        } else { /* random values: a piece below 0, or out of order, or (unlikely) alike */
            see_soundness verdict = judge(&s, NONSENSE_RANDOM, NULL);
            CHECK(verdict.fault == SEE_VALUE_NOT_POSITIVE ||
                      verdict.fault == SEE_VALUES_OUT_OF_ORDER || verdict.fault == SEE_BOARD_BLIND,
                  "random values: %d, %s", (int)verdict.fault, verdict.reason);
        }
        expect_fault(s, NONSENSE_DRIFT, SEE_ANSWERS_CHANGE,
                     "its answers change when the same question is asked again", "drifting");
    }
    function_see_settings s = reference(seebatch_config_classic(), false);
    s.not_monotone = true;
    expect_fault(s, NONSENSE_NONE, SEE_NOT_MONOTONE, "not monotone in the threshold: 6k1/",
                 "not monotone");
}

/* The reference under values no engine means. */
static void test_values_no_engine_means(void)
{
    function_see_settings s = reference(with_values(0, 300, 300, 500, 900, SEEBATCH_PINS), false);
    expect_fault(s, NONSENSE_NONE, SEE_VALUE_NOT_POSITIVE, "the pawn is worth 0", "a pawn worth 0");
    s.config = with_values(100, 300, 300, 500, 0, 0);
    expect_fault(s, NONSENSE_NONE, SEE_VALUE_NOT_POSITIVE, "the queen is worth 0",
                 "a queen worth 0");
    s.config = with_values(300, 100, 320, 500, 900, 0);
    expect_fault(s, NONSENSE_NONE, SEE_VALUES_OUT_OF_ORDER,
                 "the pawn (300) is not below the knight (100)", "a pawn above a knight");
    s.config = with_values(100, 300, 300, 900, 500, 0);
    expect_fault(s, NONSENSE_NONE, SEE_VALUES_OUT_OF_ORDER,
                 "the rook (900) is not below the queen (500)", "a rook above the queen");
    s.config = with_values(100, 500, 300, 500, 900, 0);
    expect_fault(s, NONSENSE_NONE, SEE_VALUES_OUT_OF_ORDER,
                 "the knight (500) is not below the rook (500)", "a knight as a rook");
    s.config = with_values(100, 325, 300, 500, 900, SEEBATCH_PINS); /* bishop below knight: fine */
    CHECK_EQ(judge(&s, NONSENSE_NONE, NULL).fault, SEE_SOUND, "a bishop below the knight");
}

int main(void)
{
    load_boards();
    test_sound();
    test_nonsense();
    test_values_no_engine_means();
    return check_finish("test_see_soundness");
}
