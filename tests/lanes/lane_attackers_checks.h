/*
 * attackers_of (lib/lanes/attackers.h) against the magic tables, lane by lane,
 * in the lane vocabulary included before this (once per instruction set):
 * on random dense boards, for every square as `to` and occupancies with a
 * random piece lifted (the first move's square), each lane must give
 * - the attackers: attackers_to of the scalar code, within the occupancy;
 * - the sliders that may join later: those on a line of `to` that do not
 *   attack it yet but see it once the pieces that can leave (attackers but a
 *   king, and such sliders) are lifted.
 * and square_of_bit (the pin filter's king squares) on every square.
 * Compiled with the options of that vocabulary; called only on a CPU that has
 * them.
 */
#include "board/attacks.h"
#include "lanes/attackers.h"
#include "check.h"
#include "position_generator.h"
#include "random_boards.h"

/* What the kernel's stage 1 must find, the slow way with magic lookups. */
static bitboard reference_attackers(const seebatch_board *board, unsigned to, bitboard occupied,
                                    bitboard *later)
{
    const bitboard *p = board->pieces;
    bitboard diagonal = p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN],
             straight = p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN];
    bitboard attackers = attackers_to(board, to, occupied) & occupied;
    bitboard waiting = ((bishop_attacks(to, 0) & diagonal) | (rook_attacks(to, 0) & straight)) &
                       occupied & ~attackers;
    bitboard lifted = occupied & ~(waiting | (attackers & ~p[SEEBATCH_KING]));
    *later = (bishop_attacks(to, lifted) | rook_attacks(to, lifted)) & waiting;
    return attackers;
}

/* Every square as `to`, LANES at a time, each lane with its own lifted
 * piece. Returns the lanes compared. */
static int check_board(const seebatch_board *board, uint64_t *random_state)
{
    board_lanes b;
    one_board_lanes(&b, board);
    bitboard all = occupied_squares(board);
    for (unsigned first = 0; first < 64; first += LANES) {
        uint64_t to[LANES], to_bit[LANES], occupied[LANES], got[LANES], got_later[LANES];
        for (unsigned lane = 0; lane < LANES; lane++) {
            to[lane] = first + lane;
            to_bit[lane] = seebatch_square_bit(first + lane);
            /* Lift one random square besides `to`, as the first move does. */
            occupied[lane] = all & ~to_bit[lane] &
                             ~seebatch_square_bit((unsigned)(random_next(random_state) & 63));
        }
        /* The x-ray candidates of the first `live` lanes only (0 .. LANES). */
        unsigned live = (unsigned)(random_next(random_state) % (LANES + 1));
        lanes later;
        lanes attackers = attackers_of(&b, from_numbers(to), from_numbers(to_bit),
                                       from_numbers(occupied), first_lanes(live), &later);
        to_numbers(got, attackers);
        to_numbers(got_later, later);
        for (unsigned lane = 0; lane < LANES; lane++) {
            bitboard expected_later;
            bitboard expected =
                reference_attackers(board, (unsigned)to[lane], occupied[lane], &expected_later);
            if (lane >= live)
                expected_later = 0;
            CHECK(got[lane] == expected,
                  "to %u, occupied %016llx: attackers %016llx, expected %016llx",
                  (unsigned)to[lane], (unsigned long long)occupied[lane],
                  (unsigned long long)got[lane], (unsigned long long)expected);
            CHECK(got_later[lane] == expected_later,
                  "to %u, occupied %016llx: later %016llx, expected %016llx", (unsigned)to[lane],
                  (unsigned long long)occupied[lane], (unsigned long long)got_later[lane],
                  (unsigned long long)expected_later);
        }
    }
    return 64;
}

/* square_of_bit on every square, a different one in each lane. */
static void check_square_of_bit(void)
{
    for (unsigned first = 0; first < 64; first++) {
        uint64_t bits[LANES], squares[LANES];
        for (unsigned lane = 0; lane < LANES; lane++)
            bits[lane] = 1ull << ((first + 9 * lane) % 64);
        to_numbers(squares, square_of_bit(from_numbers(bits)));
        for (unsigned lane = 0; lane < LANES; lane++)
            CHECK(squares[lane] == (first + 9 * lane) % 64, "square_of_bit(%#llx) gave %llu",
                  (unsigned long long)bits[lane], (unsigned long long)squares[lane]);
    }
}

static int run_lane_attackers_checks(const char *isa)
{
    check_square_of_bit();
    uint64_t random_state = 0x5eeba7c4;
    long lanes_compared = 0, with_later = 0;
    int boards = scaled(20000);
    for (int i = 0; i < boards; i++) {
        seebatch_board board;
        random_dense_board(&random_state, &board);
        lanes_compared += check_board(&board, &random_state);
    }
    /* The x-ray case must actually occur, or the later checks prove little. */
    position_generator generator;
    position_generator_init(&generator, 3);
    for (int i = 0; i < scaled(5000); i++) {
        seebatch_board board;
        position_generator_next(&generator, &board);
        lanes_compared += check_board(&board, &random_state);
        for (unsigned to = 0; to < 64; to++) {
            bitboard later;
            reference_attackers(&board, to, occupied_squares(&board) & ~seebatch_square_bit(to),
                                &later);
            with_later += later != 0;
        }
    }
    CHECK(with_later > 1000, "only %ld cases with x-ray candidates", with_later);
    printf("test_lane_attackers (%s): %ld lanes compared, %ld game squares with x-ray candidates\n",
           isa, lanes_compared, with_later);
    return check_finish(isa);
}
