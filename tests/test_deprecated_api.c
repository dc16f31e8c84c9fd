/*
 * The calls of 0.2 kept one release, on request (seebatch_deprecated.h): code
 * written for them still compiles and gets what the 0.3 calls give. Each old call is
 * made beside its replacement on positions with captures of every kind and
 * under every configuration preset with and without pins; the checked ones
 * refuse what 0.2 refused (a bad configuration, NULL outputs, a board index
 * out of range, wrong pins, NULL thresholds) and write nothing then. That
 * the compiler warns at each use is tests/packaging/deprecated_names.sh's.
 */
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif
#include <string.h>

#include "check.h"
#include "seebatch_deprecated.h"

enum { SENTINEL = 12345 };

static const char *const fens[] = {
    "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
    "4r2k/8/8/8/1b2p3/8/3N4/4K2Q w - - 0 1",
    "r3k2r/1P4P1/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1",
};
enum { BOARDS = sizeof fens / sizeof fens[0], MOVES = 256 };

typedef struct position_set {
    seebatch_board boards[BOARDS];
    seebatch_pins pins[BOARDS];
    seebatch_move moves[MOVES];
    uint32_t board_of_move[MOVES];
    size_t count;
} position_set;

static void load(position_set *set)
{
    set->count = 0;
    for (uint32_t b = 0; b < BOARDS; b++) {
        CHECK_EQ(seebatch_board_from_fen(&set->boards[b], fens[b], NULL), SEEBATCH_OK, "%s",
                 fens[b]);
        seebatch_pins_compute(&set->boards[b], &set->pins[b]);
        seebatch_move moves[SEEBATCH_MAX_MOVES];
        size_t n = seebatch_generate_moves(&set->boards[b], moves);
        for (size_t i = 0; i < n && set->count < MOVES; i++) {
            set->moves[set->count] = moves[i];
            set->board_of_move[set->count++] = b;
        }
    }
}

/* The one-move and one-board calls against the 0.3 calls on board b. */
static void one_board(const position_set *set, const seebatch_config *config,
                      const seebatch_rules *rules, uint32_t b)
{
    const seebatch_board *board = &set->boards[b];
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t n = seebatch_generate_moves(board, moves);
    int32_t old_values[SEEBATCH_MAX_MOVES], new_values[SEEBATCH_MAX_MOVES];
    uint8_t old_passed[SEEBATCH_MAX_MOVES], new_passed[SEEBATCH_MAX_MOVES];
    int32_t thresholds[SEEBATCH_MAX_MOVES];
    seebatch_batch batch = {board, 1, NULL, NULL, moves, n};
    seebatch_values(rules, &batch, new_values);
    seebatch_see_values(board, moves, n, config, old_values);
    CHECK(memcmp(old_values, new_values, n * sizeof *new_values) == 0, "see_values, board %u", b);
    seebatch_see_ge_batch(board, moves, n, 0, config, old_passed);
    seebatch_values_ge(rules, &batch, 0, NULL, new_passed);
    CHECK(memcmp(old_passed, new_passed, n) == 0, "see_ge_batch, board %u", b);
    for (size_t i = 0; i < n; i++) {
        int32_t value = new_values[i];
        thresholds[i] = value + (int32_t)(i % 3) - 1;
        CHECK_EQ(seebatch_see_value(board, moves[i], config), value, "see_value %zu", i);
        CHECK_EQ(seebatch_see_ge(board, moves[i], value, config), 1, "see_ge %zu", i);
        CHECK_EQ(seebatch_see_ge(board, moves[i], value + 1, config), 0, "see_ge %zu", i);
        CHECK_EQ(seebatch_engine_see_value(rules, board, &set->pins[b], moves[i]), value,
                 "engine_see_value %zu", i);
        CHECK_EQ(seebatch_engine_see_ge(rules, board, NULL, moves[i], value), 1,
                 "engine_see_ge %zu", i);
        int32_t checked = SENTINEL;
        CHECK_EQ(seebatch_see_value_checked(board, moves[i], config, &checked, NULL), SEEBATCH_OK,
                 "see_value_checked %zu", i);
        CHECK_EQ(checked, value, "see_value_checked %zu", i);
        bool passed = false;
        CHECK_EQ(seebatch_engine_see_ge_checked(rules, board, &set->pins[b], moves[i], value,
                                                &passed, NULL),
                 SEEBATCH_OK, "engine_see_ge_checked %zu", i);
        CHECK(passed, "engine_see_ge_checked %zu", i);
        /* The checked calls that succeed give the answer as the 0.3 calls. */
        passed = false;
        CHECK_EQ(seebatch_see_ge_checked(board, moves[i], value, config, &passed, NULL),
                 SEEBATCH_OK, "see_ge_checked %zu", i);
        CHECK(passed, "see_ge_checked %zu at its value", i);
        CHECK_EQ(seebatch_see_ge_checked(board, moves[i], value + 1, config, &passed, NULL),
                 SEEBATCH_OK, "see_ge_checked %zu", i);
        CHECK(!passed, "see_ge_checked %zu above its value", i);
        checked = SENTINEL;
        CHECK_EQ(seebatch_engine_see_value_checked(rules, board, &set->pins[b], moves[i], &checked,
                                                   NULL),
                 SEEBATCH_OK, "engine_see_value_checked %zu", i);
        CHECK_EQ(checked, value, "engine_see_value_checked %zu", i);
    }
    seebatch_engine_see_ge_each(rules, board, &set->pins[b], moves, n, thresholds, old_passed);
    seebatch_values_ge(rules, &(seebatch_batch){board, 1, &set->pins[b], NULL, moves, n}, 0,
                       thresholds, new_passed);
    CHECK(memcmp(old_passed, new_passed, n) == 0, "engine_see_ge_each, board %u", b);
    memset(old_passed, 7, sizeof old_passed);
    CHECK_EQ(seebatch_engine_see_ge_each_checked(rules, board, NULL, moves, n, thresholds,
                                                 old_passed, NULL),
             SEEBATCH_OK, "engine_see_ge_each_checked");
    CHECK(memcmp(old_passed, new_passed, n) == 0, "engine_see_ge_each_checked, board %u", b);
    /* No moves: neither thresholds nor the output is needed. */
    CHECK_EQ(seebatch_engine_see_ge_each_checked(rules, board, NULL, moves, 0, NULL, NULL, NULL),
             SEEBATCH_OK, "engine_see_ge_each_checked, no moves");
}

