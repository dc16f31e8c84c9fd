/*
 * The generated attack tables against slow references: magic lookups equal
 * ray walking for every subset of every mask and for many random full
 * occupancies; leaper, pawn, between and line tables by spot checks and
 * symmetry properties; the binpack decoder's small-table slider lookups
 * (line_attacks.h) against the same references.
 */
#include <stdbool.h>
#include <stdint.h>

#include "board/attacks.h"
#include "check.h"
#include "training/formats/line_attacks.h"
#include "position_generator.h"

static unsigned square(const char *name)
{
    return (unsigned)(name[0] - 'a') + 8u * (unsigned)(name[1] - '1');
}

/* The set of the named squares, e.g. squares("d5 f5"). */
static bitboard squares(const char *names)
{
    bitboard set = 0;
    for (const char *p = names; p[0] && p[1]; p++) {
        if (p[0] >= 'a' && p[0] <= 'h' && p[1] >= '1' && p[1] <= '8') {
            set |= seebatch_square_bit(square(p));
            p++;
        }
    }
    return set;
}

/* A slider's attacks the slow way: step square by square, stopping on the
 * first occupied square (included). Written apart from the generator on
 * purpose, so one mistake cannot hide in both. */
static bitboard walk(unsigned from, const int (*steps)[2], bitboard occupied)
{
    bitboard attacks = 0;
    for (int d = 0; d < 4; d++) {
        int file = (int)file_of(from), rank = (int)rank_of(from);
        for (;;) {
            file += steps[d][0];
            rank += steps[d][1];
            if (file < 0 || file > 7 || rank < 0 || rank > 7)
                break;
            bitboard bit = seebatch_square_bit((unsigned)(rank * 8 + file));
            attacks |= bit;
            if (occupied & bit)
                break;
        }
    }
    return attacks;
}

