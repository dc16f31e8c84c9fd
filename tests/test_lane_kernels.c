/*
 * Checks aimed at what is particular to the lane kernels (lib/lanes/, for
 * AVX2 and AVX-512), beyond the differential harness, run over every
 * non-scalar kernel this CPU has:
 *
 *  - batches of every length 0..64 whose arrays (moves, board indices,
 *    values, pass flags) end right before an inaccessible page, or start
 *    right after one, for all four batch entry points: a kernel reads and
 *    writes four or eight lanes at a time and must never touch a byte
 *    outside them;
 *  - groups where some lanes take the general path (x-ray candidates, pins,
 *    promotions) and the others do not, in every arrangement, on one board
 *    and on one board per lane;
 *  - long x-ray batteries of both colours, which need many candidate slots;
 *  - many-board batches whose exchanges have very different lengths (one
 *    of eight captures at every place among one-capture ones, the reverse,
 *    and random mixes), so that the lanes of a group end at different
 *    steps, whatever the scheduling of lanes: the answers are checked
 *    against the scalar kernel and against values worked out by hand.
 *
 * The kernels are called directly, not through the public API, so that
 * batches of one and two moves (which the API hands to the scalar kernel)
 * still run in lanes here. A lane kernel this machine cannot run is a skip
 * (77 when none runs), and a failure if /proc/cpuinfo says it can run it.
 */
#include <stdlib.h>
#include <string.h>

#include "backend_requirements.h"
#include "check.h"
#include "auto/dispatch.h"
#include "fenced.h"
#include "position_generator.h"
#include "random_boards.h"
#include "seebatch.h"

enum { MAX_LENGTH = 64 };

static const see_backend *kernel; /* the lane kernel under test */

/* Values and threshold answers of one batch from one kernel. */
static void run_kernel(const see_backend *kernel, const seebatch_board *boards,
                       const uint32_t *board_of_move, const seebatch_move *moves, size_t count,
                       const seebatch_config *config, int32_t threshold, int32_t *values,
                       uint8_t *passed)
{
    seebatch_rules rules;
    seebatch_rules_init(&rules, config, NULL);
    see_batch batch = {boards, board_of_move, moves, count, &rules, NULL};
    kernel->values(&batch, values);
    kernel->see_ge(&batch, threshold, passed);
}

/* Runs one batch through the kernel under test with its arrays against a
 * fence, and compares with the scalar kernel. */
static void fenced_batch(const seebatch_board *boards, const uint32_t *board_of_move,
                         const seebatch_move *moves, size_t count, const seebatch_config *config,
                         int32_t threshold, int against_end)
{
    int32_t expected[MAX_LENGTH];
    uint8_t expected_passed[MAX_LENGTH];
    run_kernel(&seebatch_reference_backend, boards, board_of_move, moves, count, config, threshold,
               expected, expected_passed);

    fenced move_fence = fence(MAX_LENGTH * sizeof *moves),
           index_fence = fence(MAX_LENGTH * sizeof *board_of_move);
    fenced value_fence = fence(MAX_LENGTH * sizeof(int32_t)), pass_fence = fence(MAX_LENGTH);
    CHECK(move_fence.start && index_fence.start && value_fence.start && pass_fence.start,
          "mmap failed");
    if (!move_fence.start || !index_fence.start || !value_fence.start || !pass_fence.start)
        return;
    seebatch_move *m = against_end ? at_end(&move_fence, count, sizeof *m) : at_start(&move_fence);
    uint32_t *index =
        against_end ? at_end(&index_fence, count, sizeof *index) : at_start(&index_fence);
    int32_t *values =
        against_end ? at_end(&value_fence, count, sizeof *values) : at_start(&value_fence);
    uint8_t *passed = against_end ? at_end(&pass_fence, count, 1) : at_start(&pass_fence);
    memcpy(m, moves, count * sizeof *m);
    if (board_of_move)
        memcpy(index, board_of_move, count * sizeof *index);

    run_kernel(kernel, boards, board_of_move ? index : NULL, m, count, config, threshold, values,
               passed);
    for (size_t i = 0; i < count; i++) {
        CHECK_EQ(values[i], expected[i], "%s, length %zu, move %zu, flags %u", kernel->name, count,
                 i, config->flags);
        CHECK_EQ(passed[i], expected_passed[i], "%s, length %zu, move %zu, threshold %d",
                 kernel->name, count, i, threshold);
    }
    unfence(&move_fence);
    unfence(&index_fence);
    unfence(&value_fence);
    unfence(&pass_fence);
}

