/* The engine path: prepared rules, pins given by the caller (and used as
 * given), per-move thresholds on every backend, and its checked variants.
 * The differential harness compares its values with the reference on
 * millions of cases; these tests pin down its interface. */
#include <limits.h>
#include <string.h>

#include "check.h"
#include "environment.h"
#include "see_calls.h"
#include "seebatch.h"
#include "seebatch_view.h"
#ifndef SEEBATCH_TEST_ON_PAIR
#include "machine/cpu_features.h"
#include "workload.h"
#endif

static seebatch_error last_error;

static seebatch_board board_from(const char *fen)
{
    seebatch_board board;
    CHECK_EQ(seebatch_board_from_fen(&board, fen, &last_error), SEEBATCH_OK, "%s: %s", fen,
             last_error.message);
    return board;
}

static seebatch_move move_of(const seebatch_board *board, const char *uci)
{
    seebatch_move move = 0;
    CHECK_EQ(seebatch_move_parse(board, uci, &move, &last_error), SEEBATCH_OK, "%s: %s", uci,
             last_error.message);
    return move;
}

static void rules_init_rejects_bad_input(void)
{
    seebatch_rules rules;
    memset(&rules, 0xAB, sizeof rules);
    seebatch_rules untouched = rules;
    seebatch_config bad = seebatch_config_classic();
    bad.values[SEEBATCH_KNIGHT] = SEEBATCH_VALUE_MAX + 1;
    CHECK_EQ(seebatch_rules_init(&rules, &bad, &last_error), SEEBATCH_ERROR_CONFIG,
             "value out of range");
    CHECK(strstr(last_error.message, "knight") != NULL, "names the knight: %s", last_error.message);
    CHECK(memcmp(&rules, &untouched, sizeof rules) == 0, "rules unchanged on failure");
    CHECK_EQ(seebatch_rules_init(NULL, &bad, &last_error), SEEBATCH_ERROR_ARGUMENT, "NULL rules");
    CHECK_EQ(seebatch_rules_init(&rules, NULL, &last_error), SEEBATCH_ERROR_ARGUMENT,
             "NULL configuration");
    seebatch_config two_rules = seebatch_config_classic();
    two_rules.flags = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY;
    CHECK_EQ(seebatch_rules_init(&rules, &two_rules, &last_error), SEEBATCH_ERROR_CONFIG,
             "two promotion rules");
    CHECK(strstr(last_error.message, "SEEBATCH_PROMOTIONS and SEEBATCH_MOVE_PROMOTION_ONLY") !=
              NULL,
          "names both flags: %s", last_error.message);
    CHECK(memcmp(&rules, &untouched, sizeof rules) == 0, "rules unchanged on failure");
}

/* Rule 8 on the engine path's own walk and swap list: Qd3xd5 takes a pawn
 * the e6 pawn defends, and Nc3 could take back. exd5 leaves black 900 up
 * with a pawn on d5: the exchange breaks off at -900, where the negamax
 * lets the knight take back (-800). With pins on or off, given or not. */
static void stop_when_ahead_on_the_engine_path(void)
{
    seebatch_board board = board_from("6k1/8/4p3/3p4/8/2NQ4/8/6K1 w - - 0 1");
    seebatch_move queen_takes = move_of(&board, "d3d5");
    seebatch_pins pins;
    seebatch_pins_compute(&board, &pins);
    for (uint32_t extra = 0; extra <= SEEBATCH_PINS; extra++) {
        seebatch_config config = seebatch_config_classic();
        config.flags = extra;
        seebatch_rules full, stopping;
        seebatch_rules_init(&full, &config, NULL);
        config.flags |= SEEBATCH_STOP_WHEN_AHEAD;
        seebatch_rules_init(&stopping, &config, NULL);
        for (int given = 0; given < 2; given++) {
            const seebatch_pins *held = given ? &pins : NULL;
            CHECK_EQ(seebatch_value(&full, &board, held, queen_takes), -800, "negamax, flags %u",
                     extra);
            CHECK_EQ(seebatch_value(&stopping, &board, held, queen_takes), -900,
                     "broken off, flags %u", extra);
            CHECK(seebatch_value_ge(&full, &board, held, queen_takes, -800), "negamax >= -800");
            CHECK(!seebatch_value_ge(&stopping, &board, held, queen_takes, -800),
                  "broken off < -800");
            CHECK(seebatch_value_ge(&stopping, &board, held, queen_takes, -900),
                  "broken off >= -900");
        }
    }
}

