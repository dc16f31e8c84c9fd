/*
 * Each kernel's batch_sound (the checked calls' yes-or-no test of a
 * many-board batch) against board_is_consistent and move_fits_board, the
 * scalar tests test_validity holds to the rules:
 *  - batches of 1..9 moves whose moves all fit but one, at every place in a
 *    group of four lanes and in the tail, that one being each of the 65536
 *    move codes on boards from games and random dense boards (en passant
 *    squares, pawns on last ranks, kings anywhere), sometimes on a board
 *    index out of range (with a move that fits the board lying there), and
 *    one index of 2^32 - 1, which would fault if read;
 *  - batches naming every board of a small array, one of them broken field
 *    by field (a piece or colour bit, the side, the en passant square, the
 *    castling rights, the reserved byte), at every place.
 * A kernel that said yes to a fault would let it through to the hot path;
 * one that said no to a sound batch would send it down the slow checks.
 * Kernels this CPU cannot run are skipped as test_lane_kernels skips them.
 */
#include <stdint.h>
#include <stdio.h>

#include "backend_requirements.h"
#include "check.h"
#include "auto/dispatch.h"
#include "random_boards.h"
#include "seebatch.h"
#include "random.h"
#include "board/validity.h"

/* The batches are told of NAMED boards; the rest of the array lies past
 * their end, readable, each with a move that fits it, so that a kernel that
 * read an index out of range as if it were in range would say yes. */
enum { BOARDS = 24, NAMED = 21, LONGEST = 9 };

typedef struct boards_under_test {
    seebatch_board board[BOARDS];
    seebatch_move filler[BOARDS]; /* a move that fits each board */
} boards_under_test;

static const char *const positions[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 3",
    "1r2k3/P1P5/8/8/8/8/p1p5/1R2K3 w - - 0 1",
};

static seebatch_move first_fitting_move(const seebatch_board *board)
{
    for (unsigned code = 0; code < 65536; code++)
        if (move_fits_board(board, (seebatch_move)code))
            return (seebatch_move)code;
    return 0;
}

static int set_up(boards_under_test *t, uint64_t *state)
{
    for (int b = 0; b < BOARDS; b++) {
        size_t p = (size_t)b;
        if (p < sizeof positions / sizeof positions[0]) {
            if (seebatch_board_from_fen(&t->board[b], positions[p], NULL) != SEEBATCH_OK)
                return 0;
        } else {
            random_dense_board(state, &t->board[b]);
        }
        t->filler[b] = first_fitting_move(&t->board[b]);
        if (!move_fits_board(&t->board[b], t->filler[b]))
            return 0;
    }
    return 1;
}

/* Every move code once on board `b`, in batches of fitting moves. */
static void check_codes(const see_backend *kernel, const boards_under_test *t, int b,
                        uint64_t *state)
{
    uint32_t index[LONGEST];
    seebatch_move moves[LONGEST];
    int wrong = 0;
    for (unsigned code = 0; code < 65536; code++) {
        size_t length = 1 + (code / 7) % LONGEST, place = code % length;
        for (size_t i = 0; i < length; i++) {
            index[i] = (uint32_t)(random_next(state) % NAMED);
            moves[i] = t->filler[index[i]];
        }
        uint64_t r = random_next(state);
        index[place] = (uint32_t)b;
        moves[place] = (seebatch_move)code;
        if (r % 64 == 0) { /* a board past the end, and a move that fits it */
            index[place] = NAMED + (uint32_t)((r >> 8) % (BOARDS - NAMED));
            moves[place] = t->filler[index[place]];
        }
        bool expected =
            index[place] < NAMED && move_fits_board(&t->board[index[place]], moves[place]);
        see_batch batch = {t->board, index, moves, length, NULL, NULL};
        bool answer = kernel->batch_sound(&batch, NAMED);
        if (answer != expected && wrong++ < 5)
            CHECK(false, "%s: board %d, move 0x%04x at %zu of %zu, index %u: %d, expected %d",
                  kernel->name, b, code, place, length, (unsigned)index[place], answer, expected);
    }
    CHECK_EQ(wrong, 0, "%s, board %d: wrong answers over the 65536 codes", kernel->name, b);
}

