/*
 * Hostile and odd input for the library, on every backend this machine runs.
 * Nothing may crash, and nothing may come back as a silently wrong answer:
 *   - batches of length 0 (NULL arrays, as the header allows) and of 10
 *     million moves on one board, every value equal to the reference;
 *   - boards no game reaches: 32 queens, no kings, one colour everywhere;
 *   - moves that are illegal but meet the SEE preconditions get the value
 *     the contract defines (worked out by hand below); moves from an empty
 *     square or onto the mover's own piece are rejected, nothing written;
 *   - every kind of inconsistent board, bad configuration and threshold at
 *     the ends of int32 range;
 *   - text: FEN with trailing garbage, 1 MB of FEN or UCI text, control bytes.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "see_calls.h"
#include "differential.h"
#include "random_boards.h"

static const char *backend_names[8];
static size_t backend_count;
static differential harness;

static seebatch_board board_from(const char *fen)
{
    seebatch_board board;
    seebatch_error error;
    seebatch_status status = seebatch_board_from_fen(&board, fen, &error);
    CHECK_EQ(status, SEEBATCH_OK, "\"%s\": %s", fen, error.message);
    return board;
}

static seebatch_move move_on(const seebatch_board *board, const char *uci)
{
    seebatch_move move = 0;
    seebatch_error error;
    CHECK_EQ(seebatch_move_parse(board, uci, &move, &error), SEEBATCH_OK, "%s: %s", uci,
             error.message);
    return move;
}

/* The square named by two characters ("e4"). */
static int square_of(const char *name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

/* ---- empty batches ---- */

static void empty_batches(void)
{
    seebatch_board board = board_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    seebatch_config config = seebatch_config_classic();
    const int32_t thresholds[3] = {0, INT32_MIN, INT32_MAX};
    for (size_t b = 0; b < backend_count; b++) {
        seebatch_backend_set(backend_names[b], NULL);
        /* Pointers may be NULL when count is 0; nothing may be touched. */
        values_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, NULL, 0}, NULL);
        values_under(&config, &(seebatch_batch){NULL, 0, NULL, NULL, NULL, 0}, NULL);
        for (int t = 0; t < 3; t++) {
            values_ge_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, NULL, 0},
                            thresholds[t], NULL);
            values_ge_under(&config, &(seebatch_batch){NULL, 0, NULL, NULL, NULL, 0}, thresholds[t],
                            NULL);
        }
        seebatch_error error;
        CHECK_EQ(checked_values_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, NULL, 0},
                                      NULL, &error),
                 SEEBATCH_OK, "%s: %s", backend_names[b], error.message);
        CHECK_EQ(checked_values_under(&config, &(seebatch_batch){NULL, 0, NULL, NULL, NULL, 0},
                                      NULL, &error),
                 SEEBATCH_OK, "%s: %s", backend_names[b], error.message);
    }
}

/* ---- ten million moves on one board ---- */

enum { HUGE_BATCH = 10000000 };