/* White's bishop on e2 stands alone between its king on e1 and the rook on
 * e8: pinned (rule 5 holds it back while the rook stands). Black's knight
 * takes on d3, where only that bishop could take back. With PINS the knight
 * wins a pawn (+100 classic); without, it is taken (100 - 325). */
static const char pinned_recapture[] = "4r1k1/8/8/2n5/8/3P4/4B3/4K3 b - - 0 1";

static void given_pins_are_used(void)
{
    seebatch_board board = board_from(pinned_recapture);
    seebatch_move knight_takes = move_of(&board, "c5d3");
    seebatch_config config = seebatch_config_classic();
    config.flags |= SEEBATCH_PINS;
    seebatch_rules rules;
    CHECK_EQ(seebatch_rules_init(&rules, &config, &last_error), SEEBATCH_OK, "%s",
             last_error.message);
    seebatch_pins pins, none;
    seebatch_pins_compute(&board, &pins);
    memset(&none, 0, sizeof none);
    /* The convention engines keep: blockers by the king's side, pinners by
     * the pinning side (Stockfish's StateInfo). */
    CHECK_EQ(pins.blockers[SEEBATCH_WHITE], 1ull << 12, "white's bishop on e2 blocks");
    CHECK_EQ(pins.pinners[SEEBATCH_BLACK], 1ull << 60, "black's rook on e8 pins it");
    CHECK(pins.blockers[SEEBATCH_BLACK] == 0 && pins.pinners[SEEBATCH_WHITE] == 0,
          "nothing of black's is pinned");

    CHECK_EQ(seebatch_value(&rules, &board, &pins, knight_takes), 100, "pins given");
    CHECK_EQ(seebatch_value(&rules, &board, NULL, knight_takes), 100, "pins computed");
    CHECK_EQ(value_under(&config, &board, knight_takes), 100, "plain API");
    /* Pins that say nothing is pinned are taken at their word: the
     * library uses what it is given instead of working them out again. */
    CHECK_EQ(seebatch_value(&rules, &board, &none, knight_takes), 100 - 325, "pins taken as given");
    CHECK(!seebatch_value_ge(&rules, &board, &none, knight_takes, 0),
          "threshold with pins taken as given");
    CHECK(seebatch_value_ge(&rules, &board, &pins, knight_takes, 100),
          "threshold with the real pins");
    /* Without the PINS flag, pins given change nothing. */
    seebatch_rules classic;
    seebatch_config plain = seebatch_config_classic();
    seebatch_rules_init(&classic, &plain, NULL);
    CHECK_EQ(seebatch_value(&classic, &board, &pins, knight_takes), 100 - 325, "pins off");
}

/* Extreme thresholds: every value is >= INT32_MIN, none reaches INT32_MAX
 * (values are bounded by the piece values). */
