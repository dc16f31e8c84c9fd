/*
 * The differential harness (DESIGN §3): every backend this machine runs (the
 * scalar one as each of its walks) and the slow oracle against the
 * reference (seebatch_reference_backend), exact values and threshold
 * tests, on
 *   - every capture, promotion and en passant, and a sample of quiet moves, of
 *     positions from random games;
 *   - every SEE-relevant move of random dense boards (batteries, pins, long
 *     exchanges, several kings);
 *   - every batch length 0..70, on one board and on mixed boards, pins
 *     worked out and given;
 *   - every case above once more in batches that mix boards;
 *   - every valid flag combination (all but those setting both promotion
 *     rules), the stockfish preset and unusual values;
 *   - every case of tests/data/regressions.txt (each mismatch ever found);
 *   - every batch through the public calls, so through auto, which serves
 *     each call of a learning shape from the next backend in turn here.
 * A mismatch prints the case in the regression-file form and fails the test.
 */
#include <stdlib.h>
#include <string.h>

#include "auto/learning.h"
#include "check.h"
#include "differential.h"
#include "position_generator.h"
#include "random_boards.h"

enum { GAME_POSITIONS = 100000, DENSE_BOARDS = 4000, LANES_REQUIRED = 10000000, QUIET_SAMPLE = 4 };

static seebatch_config configs[48];
static seebatch_rules prepared[48]; /* configs[c] prepared, as the kernels read it */
static int config_count;

static void add_config(int32_t p, int32_t n, int32_t b, int32_t r, int32_t q, uint32_t flags)
{
    configs[config_count++] = (seebatch_config){{p, n, b, r, q}, flags};
}

/* The contract allows one promotion rule at most (rule 6). */
static bool one_promotion_rule(uint32_t flags)
{
    return !((flags & SEEBATCH_PROMOTIONS) && (flags & SEEBATCH_MOVE_PROMOTION_ONLY));
}

static void make_configs(void)
{
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++)
        if (one_promotion_rule(flags))
            add_config(100, 325, 325, 500, 1000, flags);
    configs[config_count++] = seebatch_config_stockfish();
    const uint32_t pins = SEEBATCH_PINS, every = SEEBATCH_PROMOTIONS,
                   own = SEEBATCH_MOVE_PROMOTION_ONLY, stop = SEEBATCH_STOP_WHEN_AHEAD;
    const int32_t max = SEEBATCH_VALUE_MAX;
    add_config(208, 781, 825, 1276, 2538, pins | stop);
    add_config(0, 0, 0, 0, 0, pins | every);
    add_config(0, 0, 0, 0, 0, pins | own | stop);
    add_config(100, 100, 100, 100, 100, pins | every | stop);
    add_config(100, 100, 100, 100, 100, own);
    add_config(max, max, max, max, max, every | stop);
    add_config(max, max, max, max, max, own);
    add_config(1000, 500, 500, 325, 100, pins | stop);
    add_config(1000, 500, 500, 325, 100, own);
    add_config(1, max - 1, 17, max, 0, SEEBATCH_ALL_FLAGS & ~own);
    add_config(1, max - 1, 17, max, 0, SEEBATCH_ALL_FLAGS & ~every);
    for (int c = 0; c < config_count; c++)
        CHECK_EQ(seebatch_rules_init(&prepared[c], &configs[c], NULL), SEEBATCH_OK, "config %d", c);
}

/* Configurations rotate over positions, so that each position is compared
 * under about `per_position` of them and each configuration meets every
 * kind of position: the stride between those a position takes. */
static int rotation_stride(int per_position)
{
    return (config_count + per_position - 1) / per_position;
}

