/*
 * The argument edges of seebatch_check: NULL arrays with counts 0, 1
 * and many, board counts of 0, board indices just inside and just outside
 * the range, a bad move or board at the last index. A rejection has the
 * documented status, names what is wrong, and writes nothing; an accepted
 * call gives what the unchecked function gives.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "see_calls.h"
#include "fenced.h"
#include "seebatch.h"

enum { MANY = 100, SENTINEL = 12345 };

static const char position[] = "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1";
static const size_t counts[] = {1, 2, MANY};

typedef struct edges {
    seebatch_board boards[3];
    seebatch_move moves[MANY];
    uint32_t board_of_move[MANY];
    int32_t values[MANY];
    seebatch_config config;
    seebatch_error error;
} edges;

static void reset_values(edges *e)
{
    for (int i = 0; i < MANY; i++)
        e->values[i] = SENTINEL;
}

static bool untouched(const edges *e)
{
    for (int i = 0; i < MANY; i++)
        if (e->values[i] != SENTINEL)
            return false;
    return true;
}

/* status and message fragment of a rejected call, and nothing written. */
static void rejected(edges *e, seebatch_status status, seebatch_status expected,
                     const char *fragment, const char *what)
{
    CHECK_EQ(status, expected, "%s: %s", what, e->error.message);
    CHECK(strstr(e->error.message, fragment) != NULL, "%s: message \"%s\" lacks \"%s\"", what,
          e->error.message, fragment);
    CHECK(untouched(e), "%s wrote an output", what);
    reset_values(e);
}

static void setup(edges *e)
{
    memset(e, 0, sizeof *e);
    e->config = seebatch_config_classic();
    for (int b = 0; b < 3; b++)
        seebatch_board_from_fen(&e->boards[b], position, NULL);
    seebatch_move captures[SEEBATCH_MAX_MOVES];
    size_t n = seebatch_generate_captures(&e->boards[0], captures);
    for (int i = 0; i < MANY; i++) {
        e->moves[i] = captures[(size_t)i % n];
        e->board_of_move[i] = (uint32_t)(i % 3);
    }
    reset_values(e);
}

/* seebatch_check on a batch, then the fast call (values) when it passes. */
static seebatch_status checked(edges *e, const seebatch_batch *batch)
{
    return checked_values_under(&e->config, batch, e->values, &e->error);
}

static void one_board_nulls(edges *e)
{
    seebatch_rules rules = rules_from(&e->config);
    CHECK_EQ(checked(e, &(seebatch_batch){&e->boards[0], 1, NULL, NULL, NULL, 0}), SEEBATCH_OK,
             "count 0 with NULL moves");
    CHECK_EQ(checked(e, &(seebatch_batch){NULL, 0, NULL, NULL, NULL, 0}), SEEBATCH_OK,
             "count 0 with no boards");
    rejected(
        e,
        seebatch_check(NULL, &(seebatch_batch){&e->boards[0], 1, NULL, NULL, NULL, 0}, &e->error),
        SEEBATCH_ERROR_ARGUMENT, "rules is NULL", "NULL rules");
    rejected(e, seebatch_check(&rules, NULL, &e->error), SEEBATCH_ERROR_ARGUMENT, "batch is NULL",
             "NULL batch");
    rejected(e,
             checked_values_under(NULL, &(seebatch_batch){&e->boards[0], 1, NULL, NULL, NULL, 0},
                                  NULL, &e->error),
             SEEBATCH_ERROR_ARGUMENT, "NULL", "NULL configuration, count 0");
    for (size_t c = 0; c < 3; c++) {
        size_t count = counts[c];
        /* seebatch_check alone names NULL moves with their count (issue 54:
         * only a crash of the fast call after it caught a missing refusal). */
        char expected[64];
        snprintf(expected, sizeof expected, "moves is NULL with count %zu", count);
        CHECK_EQ(seebatch_check(&rules,
                                &(seebatch_batch){&e->boards[0], 1, NULL, NULL, NULL, count},
                                &e->error),
                 SEEBATCH_ERROR_ARGUMENT, "seebatch_check, NULL moves, count %zu", count);
        CHECK(strcmp(e->error.message, expected) == 0, "seebatch_check, NULL moves: %s",
              e->error.message);
        rejected(e, checked(e, &(seebatch_batch){&e->boards[0], 1, NULL, NULL, NULL, count}),
                 SEEBATCH_ERROR_ARGUMENT, "moves is NULL", "NULL moves");
        rejected(e, checked(e, &(seebatch_batch){NULL, 1, NULL, NULL, e->moves, count}),
                 SEEBATCH_ERROR_ARGUMENT, "boards is NULL", "NULL board");
        rejected(e, checked(e, &(seebatch_batch){&e->boards[0], 0, NULL, NULL, e->moves, count}),
                 SEEBATCH_ERROR_ARGUMENT, "board_count is 0", "no boards, one board");
        seebatch_batch batch = {&e->boards[0], 1, NULL, NULL, e->moves, count};
        CHECK_EQ(seebatch_check(&rules, &batch, NULL), SEEBATCH_OK, "count %zu, NULL error", count);
        CHECK_EQ(checked(e, &batch), SEEBATCH_OK, "count %zu: %s", count, e->error.message);
        for (size_t i = 0; i < count; i++)
            CHECK_EQ(e->values[i], value_under(&e->config, &e->boards[0], e->moves[i]),
                     "count %zu, move %zu", count, i);
        if (count < MANY)
            CHECK_EQ(e->values[count], SENTINEL, "nothing written past count %zu", count);
        reset_values(e);
    }
}