static void extreme_thresholds(void)
{
    seebatch_board board = board_from("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    seebatch_move move = move_of(&board, "d3e5");
    seebatch_config config = seebatch_config_classic();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    CHECK(seebatch_value_ge(&rules, &board, NULL, move, INT32_MIN), "INT32_MIN always passes");
    CHECK(!seebatch_value_ge(&rules, &board, NULL, move, INT32_MAX), "INT32_MAX never passes");
    CHECK(seebatch_value_ge(&rules, &board, NULL, move, -225), "at the value");
    CHECK(!seebatch_value_ge(&rules, &board, NULL, move, -224), "just above the value");
    CHECK_EQ(seebatch_value(&rules, &board, NULL, move), -225, "the published trace");
}

/* Built on the engine pair too (test_engine_path_pair, SEEBATCH_TEST_ON_PAIR),
 * less what it does not offer: the batch calls and backends of
 * each_equals_single_calls, the seebatch_check of checked_engine_path and
 * the backends of view_exchange_follows_the_backend. */
#ifndef SEEBATCH_TEST_ON_PAIR
/* see_ge_each equals the single calls, each move with its own threshold, for
 * every length 0..64 and on every backend (long batches go to the lanes). */
static void each_equals_single_calls(void)
{
    static workload w;
    workload_build(&w, 7);
    const char *names[8];
    size_t backends = seebatch_backends_available(names, 8);
    seebatch_config configs[4] = {seebatch_config_classic(), seebatch_config_stockfish(),
                                  seebatch_config_classic(), seebatch_config_stockfish()};
    configs[2].flags = SEEBATCH_MOVE_PROMOTION_ONLY | SEEBATCH_STOP_WHEN_AHEAD;
    configs[3].flags |= SEEBATCH_STOP_WHEN_AHEAD;
    for (size_t k = 0; k < backends; k++) {
        CHECK_EQ(seebatch_backend_set(names[k], &last_error), SEEBATCH_OK, "%s",
                 last_error.message);
        for (int c = 0; c < 4; c++) {
            seebatch_rules rules;
            seebatch_rules_init(&rules, &configs[c], NULL);
            for (size_t b = 0; b < WORKLOAD_BOARDS; b++) {
                size_t count = w.counts[b] < 64 ? w.counts[b] : 64;
                seebatch_pins pins;
                seebatch_pins_compute(&w.boards[b], &pins);
                int32_t thresholds[64];
                uint8_t passed[64 + 1];
                for (size_t i = 0; i < count; i++)
                    thresholds[i] = seebatch_value(&rules, &w.boards[b], &pins, w.moves[b][i]) +
                                    (int32_t)(i % 3) - 1;
                for (size_t length = 0; length <= count; length += 1 + length / 8) {
                    passed[length] = 0xEE;
                    seebatch_values_ge(&rules,
                                       &(seebatch_batch){&w.boards[b], 1, (b & 1) ? &pins : NULL,
                                                         NULL, w.moves[b], length},
                                       0, thresholds, passed);
                    CHECK_EQ(passed[length], 0xEE, "wrote past length %zu", length);
                    for (size_t i = 0; i < length; i++)
                        CHECK_EQ(passed[i],
                                 seebatch_value_ge(&rules, &w.boards[b], &pins, w.moves[b][i],
                                                   thresholds[i]),
                                 "backend %s board %zu move %zu of %zu", names[k], b, i, length);
                }
            }
        }
    }
    seebatch_backend_set("auto", NULL);
}

static void checked_engine_path(void)
{
    seebatch_board board = board_from(pinned_recapture);
    seebatch_move knight_takes = move_of(&board, "c5d3");
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    seebatch_pins pins;
    seebatch_pins_compute(&board, &pins);

    bool passed = false;
    int32_t value = 12345;
    CHECK_EQ(checked_value_ge(
                 &rules,
                 &(seebatch_batch){&board, 1, &pins, NULL, &(seebatch_move){knight_takes}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    CHECK(passed, "the knight wins a pawn");
    CHECK_EQ(
        checked_values(&rules,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                       &value, &last_error),
        SEEBATCH_OK, "%s", last_error.message);
    CHECK_EQ(value, 208, "a pawn under stockfish values");

    /* Pins that are not the board's are named: field, colour, square. */
    seebatch_pins wrong = pins;
    wrong.blockers[SEEBATCH_WHITE] = 0;
    value = 12345;
    CHECK_EQ(checked_values(
                 &rules,
                 &(seebatch_batch){&board, 1, &wrong, NULL, &(seebatch_move){knight_takes}, 1},
                 &value, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "wrong pins");
    CHECK(strstr(last_error.message, "blockers[white] lacks e2") != NULL, "message: %s",
          last_error.message);
    CHECK_EQ(value, 12345, "nothing written");
    wrong = pins;
    wrong.pinners[SEEBATCH_BLACK] |= 1;
    CHECK_EQ(checked_value_ge(
                 &rules,
                 &(seebatch_batch){&board, 1, &wrong, NULL, &(seebatch_move){knight_takes}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "extra pinner");
    CHECK(strstr(last_error.message, "pinners[black] wrongly includes a1") != NULL, "message: %s",
          last_error.message);
    /* Pins in 0.1's convention (pinners swapped) are named as such, by the
     * engine path and the many-board calls alike. */
    wrong = pins;
    wrong.pinners[SEEBATCH_WHITE] = pins.pinners[SEEBATCH_BLACK];
    wrong.pinners[SEEBATCH_BLACK] = pins.pinners[SEEBATCH_WHITE];
    CHECK_EQ(checked_value_ge(
                 &rules,
                 &(seebatch_batch){&board, 1, &wrong, NULL, &(seebatch_move){knight_takes}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "0.1's pinners");
    CHECK(strstr(last_error.message, "swapped, as in 0.1's convention") != NULL &&
              strstr(last_error.message, "Upgrading from 0.1") != NULL,
          "message: %s", last_error.message);
    uint32_t board_zero = 0;
    int32_t values[1] = {12345};
    seebatch_config stockfish = seebatch_config_stockfish();
    CHECK_EQ(checked_values_under(
                 &stockfish, &(seebatch_batch){&board, 1, &wrong, &board_zero, &knight_takes, 1},
                 values, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "0.1's pinners, many boards");
    CHECK(strstr(last_error.message,
                 "board 0: pins: pinners[white] and pinners[black] are swapped") != NULL,
          "message: %s", last_error.message);
    CHECK_EQ(values[0], 12345, "nothing written");

    /* Rules that seebatch_rules_init did not make, or that were changed. */
    seebatch_rules changed = rules;
    changed.value[SEEBATCH_KING] = 5;
    CHECK_EQ(checked_value_ge(
                 &changed,
                 &(seebatch_batch){&board, 1, &pins, NULL, &(seebatch_move){knight_takes}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_ERROR_CONFIG, "changed rules");
    CHECK(strstr(last_error.message, "seebatch_rules_init") != NULL, "message: %s",
          last_error.message);
    changed = rules;
    changed.value[SEEBATCH_QUEEN] = -1;
    CHECK_EQ(checked_value_ge(
                 &changed,
                 &(seebatch_batch){&board, 1, &pins, NULL, &(seebatch_move){knight_takes}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_ERROR_CONFIG, "negative value");
    CHECK(strstr(last_error.message, "queen") != NULL, "message: %s", last_error.message);
    CHECK_EQ(checked_value_ge(
                 NULL, &(seebatch_batch){&board, 1, &pins, NULL, &(seebatch_move){knight_takes}, 1},
                 0, &passed, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "NULL rules");

    /* Moves and boards as everywhere else. */
    seebatch_move from_empty = seebatch_move_make(28, 36, SEEBATCH_MOVE_NORMAL);
    seebatch_move moves[2] = {knight_takes, from_empty};
    int32_t thresholds[2] = {0, 0};
    uint8_t each[2] = {7, 7};
    CHECK_EQ(checked_values_ge(&rules, &(seebatch_batch){&board, 1, &pins, NULL, moves, 2}, 0,
                               thresholds, each, &last_error),
             SEEBATCH_ERROR_MOVE, "bad second move");
    CHECK(strstr(last_error.message, "move 1") != NULL && each[0] == 7, "%s", last_error.message);
    CHECK_EQ(checked_values_ge(&rules, &(seebatch_batch){&board, 1, &pins, NULL, moves, 1}, 0,
                               thresholds, each, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    CHECK_EQ(each[0], 1, "the knight's capture at 0");
    CHECK_EQ(checked_values_ge(&rules, &(seebatch_batch){&board, 1, NULL, NULL, NULL, 0}, 0, NULL,
                               NULL, &last_error),
             SEEBATCH_OK, "an empty batch");
    seebatch_board broken = board;
    broken.reserved = 1;
    CHECK_EQ(checked_value_ge(
                 &rules,
                 &(seebatch_batch){&broken, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_ERROR_BOARD, "broken board");
}
#endif

/* ---- views: rules for the engine's own arrays (tests/test_views.c reads
 * them) ---------------------------------------------------------------- */

/* Stockfish's piece codes: white pawn 1 .. king 6, black 9 .. 14. */
static const int8_t stockfish_types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};

static void view_rules_init_rejects_bad_input(void)
{
    seebatch_view_rules rules;
    memset(&rules, 0xAB, sizeof rules);
    seebatch_view_rules untouched = rules;
    seebatch_config config = seebatch_config_stockfish();
    CHECK_EQ(seebatch_view_rules_init(NULL, &config, stockfish_types, 16, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "NULL rules");
    CHECK_EQ(seebatch_view_rules_init(&rules, &config, NULL, 16, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "NULL types");
    CHECK(strstr(last_error.message, "type_of_code") != NULL, "message: %s", last_error.message);
    CHECK_EQ(seebatch_view_rules_init(&rules, &config, stockfish_types, SEEBATCH_PIECE_CODES + 1,
                                      &last_error),
             SEEBATCH_ERROR_ARGUMENT, "too many codes");
    CHECK(strstr(last_error.message, "33") != NULL, "names the count: %s", last_error.message);
    int8_t bad[16];
    memcpy(bad, stockfish_types, sizeof bad);
    bad[12] = 6;
    CHECK_EQ(seebatch_view_rules_init(&rules, &config, bad, 16, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "type 6");
    CHECK(strstr(last_error.message, "type_of_code[12] is 6") != NULL, "names the code: %s",
          last_error.message);
    seebatch_config wrong = config;
    wrong.flags = 1u << 30;
    CHECK_EQ(seebatch_view_rules_init(&rules, &wrong, stockfish_types, 16, &last_error),
             SEEBATCH_ERROR_CONFIG, "unknown flag");
    CHECK(memcmp(&rules, &untouched, sizeof rules) == 0, "rules unchanged on failure");
    CHECK_EQ(seebatch_view_rules_init(&rules, &config, NULL, 0, &last_error), SEEBATCH_OK,
             "no codes: every code is no piece");
    CHECK(rules.code_value[1] == 0 && rules.code_value[31] == 0, "no piece is worth nothing");
}

#ifndef SEEBATCH_TEST_ON_PAIR
/* The exchange follows the backend: a forced scalar backend gives the
 * portable one, a SIMD backend another (pext) where the CPU runs pext fast
 * (test_cpu_choice checks the choice on every kind of CPU). SEEBATCH_PEXT
 * is the library's own copies' setting, not the views' (docs/tool.md). */
static void view_exchange_follows_the_backend(void)
{
    test_unsetenv("SEEBATCH_VIEW_EXCHANGE");
    seebatch_cpu here = seebatch_cpu_here();
    seebatch_config config = seebatch_config_stockfish();
    seebatch_view_rules scalar_rules, simd_rules;
    CHECK_EQ(seebatch_backend_set("scalar", &last_error), SEEBATCH_OK, "%s", last_error.message);
    CHECK_EQ(seebatch_view_rules_init(&scalar_rules, &config, stockfish_types, 16, NULL),
             SEEBATCH_OK, "init");
    if (seebatch_backend_set("avx2", NULL) == SEEBATCH_OK) {
        CHECK_EQ(seebatch_view_rules_init(&simd_rules, &config, stockfish_types, 16, NULL),
                 SEEBATCH_OK, "init");
        CHECK((simd_rules.exchange != scalar_rules.exchange) == seebatch_cpu_fast_pext(&here),
              "avx2 backend: the pext exchange exactly where pext is fast");
    }
    CHECK_EQ(seebatch_backend_set("auto", &last_error), SEEBATCH_OK, "%s", last_error.message);
}
#endif

int main(void)
{
    rules_init_rejects_bad_input();
    stop_when_ahead_on_the_engine_path();
    given_pins_are_used();
    extreme_thresholds();
    view_rules_init_rejects_bad_input();
#ifndef SEEBATCH_TEST_ON_PAIR
    each_equals_single_calls();
    checked_engine_path();
    view_exchange_follows_the_backend();
#endif
    return check_finish("test_engine_path");
}