/* The captures and promotions of a position, and every QUIET_SAMPLE-th quiet move. */
static size_t game_moves(const seebatch_board *board, seebatch_move *moves, uint64_t *random)
{
    size_t count = seebatch_generate_captures(board, moves);
    seebatch_move all[SEEBATCH_MAX_MOVES];
    size_t all_count = seebatch_generate_moves(board, all);
    uint64_t occupied = board->colors[0] | board->colors[1];
    size_t offset = random_next(random) % QUIET_SAMPLE;
    for (size_t i = offset; i < all_count; i += QUIET_SAMPLE) {
        unsigned to = seebatch_move_to(all[i]), kind = seebatch_move_kind(all[i]);
        bool quiet = !((occupied >> to) & 1) && kind != SEEBATCH_MOVE_EN_PASSANT &&
                     (kind == SEEBATCH_MOVE_NORMAL || kind == SEEBATCH_MOVE_CASTLING);
        if (quiet)
            moves[count++] = all[i];
    }
    return count;
}

/* A pool of (board, move) cases from many positions, for batches that mix boards. */
enum { POOL_BOARDS = 512, POOL_MOVES = 4096 };
typedef struct case_pool {
    seebatch_board boards[POOL_BOARDS];
    seebatch_pins pins[POOL_BOARDS]; /* each board's, for batches that are given them */
    uint32_t board_of_move[POOL_MOVES];
    seebatch_move moves[POOL_MOVES];
    size_t board_count, count;
} case_pool;

static void pool_add(case_pool *pool, const seebatch_board *board, const seebatch_move *moves,
                     size_t count)
{
    if (pool->board_count == POOL_BOARDS)
        return;
    uint32_t index = (uint32_t)pool->board_count++;
    pool->boards[index] = *board;
    seebatch_pins_compute(board, &pool->pins[index]);
    for (size_t i = 0; i < count && pool->count < POOL_MOVES; i++) {
        pool->moves[pool->count] = moves[i];
        pool->board_of_move[pool->count++] = index;
    }
}

/* Shuffles the pool so neighbouring lanes name different boards. */
static void pool_shuffle(case_pool *pool, uint64_t *random)
{
    random_shuffle_moves(pool->moves, pool->board_of_move, pool->count, random);
}

/* Every position's and dense board's cases once more in batches that mix
 * boards, so that the many-board path (pins tested in lanes of many boards)
 * meets every kind of position, not only the first few hundred: a second
 * pool filled as the cases come, then shuffled, compared under the next
 * MIXED_CONFIGS configurations in turn and emptied. */
enum { MIXED_CONFIGS = 4 };
typedef struct mixed_cases {
    case_pool pool;
    int next_config;
} mixed_cases;

static void compare_mixed(differential *check, mixed_cases *mixed, uint64_t *random)
{
    case_pool *pool = &mixed->pool;
    pool_shuffle(pool, random);
    for (int k = 0; k < MIXED_CONFIGS; k++) {
        int c = mixed->next_config;
        mixed->next_config = (c + 1) % config_count;
        for (size_t start = 0; start < pool->count; start += DIFFERENTIAL_MAX_BATCH) {
            size_t left = pool->count - start;
            see_batch batch = {
                pool->boards,        pool->board_of_move + start,
                pool->moves + start, left < DIFFERENTIAL_MAX_BATCH ? left : DIFFERENTIAL_MAX_BATCH,
                &prepared[c],        NULL};
            differential_compare(check, &batch, &configs[c]);
        }
    }
    pool->board_count = pool->count = 0;
}

static void mixed_add(differential *check, mixed_cases *mixed, const seebatch_board *board,
                      const seebatch_move *moves, size_t count, uint64_t *random)
{
    case_pool *pool = &mixed->pool;
    if (pool->board_count == POOL_BOARDS || pool->count + count > POOL_MOVES)
        compare_mixed(check, mixed, random);
    pool_add(pool, board, moves, count);
}

/* A batch as it comes, then given its boards' pins. */
static void compare_both_pin_modes(differential *check, see_batch *batch, const seebatch_pins *pins,
                                   const seebatch_config *config)
{
    differential_compare(check, batch, config);
    batch->pins = pins;
    differential_compare(check, batch, config);
}