static void huge_batch(void)
{
    /* A dense board with many moves of both colours, legal or not. */
    uint64_t state = 0xB16ull;
    seebatch_board board;
    seebatch_move distinct[SEEBATCH_MAX_MOVES];
    size_t distinct_count = 0;
    while (distinct_count < 40) {
        random_dense_board(&state, &board);
        distinct_count = random_board_moves(&board, distinct, SEEBATCH_MAX_MOVES);
    }
    seebatch_config config = seebatch_config_classic();
    config.flags = SEEBATCH_PINS | SEEBATCH_PROMOTIONS;
    seebatch_rules rules;
    seebatch_rules_init(&rules, &config, NULL);
    /* The reference, one move at a time. */
    int32_t reference[SEEBATCH_MAX_MOVES];
    for (size_t d = 0; d < distinct_count; d++) {
        see_batch one = {&board, NULL, &distinct[d], 1, &rules, NULL};
        seebatch_reference_backend.values(&one, &reference[d]);
    }

    size_t count = HUGE_BATCH;
    seebatch_move *moves = malloc(count * sizeof *moves);
    int32_t *values = malloc(count * sizeof *values);
    uint8_t *passed = malloc(count);
    CHECK(moves && values && passed, "cannot allocate %zu moves", count);
    if (!moves || !values || !passed)
        goto done;
    /* Neighbouring lanes hold unrelated moves. */
    for (size_t i = 0; i < count; i++)
        moves[i] = distinct[(i * 7919u) % distinct_count];

    for (size_t b = 0; b < backend_count; b++) {
        seebatch_backend_set(backend_names[b], NULL);
        memset(values, 0x55, count * sizeof *values);
        values_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, moves, count}, values);
        size_t wrong = 0;
        for (size_t i = 0; i < count; i++)
            wrong += values[i] != reference[(i * 7919u) % distinct_count];
        CHECK_EQ(wrong, 0, "%s: seebatch_values on %zu moves", backend_names[b], count);

        int32_t threshold = reference[distinct_count / 2];
        memset(passed, 2, count);
        values_ge_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, moves, count}, threshold,
                        passed);
        wrong = 0;
        for (size_t i = 0; i < count; i++)
            wrong += passed[i] != (reference[(i * 7919u) % distinct_count] >= threshold);
        CHECK_EQ(wrong, 0, "%s: seebatch_values_ge on %zu moves", backend_names[b], count);
    }

    /* The checked path walks every move first, then evaluates: on the moves
     * it accepts (those their pieces can make; the others it refuses). */
    seebatch_move possible[SEEBATCH_MAX_MOVES];
    int32_t possible_reference[SEEBATCH_MAX_MOVES];
    size_t possible_count = 0;
    for (size_t d = 0; d < distinct_count; d++) {
        seebatch_move move = distinct[d];
        if (possible_moves_only(&board, &move, 1) == 1) {
            possible_reference[possible_count] = reference[d];
            possible[possible_count++] = move;
        }
    }
    CHECK(possible_count > 0 && possible_count < distinct_count, "%zu of %zu moves possible",
          possible_count, distinct_count);
    for (size_t i = 0; i < count; i++)
        moves[i] = possible[(i * 7919u) % possible_count];
    memset(values, 0x55, count * sizeof *values);
    seebatch_error error;
    CHECK_EQ(checked_values_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, moves, count},
                                  values, &error),
             SEEBATCH_OK, "%s", error.message);
    size_t wrong = 0;
    for (size_t i = 0; i < count; i += 997)
        wrong += values[i] != possible_reference[(i * 7919u) % possible_count];
    CHECK_EQ(wrong, 0, "checked seebatch_values on %zu moves (sampled)", count);
    /* One bad move at the very end rejects the whole batch, nothing written. */
    moves[count - 1] = seebatch_move_make(0, 0, SEEBATCH_MOVE_NORMAL);
    memset(values, 0x55, count * sizeof *values);
    CHECK_EQ(checked_values_under(&config, &(seebatch_batch){&board, 1, NULL, NULL, moves, count},
                                  values, &error),
             SEEBATCH_ERROR_MOVE, "the last of %zu moves is bad", count);
    CHECK(strstr(error.message, "move 9999999") != NULL, "message \"%s\"", error.message);
    CHECK(values[0] == 0x55555555 && values[count - 1] == 0x55555555, "written on failure");
    printf("huge batch: %zu moves (%zu distinct) on %zu backends\n", count, distinct_count,
           backend_count);
done:
    free(moves);
    free(values);
    free(passed);
}

/* ---- boards no game reaches ---- */

/* Every backend and the oracle on every move the board offers. */
static void compare_everything(const seebatch_board *board, const seebatch_config *config,
                               const char *name)
{
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = random_board_moves(board, moves, SEEBATCH_MAX_MOVES);
    CHECK(count > 0, "%s: no moves", name);
    CHECK_EQ(differential_compare_moves(&harness, board, moves, count, config), 0,
             "%s: mismatches (above)", name);
}