static const int diagonal_steps[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int straight_steps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

static bitboard bishop_reference(unsigned from, bitboard occupied)
{
    return walk(from, diagonal_steps, occupied);
}

static bitboard rook_reference(unsigned from, bitboard occupied)
{
    return walk(from, straight_steps, occupied);
}

/* Random occupancies of varied density: sparse, middling and crowded. */
static bitboard random_occupancy(uint64_t *state, unsigned round)
{
    uint64_t r = random_next(state);
    switch (round % 4) {
    case 0:
        return r & random_next(state) & random_next(state);
    case 1:
        return r & random_next(state);
    case 2:
        return r;
    default:
        return r | random_next(state);
    }
}

/* Every subset of each mask (carry-rippler) with the squares outside the mask
 * filled at random, which the lookup must ignore. */
static void test_every_mask_subset(void)
{
    uint64_t state = 12345;
    for (unsigned sq = 0; sq < 64; sq++) {
        long bishop_wrong = 0, rook_wrong = 0;
        bitboard mask = seebatch_bishop_magics[sq].mask, subset = 0;
        do {
            bitboard occupied = subset | (random_next(&state) & ~mask);
            bishop_wrong += bishop_attacks(sq, occupied) != bishop_reference(sq, occupied);
            /* The binpack decoder's small-table lookups (line_attacks.h) too. */
            bishop_wrong += line_bishop_attacks(sq, occupied) != bishop_reference(sq, occupied);
            subset = (subset - mask) & mask;
        } while (subset);
        mask = seebatch_rook_magics[sq].mask;
        subset = 0;
        do {
            bitboard occupied = subset | (random_next(&state) & ~mask);
            rook_wrong += rook_attacks(sq, occupied) != rook_reference(sq, occupied);
            rook_wrong += line_rook_attacks(sq, occupied) != rook_reference(sq, occupied);
            subset = (subset - mask) & mask;
        } while (subset);
        CHECK_EQ(bishop_wrong, 0, "bishop lookups wrong on square %u", sq);
        CHECK_EQ(rook_wrong, 0, "rook lookups wrong on square %u", sq);
    }
}

static void test_random_occupancies(void)
{
    uint64_t state = 0xC0FFEE;
    for (unsigned sq = 0; sq < 64; sq++) {
        long wrong = 0;
        for (unsigned round = 0; round < 4000; round++) {
            bitboard occupied = random_occupancy(&state, round);
            bitboard queen = bishop_reference(sq, occupied) | rook_reference(sq, occupied);
            wrong += bishop_attacks(sq, occupied) != bishop_reference(sq, occupied);
            wrong += rook_attacks(sq, occupied) != rook_reference(sq, occupied);
            wrong += queen_attacks(sq, occupied) != queen;
            wrong += line_bishop_attacks(sq, occupied) != bishop_reference(sq, occupied);
            wrong += line_rook_attacks(sq, occupied) != rook_reference(sq, occupied);
        }
        CHECK_EQ(wrong, 0, "slider lookups wrong on square %u", sq);
    }
}

static void test_magic_entries(void)
{
    for (unsigned sq = 0; sq < 64; sq++) {
        CHECK_EQ(seebatch_bishop_magics[sq].shift, 64 - popcount(seebatch_bishop_magics[sq].mask),
                 "square %u", sq);
        CHECK_EQ(seebatch_rook_magics[sq].shift, 64 - popcount(seebatch_rook_magics[sq].mask),
                 "square %u", sq);
        CHECK_EQ(seebatch_bishop_magics[sq].mask, bishop_reference(sq, 0) & 0x007E7E7E7E7E7E00ull,
                 "bishop mask of square %u", sq);
    }
    CHECK_EQ(seebatch_rook_magics[square("a1")].mask,
             squares("a2 a3 a4 a5 a6 a7 b1 c1 d1 e1 f1 g1"), "a1");
    CHECK_EQ(seebatch_rook_magics[square("e4")].mask, squares("e2 e3 e5 e6 e7 b4 c4 d4 f4 g4"),
             "rook mask of e4");
    CHECK_EQ(popcount(seebatch_bishop_magics[square("d4")].mask), 9, "bishop mask of d4");
    CHECK_EQ(rook_attacks(square("a1"), squares("a3 c1")), squares("a2 a3 b1 c1"), "rook a1");
    CHECK_EQ(bishop_attacks(square("e4"), squares("g6 c2 b7")),
             squares("f5 g6 d3 c2 f3 g2 h1 d5 c6 b7"), "bishop e4");
}

static void test_leapers(void)
{
    CHECK_EQ(knight_attacks(square("g1")), squares("e2 f3 h3"), "knight g1");
    CHECK_EQ(knight_attacks(square("a1")), squares("b3 c2"), "knight a1");
    CHECK_EQ(knight_attacks(square("h8")), squares("g6 f7"), "knight h8");
    CHECK_EQ(knight_attacks(square("e4")), squares("d6 f6 g5 g3 f2 d2 c3 c5"), "knight e4");
    CHECK_EQ(king_attacks(square("a1")), squares("a2 b1 b2"), "king a1");
    CHECK_EQ(king_attacks(square("e4")), squares("d3 e3 f3 d4 f4 d5 e5 f5"), "king e4");
    CHECK_EQ(king_attacks(square("h5")), squares("g4 h4 g5 g6 h6"), "king h5");
    for (unsigned sq = 0; sq < 64; sq++) {
        CHECK(!(knight_attacks(sq) & seebatch_square_bit(sq)), "knight on %u attacks itself", sq);
        CHECK(!(king_attacks(sq) & seebatch_square_bit(sq)), "king on %u attacks itself", sq);
    }
}

static void test_pawns(void)
{
    CHECK_EQ(pawn_attacks(SEEBATCH_WHITE, square("e4")), squares("d5 f5"), "white e4");
    CHECK_EQ(pawn_attacks(SEEBATCH_WHITE, square("a2")), squares("b3"), "white a2");
    CHECK_EQ(pawn_attacks(SEEBATCH_WHITE, square("h7")), squares("g8"), "white h7");
    CHECK_EQ(pawn_attacks(SEEBATCH_BLACK, square("e5")), squares("d4 f4"), "black e5");
    CHECK_EQ(pawn_attacks(SEEBATCH_BLACK, square("h2")), squares("g1"), "black h2");
    /* Pawns on their last rank attack nothing, and nothing wraps. */
    CHECK_EQ(pawn_attacks(SEEBATCH_WHITE, square("e8")), 0, "white e8");
    CHECK_EQ(pawn_attacks(SEEBATCH_BLACK, square("d1")), 0, "black d1");
    /* A white pawn on a attacks b exactly when a black pawn on b attacks a. */
    for (unsigned a = 0; a < 64; a++)
        for (unsigned b = 0; b < 64; b++)
            CHECK_EQ(!!(pawn_attacks(SEEBATCH_WHITE, a) & seebatch_square_bit(b)),
                     !!(pawn_attacks(SEEBATCH_BLACK, b) & seebatch_square_bit(a)), "%u %u", a, b);
}

static void test_between_and_line_spots(void)
{
    CHECK_EQ(between(square("a1"), square("h8")), squares("b2 c3 d4 e5 f6 g7"), "a1-h8");
    CHECK_EQ(between(square("e1"), square("e8")), squares("e2 e3 e4 e5 e6 e7"), "e1-e8");
    CHECK_EQ(between(square("h3"), square("c3")), squares("d3 e3 f3 g3"), "h3-c3");
    CHECK_EQ(between(square("e4"), square("e5")), 0, "adjacent");
    CHECK_EQ(between(square("a1"), square("b3")), 0, "not aligned");
    CHECK_EQ(between(square("d4"), square("d4")), 0, "same square");
}

/* For every pair: symmetry, and between agrees with rook/bishop rays. */
static void test_between_properties(void)
{
    long wrong = 0;
    for (unsigned a = 0; a < 64; a++) {
        for (unsigned b = 0; b < 64; b++) {
            bitboard ab = seebatch_square_bit(a) | seebatch_square_bit(b);
            bool straight = a != b && (rook_reference(a, 0) & seebatch_square_bit(b));
            bool diagonal = a != b && (bishop_reference(a, 0) & seebatch_square_bit(b));
            bitboard expected_between = 0;
            if (straight)
                expected_between = rook_reference(a, ab) & rook_reference(b, ab);
            else if (diagonal)
                expected_between = bishop_reference(a, ab) & bishop_reference(b, ab);
            wrong += between(a, b) != expected_between;
            wrong += between(a, b) != between(b, a);
        }
    }
    CHECK_EQ(wrong, 0, "between disagrees with the ray reference");
}

int main(void)
{
    test_every_mask_subset();
    test_random_occupancies();
    test_magic_entries();
    test_leapers();
    test_pawns();
    test_between_and_line_spots();
    test_between_properties();
    return check_finish("test_attacks");
}