/* The many-board calls, pins given and not, against seebatch_values. */
static void many_boards(const position_set *set, const seebatch_config *config,
                        const seebatch_rules *rules)
{
    int32_t expected[MOVES], got[MOVES];
    uint8_t expected_passed[MOVES], passed[MOVES];
    seebatch_batch batch = {set->boards, BOARDS, NULL, set->board_of_move, set->moves, set->count};
    seebatch_values(rules, &batch, expected);
    seebatch_values_ge(rules, &batch, 0, NULL, expected_passed);
    size_t bytes = set->count * sizeof *got;
    seebatch_see_values_multi(set->boards, BOARDS, set->board_of_move, set->moves, set->count,
                              config, got);
    CHECK(memcmp(got, expected, bytes) == 0, "see_values_multi");
    seebatch_see_values_multi_pinned(set->boards, set->pins, BOARDS, set->board_of_move, set->moves,
                                     set->count, config, got);
    CHECK(memcmp(got, expected, bytes) == 0, "see_values_multi_pinned");
    CHECK_EQ(seebatch_see_values_multi_checked(set->boards, BOARDS, set->board_of_move, set->moves,
                                               set->count, config, got, NULL),
             SEEBATCH_OK, "see_values_multi_checked");
    CHECK(memcmp(got, expected, bytes) == 0, "see_values_multi_checked");
    seebatch_see_ge_multi(set->boards, BOARDS, set->board_of_move, set->moves, set->count, 0,
                          config, passed);
    CHECK(memcmp(passed, expected_passed, set->count) == 0, "see_ge_multi");
    seebatch_see_ge_multi_pinned(set->boards, set->pins, BOARDS, set->board_of_move, set->moves,
                                 set->count, 0, config, passed);
    CHECK(memcmp(passed, expected_passed, set->count) == 0, "see_ge_multi_pinned");
    CHECK_EQ(seebatch_see_ge_multi_pinned_checked(set->boards, set->pins, BOARDS,
                                                  set->board_of_move, set->moves, set->count, 0,
                                                  config, passed, NULL),
             SEEBATCH_OK, "see_ge_multi_pinned_checked");
    CHECK(memcmp(passed, expected_passed, set->count) == 0, "see_ge_multi_pinned_checked");
}