static void odd_boards(void)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_config extreme = {{SEEBATCH_VALUE_MAX, SEEBATCH_VALUE_MAX, SEEBATCH_VALUE_MAX,
                                SEEBATCH_VALUE_MAX, SEEBATCH_VALUE_MAX},
                               SEEBATCH_ALL_FLAGS &
                                   ~(SEEBATCH_NORMAL_MOVES_ONLY | SEEBATCH_MOVE_PROMOTION_ONLY)};
    static const char queens[] = "qqqqqqqq/qqqqqqqq/8/8/8/8/QQQQQQQQ/QQQQQQQQ w - - 0 1";
    seebatch_board board = board_from(queens);
    char fen[SEEBATCH_FEN_MAX];
    seebatch_board_to_fen(&board, fen, sizeof fen);
    CHECK(strcmp(fen, queens) == 0, "32 queens write back as \"%s\"", fen);
    compare_everything(&board, &classic, "32 queens");
    compare_everything(&board, &extreme, "32 queens, extreme values");
    /* Qa2xa7: white has a1 (x-ray), f2 and g1 behind it, black b7, a8, b8
     * and the rank behind b7: equal trades until white runs out, and black
     * has the last word: 0. */
    CHECK_EQ(value_under(&classic, &board, move_on(&board, "a2a7")), 0, "32 queens: Qa2xa7");
    seebatch_move captures[SEEBATCH_MAX_MOVES];
    CHECK(seebatch_generate_captures(&board, captures) > 0, "32 queens have captures");

    /* No kings: nothing is ever in check; SEE is plain material. */
    board = board_from("8/8/8/3q4/4P3/8/8/8 w - - 0 1");
    CHECK_EQ(value_under(&classic, &board, move_on(&board, "e4d5")), 1000, "no kings: exd5");
    CHECK_EQ(value_under(&classic, &board, move_on(&board, "d5e4")), 100, "no kings: Qxe4");
    CHECK_EQ(seebatch_generate_captures(&board, captures), 1, "no kings: white's one capture");
    compare_everything(&board, &classic, "no kings");

    /* One colour on every square but one, and every square. */
    seebatch_board full = {{0}, {0}, 0, SEEBATCH_NO_SQUARE, 0, 0, 0, 1};
    full.pieces[SEEBATCH_QUEEN] = ~0ull;
    full.colors[SEEBATCH_WHITE] = ~0ull;
    CHECK_EQ(seebatch_board_validate(&full, NULL), SEEBATCH_OK, "64 white queens are consistent");
    CHECK_EQ(seebatch_generate_moves(&full, captures), 0, "64 white queens cannot move");
    full.colors[SEEBATCH_WHITE] ^= 1ull << 63;
    full.colors[SEEBATCH_BLACK] = 1ull << 63;
    /* Qg7xh8 with 62 white queens behind; black has nothing: +1000. */
    CHECK_EQ(value_under(&classic, &full, seebatch_move_make(54, 63, 0)), 1000, "Qxh8");
    CHECK_EQ(value_under(&classic, &full, seebatch_move_make(63, 54, 0)), 0,
             "Qh8xg7, then the recapture");
    compare_everything(&full, &classic, "63 white queens, one black");
}

/* ---- moves: illegal but defined, and rejected ---- */

typedef struct defined_case {
    const char *fen, *move;
    int32_t value;
    const char *why;
} defined_case;

/* Illegal moves that meet the SEE preconditions, with the values the
 * contract gives them, worked out by hand: the fast calls score them;
 * seebatch_check refuses the first four, which their pieces cannot make. */
static const defined_case defined_cases[] = {
    {"4k2r/8/8/8/8/8/8/N3K2q w - - 0 1", "a1h1", 675,
     "a knight 'captures' a queen seven files away; the rook on h8 takes back"},
    {"4k3/8/8/1b6/4P3/3n4/8/4K3 w - - 0 1", "e4d3", 225,
     "a pawn captures backwards; the bishop on b5 takes back"},
    {"3rk3/8/8/3q4/8/8/8/4K3 w - - 0 1", "e1d5", 1000,
     "a king takes a defended queen from afar: a king moving first is never taken"},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e8e1", 0,
     "the black king takes the white king from afar: a king is worth 0"},
    {"4r3/8/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3", 0,
     "a pinned bishop leaves the pin: a quiet move, SEE 0"},
};