/* A move that breaks the preconditions at the last index is named by it. */
static void last_index_named(edges *e)
{
    seebatch_move from_empty = seebatch_move_make(28, 36, SEEBATCH_MOVE_NORMAL); /* e4 is empty */
    for (size_t c = 0; c < 3; c++) {
        size_t count = counts[c];
        seebatch_move kept = e->moves[count - 1];
        e->moves[count - 1] = from_empty;
        char name[32];
        snprintf(name, sizeof name, "move %zu:", count - 1);
        rejected(e,
                 checked_values_under(
                     &e->config, &(seebatch_batch){&e->boards[0], 1, NULL, NULL, e->moves, count},
                     e->values, &e->error),
                 SEEBATCH_ERROR_MOVE, name, "bad last move");
        rejected(e,
                 checked_values_under(
                     &e->config,
                     &(seebatch_batch){e->boards, 3, NULL, e->board_of_move, e->moves, count},
                     e->values, &e->error),
                 SEEBATCH_ERROR_MOVE, name, "bad last move, many boards");
        e->moves[count - 1] = kept;
    }
    e->boards[2].colors[SEEBATCH_WHITE] ^= 1; /* a1 in a colour but in no piece bitboard */
    rejected(e,
             checked_values_under(
                 &e->config,
                 &(seebatch_batch){e->boards, 3, NULL, e->board_of_move, e->moves, MANY}, e->values,
                 &e->error),
             SEEBATCH_ERROR_BOARD, "board 2:", "bad last board");
    e->boards[2].colors[SEEBATCH_WHITE] ^= 1;
}

static void multi_nulls_and_counts(edges *e)
{
    rejected(e, checked(e, &(seebatch_batch){NULL, 3, NULL, e->board_of_move, e->moves, 1}),
             SEEBATCH_ERROR_ARGUMENT, "boards is NULL", "NULL boards, many boards");
    for (size_t c = 0; c < 3; c++) {
        size_t count = counts[c];
        rejected(e,
                 checked(e, &(seebatch_batch){e->boards, 3, NULL, e->board_of_move, NULL, count}),
                 SEEBATCH_ERROR_ARGUMENT, "moves is NULL", "NULL moves, many boards");
        rejected(
            e, checked(e, &(seebatch_batch){e->boards, 0, NULL, e->board_of_move, e->moves, count}),
            SEEBATCH_ERROR_ARGUMENT, "board_count is 0", "0 boards");
        /* One board short: the first move on board 2 is named. */
        if (count > 2)
            rejected(e,
                     checked(e, &(seebatch_batch){e->boards, 2, NULL, e->board_of_move, e->moves,
                                                  count}),
                     SEEBATCH_ERROR_ARGUMENT, "move 2 names board 2 but there are 2 boards",
                     "2 boards");
    }
}

