/*
 * The reference kernel against the independent oracle (tests/support/oracle.c)
 * on every capture of 100,000 positions from random games and every move of
 * random dense boards, under the classic values with every flag combination,
 * the stockfish preset and unusual values; through one-board batches,
 * multi-board batches (so pins are recomputed when the board changes) and the
 * threshold test. Every backend this machine runs is then compared on the
 * same moves through the public API. A mismatch prints the FEN, the move, the
 * configuration and both values, ready for a regression test.
 */
#include <stdlib.h>

#include "check.h"
#include "kernel.h"
#include "oracle.h"
#include "position_generator.h"
#include "random_boards.h"
#include "seebatch.h"

enum { GAME_POSITIONS = 100000, DENSE_BOARDS = 4000, MULTI_BOARDS = 8, MISMATCHES_SHOWN = 20 };

/* SEEBATCH_TEST_SCALE scales the number of cases (tests/run_all.sh runs the
 * sanitizer build with 0.1). */
static int scaled(int count)
{
    const char *text = getenv("SEEBATCH_TEST_SCALE");
    double scale = text ? atof(text) : 1.0;
    if (!(scale > 0))
        scale = 1.0;
    int n = (int)(count * scale);
    return n > 0 ? n : 1;
}

static seebatch_config configs[16];
static int config_count;
static long mismatches;

static void add_config(int32_t p, int32_t n, int32_t b, int32_t r, int32_t q, uint32_t flags)
{
    configs[config_count++] = (seebatch_config){{p, n, b, r, q}, flags};
}

static void make_configs(void)
{
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++)
        add_config(100, 325, 325, 500, 1000, flags);
    configs[config_count++] = seebatch_config_stockfish();
}

/* Unusual values, used on the dense boards only. */
static void add_unusual_configs(void)
{
    add_config(0, 0, 0, 0, 0, SEEBATCH_PINS | SEEBATCH_PROMOTIONS);
    add_config(100, 100, 100, 100, 100, SEEBATCH_PINS | SEEBATCH_PROMOTIONS);
    add_config(4000000, 4000000, 4000000, 4000000, 4000000, SEEBATCH_PROMOTIONS);
    add_config(1000, 500, 500, 325, 100, SEEBATCH_PINS | SEEBATCH_PROMOTIONS);
    add_config(4000000, 1, 2, 3, 0, SEEBATCH_PROMOTIONS);
    add_config(1, 3999999, 17, 4000000, 4000000, SEEBATCH_ALL_FLAGS);
}

static void report(const char *how, const seebatch_board *board, seebatch_move move,
                   const seebatch_config *config, int32_t reference, int32_t oracle)
{
    check_count++;
    if (reference == oracle)
        return;
    check_failures++;
    if (mismatches++ >= MISMATCHES_SHOWN)
        return;
    char fen[SEEBATCH_FEN_MAX], uci[SEEBATCH_UCI_MAX];
    seebatch_board_to_fen(board, fen, sizeof fen);
    seebatch_move_to_uci(move, uci);
    fprintf(stderr,
            "MISMATCH (%s): fen \"%s\" move %s kind %u values %d/%d/%d/%d/%d flags %u: "
            "reference %d, oracle %d\n",
            how, fen, uci, seebatch_move_kind(move), config->values[0], config->values[1],
            config->values[2], config->values[3], config->values[4], config->flags, reference,
            oracle);
}

/* All moves of one board under one configuration. */
static void compare_board(const seebatch_board *board, const seebatch_move *moves, size_t count,
                          const seebatch_config *config, uint64_t *random)
{
    int32_t reference[SEEBATCH_MAX_MOVES], oracle[SEEBATCH_MAX_MOVES];
    uint8_t passed[SEEBATCH_MAX_MOVES];
    see_batch batch = {board, NULL, moves, count, config};
    scalar_kernel.values(&batch, reference);
    for (size_t i = 0; i < count; i++) {
        oracle[i] = oracle_see_value(board, moves[i], config);
        report("values", board, moves[i], config, reference[i], oracle[i]);
    }

    /* The threshold test at a value the batch actually has, and next to it. */
    if (count > 0) {
        int32_t threshold = oracle[random_next(random) % count] + (int32_t)(random_next(random) % 3) - 1;
        scalar_kernel.values_at_least(&batch, threshold, passed);
        for (size_t i = 0; i < count; i++)
            report("values_at_least", board, moves[i], config, passed[i], oracle[i] >= threshold);
    }
}