/* An index far out of range is never read: it would fault (no board lies
 * 2^32 boards on). */
static void check_far_index(const see_backend *kernel, const boards_under_test *t)
{
    for (size_t place = 0; place < 4; place++) {
        uint32_t index[4] = {0, 0, 0, 0};
        seebatch_move moves[4];
        for (size_t i = 0; i < 4; i++)
            moves[i] = t->filler[0];
        index[place] = UINT32_MAX;
        see_batch batch = {t->board, index, moves, 4, NULL, NULL};
        CHECK(!kernel->batch_sound(&batch, NAMED), "%s: index 2^32 - 1 at %zu said to fit",
              kernel->name, place);
    }
}

/* Batches over SMALL boards, each named by one or two moves in turn, one
 * board broken at random in three batches of four. */
static void check_broken_boards(const see_backend *kernel, const boards_under_test *t,
                                uint64_t *state)
{
    enum { SMALL = 7, TRIALS = 4000 };
    int wrong = 0;
    for (int trial = 0; trial < TRIALS; trial++) {
        seebatch_board boards[SMALL];
        for (int b = 0; b < SMALL; b++)
            boards[b] = t->board[(trial + b) % BOARDS];
        if (trial % 4)
            break_board_field(state, &boards[random_next(state) % SMALL]);
        uint32_t index[2 * SMALL];
        seebatch_move moves[2 * SMALL];
        size_t length = 0;
        bool expected = true;
        for (int b = 0; b < SMALL; b++) {
            expected &= board_is_consistent(&boards[b]);
            for (uint64_t k = random_next(state) % 2; k < 2; k++) {
                index[length] = (uint32_t)b;
                moves[length] = t->filler[(trial + b) % BOARDS];
                expected &= move_fits_board(&boards[b], moves[length++]);
            }
        }
        see_batch batch = {boards, index, moves, length, NULL, NULL};
        bool answer = kernel->batch_sound(&batch, SMALL);
        if (answer != expected && wrong++ < 5)
            CHECK(false, "%s: broken boards, trial %d: %d, expected %d", kernel->name, trial,
                  answer, expected);
    }
    CHECK_EQ(wrong, 0, "%s: wrong answers on broken boards", kernel->name);
}

static void check_kernel(const see_backend *backend, const boards_under_test *t)
{
    uint64_t state = 17;
    /* A backend without a test of its own (avx512 in a build without the
     * AVX2 kernel) is answered by the portable one, as see_checked.c does. */
    see_backend kernel_in_use = *backend;
    if (!kernel_in_use.batch_sound)
        kernel_in_use.batch_sound = seebatch_batch_sound_portable;
    const see_backend *kernel = &kernel_in_use;
    check_far_index(kernel, t);
    check_broken_boards(kernel, t, &state);
    for (int b = 0; b < BOARDS; b++)
        check_codes(kernel, t, b, &state);
    printf("test_sound_batches: %s checked\n", kernel->name);
}

int main(void)
{
    uint64_t state = 3;
    static boards_under_test t;
    if (!set_up(&t, &state)) {
        CHECK(false, "setting up the boards failed");
        return check_finish("test_sound_batches");
    }
    check_kernel(&seebatch_scalar_backend, &t);
    for (size_t i = 0; i < backend_requirement_count; i++) {
        const see_backend *kernel = seebatch_find_runnable_backend(backend_requirements[i].backend);
        if (kernel)
            check_kernel(kernel, &t);
        else
            CHECK(skip_unless_runnable("test_sound_batches", backend_requirements[i].backend) == 77,
                  "%s: detection disagrees with /proc/cpuinfo", backend_requirements[i].backend);
    }
    return check_finish("test_sound_batches");
}
