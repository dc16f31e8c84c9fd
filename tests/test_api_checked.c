/* The checked entry points and the backend switch: every rejection names
 * what is wrong, nothing is written on failure, and the checked results equal
 * the unchecked ones. */
#include <string.h>

#include "auto/dispatch.h"
#include "auto/implementations.h"
#include "check.h"
#include "see_calls.h"
#include "seebatch.h"

static const char trace2[] = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";

static seebatch_move move_of(const seebatch_board *board, const char *uci)
{
    seebatch_move move = 0;
    seebatch_move_parse(board, uci, &move, NULL);
    return move;
}

/* Checks a failing call: its status, a distinctive part of its message, and
 * that the output sentinel survived. */
#define CHECK_REJECTED(call, expected_status, fragment, sentinel)                                  \
    do {                                                                                           \
        seebatch_status status_ = (call);                                                          \
        CHECK_EQ(status_, expected_status, "%s", #call);                                           \
        CHECK(strstr(last_error.message, fragment) != NULL, "message \"%s\" lacks \"%s\"",         \
              last_error.message, fragment);                                                       \
        CHECK_EQ(sentinel, 12345, "output written on failure by %s", #call);                       \
    } while (0)

static seebatch_error last_error;

static void checked_single_and_batch(void)
{
    seebatch_board board;
    seebatch_config classic = seebatch_config_classic();
    CHECK_EQ(seebatch_board_from_fen(&board, trace2, NULL), SEEBATCH_OK, "trace FEN");
    seebatch_move knight_takes = move_of(&board, "d3e5");
    int32_t value = 12345;

    CHECK_EQ(checked_values_under(
                 &classic,
                 &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                 &value, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    CHECK_EQ(value, -225, "published trace value");
    CHECK_EQ(value, value_under(&classic, &board, knight_takes), "checked == unchecked");

    value = 12345;
    CHECK_REJECTED(checked_values_under(
                       &classic,
                       &(seebatch_batch){NULL, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_ARGUMENT, "NULL", value);
    CHECK_REJECTED(checked_values_under(
                       NULL,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_ARGUMENT, "NULL", value);

    seebatch_board broken = board;
    broken.pieces[SEEBATCH_KNIGHT] |= broken.pieces[SEEBATCH_PAWN] & -broken.pieces[SEEBATCH_PAWN];
    /* One board: no index in the message (there is only one). */
    CHECK_REJECTED(checked_values_under(
                       &classic,
                       &(seebatch_batch){&broken, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_BOARD, "board: square", value);

    seebatch_config bad_values = classic;
    bad_values.values[SEEBATCH_ROOK] = -1;
    CHECK_REJECTED(checked_values_under(
                       &bad_values,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_CONFIG, "rook", value);
    seebatch_config bad_flags = classic;
    bad_flags.flags = 64;
    CHECK_REJECTED(checked_values_under(
                       &bad_flags,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){knight_takes}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_CONFIG, "flag", value);

    /* e4 is empty; c1 holds white's own king. */
    seebatch_move from_empty = seebatch_move_make(28, 36, SEEBATCH_MOVE_NORMAL);
    CHECK_REJECTED(checked_values_under(
                       &classic,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){from_empty}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_MOVE, "e4", value);
    seebatch_move onto_own = seebatch_move_make(4, 2, SEEBATCH_MOVE_NORMAL);
    CHECK_REJECTED(checked_values_under(
                       &classic,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){onto_own}, 1},
                       &value, &last_error),
                   SEEBATCH_ERROR_MOVE, "c1", value);

    seebatch_move moves[3] = {knight_takes, knight_takes, from_empty};
    int32_t values[3] = {12345, 12345, 12345};
    CHECK_REJECTED(checked_values_under(&classic,
                                        &(seebatch_batch){&board, 1, NULL, NULL, moves, 3}, values,
                                        &last_error),
                   SEEBATCH_ERROR_MOVE, "move 2", values[0]);
    CHECK_EQ(checked_values_under(&classic, &(seebatch_batch){&board, 1, NULL, NULL, moves, 2},
                                  values, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    CHECK_EQ(values[1], -225, "second move of the batch");
    CHECK_EQ(values[2], 12345, "nothing written past count");
    CHECK_EQ(checked_values_under(&classic, &(seebatch_batch){&board, 1, NULL, NULL, NULL, 0}, NULL,
                                  &last_error),
             SEEBATCH_OK, "an empty batch is fine: %s", last_error.message);
}

static void checked_multi(void)
{
    seebatch_board boards[2];
    seebatch_config classic = seebatch_config_classic();
    seebatch_board_from_fen(&boards[0], "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", NULL);
    seebatch_board_from_fen(&boards[1], trace2, NULL);
    seebatch_move moves[2] = {move_of(&boards[0], "e1e5"), move_of(&boards[1], "d3e5")};
    uint32_t board_of_move[2] = {0, 1};
    int32_t values[2] = {12345, 12345};

    CHECK_EQ(checked_values_under(&classic,
                                  &(seebatch_batch){boards, 2, NULL, board_of_move, moves, 2},
                                  values, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    CHECK_EQ(values[0], 100, "trace 1 in a mixed batch");
    CHECK_EQ(values[1], -225, "trace 2 in a mixed batch");

    values[0] = 12345;
    uint32_t out_of_range[2] = {0, 2};
    CHECK_REJECTED(checked_values_under(&classic,
                                        &(seebatch_batch){boards, 2, NULL, out_of_range, moves, 2},
                                        values, &last_error),
                   SEEBATCH_ERROR_ARGUMENT, "move 1 names board 2", values[0]);
    /* Swapped: board 1's queen on e1 cannot reach e5 (its rook on e2 is in
     * the way), and board 1's move does not fit board 0 (d3 is empty there):
     * the first is named. */
    uint32_t swapped[2] = {1, 0};
    CHECK_REJECTED(checked_values_under(&classic,
                                        &(seebatch_batch){boards, 2, NULL, swapped, moves, 2},
                                        values, &last_error),
                   SEEBATCH_ERROR_MOVE, "move 0: the queen on e1 cannot reach e5: e2 is in the way",
                   values[0]);
    /* No board_of_move: every move is on boards[0], where d3 is empty. */
    CHECK_REJECTED(checked_values_under(&classic,
                                        &(seebatch_batch){boards, 2, NULL, NULL, moves, 2}, values,
                                        &last_error),
                   SEEBATCH_ERROR_MOVE, "move 1: ", values[0]);
    /* Many boards: the message names the broken one. */
    seebatch_board broken[2] = {boards[0], boards[1]};
    broken[1].colors[SEEBATCH_WHITE] |=
        broken[1].colors[SEEBATCH_BLACK] & -broken[1].colors[SEEBATCH_BLACK];
    CHECK_REJECTED(checked_values_under(&classic,
                                        &(seebatch_batch){broken, 2, NULL, board_of_move, moves, 2},
                                        values, &last_error),
                   SEEBATCH_ERROR_BOARD, "board 1: ", values[0]);
}

/* The many-board calls given pins: the pin rule's answers with the right
 * pins, the same as the calls that work them out; wrong pins are rejected
 * naming the board, the field and a square, and nothing is written. */
static void checked_given_pins(void)
{
    seebatch_board boards[2];
    seebatch_config stockfish = seebatch_config_stockfish();
    /* Board 1: QxP on e4, RxQ, and the knight on d2 may retake only
     * without the pin rule (the bishop on b4 pins it to its king). */
    seebatch_board_from_fen(&boards[0], trace2, NULL);
    seebatch_board_from_fen(&boards[1], "4r2k/8/8/8/1b2p3/8/3N4/4K2Q w - - 0 1", NULL);
    seebatch_pins pins[2];
    seebatch_pins_compute(&boards[0], &pins[0]);
    seebatch_pins_compute(&boards[1], &pins[1]);
    CHECK(pins[1].blockers[SEEBATCH_WHITE] != 0, "the knight on d2 is pinned");
    seebatch_move moves[2] = {move_of(&boards[0], "d3e5"), move_of(&boards[1], "h1e4")};
    uint32_t board_of_move[2] = {0, 1};
    int32_t given[2] = {12345, 12345}, worked_out[2];
    seebatch_config rule_off = stockfish;
    rule_off.flags &= ~(uint32_t)SEEBATCH_PINS;
    CHECK(value_under(&stockfish, &boards[1], moves[1]) !=
              value_under(&rule_off, &boards[1], moves[1]),
          "the pin decides QxP on e4");
    uint8_t passed[2], passed_worked_out[2];

    CHECK_EQ(checked_values_under(&stockfish,
                                  &(seebatch_batch){boards, 2, pins, board_of_move, moves, 2},
                                  given, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    values_under(&stockfish, &(seebatch_batch){boards, 2, NULL, board_of_move, moves, 2},
                 worked_out);
    CHECK(given[0] == worked_out[0] && given[1] == worked_out[1],
          "given pins %d %d, worked out %d %d", given[0], given[1], worked_out[0], worked_out[1]);
    CHECK_EQ(checked_values_ge_under(&stockfish,
                                     &(seebatch_batch){boards, 2, pins, board_of_move, moves, 2}, 0,
                                     passed, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    values_ge_under(&stockfish, &(seebatch_batch){boards, 2, NULL, board_of_move, moves, 2}, 0,
                    passed_worked_out);
    CHECK(memcmp(passed, passed_worked_out, 2) == 0, "see_ge_multi_pinned_checked");

    seebatch_pins wrong[2] = {pins[0], pins[1]};
    wrong[1].blockers[SEEBATCH_WHITE] = 0;
    given[0] = 12345;
    CHECK_REJECTED(checked_values_under(
                       &stockfish, &(seebatch_batch){boards, 2, wrong, board_of_move, moves, 2},
                       given, &last_error),
                   SEEBATCH_ERROR_ARGUMENT, "board 1: pins: blockers[white] lacks d2", given[0]);
    passed[0] = 123;
    seebatch_status status = checked_values_ge_under(
        &stockfish, &(seebatch_batch){boards, 2, wrong, board_of_move, moves, 2}, 0, passed,
        &last_error);
    CHECK(status == SEEBATCH_ERROR_ARGUMENT && passed[0] == 123,
          "see_ge_multi_pinned_checked took wrong pins: %s", last_error.message);
    /* NULL pins are "not given". */
    CHECK_EQ(checked_values_under(&stockfish,
                                  &(seebatch_batch){boards, 2, NULL, board_of_move, moves, 2},
                                  given, &last_error),
             SEEBATCH_OK, "%s", last_error.message);
    CHECK(given[1] == worked_out[1], "NULL pins: %d, worked out %d", given[1], worked_out[1]);
}

/* Pins written in 0.1's convention (pinners indexed by the pinned side,
 * the swap of today's) are refused by a message that says so, on one board
 * and many, before either fast call; pins wrong another way are not said to
 * be 0.1.0's. The board has a pinner of each colour, so the swap differs. */
static void pins_of_0_1(void)
{
    seebatch_board boards[2];
    seebatch_board_from_fen(&boards[0], "4r2k/8/8/8/1b2p3/8/3N4/4K2Q w - - 0 1", NULL);
    seebatch_board_from_fen(&boards[1], "4k3/3n4/8/1B6/8/8/8/4K3 w - - 0 1", NULL);
    seebatch_pins right[2], old[2];
    for (int b = 0; b < 2; b++) {
        seebatch_pins_compute(&boards[b], &right[b]);
        old[b] = right[b];
        old[b].pinners[SEEBATCH_WHITE] = right[b].pinners[SEEBATCH_BLACK];
        old[b].pinners[SEEBATCH_BLACK] = right[b].pinners[SEEBATCH_WHITE];
    }
    CHECK(right[0].pinners[SEEBATCH_BLACK] != 0 && right[1].pinners[SEEBATCH_WHITE] != 0,
          "a black pinner on board 0, a white one on board 1");
    seebatch_rules rules =
        rules_from(&(seebatch_config){{100, 325, 325, 500, 1000}, SEEBATCH_PINS});
    seebatch_move moves[2] = {move_of(&boards[0], "h1e4"), move_of(&boards[1], "b5d7")};
    uint32_t board_of_move[2] = {0, 1};
    const char *convention = "pinners[white] and pinners[black] are swapped, as in 0.1's";
    for (int b = 0; b < 2; b++) {
        seebatch_batch one = {&boards[b], 1, &old[b], NULL, &moves[b], 1};
        CHECK_EQ(seebatch_check(&rules, &one, &last_error), SEEBATCH_ERROR_ARGUMENT, "board %d", b);
        CHECK(strstr(last_error.message, convention) != NULL &&
                  strstr(last_error.message, "Upgrading from 0.1") != NULL,
              "one board %d: %s", b, last_error.message);
        one.pins = &right[b];
        CHECK_EQ(seebatch_check(&rules, &one, &last_error), SEEBATCH_OK, "%s", last_error.message);
    }
    seebatch_pins mixed[2] = {right[0], old[1]};
    seebatch_batch many = {boards, 2, mixed, board_of_move, moves, 2};
    CHECK_EQ(seebatch_check(&rules, &many, &last_error), SEEBATCH_ERROR_ARGUMENT, "many boards");
    CHECK(strncmp(last_error.message, "board 1: ", 9) == 0 &&
              strstr(last_error.message, convention) != NULL,
          "many boards: %s", last_error.message);
    /* Wrong otherwise: the field and square are named, no convention. */
    seebatch_pins other = right[0];
    other.pinners[SEEBATCH_BLACK] = 0;
    seebatch_batch wrong = {&boards[0], 1, &other, NULL, &moves[0], 1};
    CHECK_EQ(seebatch_check(&rules, &wrong, &last_error), SEEBATCH_ERROR_ARGUMENT, "other");
    CHECK(strstr(last_error.message, "pinners[black] lacks b4") != NULL &&
              strstr(last_error.message, "0.1") == NULL,
          "other: %s", last_error.message);
    /* Pinners swapped and blockers wrong too: not 0.1's pins, so the
     * blocker is named, not the convention (issue 54). */
    seebatch_pins swapped_and_wrong = old[0];
    swapped_and_wrong.blockers[SEEBATCH_WHITE] ^= right[0].blockers[SEEBATCH_WHITE];
    CHECK(right[0].blockers[SEEBATCH_WHITE] != 0, "a white blocker on board 0");
    seebatch_batch both = {&boards[0], 1, &swapped_and_wrong, NULL, &moves[0], 1};
    CHECK_EQ(seebatch_check(&rules, &both, &last_error), SEEBATCH_ERROR_ARGUMENT, "both");
    CHECK(strstr(last_error.message, "pins: blockers[white] lacks") != NULL &&
              strstr(last_error.message, "0.1") == NULL,
          "swapped and wrong: %s", last_error.message);
}

/* The threshold tests' checked variants: the same answers as the unchecked
 * ones, the same rejections, nothing written on failure. */
static void checked_thresholds(void)
{
    seebatch_board boards[2];
    seebatch_config classic = seebatch_config_classic();
    seebatch_board_from_fen(&boards[0], "1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", NULL);
    seebatch_board_from_fen(&boards[1], trace2, NULL);
    seebatch_move moves[2] = {move_of(&boards[0], "e1e5"), move_of(&boards[1], "d3e5")};
    const int32_t thresholds[] = {-226, -225, -224, 0, 100, 101};
    for (size_t t = 0; t < sizeof thresholds / sizeof thresholds[0]; t++) {
        bool passed = false;
        CHECK_EQ(checked_value_ge_under(
                     &classic,
                     &(seebatch_batch){&boards[1], 1, NULL, NULL, &(seebatch_move){moves[1]}, 1},
                     thresholds[t], &passed, &last_error),
                 SEEBATCH_OK, "%s", last_error.message);
        CHECK_EQ(passed, -225 >= thresholds[t], "see_ge_checked(d3e5, %d)", (int)thresholds[t]);
        uint8_t each[1] = {7};
        CHECK_EQ(checked_values_ge_under(&classic,
                                         &(seebatch_batch){&boards[0], 1, NULL, NULL, moves, 1},
                                         thresholds[t], each, &last_error),
                 SEEBATCH_OK, "%s", last_error.message);
        CHECK_EQ(each[0], 100 >= thresholds[t], "see_ge_batch_checked(e1e5, %d)",
                 (int)thresholds[t]);
        uint32_t board_of_move[2] = {0, 1};
        uint8_t both[2] = {7, 7};
        CHECK_EQ(checked_values_ge_under(
                     &classic, &(seebatch_batch){boards, 2, NULL, board_of_move, moves, 2},
                     thresholds[t], both, &last_error),
                 SEEBATCH_OK, "%s", last_error.message);
        CHECK(both[0] == (100 >= thresholds[t]) && both[1] == (-225 >= thresholds[t]),
              "see_ge_multi_checked at %d: %d %d", (int)thresholds[t], both[0], both[1]);
    }
    bool passed = true;
    seebatch_move from_empty = seebatch_move_make(28, 36, SEEBATCH_MOVE_NORMAL);
    CHECK_EQ(checked_value_ge_under(
                 &classic,
                 &(seebatch_batch){&boards[1], 1, NULL, NULL, &(seebatch_move){from_empty}, 1}, 0,
                 &passed, &last_error),
             SEEBATCH_ERROR_MOVE, "empty from-square");
    CHECK(passed, "nothing written on failure");
    uint8_t each[2] = {7, 7};
    seebatch_move with_bad[2] = {moves[1], from_empty};
    CHECK_EQ(checked_values_ge_under(&classic,
                                     &(seebatch_batch){&boards[1], 1, NULL, NULL, with_bad, 2}, 0,
                                     each, &last_error),
             SEEBATCH_ERROR_MOVE, "bad second move");
    CHECK(strstr(last_error.message, "move 1") != NULL && each[0] == 7,
          "names move 1, writes nothing: %s", last_error.message);
    uint32_t out_of_range[2] = {0, 5};
    CHECK_EQ(checked_values_ge_under(&classic,
                                     &(seebatch_batch){boards, 2, NULL, out_of_range, moves, 2}, 0,
                                     each, &last_error),
             SEEBATCH_ERROR_ARGUMENT, "board index out of range");
    CHECK(strstr(last_error.message, "move 1 names board 5") != NULL && each[0] == 7, "%s",
          last_error.message);
}

/* Prepared rules are checked field by field (see_checked.c): each value
 * seebatch_rules_init leaves at 0 (the king, codes 6 and 7), each value out
 * of range and unknown flags are refused with the configuration's message;
 * the rules it made pass. */
static void checked_rules_fields(void)
{
    seebatch_board board;
    seebatch_board_from_fen(&board, trace2, NULL);
    seebatch_move move = move_of(&board, "d3e5");
    seebatch_config config = seebatch_config_stockfish();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    int32_t value = 12345;
    CHECK_EQ(checked_values(&rules,
                            &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){move}, 1},
                            &value, &last_error),
             SEEBATCH_OK, "rules as made: %s", last_error.message);
    for (int type = 0; type < 8; type++) {
        seebatch_rules changed = rules;
        changed.value[type] = type < SEEBATCH_KING ? SEEBATCH_VALUE_MAX + 1 : 1;
        value = 12345;
        CHECK_REJECTED(
            checked_values(&changed,
                           &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){move}, 1},
                           &value, &last_error),
            SEEBATCH_ERROR_CONFIG,
            type < SEEBATCH_KING ? "values must be in" : "seebatch_rules_init", value);
    }
    seebatch_rules changed = rules;
    changed.flags |= 1u << 31;
    value = 12345;
    CHECK_REJECTED(
        checked_values(&changed,
                       &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){move}, 1}, &value,
                       &last_error),
        SEEBATCH_ERROR_CONFIG, "rules: unknown flag bits 0x80000000", value);
}

static void backend_switch(void)
{
    const char *names[8];
    size_t count = seebatch_backends_available(names, 8);
    CHECK(count >= 1 && count <= 8, "backend count %zu", count);
    CHECK(strcmp(names[count - 1], "scalar") == 0, "scalar is last, got %s", names[count - 1]);
    CHECK_EQ(seebatch_backend_set("no-such-backend", &last_error), SEEBATCH_ERROR_BACKEND,
             "unknown");
    CHECK(strstr(last_error.message, "no-such-backend") != NULL, "message names it: %s",
          last_error.message);
    CHECK_EQ(seebatch_backend_set(NULL, &last_error), SEEBATCH_ERROR_ARGUMENT, "NULL name");

    seebatch_board board;
    seebatch_config classic = seebatch_config_classic();
    seebatch_board_from_fen(&board, trace2, NULL);
    for (size_t i = 0; i < count; i++) {
        CHECK_EQ(seebatch_backend_set(names[i], &last_error), SEEBATCH_OK, "%s",
                 last_error.message);
        CHECK(strcmp(seebatch_backend_name(), names[i]) == 0, "in use: %s",
              seebatch_backend_name());
        CHECK_EQ(value_under(&classic, &board, move_of(&board, "d3e5")), -225,
                 "trace 2 on backend %s", names[i]);
    }
    /* "fixed" and "auto" are named as set, whatever kernels they take. */
    CHECK_EQ(seebatch_backend_set("fixed", &last_error), SEEBATCH_OK, "fixed");
    CHECK(strcmp(seebatch_backend_name(), "fixed") == 0, "fixed named %s", seebatch_backend_name());
    CHECK_EQ(seebatch_backend_set("auto", &last_error), SEEBATCH_OK, "auto");
    CHECK(strcmp(seebatch_backend_name(), "auto") == 0, "auto named %s", seebatch_backend_name());
    seebatch_cpu cpu = seebatch_cpu_read();
    CHECK(strcmp(seebatch_current_backend()->name, seebatch_backend_auto(&cpu).backend) == 0,
          "auto picks the measured table's choice: %s", seebatch_current_backend()->name);
}

int main(void)
{
    checked_single_and_batch();
    checked_multi();
    checked_given_pins();
    pins_of_0_1();
    checked_thresholds();
    checked_rules_fields();
    backend_switch();
    return check_finish("test_api_checked");
}