/* Every length 0..64 against both fences, on one board and on many. */
static void check_fences(const seebatch_config *config)
{
    uint64_t state = 11;
    enum { BOARDS = 16 };
    seebatch_board boards[BOARDS];
    seebatch_move pool[BOARDS * MAX_LENGTH];
    uint32_t board_of[BOARDS * MAX_LENGTH];
    size_t pooled = 0;
    for (int b = 0; b < BOARDS; b++) {
        random_dense_board(&state, &boards[b]);
        seebatch_move moves[1024];
        size_t n = random_board_moves(&boards[b], moves, 1024);
        for (size_t i = 0; i < n && pooled < BOARDS * MAX_LENGTH; i += 1 + n / MAX_LENGTH) {
            pool[pooled] = moves[i];
            board_of[pooled++] = (uint32_t)b;
        }
    }
    for (size_t length = 0; length <= MAX_LENGTH && length <= pooled; length++) {
        size_t first = (size_t)(random_next(&state) % (pooled - length + 1));
        int32_t threshold = (int32_t)(random_next(&state) % 1001) - 500;
        for (int against_end = 0; against_end < 2; against_end++) {
            fenced_batch(boards, board_of + first, pool + first, length, config, threshold,
                         against_end);
            /* One board: the moves of board 0 only. */
            seebatch_move own[MAX_LENGTH];
            size_t count = 0;
            for (size_t i = 0; i < pooled && count < length; i++)
                if (board_of[i] == 0)
                    own[count++] = pool[i];
            fenced_batch(boards, NULL, own, count, config, threshold, against_end);
        }
    }
}

/* Groups where lanes on the general path sit beside lanes that are not:
 * windows of four and of eight moves (a group of either kernel) spread over
 * the move list, from every starting move; on many boards at threshold
 * `threshold` (far from 0, many lanes end with their first move beside
 * lanes with x-rays and pins, which are then asked for the live lanes only). */
static void check_mixed_groups(const seebatch_config *config, int32_t threshold)
{
    static const char *const fens[] = {
        /* A long battery on the e-file of both colours and a quiet corner. */
        "4r1k1/4q3/4r3/4R3/4p3/4Q3/4R3/4K3 w - - 0 1",
        /* Diagonal batteries, pins on both kings, pawns about to promote. */
        "1b2k3/P1P2q2/3b4/2B5/1Q6/B7/5ppp/4K2R w K - 0 1",
        /* Rooks and queens doubled on ranks and files around a knight. */
        "r2q1rk1/8/8/3nR3/8/3Q4/3R4/3RK3 b - - 0 1",
    };
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        seebatch_board board;
        if (seebatch_board_from_fen(&board, fens[f], NULL) != SEEBATCH_OK) {
            CHECK(0, "bad FEN in test: %s", fens[f]);
            continue;
        }
        seebatch_move moves[1024];
        size_t n = random_board_moves(&board, moves, 1024);
        CHECK(n >= 8, "too few moves on %s", fens[f]);
        for (size_t size = 4; size <= 8; size += 4)
            for (size_t start = 0; start + size <= n; start++) {
                seebatch_move group[8];
                seebatch_board copies[8];
                uint32_t index[8];
                for (size_t k = 0; k < size; k++) {
                    group[k] = moves[(start + k * (n / size + 1)) % n];
                    copies[k] = board;
                    index[k] = (uint32_t)k;
                }
                fenced_batch(&board, NULL, group, size, config, 0, 1);
                fenced_batch(copies, index, group, size, config, threshold, 0);
            }
    }
}