/* Batches of one length under configuration c: mixed boards, and one
 * board's moves repeated; pins worked out and given. */
enum { LONGEST_BATCH = 70 };
static void compare_batch_length(differential *check, const case_pool *pool, int c, size_t length)
{
    for (size_t start = 0; start + length <= pool->count; start += 997) {
        see_batch mixed = {pool->boards,        pool->board_of_move + start,
                           pool->moves + start, length,
                           &prepared[c],        NULL};
        compare_both_pin_modes(check, &mixed, pool->pins, &configs[c]);
    }
    seebatch_move repeated[LONGEST_BATCH];
    uint32_t index = pool->board_of_move[c];
    for (size_t i = 0, j = 0; i < length; i++, j++) {
        while (pool->board_of_move[j % pool->count] != index)
            j++;
        repeated[i] = pool->moves[j % pool->count];
    }
    see_batch one = {&pool->boards[index], NULL, repeated, length, &prepared[c], NULL};
    compare_both_pin_modes(check, &one, &pool->pins[index], &configs[c]);
}

/* Every batch length 0..LONGEST_BATCH under every configuration. The later
 * stages (SEEBATCH_TEST_SCALE below 1; this took half the test's time under
 * AddressSanitizer there) take a quarter of the configurations at each
 * length, in turn, shifted every 8 lengths: each configuration still meets
 * every length's remainder by 4 and by 8, the kernels' groups of lanes. */
static void compare_batch_lengths(differential *check, const case_pool *pool)
{
    const size_t stride = at_full_scale() ? 1 : 4;
    for (size_t length = 0; length <= LONGEST_BATCH; length++)
        for (size_t c = (length + length / 8) % stride; c < (size_t)config_count; c += stride)
            compare_batch_length(check, pool, (int)c, length);
}

/* Batches given their boards' pins (a seebatch_batch with pins):
 * every backend as the reference given them, and that reference as the one
 * that works them out. The later stages take each batch under a quarter of
 * the configurations, in turn. */
static void compare_given_pins(differential *check, const case_pool *pool)
{
    const size_t stride = at_full_scale() ? 1 : 4;
    for (int c = 0; c < config_count; c++) {
        for (size_t start = (size_t)c % stride * DIFFERENTIAL_MAX_BATCH; start < pool->count;
             start += stride * DIFFERENTIAL_MAX_BATCH) {
            size_t left = pool->count - start;
            size_t length = left < DIFFERENTIAL_MAX_BATCH ? left : DIFFERENTIAL_MAX_BATCH;
            see_batch given = {pool->boards,        pool->board_of_move + start,
                               pool->moves + start, length,
                               &prepared[c],        pool->pins};
            differential_compare(check, &given, &configs[c]);
            see_batch worked_out = given;
            worked_out.pins = NULL;
            int32_t with_given[DIFFERENTIAL_MAX_BATCH], with_worked_out[DIFFERENTIAL_MAX_BATCH];
            seebatch_reference_backend.values(&given, with_given);
            seebatch_reference_backend.values(&worked_out, with_worked_out);
            CHECK(memcmp(with_given, with_worked_out, length * sizeof *with_given) == 0,
                  "configuration %d, moves %zu..: given pins change the reference's answers", c,
                  start);
        }
    }
}

/* Given pins are the ones read: given none at all, every backend answers
 * as without the pin rule, which differs on some of the pool's moves. */