/* Board indices: the last board is in range, one past it and UINT32_MAX are not. */
static void board_index_edges(edges *e)
{
    static const uint32_t outside[] = {3, 4, UINT32_MAX};
    for (size_t o = 0; o < 3; o++) {
        uint32_t kept = e->board_of_move[MANY - 1];
        e->board_of_move[MANY - 1] = outside[o];
        char expected[64];
        snprintf(expected, sizeof expected, "move %d names board %lu but there are 3 boards",
                 MANY - 1, (unsigned long)outside[o]);
        rejected(e,
                 checked_values_under(
                     &e->config,
                     &(seebatch_batch){e->boards, 3, NULL, e->board_of_move, e->moves, MANY},
                     e->values, &e->error),
                 SEEBATCH_ERROR_ARGUMENT, expected, "index out of range");
        e->board_of_move[MANY - 1] = kept;
    }
    for (int i = 0; i < MANY; i++)
        e->board_of_move[i] = 2;
    CHECK_EQ(checked_values_under(
                 &e->config,
                 &(seebatch_batch){e->boards, 3, NULL, e->board_of_move, e->moves, MANY}, e->values,
                 &e->error),
             SEEBATCH_OK, "every move on the last board: %s", e->error.message);
    for (int i = 0; i < MANY; i++)
        CHECK_EQ(e->values[i], value_under(&e->config, &e->boards[2], e->moves[i]), "move %d", i);
    reset_values(e);
}

/* A board index equal to the number of boards, on every backend this CPU
 * runs and every batch length from 1 to 20 (the short batches take the
 * portable check whatever the backend, the longer ones the kernel's), at
 * every place in the batch, pins given and worked out, before values and
 * before see_ge. The
 * boards end at a fence, so a check that reads the board past the last
 * one ends the process; each call must refuse, naming the move and index. */
static void index_equal_to_count_everywhere(edges *e)
{
    enum { LONGEST = 20 };
    fenced f = fence(3 * sizeof(seebatch_board));
    CHECK(f.start != NULL, "no fenced memory");
    if (!f.start)
        return;
    seebatch_pins pins[3];
    for (int b = 0; b < 3; b++)
        seebatch_pins_compute(&e->boards[b], &pins[b]);
    const char *names[8];
    size_t backends = seebatch_backends_available(names, 8);
    for (size_t k = 0; k < backends; k++) {
        CHECK_EQ(seebatch_backend_set(names[k], &e->error), SEEBATCH_OK, "%s", e->error.message);
        for (size_t board_count = 1; board_count <= 3; board_count += 2) {
            seebatch_board *boards = at_end(&f, board_count, sizeof(seebatch_board));
            memcpy(boards, e->boards, board_count * sizeof(seebatch_board));
            for (size_t count = 1; count <= LONGEST; count++)
                for (size_t bad = 0; bad < count; bad++) {
                    for (size_t i = 0; i < count; i++)
                        e->board_of_move[i] = (uint32_t)(i % board_count);
                    e->board_of_move[bad] = (uint32_t)board_count;
                    char expected[64], what[96];
                    snprintf(expected, sizeof expected, "move %zu names board %zu but", bad,
                             board_count);
                    snprintf(what, sizeof what, "%s, %zu boards, %zu moves, move %zu", names[k],
                             board_count, count, bad);
                    /* Pins worked out and given: the one check either way. */
                    seebatch_batch batch = {boards,           board_count, NULL,
                                            e->board_of_move, e->moves,    count};
                    rejected(e, checked(e, &batch), SEEBATCH_ERROR_ARGUMENT, expected, what);
                    batch.pins = pins;
                    rejected(e, checked(e, &batch), SEEBATCH_ERROR_ARGUMENT, expected, what);
                    uint8_t passed[LONGEST];
                    memset(passed, 7, sizeof passed);
                    CHECK_EQ(checked_values_ge_under(&e->config, &batch, 0, passed, &e->error),
                             SEEBATCH_ERROR_ARGUMENT, "see_ge %s", what);
                    CHECK(strstr(e->error.message, expected) != NULL, "see_ge %s: \"%s\"", what,
                          e->error.message);
                    for (size_t i = 0; i < LONGEST; i++)
                        CHECK_EQ(passed[i], 7, "see_ge %s wrote an output", what);
                }
        }
    }
    CHECK_EQ(seebatch_backend_set("auto", &e->error), SEEBATCH_OK, "%s", e->error.message);
    for (int i = 0; i < MANY; i++)
        e->board_of_move[i] = (uint32_t)(i % 3);
    unfence(&f);
}