/* A knights' duel on d5: a black pawn there, white knights on the first
 * `white` of c3, e3, b4, f4 and black ones on the first `black` of b6, f6,
 * c7, e7; kings out of reach. Knights uncover no slider, so the exchange
 * stays on the lanes' common path and lasts 2 min(white, black) captures,
 * one more when white has more. */
static int duel_board(unsigned white, unsigned black, seebatch_board *board)
{
    static const char *const white_squares[4] = {"c3", "e3", "b4", "f4"};
    static const char *const black_squares[4] = {"b6", "f6", "c7", "e7"};
    char grid[8][8];
    memset(grid, 0, sizeof grid);
    grid[3][3] = 'p'; /* d5 (row 0 is rank 8) */
    grid[7][0] = 'K'; /* a1 */
    grid[0][7] = 'k'; /* h8 */
    for (unsigned i = 0; i < white; i++)
        grid['8' - white_squares[i][1]][white_squares[i][0] - 'a'] = 'N';
    for (unsigned i = 0; i < black; i++)
        grid['8' - black_squares[i][1]][black_squares[i][0] - 'a'] = 'n';
    char fen[100];
    size_t at = 0;
    for (unsigned row = 0; row < 8; row++) {
        for (unsigned file = 0; file < 8; file++) {
            if (grid[row][file])
                fen[at++] = grid[row][file];
            else if (file > 0 && fen[at - 1] >= '1' &&
                     fen[at - 1] <= '7') /* empty squares counted */
                fen[at - 1]++;
            else
                fen[at++] = '1';
        }
        fen[at++] = row < 7 ? '/' : ' ';
    }
    strcpy(fen + at, "w - - 0 1");
    return seebatch_board_from_fen(board, fen, NULL) == SEEBATCH_OK;
}

/* The duel's value, with a pawn 100 and a knight 325: each capture is the
 * last one's recapture, so the side that captures last wins; white does
 * when it has more knights (keeping the pawn), black otherwise (white is a
 * knight down for it). */
static int32_t duel_value(unsigned white, unsigned black)
{
    return black >= white ? 100 - 325 : 100;
}

enum {
    DUEL_SIDES = 5,
    DUEL_BOARDS = DUEL_SIDES * DUEL_SIDES
}; /* board white * 5 + black, white >= 1 */

/* One many-board batch of duels: moves[i] on board duel[i] (white * 5 + black). */
static void check_duels(const seebatch_board *boards, const uint32_t *duel, size_t count,
                        const seebatch_config *config, int32_t threshold)
{
    seebatch_move moves[MAX_LENGTH];
    for (size_t i = 0; i < count; i++)
        moves[i] = seebatch_move_make(18, 35, SEEBATCH_MOVE_NORMAL); /* Nc3xd5 */
    fenced_batch(boards, duel, moves, count, config, threshold, 1);
    int32_t values[MAX_LENGTH];
    uint8_t passed[MAX_LENGTH];
    run_kernel(kernel, boards, duel, moves, count, config, threshold, values, passed);
    for (size_t i = 0; i < count; i++) {
        int32_t expected = duel_value(duel[i] / DUEL_SIDES, duel[i] % DUEL_SIDES);
        CHECK_EQ(values[i], expected, "%s, duel %u, move %zu of %zu", kernel->name, duel[i], i,
                 count);
        CHECK_EQ(passed[i], expected >= threshold, "%s, duel %u, move %zu of %zu, threshold %d",
                 kernel->name, duel[i], i, count, threshold);
    }
}