static void defined_and_rejected_moves(void)
{
    seebatch_config classic = seebatch_config_classic();
    seebatch_rules classic_rules;
    seebatch_rules_init(&classic_rules, &classic, NULL);
    for (size_t c = 0; c < sizeof defined_cases / sizeof defined_cases[0]; c++) {
        const defined_case *d = &defined_cases[c];
        seebatch_board board = board_from(d->fen);
        seebatch_move move = seebatch_move_make(
            (unsigned)square_of(d->move), (unsigned)square_of(d->move + 2), SEEBATCH_MOVE_NORMAL);
        CHECK_EQ(seebatch_move_check(&board, move, NULL), SEEBATCH_OK, "%s", d->move);
        CHECK(!seebatch_move_is_legal(&board, move), "%s is legal after all", d->move);
        bool possible = c >= 4;
        for (size_t b = 0; b < backend_count; b++) {
            seebatch_backend_set(backend_names[b], NULL);
            int32_t value = 12345;
            seebatch_error error;
            CHECK_EQ(value_under(&classic, &board, move), d->value, "%s on %s (%s)", d->move,
                     backend_names[b], d->why);
            CHECK_EQ(
                checked_values_under(
                    &classic, &(seebatch_batch){&board, 1, NULL, NULL, &(seebatch_move){move}, 1},
                    &value, &error),
                possible ? SEEBATCH_OK : SEEBATCH_ERROR_MOVE, "%s: %s", d->move, error.message);
            CHECK(possible || strstr(error.message, "cannot reach"), "%s: \"%s\"", d->move,
                  error.message);
            CHECK_EQ(value, possible ? d->value : 12345, "%s on %s, checked", d->move,
                     backend_names[b]);
        }
        see_batch batch = {&board, NULL, &move, 1, &classic_rules, NULL};
        CHECK_EQ(differential_compare(&harness, &batch, &classic), 0, "%s", d->move);
    }

    /* A move onto a square of either king is still just a capture. Castling
     * by any king onto any rook of its own is 0, wherever the rook stands
     * (the check refuses castling with a5's rook, which no king makes). */
    seebatch_board board = board_from("4k3/8/8/R7/8/8/8/4K3 w - - 0 1");
    seebatch_move castling_far = seebatch_move_make(4, 32, SEEBATCH_MOVE_CASTLING);
    CHECK_EQ(value_under(&classic, &board, castling_far), 0,
             "castling is 0 wherever the rook stands");
    int32_t value = 12345;
    seebatch_error castling_error;
    CHECK_EQ(checked_values_under(&classic,
                                  &(seebatch_batch){&board, 1, NULL, NULL, &castling_far, 1},
                                  &value, &castling_error),
             SEEBATCH_ERROR_MOVE, "castling e1a5");
    CHECK(strstr(castling_error.message, "the king on e1 cannot castle with the rook on a5: a king "
                                         "castles on its first rank"),
          "castling e1a5: \"%s\"", castling_error.message);
    CHECK_EQ(value, 12345, "castling e1a5, checked: nothing written");

    /* Rejected: from an empty square, onto the mover's own piece, onto
     * itself, an unknown kind, castling by a pawn. Nothing is written. */
    board = board_from("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1");
    static const struct {
        unsigned from, to, kind;
        const char *fragment;
    } rejected[] = {
        {28, 36, 0, "no piece on the from-square e4"},
        {0, 4, 0, "the to-square e1 holds a white piece"},
        {12, 4, 0, "the to-square e1 holds a white piece"},
        {0, 0, 0, "the same square"},
        {0, 8, 7, "kind 7 is unknown"},
        {0, 8, 15, "kind 15 is unknown"},
        {12, 20, SEEBATCH_MOVE_CASTLING, "only a king castles"},
        {12, 20, SEEBATCH_MOVE_EN_PASSANT, "not on the sixth rank"},
    };
    for (size_t r = 0; r < sizeof rejected / sizeof rejected[0]; r++) {
        seebatch_move move = seebatch_move_make(rejected[r].from, rejected[r].to, rejected[r].kind);
        seebatch_error error;
        int32_t values[3] = {12345, 12345, 12345};
        seebatch_move batch[3] = {seebatch_move_make(0, 1, 0), seebatch_move_make(0, 2, 0), move};
        CHECK_EQ(checked_values_under(&classic, &(seebatch_batch){&board, 1, NULL, NULL, batch, 3},
                                      values, &error),
                 SEEBATCH_ERROR_MOVE, "case %zu", r);
        CHECK(strstr(error.message, "move 2") && strstr(error.message, rejected[r].fragment),
              "case %zu: message \"%s\" lacks \"%s\"", r, error.message, rejected[r].fragment);
        CHECK(values[0] == 12345 && values[1] == 12345 && values[2] == 12345,
              "case %zu: written on failure", r);
    }
}

/* ---- boards and configurations that break the rules ---- */