/* The other checked functions take NULL for any pointer. */
static void other_nulls(void)
{
    seebatch_board board;
    seebatch_move move;
    seebatch_config config;
    seebatch_error error;
    seebatch_board_from_fen(&board, position, NULL);
    CHECK_EQ(seebatch_board_from_fen(NULL, position, &error), SEEBATCH_ERROR_ARGUMENT,
             "NULL board");
    CHECK_EQ(seebatch_board_from_fen(&board, NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL FEN");
    CHECK_EQ(seebatch_board_validate(NULL, &error), SEEBATCH_ERROR_ARGUMENT, "validate NULL");
    CHECK_EQ(seebatch_move_parse(NULL, "d3e5", &move, &error), SEEBATCH_ERROR_ARGUMENT,
             "parse NULL board");
    CHECK_EQ(seebatch_move_parse(&board, NULL, &move, &error), SEEBATCH_ERROR_ARGUMENT,
             "parse NULL text");
    CHECK_EQ(seebatch_move_parse(&board, "d3e5", NULL, &error), SEEBATCH_ERROR_ARGUMENT,
             "parse NULL move");
    CHECK_EQ(seebatch_move_check(NULL, 0, &error), SEEBATCH_ERROR_ARGUMENT,
             "move_check NULL board");
    seebatch_rules rules_made;
    CHECK_EQ(seebatch_rules_init(&rules_made, NULL, &error), SEEBATCH_ERROR_ARGUMENT,
             "rules of a NULL config");
    CHECK_EQ(seebatch_config_preset(NULL, &config, &error), SEEBATCH_ERROR_ARGUMENT,
             "NULL preset name");
    CHECK_EQ(seebatch_config_preset("classic", NULL, &error), SEEBATCH_ERROR_ARGUMENT,
             "NULL config");
    CHECK_EQ(seebatch_backend_set(NULL, &error), SEEBATCH_ERROR_ARGUMENT, "NULL backend name");
    static const char *const names[] = {
        "ok",       "bad argument",      "bad FEN",    "inconsistent board",
        "bad move", "bad configuration", "bad backend"};
    for (int status = SEEBATCH_OK; status <= SEEBATCH_ERROR_BACKEND; status++)
        CHECK(strcmp(seebatch_status_name((seebatch_status)status), names[status]) == 0,
              "status %d is \"%s\"", status, seebatch_status_name((seebatch_status)status));
    CHECK(strcmp(seebatch_status_name((seebatch_status)99), "unknown status") == 0,
          "name of an unknown status");
    CHECK(seebatch_status_name((seebatch_status)-1) != NULL, "name of a negative status");
}

int main(void)
{
    static edges e;
    setup(&e);
    one_board_nulls(&e);
    last_index_named(&e);
    multi_nulls_and_counts(&e);
    board_index_edges(&e);
    index_equal_to_count_everywhere(&e);
    other_nulls();
    return check_finish("test_checked_edges");
}