/* Interleaved moves of several boards in one batch. */
typedef struct multi_batch {
    seebatch_board boards[MULTI_BOARDS];
    uint32_t board_of_move[MULTI_BOARDS * SEEBATCH_MAX_MOVES];
    seebatch_move moves[MULTI_BOARDS * SEEBATCH_MAX_MOVES];
    size_t board_count, count;
} multi_batch;

static void multi_add(multi_batch *multi, const seebatch_board *board, const seebatch_move *moves,
                      size_t count)
{
    uint32_t index = (uint32_t)multi->board_count++;
    multi->boards[index] = *board;
    for (size_t i = 0; i < count; i++) {
        multi->moves[multi->count] = moves[i];
        multi->board_of_move[multi->count++] = index;
    }
}

static void compare_multi(multi_batch *multi, const seebatch_config *config, uint64_t *random)
{
    /* Shuffle, so that the board changes from one move to the next. */
    for (size_t i = multi->count; i > 1; i--) {
        size_t j = random_next(random) % i;
        seebatch_move move = multi->moves[i - 1];
        uint32_t board = multi->board_of_move[i - 1];
        multi->moves[i - 1] = multi->moves[j];
        multi->board_of_move[i - 1] = multi->board_of_move[j];
        multi->moves[j] = move;
        multi->board_of_move[j] = board;
    }
    static int32_t values[MULTI_BOARDS * SEEBATCH_MAX_MOVES];
    see_batch batch = {multi->boards, multi->board_of_move, multi->moves, multi->count, config};
    scalar_kernel.values(&batch, values);
    for (size_t i = 0; i < multi->count; i++) {
        const seebatch_board *board = &multi->boards[multi->board_of_move[i]];
        report("multi-board values", board, multi->moves[i], config, values[i],
               oracle_see_value(board, multi->moves[i], config));
    }
}

/* Every backend through the public API on the same moves. */
static void compare_backends(const seebatch_board *board, const seebatch_move *moves, size_t count,
                             const seebatch_config *config, const char **backends, size_t backend_count)
{
    for (size_t b = 0; b < backend_count; b++) {
        seebatch_backend_set(backends[b], NULL);
        int32_t values[SEEBATCH_MAX_MOVES];
        seebatch_see_values(board, moves, count, config, values);
        for (size_t i = 0; i < count; i++)
            report(backends[b], board, moves[i], config, values[i], oracle_see_value(board, moves[i], config));
    }
}

int main(void)
{
    make_configs();
    const char *backends[8];
    size_t backend_count = seebatch_backends_available(backends, 8);
    if (backend_count > 8)
        backend_count = 8;
    uint64_t random = 0x0AC1Eull;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    static multi_batch multi;

    position_generator generator;
    position_generator_init(&generator, 7);
    long game_moves = 0;
    int game_positions = scaled(GAME_POSITIONS), dense_boards = scaled(DENSE_BOARDS);
    for (int p = 0; p < game_positions; p++) {
        seebatch_board board;
        position_generator_next(&generator, &board);
        size_t count = seebatch_generate_captures(&board, moves);
        game_moves += (long)count;
        for (int c = 0; c < config_count; c++)
            compare_board(&board, moves, count, &configs[c], &random);
        if (p % 100 == 0)
            compare_backends(&board, moves, count, &configs[p / 100 % config_count], backends, backend_count);
        multi_add(&multi, &board, moves, count);
        if (multi.board_count == MULTI_BOARDS) {
            compare_multi(&multi, &configs[p % config_count], &random);
            multi.board_count = multi.count = 0;
        }
    }

    add_unusual_configs();
    uint64_t dense = 0xB0A4D5ull;
    long dense_moves = 0;
    for (int b = 0; b < dense_boards; b++) {
        seebatch_board board;
        random_dense_board(&dense, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        dense_moves += (long)count;
        for (int c = 0; c < config_count; c++)
            compare_board(&board, moves, count, &configs[c], &random);
        if (b % 10 == 0)
            compare_backends(&board, moves, count, &configs[b / 10 % config_count], backends, backend_count);
        multi_add(&multi, &board, moves, count);
        if (multi.board_count == MULTI_BOARDS) {
            compare_multi(&multi, &configs[b % config_count], &random);
            multi.board_count = multi.count = 0;
        }
    }

    printf("%d game positions (%ld captures), %d dense boards (%ld moves), %d configurations\n",
           game_positions, game_moves, dense_boards, dense_moves, config_count);
    if (mismatches > MISMATCHES_SHOWN)
        fprintf(stderr, "... %ld mismatches in all\n", mismatches);
    return check_finish("test_oracle");
}