/* Exchanges of very different lengths in one many-board batch: the longest
 * (four knights a side, eight captures) at every place among ones that end
 * at once (no black knight), every length to MAX_LENGTH; then random mixes
 * of every duel. */
static void check_uneven_lengths(void)
{
    seebatch_config config = {{100, 325, 325, 500, 1000}, 0};
    seebatch_board boards[DUEL_BOARDS];
    for (unsigned white = 0; white < DUEL_SIDES; white++)
        for (unsigned black = 0; black < DUEL_SIDES; black++) {
            /* No duel has no white knight: those places hold one-knight
             * boards, never named, so that indices stay white * 5 + black. */
            int made = duel_board(white ? white : 1, black, &boards[white * DUEL_SIDES + black]);
            CHECK(made, "duel board %u against %u", white, black);
            if (!made)
                return;
        }
    uint32_t duel[MAX_LENGTH];
    const uint32_t longest = 4 * DUEL_SIDES + 4, at_once = 1 * DUEL_SIDES + 0;
    for (size_t count = 1; count <= MAX_LENGTH; count++)
        for (size_t place = 0; place < count; place++) {
            for (size_t i = 0; i < count; i++)
                duel[i] = i == place ? longest : at_once;
            check_duels(boards, duel, count, &config, 0);
            /* And the other way round: one that ends at once among long ones. */
            for (size_t i = 0; i < count; i++)
                duel[i] = i == place ? at_once : longest;
            check_duels(boards, duel, count, &config, 100);
        }
    uint64_t state = 21;
    for (unsigned round = 0; round < 200; round++) {
        size_t count = 1 + random_next(&state) % MAX_LENGTH;
        for (size_t i = 0; i < count; i++)
            duel[i] = (uint32_t)(DUEL_SIDES + random_next(&state) % (DUEL_BOARDS - DUEL_SIDES));
        int32_t threshold = (int32_t)(random_next(&state) % 401) - 300;
        check_duels(boards, duel, count, &config, threshold);
        /* Thresholds every lane meets or misses with its first move alone
         * (the knight may be lost: 100 - 325; or not even the pawn won):
         * whole groups then end before their attackers are looked for. */
        check_duels(boards, duel, count, &config, 100 - 325);
        check_duels(boards, duel, count, &config, 101);
    }
}

static void check_kernel(void)
{
    for (uint32_t flags = 0; flags <= SEEBATCH_ALL_FLAGS; flags++) {
        seebatch_config config = {{100, 325, 325, 500, 1000}, flags};
        seebatch_rules valid;
        if (seebatch_rules_init(&valid, &config, NULL) != SEEBATCH_OK)
            continue; /* two promotion rules */
        check_fences(&config);
        check_mixed_groups(&config, 1);
    }
    seebatch_config stockfish = seebatch_config_stockfish();
    check_fences(&stockfish);
    check_mixed_groups(&stockfish, 1);
    for (int32_t threshold = -400; threshold <= 400; threshold += 800) {
        seebatch_config classic = seebatch_config_classic();
        check_mixed_groups(&classic, threshold);
        check_mixed_groups(&stockfish, threshold);
    }
    check_uneven_lengths();
}

int main(void)
{
    int checked = 0;
    for (size_t i = 0; i < backend_requirement_count; i++) {
        const char *name = backend_requirements[i].backend;
        kernel = seebatch_find_runnable_backend(name);
        if (!kernel) {
            CHECK(skip_unless_runnable("test_lane_kernels", name) == 77,
                  "%s: detection disagrees with /proc/cpuinfo", name);
            continue;
        }
        long failures_before = check_failures;
        check_kernel();
        printf("test_lane_kernels: %s checked (%ld failures)\n", kernel->name,
               check_failures - failures_before);
        checked++;
    }
    if (!checked && check_failures == 0) {
        printf("test_lane_kernels: skipped, this CPU runs no lane kernel (only scalar)\n");
        return 77;
    }
    return check_finish("test_lane_kernels");
}