static void given_pins_are_read(const differential *check, const case_pool *pool)
{
    static seebatch_pins none[POOL_BOARDS];
    seebatch_config stockfish = seebatch_config_stockfish();
    seebatch_rules with_pins, without;
    seebatch_rules_init(&with_pins, &stockfish, NULL);
    stockfish.flags &= ~(uint32_t)SEEBATCH_PINS;
    seebatch_rules_init(&without, &stockfish, NULL);
    size_t differing = 0;
    for (size_t start = 0; start < pool->count; start += DIFFERENTIAL_MAX_BATCH) {
        size_t left = pool->count - start;
        size_t length = left < DIFFERENTIAL_MAX_BATCH ? left : DIFFERENTIAL_MAX_BATCH;
        see_batch pinned = {pool->boards,        pool->board_of_move + start,
                            pool->moves + start, length,
                            &with_pins,          NULL};
        see_batch unpinned = pinned, none_given = pinned;
        unpinned.rules = &without;
        none_given.pins = none;
        int32_t worked_out[DIFFERENTIAL_MAX_BATCH], rule_off[DIFFERENTIAL_MAX_BATCH],
            answers[DIFFERENTIAL_MAX_BATCH];
        seebatch_reference_backend.values(&pinned, worked_out);
        seebatch_reference_backend.values(&unpinned, rule_off);
        for (size_t i = 0; i < length; i++)
            differing += worked_out[i] != rule_off[i];
        for (size_t k = 0; k <= check->kernel_count; k++) {
            const see_backend *kernel = k ? check->kernels[k - 1] : &seebatch_reference_backend;
            kernel->values(&none_given, answers);
            CHECK(memcmp(answers, rule_off, length * sizeof *answers) == 0,
                  "%s, moves %zu..: given empty pins, answers differ from the rule's absence",
                  kernel->name, start);
        }
    }
    CHECK(differing > 0, "no move of the pool where the pin rule changes the answer");
    printf("given pins: %zu of %zu moves change with the pin rule\n", differing, pool->count);
}

static void compare_regressions(differential *check)
{
    const char *directory = getenv("SEEBATCH_TEST_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/regressions.txt", directory ? directory : "tests/data");
    FILE *file = fopen(path, "r");
    CHECK(file != NULL, "cannot open %s", path);
    if (!file)
        return;
    char line[1024];
    int number = 0, cases = 0;
    while (fgets(line, sizeof line, file)) {
        number++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0' || line[0] == '#')
            continue;
        differential_case one;
        char message[SEEBATCH_MESSAGE_SIZE + 32];
        bool parsed = differential_parse_case(line, &one, message, sizeof message);
        CHECK(parsed, "%s:%d: %s", path, number, message);
        if (!parsed)
            continue;
        seebatch_rules rules;
        seebatch_rules_init(&rules, &one.config, NULL);
        see_batch batch = {&one.board, NULL, &one.move, 1, &rules, NULL};
        CHECK_EQ(differential_compare(check, &batch, &one.config), 0, "%s:%d", path, number);
        cases++;
    }
    fclose(file);
    printf("regressions: %d cases replayed\n", cases);
}

/* A kernel that is wrong on purpose: the reference, off by one on lane 1. */
static void off_by_one_values(const see_batch *batch, int32_t *values)
{
    seebatch_reference_backend.values(batch, values);
    if (batch->count > 1)
        values[1] += 1;
}

static void reference_threshold_test(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    seebatch_reference_backend.see_ge(batch, threshold, passed);
}

/* The harness must see that kernel's mistake, and print the case so that it
 * parses back to the same board and move. */