/* What 0.2's checked calls refused, refused still, with nothing written. */
static void refusals(position_set *set)
{
    seebatch_config config = seebatch_config_stockfish(), bad = config;
    bad.values[SEEBATCH_ROOK] = -1;
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    seebatch_error error;
    int32_t values[MOVES];
    for (size_t i = 0; i < MOVES; i++)
        values[i] = SENTINEL;
    CHECK_EQ(seebatch_see_values_checked(set->boards, set->moves, 1, &bad, values, &error),
             SEEBATCH_ERROR_CONFIG, "a bad configuration");
    CHECK_EQ(seebatch_see_values_checked(set->boards, set->moves, 1, NULL, values, &error),
             SEEBATCH_ERROR_ARGUMENT, "no configuration");
    /* A NULL output is refused with its message, not left to crash (issue 54). */
    CHECK_EQ(seebatch_see_value_checked(set->boards, set->moves[0], &config, NULL, &error),
             SEEBATCH_ERROR_ARGUMENT, "no output");
    CHECK(strcmp(error.message, "output is NULL with count 1") == 0, "%s", error.message);
    CHECK_EQ(seebatch_see_ge_checked(set->boards, set->moves[0], 0, &config, NULL, &error),
             SEEBATCH_ERROR_ARGUMENT, "no output");
    CHECK(strcmp(error.message, "output is NULL with count 1") == 0, "%s", error.message);
    CHECK_EQ(seebatch_see_values_checked(set->boards, set->moves, 2, &config, NULL, &error),
             SEEBATCH_ERROR_ARGUMENT, "no output, two moves");
    CHECK(strcmp(error.message, "output is NULL with count 2") == 0, "%s", error.message);
    /* No moves: neither board_of_move nor the output is needed. */
    CHECK_EQ(seebatch_see_values_multi_checked(set->boards, BOARDS, NULL, set->moves, 0, &config,
                                               NULL, &error),
             SEEBATCH_OK, "no moves, no board_of_move, no output: %s", error.message);
    bool kept_answer = true;
    CHECK_EQ(seebatch_see_ge_checked(set->boards, set->moves[0], 0, &bad, &kept_answer, &error),
             SEEBATCH_ERROR_CONFIG, "a bad configuration, one move");
    CHECK(kept_answer, "the answer left as it was after a refusal");
    int32_t value = SENTINEL;
    CHECK_EQ(
        seebatch_engine_see_value_checked(&rules, set->boards, NULL, set->moves[0], NULL, &error),
        SEEBATCH_ERROR_ARGUMENT, "the engine path, no output");
    CHECK(strcmp(error.message, "output is NULL with count 1") == 0, "%s", error.message);
    CHECK(seebatch_engine_see_value_checked(&rules, set->boards, NULL, (seebatch_move)0, &value,
                                            &error) != SEEBATCH_OK &&
              value == SENTINEL && error.message[0],
          "the engine path, a move from a1 to a1: refused (\"%s\"), the value left as it was",
          error.message);
    CHECK_EQ(seebatch_see_values_multi_checked(set->boards, BOARDS, NULL, set->moves, 1, &config,
                                               values, &error),
             SEEBATCH_ERROR_ARGUMENT, "no board_of_move");
    CHECK(strstr(error.message, "board_of_move") != NULL, "%s", error.message);
    uint32_t kept = set->board_of_move[0];
    set->board_of_move[0] = BOARDS;
    CHECK_EQ(seebatch_see_ge_multi_checked(set->boards, BOARDS, set->board_of_move, set->moves,
                                           set->count, 0, &config, (uint8_t *)values, &error),
             SEEBATCH_ERROR_ARGUMENT, "an index equal to the board count");
    CHECK(strstr(error.message, "move 0 names board 3") != NULL, "%s", error.message);
    set->board_of_move[0] = kept;
    seebatch_pins wrong[BOARDS];
    memcpy(wrong, set->pins, sizeof wrong);
    wrong[1].blockers[SEEBATCH_WHITE] ^= 1;
    CHECK_EQ(seebatch_see_values_multi_pinned_checked(set->boards, wrong, BOARDS,
                                                      set->board_of_move, set->moves, set->count,
                                                      &config, values, &error),
             SEEBATCH_ERROR_ARGUMENT, "wrong pins");
    size_t on_1 = 0;
    while (set->board_of_move[on_1] != 1)
        on_1++;
    CHECK_EQ(seebatch_engine_see_value_checked(&rules, &set->boards[1], &wrong[1], set->moves[on_1],
                                               values, &error),
             SEEBATCH_ERROR_ARGUMENT, "wrong pins, engine path");
    uint8_t passed[1] = {7};
    CHECK_EQ(seebatch_engine_see_ge_each_checked(&rules, set->boards, NULL, set->moves, 1, NULL,
                                                 passed, &error),
             SEEBATCH_ERROR_ARGUMENT, "no thresholds");
    CHECK(strstr(error.message, "thresholds") != NULL && passed[0] == 7, "%s", error.message);
    /* The engine calls: a NULL output, and a move breaking its
     * preconditions (from an empty square), each refused with the output
     * untouched. */
    CHECK_EQ(seebatch_engine_see_ge_checked(&rules, &set->boards[0], NULL, set->moves[0], 0, NULL,
                                            &error),
             SEEBATCH_ERROR_ARGUMENT, "engine see_ge, no output");
    CHECK(strcmp(error.message, "output is NULL with count 1") == 0, "%s", error.message);
    seebatch_move empty_from = seebatch_move_make(24, 32, SEEBATCH_MOVE_NORMAL); /* a4a5 */
    bool answer = true;
    CHECK_EQ(seebatch_engine_see_ge_checked(&rules, &set->boards[0], NULL, empty_from, 0, &answer,
                                            &error),
             SEEBATCH_ERROR_MOVE, "engine see_ge, a move from an empty square");
    CHECK(answer, "engine see_ge: the output untouched on a refusal");
    CHECK_EQ(seebatch_engine_see_value_checked(&rules, &set->boards[0], NULL, empty_from, values,
                                               &error),
             SEEBATCH_ERROR_MOVE, "engine value, a move from an empty square");
    int32_t threshold = 0;
    CHECK_EQ(seebatch_engine_see_ge_each_checked(&rules, &set->boards[0], NULL, &empty_from, 1,
                                                 &threshold, passed, &error),
             SEEBATCH_ERROR_MOVE, "engine see_ge_each, a move from an empty square");
    CHECK_EQ(passed[0], 7, "engine see_ge_each: the output untouched on a refusal");
    CHECK_EQ(seebatch_see_ge_checked(set->boards, empty_from, 0, &config, &answer, &error),
             SEEBATCH_ERROR_MOVE, "see_ge, a move from an empty square");
    CHECK(answer, "see_ge: the output untouched on a refusal");
    CHECK_EQ(seebatch_see_ge_batch_checked(set->boards, set->moves, 2, 0, &config, NULL, &error),
             SEEBATCH_ERROR_ARGUMENT, "see_ge_batch, no output");
    CHECK(strcmp(error.message, "output is NULL with count 2") == 0, "%s", error.message);
    CHECK_EQ(seebatch_see_values_multi_checked(set->boards, BOARDS, set->board_of_move, set->moves,
                                               1, &config, NULL, &error),
             SEEBATCH_ERROR_ARGUMENT, "many boards, no output");
    CHECK(strcmp(error.message, "output is NULL with count 1") == 0, "%s", error.message);
    for (size_t i = 0; i < MOVES; i++)
        CHECK_EQ(values[i], SENTINEL, "output %zu written on a refusal", i);
}