static void inconsistent_boards(void)
{
    seebatch_board good = board_from("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    seebatch_config classic = seebatch_config_classic();
    seebatch_move move = move_on(&good, "d3e5");
    struct {
        seebatch_board board;
        const char *fragment;
    } broken[9];
    for (int i = 0; i < 9; i++)
        broken[i].board = good;
    broken[0].board.pieces[SEEBATCH_KNIGHT] |= 1ull << 9; /* b2 holds a pawn */
    broken[0].fragment = "b2 is in both the pawn and knight";
    broken[1].board.pieces[SEEBATCH_QUEEN] |= 1ull << 28; /* e4 is empty */
    broken[1].fragment = "e4 has a piece (queen) but no colour";
    broken[2].board.colors[SEEBATCH_BLACK] |= 1ull << 28;
    broken[2].fragment = "e4 is in the black bitboard but has no piece";
    broken[3].board.colors[SEEBATCH_BLACK] |= 1ull << 9;
    broken[3].fragment = "b2 is in both the white and black";
    broken[4].board.side_to_move = 2;
    broken[4].fragment = "side to move is 2";
    broken[5].board.en_passant = 65;
    broken[5].fragment = "en passant is 65";
    broken[6].board.en_passant = 20; /* e3, with white to move */
    broken[6].fragment = "e3 is on the third rank but white is to move";
    broken[7].board.castling = 0x10;
    broken[7].fragment = "right K is not held but has a rook file";
    broken[8].board.reserved = 1;
    broken[8].fragment = "right Q is not held but has a rook file";
    for (int i = 0; i < 9; i++) {
        const seebatch_board *board = &broken[i].board;
        seebatch_error error;
        int32_t value = 12345;
        CHECK_EQ(checked_values_under(
                     &classic, &(seebatch_batch){board, 1, NULL, NULL, &(seebatch_move){move}, 1},
                     &value, &error),
                 SEEBATCH_ERROR_BOARD, "case %d", i);
        CHECK(strstr(error.message, broken[i].fragment) != NULL, "case %d: \"%s\" lacks \"%s\"", i,
              error.message, broken[i].fragment);
        CHECK_EQ(value, 12345, "case %d: written on failure", i);
        seebatch_board pair[2] = {good, *board};
        uint32_t board_of_move[1] = {1};
        CHECK_EQ(checked_values_under(&classic,
                                      &(seebatch_batch){pair, 2, NULL, board_of_move, &move, 1},
                                      &value, &error),
                 SEEBATCH_ERROR_BOARD, "case %d in a pair", i);
        CHECK(strstr(error.message, "board 1") != NULL, "case %d: \"%s\"", i, error.message);
        CHECK_EQ(value, 12345, "case %d: written on failure in a pair", i);
        /* A broken board that no move names is not looked at. */
        board_of_move[0] = 0;
        CHECK_EQ(checked_values_under(&classic,
                                      &(seebatch_batch){pair, 2, NULL, board_of_move, &move, 1},
                                      &value, &error),
                 SEEBATCH_OK, "case %d named by no move: %s", i, error.message);
        CHECK_EQ(value, value_under(&classic, &good, move), "case %d: the good board's value", i);
        char fen[SEEBATCH_FEN_MAX] = "unchanged";
        CHECK_EQ(seebatch_board_to_fen(board, fen, sizeof fen), 0, "case %d has no FEN", i);
        CHECK(fen[0] == '\0', "case %d: FEN buffer \"%s\"", i, fen);
    }

    static const seebatch_config bad_configs[] = {
        {{100, 325, 325, 500, INT32_MAX}, 0},
        {{-1, 325, 325, 500, 1000}, 0},
        {{100, 325, 325, SEEBATCH_VALUE_MAX + 1, 1000}, 0},
        {{100, 325, 325, 500, 1000}, SEEBATCH_ALL_FLAGS + 1},
        {{100, 325, 325, 500, 1000}, 0x80000000u},
        {{100, 325, 325, 500, 1000}, SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY},
    };
    for (size_t i = 0; i < sizeof bad_configs / sizeof bad_configs[0]; i++) {
        int32_t value = 12345;
        CHECK_EQ(
            checked_values_under(&bad_configs[i],
                                 &(seebatch_batch){&good, 1, NULL, NULL, &(seebatch_move){move}, 1},
                                 &value, NULL),
            SEEBATCH_ERROR_CONFIG, "configuration %zu", i);
        CHECK_EQ(value, 12345, "configuration %zu: written on failure", i);
    }
}

/* ---- thresholds at the ends of the range ---- */

static void extreme_thresholds(void)
{
    seebatch_board board = board_from("1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1");
    seebatch_config classic = seebatch_config_classic();
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
    int32_t values[SEEBATCH_MAX_MOVES];
    uint8_t passed[SEEBATCH_MAX_MOVES];
    seebatch_rules rules;
    seebatch_rules_init(&rules, &classic, NULL);
    see_batch batch = {&board, NULL, moves, count, &rules, NULL};
    seebatch_reference_backend.values(&batch, values);
    const int32_t thresholds[4] = {INT32_MIN, INT32_MIN + 1, INT32_MAX - 1, INT32_MAX};
    for (size_t b = 0; b < backend_count; b++) {
        seebatch_backend_set(backend_names[b], NULL);
        for (int t = 0; t < 4; t++) {
            values_ge_under(&classic, &(seebatch_batch){&board, 1, NULL, NULL, moves, count},
                            thresholds[t], passed);
            size_t wrong = 0;
            for (size_t i = 0; i < count; i++)
                wrong += passed[i] != (values[i] >= thresholds[t]) ||
                         value_ge_under(&classic, &board, moves[i], thresholds[t]) != passed[i];
            CHECK_EQ(wrong, 0, "%s, threshold %d", backend_names[b], thresholds[t]);
        }
    }
}

/* ---- text ---- */

static void hostile_text(void)
{
    seebatch_board board;
    seebatch_error error;
    static const struct {
        const char *fen, *fragment;
    } bad_fens[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1 trailing", "unexpected text after field 6"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "'x' is not a decimal number"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1;e1e2", "';' is not a decimal number"},
        {"4k3/8/8/8/8/8/8/4K3 w - -\r", "field 4"},
        {"4k3/8/8/8/8/8/8/4K3\x01w - - 0 1", "byte 0x01"},
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1\xff", "byte 0xff is not ASCII"},
        {"", "the FEN is empty"},
        {"   \t  ", "the FEN is empty"},
    };
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        CHECK_EQ(seebatch_board_from_fen(&board, bad_fens[i].fen, &error), SEEBATCH_ERROR_FEN,
                 "FEN %zu", i);
        CHECK(strstr(error.message, bad_fens[i].fragment) != NULL, "FEN %zu: \"%s\" lacks \"%s\"",
              i, error.message, bad_fens[i].fragment);
    }

    /* A megabyte of text: rejected without reading it all (the parsers stop
     * at 256 and 6 bytes), one line of message. */
    size_t size = 1 << 20;
    char *huge = malloc(size + 1);
    CHECK(huge != NULL, "no memory");
    if (!huge)
        return;
    memset(huge, 'q', size);
    huge[size] = '\0';
    CHECK_EQ(seebatch_board_from_fen(&board, huge, &error), SEEBATCH_ERROR_FEN, "1 MB of FEN");
    CHECK(strstr(error.message, "longer than 255 bytes") != NULL, "\"%s\"", error.message);
    board = board_from("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    memcpy(huge, "e1e2", 4);
    seebatch_move move = 0x5EE;
    CHECK_EQ(seebatch_move_parse(&board, huge, &move, &error), SEEBATCH_ERROR_MOVE, "1 MB of UCI");
    CHECK(strstr(error.message, "too long") != NULL, "\"%s\"", error.message);
    CHECK_EQ(move, 0x5EE, "move written on failure");
    free(huge);

    static const char *const bad_moves[] = {"e1e2\r", "e1e2 ",           "E1E2", "e1e9", "e1",
                                            "e1e2qq", "\x80\x80\x80\x80"};
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
        CHECK_EQ(seebatch_move_parse(&board, bad_moves[i], &move, &error), SEEBATCH_ERROR_MOVE,
                 "move text %zu", i);
        for (const char *c = error.message; *c; c++)
            CHECK((unsigned char)*c >= 0x20 && (unsigned char)*c < 0x7f,
                  "move text %zu: message byte 0x%02x", i, (unsigned char)*c);
    }
}

int main(void)
{
    backend_count = seebatch_backends_available(backend_names, 8);
    differential_init(&harness, true, stderr);
    empty_batches();
    huge_batch();
    odd_boards();
    defined_and_rejected_moves();
    inconsistent_boards();
    extreme_thresholds();
    hostile_text();
    seebatch_backend_set("auto", NULL);
    return check_finish("test_hostile");
}