static void harness_catches_a_wrong_kernel(void)
{
    static const see_backend wrong = {"wrong", off_by_one_values, reference_threshold_test, 0, NULL,
                                      false};
    differential check;
    differential_init(&check, false, tmpfile());
    CHECK(check.report != NULL, "tmpfile");
    if (!check.report)
        return;
    /* Beside the backends, never over them: the scalar walks among them
     * are the ones the harness's own walk calls take in turn. */
    check.kernels[check.kernel_count++] = &wrong;
    seebatch_board board;
    seebatch_board_from_fen(&board, "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
                            NULL);
    seebatch_move moves[2];
    seebatch_move_parse(&board, "d3e5", &moves[0], NULL);
    seebatch_move_parse(&board, "e2e5", &moves[1], NULL);
    seebatch_config classic = seebatch_config_classic();
    seebatch_rules rules;
    seebatch_rules_init(&rules, &classic, NULL);
    see_batch batch = {&board, NULL, moves, 2, &rules, NULL};
    CHECK_EQ(differential_compare(&check, &batch, &classic), 1, "one wrong lane, one mismatch");

    rewind(check.report);
    char line[512] = "", case_line[512] = "";
    while (fgets(line, sizeof line, check.report))
        if (line[0] == ' ')
            snprintf(case_line, sizeof case_line, "%s", line + 2);
    case_line[strcspn(case_line, "\n")] = '\0';
    differential_case parsed;
    char message[SEEBATCH_MESSAGE_SIZE + 32] = "";
    CHECK(differential_parse_case(case_line, &parsed, message, sizeof message),
          "printed case \"%s\" parses: %s", case_line, message);
    CHECK(parsed.move == moves[1] &&
              memcmp(&parsed.board.pieces, &board.pieces, sizeof board.pieces) == 0,
          "printed case is the wrong lane: %s", case_line);
    fclose(check.report);
}

/* The regression file takes every flag, and refuses two promotion rules
 * together with the validation's words, as it refuses flags no rule uses. */
static void parser_reads_flags(void)
{
    static const char promotion[] = "r6k/1P6/8/8/8/8/8/7K w - - 0 1;b7a8q;4;100,325,325,500,1000;";
    char line[256], message[SEEBATCH_MESSAGE_SIZE + 32] = "";
    differential_case parsed;
    const uint32_t valid = SEEBATCH_MOVE_PROMOTION_ONLY | SEEBATCH_STOP_WHEN_AHEAD | SEEBATCH_PINS;
    snprintf(line, sizeof line, "%s%u", promotion, valid);
    CHECK(differential_parse_case(line, &parsed, message, sizeof message), "%s: %s", line, message);
    CHECK_EQ(parsed.config.flags, valid, "%s", line);
    snprintf(line, sizeof line, "%s%d", promotion,
             SEEBATCH_PROMOTIONS | SEEBATCH_MOVE_PROMOTION_ONLY);
    CHECK(!differential_parse_case(line, &parsed, message, sizeof message), "%s accepted", line);
    CHECK(strstr(message, "flags 10: SEEBATCH_PROMOTIONS and SEEBATCH_MOVE_PROMOTION_ONLY are two "
                          "promotion rules: set one") != NULL,
          "message: %s", message);
    snprintf(line, sizeof line, "%s%d", promotion, SEEBATCH_ALL_FLAGS + 1);
    CHECK(!differential_parse_case(line, &parsed, message, sizeof message), "%s accepted", line);
    CHECK(strstr(message, "malformed flags") != NULL, "message: %s", message);
}

/* Auto served the long many-board calls from every backend this machine runs. */
static void auto_switched(void)
{
    seebatch_auto_shape shapes[SEEBATCH_CALL_SHAPES];
    seebatch_auto_report(shapes, SEEBATCH_CALL_SHAPES);
    size_t switching = 0;
    for (size_t s = 0; s < SEEBATCH_CALL_SHAPES; s++) {
        unsigned long long calls = 0;
        for (size_t b = 0; b < shapes[s].backend_count; b++)
            calls += shapes[s].backends[b].calls;
        if (!shapes[s].learns || calls < 2 * shapes[s].backend_count)
            continue;
        switching++;
        for (size_t b = 0; b < shapes[s].backend_count; b++)
            CHECK(shapes[s].backends[b].calls > 0, "auto served %s from %s", shapes[s].shape,
                  shapes[s].backends[b].name);
    }
    CHECK(switching > 0 || seebatch_backends_available(NULL, 0) < 2 || getenv("SEEBATCH_BACKEND"),
          "auto switched backends on some call shape");
}