/* 0.3's calls taken back into 0.2's header: clearing a board is
 * SEEBATCH_BOARD_EMPTY, validating a configuration is seebatch_rules_init's
 * check, with its statuses and messages; perft left seebatch.h. */
static void board_and_configuration(void)
{
    seebatch_board cleared, empty = SEEBATCH_BOARD_EMPTY;
    memset(&cleared, 0xa5, sizeof cleared);
    seebatch_board_clear(&cleared);
    CHECK(memcmp(&cleared, &empty, sizeof cleared) == 0, "clear gives SEEBATCH_BOARD_EMPTY");
    seebatch_config config = seebatch_config_classic();
    CHECK_EQ(seebatch_config_validate(&config, NULL), SEEBATCH_OK, "classic valid");
    config.flags = SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY;
    seebatch_error validated, prepared;
    seebatch_rules rules;
    CHECK_EQ(seebatch_config_validate(&config, &validated), SEEBATCH_ERROR_CONFIG, "two rules");
    CHECK_EQ(seebatch_rules_init(&rules, &config, &prepared), SEEBATCH_ERROR_CONFIG, "two rules");
    CHECK(strcmp(validated.message, prepared.message) == 0, "\"%s\" and \"%s\"", validated.message,
          prepared.message);
    CHECK_EQ(seebatch_config_validate(NULL, NULL), SEEBATCH_ERROR_ARGUMENT, "NULL");
    /* perft, the tool's since 0.3, still counts the move tree (Kiwipete's
     * published counts: 48, 2039, 97862). */
    seebatch_board kiwipete;
    CHECK_EQ(seebatch_board_from_fen(
                 &kiwipete, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                 NULL),
             SEEBATCH_OK, "Kiwipete");
    CHECK(seebatch_perft(&kiwipete, 0) == 1 && seebatch_perft(&kiwipete, 1) == 48 &&
              seebatch_perft(&kiwipete, 2) == 2039 && seebatch_perft(&kiwipete, 3) == 97862,
          "perft of Kiwipete");
}

int main(void)
{
    static position_set set;
    load(&set);
    CHECK(set.count > 40, "only %zu moves", set.count);
    for (int preset = 0; preset < 2; preset++)
        for (int pins = 0; pins < 2; pins++) {
            seebatch_config config =
                preset ? seebatch_config_stockfish() : seebatch_config_classic();
            config.flags = pins ? config.flags | SEEBATCH_PINS : config.flags & ~SEEBATCH_PINS;
            seebatch_rules rules;
            CHECK_EQ(seebatch_rules_init(&rules, &config, NULL), SEEBATCH_OK, "rules");
            for (uint32_t b = 0; b < BOARDS; b++)
                one_board(&set, &config, &rules, b);
            many_boards(&set, &config, &rules);
        }
    refusals(&set);
    board_and_configuration();
    return check_finish("test_deprecated_api");
}