int main(void)
{
    seebatch_learning_rotate(true);
    harness_catches_a_wrong_kernel();
    parser_reads_flags();
    make_configs();
    differential check;
    differential_init(&check, true, stderr);
    uint64_t random = 0xD1FFull;
    seebatch_move moves[SEEBATCH_MAX_MOVES];
    static case_pool pool;
    static mixed_cases mixed;

    /* The later stages, which take a tenth of the positions, compare each
     * under fewer configurations too (two a position and six a board, not
     * five and fourteen): each configuration still meets hundreds of
     * positions and dozens of boards. */
    const bool full = at_full_scale();
    const int game_stride = rotation_stride(full ? 5 : 2),
              dense_stride = rotation_stride(full ? 14 : 6);
    position_generator generator;
    position_generator_init(&generator, 11);
    int positions = scaled(GAME_POSITIONS);
    for (int p = 0; p < positions; p++) {
        seebatch_board board;
        position_generator_next(&generator, &board);
        size_t count = game_moves(&board, moves, &random);
        /* Every capture under every configuration would be a pass per
         * configuration; they rotate instead, four or five per position. */
        for (int c = p % game_stride; c < config_count; c += game_stride)
            differential_compare_moves(&check, &board, moves, count, &configs[c]);
        /* The fixed pool keeps a quarter of its boards for dense ones. */
        if (pool.board_count < POOL_BOARDS * 3 / 4)
            pool_add(&pool, &board, moves, count);
        mixed_add(&check, &mixed, &board, moves, count, &random);
    }

    uint64_t dense = 0xDE45Eull;
    for (int b = 0; b < scaled(DENSE_BOARDS); b++) {
        seebatch_board board;
        random_dense_board(&dense, &board);
        size_t count = random_board_moves(&board, moves, SEEBATCH_MAX_MOVES);
        for (int c = b % dense_stride; c < config_count; c += dense_stride)
            differential_compare_moves(&check, &board, moves, count, &configs[c]);
        if (b % 8 == 0)
            pool_add(&pool, &board, moves, count);
        mixed_add(&check, &mixed, &board, moves, count, &random);
    }
    if (mixed.pool.count)
        compare_mixed(&check, &mixed, &random);

    pool_shuffle(&pool, &random);
    compare_batch_lengths(&check, &pool);
    compare_given_pins(&check, &pool);
    given_pins_are_read(&check, &pool);
    compare_regressions(&check);

    char backends[256];
    differential_describe(&check, backends, sizeof backends);
    printf("compared: %s\n", backends);
    printf("lanes: %llu kernel lanes (%llu per kernel), %llu oracle lanes, %llu mismatches\n",
           check.lanes, check.kernel_count ? check.lanes / check.kernel_count : 0,
           check.oracle_lanes, check.mismatches);
    CHECK_EQ(check.mismatches, 0, "see the MISMATCH lines above");
    auto_switched();
    /* Every runnable backend is compared, the scalar one as each of its
     * walks this machine runs (the last of the backends). */
    const char *names[DIFFERENTIAL_MAX_KERNELS];
    size_t available = seebatch_backends_available(names, DIFFERENTIAL_MAX_KERNELS);
    const see_backend *walks[2];
    size_t walk_count = seebatch_scalar_walks(walks);
    CHECK_EQ(check.kernel_count, available - 1 + walk_count, "backends compared");
    for (size_t k = 0; k < check.kernel_count; k++) {
        const char *expected = k + 1 < available ? names[k] : walks[k + 1 - available]->name;
        CHECK(strcmp(check.kernels[k]->name, expected) == 0, "compared %s, expected %s",
              check.kernels[k]->name, expected);
    }
    CHECK(walk_count >= 1 && strcmp(walks[0]->name, "scalar (portable)") == 0,
          "the portable walk runs everywhere");
    /* Every kernel sees every batch, so each compared lanes / kernel_count. */
    CHECK(check.lanes / check.kernel_count >= (unsigned long long)scaled(LANES_REQUIRED),
          "only %llu lanes compared per kernel", check.lanes / check.kernel_count);
    return check_finish("test_differential");
}
