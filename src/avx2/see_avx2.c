/*
 * The AVX2 SEE kernel: one capture per 64-bit lane, four captures at a time.
 *
 * A group of four moves goes through three stages.
 *
 * 1. Vectors, all four lanes at once (start_group): the move fields, the
 *    gain of the first move, the value of the piece it leaves on `to`, the
 *    moves that end at once (castling, a king's first move, special moves
 *    under SEEBATCH_NORMAL_MOVES_ONLY), and the first window.
 * 2. Scalar code, only for the lanes still going (lane_attackers): the
 *    pieces of both sides that attack `to` once the first move has left its
 *    square. Magic lookups are loads, which vectors could only gather slowly.
 * 3. Vectors again: the exchange (step). Every lane starts with the
 *    opponent's reply, so the same side is to move in all lanes and a step
 *    needs no per-lane colour choice.
 *
 * Rule 2 in a step: a piece's type code (pawn 0 .. king 5) has three bits,
 * and the board is kept as three planes, the pieces whose code has each bit.
 * From the side's attackers the step keeps, bit by bit from the highest,
 * those whose bit is clear when there are any; what remains is the cheapest
 * type, and its lowest square is the capturer. The three choices spell the
 * code, so its value is one permute away. Everything else in a step is a
 * handful of logic and min/max operations.
 *
 * Rule 3. The attackers are found after the first move, so what that move
 * uncovers is already among them. A piece leaving later can only uncover a
 * slider on a line through `to`, and that slider joins when every piece
 * between it and `to` has left; those pieces must all be able to leave,
 * that is attack `to` sooner or later. A lane looks for such sliders with
 * two more magic lookups, only when a slider stands on a line of `to` at
 * all (a third of the lanes); it finds one in about 4% of lanes. Only then
 * does the group take the general path, which carries each candidate with
 * its gate (the squares between it and `to`) and lets it join once the gate
 * is empty.
 *
 * Rules 5 (pins) and 6 (promotions) also take the general path, and only in
 * groups where they can matter: a lane's side has a pinned piece, or a
 * lane's `to` is on a last rank.
 *
 * The negamax of the swap list is carried forward as a window [lo, hi]
 * (DESIGN.md section 2), narrowed exactly as the scalar reference does, so a
 * lane stops where it stops. A lane stops when its side to move cannot
 * capture or when the window closes; its answer is clamp(balance, lo, hi).
 * After a king's capture the other side has nothing left (rule 4), so that
 * lane stops at the next step. Values are 32-bit numbers written in both
 * halves of their lane, so 32-bit operations give whole-lane masks.
 */
#include <immintrin.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "attacks.h"
#include "cpu_features.h"
#include "kernel.h"
#include "pins.h"

#define INLINE static inline __attribute__((always_inline))

enum { LANES = 4 };

/* Sliders on the lines through a square: candidates per lane, at most. */
enum { MAX_CANDIDATES = 27 };

typedef __m256i lanes;

INLINE lanes broadcast(uint64_t bits) { return _mm256_set1_epi64x((long long)bits); }
INLINE lanes pair(int32_t value) { return _mm256_set1_epi32(value); }
INLINE lanes none_set(void) { return _mm256_setzero_si256(); }
INLINE lanes is_zero(lanes x) { return _mm256_cmpeq_epi64(x, none_set()); }
INLINE lanes both(lanes a, lanes b) { return _mm256_and_si256(a, b); }
INLINE lanes either(lanes a, lanes b) { return _mm256_or_si256(a, b); }
INLINE lanes but_not(lanes a, lanes b) { return _mm256_andnot_si256(b, a); }
INLINE lanes toggle(lanes a, lanes b) { return _mm256_xor_si256(a, b); }
INLINE lanes choose(lanes mask, lanes if_set, lanes if_clear)
{
    return _mm256_blendv_epi8(if_clear, if_set, mask);
}
INLINE lanes plus(lanes a, lanes b) { return _mm256_add_epi32(a, b); }
INLINE lanes minus(lanes a, lanes b) { return _mm256_sub_epi32(a, b); }
INLINE lanes max32(lanes a, lanes b) { return _mm256_max_epi32(a, b); }
INLINE lanes min32(lanes a, lanes b) { return _mm256_min_epi32(a, b); }
INLINE int any(lanes mask) { return !_mm256_testz_si256(mask, mask); }
INLINE unsigned lane_bits(lanes mask) { return (unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(mask)); }

/* ------------------------------------------------------------------------ */
/* Values and boards as lanes                                               */
/* ------------------------------------------------------------------------ */

/*
 * Type codes run pawn 0 .. king 5. The value of a piece is looked up by its
 * code negated (what the bit choices of a step spell out, see step), modulo
 * 8 as the permute reads it: pawn 0, king 3 (worth 0), queen 4, rook 5,
 * bishop 6, knight 7.
 */
INLINE lanes value_table(const seebatch_config *config)
{
    const int32_t *v = config->values;
    return _mm256_setr_epi32(v[SEEBATCH_PAWN], 0, 0, 0, v[SEEBATCH_QUEEN], v[SEEBATCH_ROOK],
                             v[SEEBATCH_BISHOP], v[SEEBATCH_KNIGHT]);
}

INLINE lanes value_of(lanes table, lanes negated_code)
{
    return _mm256_permutevar8x32_epi32(table, negated_code);
}

/* What the lanes need of their boards. */
typedef struct board_lanes {
    lanes white, black;
    lanes ones, twos, fours; /* the pieces whose type code has bit 0, 1, 2 */
    lanes white_pawns, black_pawns, knights, kings;
    lanes diagonal, straight; /* bishops and queens; rooks and queens */
} board_lanes;

INLINE void derive_board_lanes(board_lanes *b, lanes pawn, lanes knight, lanes bishop, lanes rook,
                               lanes queen, lanes king, lanes white, lanes black)
{
    b->white = white;
    b->black = black;
    b->ones = either(either(knight, rook), king);
    b->twos = either(bishop, rook);
    b->fours = either(queen, king);
    b->white_pawns = both(pawn, white);
    b->black_pawns = both(pawn, black);
    b->knights = knight;
    b->kings = king;
    b->diagonal = either(bishop, queen);
    b->straight = either(rook, queen);
}

INLINE void one_board_lanes(board_lanes *b, const seebatch_board *board)
{
    const bitboard *p = board->pieces;
    derive_board_lanes(b, broadcast(p[SEEBATCH_PAWN]), broadcast(p[SEEBATCH_KNIGHT]),
                       broadcast(p[SEEBATCH_BISHOP]), broadcast(p[SEEBATCH_ROOK]),
                       broadcast(p[SEEBATCH_QUEEN]), broadcast(p[SEEBATCH_KING]),
                       broadcast(board->colors[SEEBATCH_WHITE]), broadcast(board->colors[SEEBATCH_BLACK]));
}

/* Four qwords of each of four rows, turned into four rows of lanes. */
INLINE void transpose(lanes r0, lanes r1, lanes r2, lanes r3, lanes out[4])
{
    lanes t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
    lanes t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* Four boards, one per lane: pieces[0..5] and colors[0..1] are the first 64
 * bytes of each, read as two rows of four qwords and transposed. */
INLINE void four_board_lanes(board_lanes *b, const seebatch_board *const boards[LANES])
{
    lanes low[4], high[4];
    transpose(_mm256_loadu_si256((const __m256i *)&boards[0]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[1]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[2]->pieces[0]),
              _mm256_loadu_si256((const __m256i *)&boards[3]->pieces[0]), low);
    transpose(_mm256_loadu_si256((const __m256i *)&boards[0]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[1]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[2]->pieces[4]),
              _mm256_loadu_si256((const __m256i *)&boards[3]->pieces[4]), high);
    derive_board_lanes(b, low[0], low[1], low[2], low[3], high[0], high[1], high[2], high[3]);
}

/* The type code of the piece on each lane's square, negated, as a 32-bit
 * pair; an empty square reads as a pawn. */
INLINE lanes negated_code_on(const board_lanes *b, lanes bit)
{
    lanes four = _mm256_cmpeq_epi64(both(b->fours, bit), bit);
    lanes two = _mm256_cmpeq_epi64(both(b->twos, bit), bit);
    lanes one = _mm256_cmpeq_epi64(both(b->ones, bit), bit);
    lanes code = plus(plus(four, four), two);
    return plus(plus(code, code), one);
}

/* ------------------------------------------------------------------------ */
/* The exchange                                                             */
/* ------------------------------------------------------------------------ */

/* What every lane carries from one capture to the next. */
typedef struct exchange {
    lanes attackers; /* of both sides, still on their squares */
    lanes mine;      /* the first mover's pieces (the other side's: the rest) */
    lanes balance;   /* material for the first mover so far */
    lanes standing;  /* value of the piece on `to` */
    lanes lo, hi;    /* the answer is clamp(rest of the exchange, lo, hi) */
    lanes live;      /* lanes whose exchange goes on */
} exchange;

/* What the general path carries besides. */
typedef struct general {
    int with_pins, with_promotion;
    lanes occupied;   /* without `to` and the pieces that left */
    lanes pinned[2];  /* [0] the first mover's blockers, [1] the other side's */
    lanes pinners[2]; /* the sliders pinning them */
    lanes last_rank;  /* lanes whose `to` is on a last rank (with SEEBATCH_PROMOTIONS) */
    lanes promotion;  /* what a pawn capturing there gains: queen - pawn, else 0 */
    lanes queen;      /* a queen's value, the piece such a pawn becomes */
    unsigned candidates;
    lanes piece[MAX_CANDIDATES]; /* slot k: a candidate's bit in each lane, or 0 */
    lanes gate[MAX_CANDIDATES];  /* its gate with its own bit: it joins when gate & occupied is its bit */
} general;

/* After a capture leaving the other side to move: that side may stop,
 * bounding the answer on its side, or capture, winning at most `reach`. */
INLINE void narrow_opponent_next(exchange *x, lanes reach)
{
    x->hi = min32(x->hi, max32(x->balance, x->lo));
    x->lo = max32(x->lo, min32(minus(x->balance, reach), x->hi));
}

INLINE void narrow_first_mover_next(exchange *x, lanes reach)
{
    x->lo = max32(x->lo, min32(x->balance, x->hi));
    x->hi = min32(x->hi, max32(plus(x->balance, reach), x->lo));
}

/*
 * One capture in every live lane, by the first mover's opponent
 * (`theirs_turn`) or by the first mover. Returns whether a lane goes on.
 * `g` is NULL on the common path, which the compiler then keeps lean.
 */
INLINE int step(exchange *x, const board_lanes *b, lanes table, general *g, const int theirs_turn)
{
    lanes able = theirs_turn ? but_not(x->attackers, x->mine) : both(x->attackers, x->mine);
    lanes other = theirs_turn ? both(x->attackers, x->mine) : but_not(x->attackers, x->mine);
    if (g && g->with_pins) {
        /* Rule 5: while a pinner of the side is on the board, its blockers
         * stay where they are. */
        lanes pinner_left = is_zero(both(g->pinners[theirs_turn], g->occupied));
        able = but_not(able, but_not(g->pinned[theirs_turn], pinner_left));
    }

    /* Rule 2, bit by bit of the type code (see the top of the file). */
    lanes low = but_not(able, b->fours);
    lanes high4 = is_zero(low);
    lanes set = choose(high4, able, low);
    low = but_not(set, b->twos);
    lanes high2 = is_zero(low);
    set = choose(high2, set, low);
    low = but_not(set, b->ones);
    lanes high1 = is_zero(low);
    set = choose(high1, set, low);
    lanes leaving = both(set, _mm256_sub_epi64(none_set(), set));
    lanes code = plus(plus(high4, high4), high2);
    code = plus(plus(code, code), high1);
    lanes value = value_of(table, code);

    /* Rule 4: a king (code 5: high4 and high1) captures only when the
     * other side has no attacker at all. */
    lanes king = both(high4, high1);
    lanes cannot = either(is_zero(able), but_not(king, is_zero(other)));
    lanes captures = but_not(x->live, cannot);

    lanes gain = x->standing;
    lanes reach = value;
    if (g && g->with_promotion) {
        /* Rule 6: a pawn capturing on a last rank gains the promotion and
         * stands there as a queen. */
        lanes pawn = is_zero(code);
        gain = plus(gain, both(pawn, g->promotion));
        value = choose(both(pawn, g->last_rank), g->queen, value);
        reach = plus(value, max32(g->promotion, none_set()));
    }
    gain = both(gain, captures);
    x->balance = theirs_turn ? minus(x->balance, gain) : plus(x->balance, gain);
    x->standing = value;
    x->attackers = toggle(x->attackers, leaving);
    if (g) {
        g->occupied = toggle(g->occupied, leaving);
        /* Rule 3: a candidate joins once its gate is empty. */
        for (unsigned k = 0; k < g->candidates; k++) {
            lanes open = _mm256_cmpeq_epi64(both(g->gate[k], g->occupied), g->piece[k]);
            x->attackers = either(x->attackers, both(open, g->piece[k]));
        }
    }
    if (theirs_turn)
        narrow_first_mover_next(x, reach);
    else
        narrow_opponent_next(x, reach);
    x->live = but_not(captures, _mm256_cmpeq_epi32(x->lo, x->hi));
    return any(x->live);
}

INLINE void play(exchange *x, const board_lanes *b, lanes table, general *g)
{
    while (step(x, b, table, g, 1) && step(x, b, table, g, 0))
        ;
}

static __attribute__((noinline)) void play_general(exchange *x, const board_lanes *b, lanes table,
                                                    general *g)
{
    play(x, b, table, g);
}

/* ------------------------------------------------------------------------ */
/* A group of four lanes                                                    */
/* ------------------------------------------------------------------------ */

/* The four moves, one per lane; lanes past `count` read move 0 (a1a1).
 * Short groups are read move by move, never past the array, and put
 * together in a register: a vector read of bytes just stored would wait for
 * the stores to reach the cache. */
INLINE lanes load_moves(const seebatch_move *moves, size_t count)
{
    uint64_t packed;
    if (count >= LANES) {
        memcpy(&packed, moves, sizeof packed);
    } else {
        packed = moves[0];
        if (count >= 2)
            packed |= (uint64_t)moves[1] << 16;
        if (count >= 3)
            packed |= (uint64_t)moves[2] << 32;
    }
    return _mm256_cvtepu16_epi64(_mm_cvtsi64_si128((long long)packed));
}

/* The move fields of a group, and what the first move leaves. */
typedef struct move_lanes {
    lanes to, kind, from_bit, to_bit, white_moves;
    lanes occupied; /* after the first move, without `to` */
    lanes steppers; /* pawns, knights and kings attacking `to`, among `occupied` */
} move_lanes;

/* Squares one file to either side of each lane's bit, on its rank. */
INLINE lanes beside(lanes bit, int files)
{
    static const uint64_t not_left[3] = {0, 0xFEFEFEFEFEFEFEFEull, 0xFCFCFCFCFCFCFCFCull};
    static const uint64_t not_right[3] = {0, 0x7F7F7F7F7F7F7F7Full, 0x3F3F3F3F3F3F3F3Full};
    return either(both(_mm256_slli_epi64(bit, files), broadcast(not_left[files])),
                  both(_mm256_srli_epi64(bit, files), broadcast(not_right[files])));
}

/* Stage 1: every lane after its first move, all but the sliders. */
INLINE void start_group(exchange *x, move_lanes *m, const board_lanes *b, lanes table, uint32_t flags,
                        lanes moves, size_t count, lanes lo, lanes hi)
{
    lanes one = broadcast(1), six_bits = broadcast(63);
    m->to = both(_mm256_srli_epi64(moves, 6), six_bits);
    m->kind = _mm256_srli_epi64(moves, 12);
    m->from_bit = _mm256_sllv_epi64(one, both(moves, six_bits));
    m->to_bit = _mm256_sllv_epi64(one, m->to);
    m->white_moves = _mm256_cmpeq_epi64(both(b->white, m->from_bit), m->from_bit);
    x->mine = choose(m->white_moves, b->white, b->black);

    /* Rule 1: the gain is the piece on `to`, a pawn for en passant, whose
     * own square empties too. */
    lanes en_passant = _mm256_cmpeq_epi64(m->kind, broadcast(SEEBATCH_MOVE_EN_PASSANT));
    lanes occupied = either(b->white, b->black);
    lanes taken = _mm256_cmpeq_epi64(both(occupied, m->to_bit), m->to_bit);
    lanes gain = both(value_of(table, negated_code_on(b, m->to_bit)), either(taken, en_passant));
    lanes behind = choose(m->white_moves, _mm256_srli_epi64(m->to_bit, 8), _mm256_slli_epi64(m->to_bit, 8));
    lanes left = either(either(m->from_bit, m->to_bit), both(en_passant, behind));
    m->occupied = but_not(occupied, left);

    /* The attackers that no line can hide: pawns (one rank behind `to`,
     * one file aside), knights and kings. */
    lanes aside = beside(m->to_bit, 1);
    lanes jump = either(_mm256_slli_epi64(aside, 16), _mm256_srli_epi64(aside, 16));
    lanes far_aside = beside(m->to_bit, 2);
    jump = either(jump, either(_mm256_slli_epi64(far_aside, 8), _mm256_srli_epi64(far_aside, 8)));
    lanes around = either(aside, m->to_bit);
    around = either(aside, either(_mm256_slli_epi64(around, 8), _mm256_srli_epi64(around, 8)));
    lanes steppers = either(both(_mm256_srli_epi64(aside, 8), b->white_pawns),
                            both(_mm256_slli_epi64(aside, 8), b->black_pawns));
    steppers = either(steppers, either(both(jump, b->knights), both(around, b->kings)));
    m->steppers = both(steppers, m->occupied);

    lanes mover = negated_code_on(b, m->from_bit);
    lanes standing = value_of(table, mover);
    lanes reach = standing;
    if (flags & SEEBATCH_PROMOTIONS) {
        /* Rule 6: a promotion names its piece (kinds 1 to 4 are its type),
         * and a pawn reaching a last rank later becomes a queen. */
        lanes promotes = both(_mm256_cmpgt_epi64(m->kind, none_set()),
                              _mm256_cmpgt_epi64(broadcast(SEEBATCH_MOVE_EN_PASSANT), m->kind));
        lanes named = value_of(table, minus(none_set(), _mm256_shuffle_epi32(m->kind, 0xA0)));
        lanes pawn = value_of(table, none_set());
        gain = plus(gain, both(promotes, minus(named, pawn)));
        standing = choose(promotes, named, standing);
        lanes last_rank = is_zero(is_zero(both(m->to_bit, broadcast(0xFF000000000000FFull))));
        lanes queen = value_of(table, pair(-SEEBATCH_QUEEN));
        reach = plus(standing, both(last_rank, max32(minus(queen, pawn), none_set())));
    }

    /* Castling, and under SEEBATCH_NORMAL_MOVES_ONLY every special move, is
     * worth 0 and ends there; so does a king's first move (rule 4). */
    lanes zero_move = (flags & SEEBATCH_NORMAL_MOVES_ONLY)
                    ? _mm256_cmpgt_epi64(m->kind, none_set())
                    : _mm256_cmpeq_epi64(m->kind, broadcast(SEEBATCH_MOVE_CASTLING));
    lanes ended = either(zero_move, _mm256_cmpeq_epi64(mover, pair(-SEEBATCH_KING)));
    lanes valid = _mm256_cmpgt_epi64(broadcast(count), _mm256_setr_epi64x(0, 1, 2, 3));

    x->balance = but_not(gain, zero_move);
    x->standing = standing;
    x->lo = lo;
    x->hi = hi;
    /* Narrowing keeps clamp(balance, lo, hi), so the lanes that end here
     * may be narrowed with the rest. */
    narrow_opponent_next(x, reach);
    x->live = but_not(but_not(valid, ended), _mm256_cmpeq_epi32(x->lo, x->hi));
}

/* Stage 2: the bishops, rooks and queens attacking `to` once the move has
 * left its square (and the pawn it takes en passant). *rays gets those on
 * the lines of `to` as if the board were empty. */
INLINE bitboard lane_sliders(const seebatch_board *board, seebatch_move move, bitboard *rays)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    const bitboard *p = board->pieces;
    bitboard occupied = occupied_squares(board) & ~(square_bit(from) | square_bit(to));
    if (seebatch_move_kind(move) == SEEBATCH_MOVE_EN_PASSANT)
        occupied &= ~square_bit(color_on(board, from) == SEEBATCH_WHITE ? to - 8 : to + 8);
    bitboard diagonal = p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN];
    bitboard straight = p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN];
    *rays = (bishop_attacks(to, 0) & diagonal) | (rook_attacks(to, 0) & straight);
    return (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight);
}

/* The pins of the last board seen, as moves of one board come together. */
typedef struct pin_memory {
    const seebatch_board *board;
    pin_state pins;
} pin_memory;

static const pin_state *pins_of(pin_memory *memory, const seebatch_board *board)
{
    if (memory->board != board) {
        compute_pins(board, &memory->pins);
        memory->board = board;
    }
    return &memory->pins;
}

/* Rule 3 for one lane: the waiting sliders seen from `to` through every
 * piece that may leave (attackers and waiting sliders; not kings, whose
 * capture ends the exchange) are its candidates, each put in a slot. */
static void lane_candidates(general *g, unsigned lane, const seebatch_board *board, unsigned to,
                            bitboard occupied, bitboard attackers, bitboard waiting)
{
    const bitboard *p = board->pieces;
    bitboard diagonal = p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN];
    bitboard straight = p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN];
    bitboard through = occupied & ~((attackers | waiting) & ~p[SEEBATCH_KING]);
    bitboard found = ((bishop_attacks(to, through) & diagonal) | (rook_attacks(to, through) & straight))
                   & waiting;
    lanes this_lane = _mm256_cmpeq_epi64(_mm256_setr_epi64x(0, 1, 2, 3), broadcast(lane));
    unsigned k = 0;
    for (; found; found &= found - 1, k++) {
        unsigned square = lowest_square(found);
        if (k == g->candidates) {
            g->piece[k] = g->gate[k] = none_set();
            g->candidates++;
        }
        bitboard gate = (between(to, square) & occupied) | square_bit(square);
        g->piece[k] = choose(this_lane, broadcast(square_bit(square)), g->piece[k]);
        g->gate[k] = choose(this_lane, broadcast(gate), g->gate[k]);
    }
}

/* Sets up the general path: pins, promotions, candidates. Returns whether
 * the group needs it. */
static __attribute__((noinline)) int start_general(general *g, const move_lanes *m, lanes table, uint32_t flags,
                                                    const seebatch_board *const boards[LANES], lanes attackers,
                                                    lanes waiting, pin_memory *memory)
{
    g->occupied = m->occupied;
    g->with_pins = 0;
    g->pinned[0] = g->pinned[1] = g->pinners[0] = g->pinners[1] = none_set();
    if (flags & SEEBATCH_PINS) {
        /* pins_of keeps one board: each lane's pins are read before the next. */
        bitboard pinned_of[2][LANES], pinners_of[2][LANES];
        for (unsigned lane = 0; lane < LANES; lane++) {
            const pin_state *pins = pins_of(memory, boards[lane]);
            for (unsigned color = 0; color < 2; color++) {
                pinned_of[color][lane] = pins->blockers[color] & boards[lane]->colors[color];
                pinners_of[color][lane] = pins->pinners[color];
            }
        }
        lanes pinned[2], pinners[2];
        for (unsigned color = 0; color < 2; color++) {
            pinned[color] = _mm256_setr_epi64x((long long)pinned_of[color][0], (long long)pinned_of[color][1],
                                               (long long)pinned_of[color][2], (long long)pinned_of[color][3]);
            pinners[color] = _mm256_setr_epi64x((long long)pinners_of[color][0], (long long)pinners_of[color][1],
                                                (long long)pinners_of[color][2], (long long)pinners_of[color][3]);
        }
        g->pinned[0] = choose(m->white_moves, pinned[SEEBATCH_WHITE], pinned[SEEBATCH_BLACK]);
        g->pinned[1] = choose(m->white_moves, pinned[SEEBATCH_BLACK], pinned[SEEBATCH_WHITE]);
        g->pinners[0] = choose(m->white_moves, pinners[SEEBATCH_WHITE], pinners[SEEBATCH_BLACK]);
        g->pinners[1] = choose(m->white_moves, pinners[SEEBATCH_BLACK], pinners[SEEBATCH_WHITE]);
        g->with_pins = any(either(g->pinned[0], g->pinned[1]));
    }

    g->queen = value_of(table, pair(-SEEBATCH_QUEEN));
    g->last_rank = g->promotion = none_set();
    g->with_promotion = 0;
    if (flags & SEEBATCH_PROMOTIONS) {
        g->last_rank = is_zero(is_zero(both(m->to_bit, broadcast(0xFF000000000000FFull))));
        g->promotion = both(g->last_rank, minus(g->queen, value_of(table, none_set())));
        g->with_promotion = any(g->last_rank);
    }

    g->candidates = 0;
    unsigned waiting_lanes = lane_bits(but_not(broadcast(~0ull), is_zero(waiting)));
    if (waiting_lanes) {
        uint64_t to[LANES], occupied[LANES], attacking[LANES], waits[LANES];
        _mm256_storeu_si256((__m256i *)to, m->to);
        _mm256_storeu_si256((__m256i *)occupied, m->occupied);
        _mm256_storeu_si256((__m256i *)attacking, attackers);
        _mm256_storeu_si256((__m256i *)waits, waiting);
        for (unsigned lane = 0; lane < LANES; lane++)
            if (waiting_lanes & (1u << lane))
                lane_candidates(g, lane, boards[lane], (unsigned)to[lane], occupied[lane], attacking[lane],
                                waits[lane]);
    }
    return g->with_pins || g->with_promotion || g->candidates;
}

/* The answers, clamped to [lo, hi], of moves[0 .. min(count, 4)), each on
 * boards[lane]; `b` holds those boards as lanes. */
INLINE lanes evaluate_group(const seebatch_move *moves, size_t count, const seebatch_board *const boards[LANES],
                            const board_lanes *b, lanes table, uint32_t flags, lanes lo, lanes hi,
                            pin_memory *memory)
{
    exchange x;
    move_lanes m;
    start_group(&x, &m, b, table, flags, load_moves(moves, count), count, lo, hi);
    unsigned live = lane_bits(x.live);
    if (live) {
        /* Stage 2, lane by lane, kept in registers (see load_moves). */
        bitboard r0 = 0, r1 = 0, r2 = 0, r3 = 0;
        bitboard s0 = (live & 1) ? lane_sliders(boards[0], moves[0], &r0) : 0;
        bitboard s1 = (live & 2) ? lane_sliders(boards[1], moves[1], &r1) : 0;
        bitboard s2 = (live & 4) ? lane_sliders(boards[2], moves[2], &r2) : 0;
        bitboard s3 = (live & 8) ? lane_sliders(boards[3], moves[3], &r3) : 0;
        lanes sliders = _mm256_setr_epi64x((long long)s0, (long long)s1, (long long)s2, (long long)s3);
        lanes rays = _mm256_setr_epi64x((long long)r0, (long long)r1, (long long)r2, (long long)r3);
        x.attackers = both(either(sliders, m.steppers), m.occupied);
        /* Sliders on a line of `to` that do not attack it yet may join
         * later: rule 3, on the general path. */
        lanes waiting = but_not(both(rays, m.occupied), x.attackers);
        general g;
        if ((flags & (SEEBATCH_PINS | SEEBATCH_PROMOTIONS) || any(waiting))
            && start_general(&g, &m, table, flags, boards, x.attackers, waiting, memory))
            play_general(&x, b, table, &g);
        else
            play(&x, b, table, NULL);
    }
    return max32(x.lo, min32(x.balance, x.hi));
}

/* ------------------------------------------------------------------------ */
/* Batches                                                                  */
/* ------------------------------------------------------------------------ */

/* Writes the answers of one group: values, or whether each reached the
 * threshold (within the window [t - 1, t] the answer is t exactly then). */
INLINE void emit(int32_t *values, uint8_t *passed, lanes answers, size_t count, lanes threshold)
{
    if (passed) {
        unsigned mask = lane_bits(_mm256_cmpeq_epi32(answers, threshold));
        for (size_t lane = 0; lane < count && lane < LANES; lane++)
            passed[lane] = (uint8_t)((mask >> lane) & 1);
        return;
    }
    __m128i low = _mm256_castsi256_si128(
        _mm256_permutevar8x32_epi32(answers, _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
    if (count >= LANES) {
        _mm_storeu_si128((__m128i *)values, low);
    } else {
        __m128i keep = _mm_cmpgt_epi32(_mm_set1_epi32((int)count), _mm_setr_epi32(0, 1, 2, 3));
        _mm_maskstore_epi32(values, keep, low);
    }
}

/* All moves on one board. `passed` NULL asks for values. */
static void run_one_board(const seebatch_board *board, const seebatch_move *moves, size_t count,
                          const seebatch_config *config, int32_t *values, uint8_t *passed, int32_t lo,
                          int32_t hi)
{
    uint32_t flags = config->flags;
    lanes table = value_table(config);
    lanes lo_lanes = pair(lo), hi_lanes = pair(hi);
    pin_memory memory = {NULL, {{0, 0}, {0, 0}}};
    const seebatch_board *const boards[LANES] = {board, board, board, board};
    board_lanes b;
    one_board_lanes(&b, board);
    for (size_t i = 0; i < count; i += LANES) {
        lanes answers = evaluate_group(moves + i, count - i, boards, &b, table, flags, lo_lanes, hi_lanes, &memory);
        emit(values ? values + i : NULL, passed ? passed + i : NULL, answers, count - i, hi_lanes);
    }
}

/* Each move on the board it names. */
static void run_many_boards(const seebatch_board *all_boards, const uint32_t *board_of_move,
                            const seebatch_move *moves, size_t count, const seebatch_config *config,
                            int32_t *values, uint8_t *passed, int32_t lo, int32_t hi)
{
    uint32_t flags = config->flags;
    lanes table = value_table(config);
    lanes lo_lanes = pair(lo), hi_lanes = pair(hi);
    pin_memory memory = {NULL, {{0, 0}, {0, 0}}};
    for (size_t i = 0; i < count; i += LANES) {
        size_t n = count - i;
        const seebatch_board *boards[LANES];
        for (unsigned lane = 0; lane < LANES; lane++)
            boards[lane] = &all_boards[board_of_move[i + (lane < n ? lane : 0)]];
        /* The boards two groups ahead are on their way from memory. */
        for (size_t ahead = i + 2 * LANES; ahead < i + 3 * LANES && ahead < count; ahead++) {
            const char *next = (const char *)&all_boards[board_of_move[ahead]];
            _mm_prefetch(next, _MM_HINT_T0);
            _mm_prefetch(next + sizeof(seebatch_board) - 1, _MM_HINT_T0);
        }
        board_lanes b;
        four_board_lanes(&b, boards);
        lanes answers = evaluate_group(moves + i, n, boards, &b, table, flags, lo_lanes, hi_lanes, &memory);
        emit(values ? values + i : NULL, passed ? passed + i : NULL, answers, n, hi_lanes);
    }
}

/* The batch's fields are read one by one: the caller has just stored them,
 * and one wide read of them would wait for those stores to reach the cache. */
static void run_batch(const see_batch *batch, int32_t *values, uint8_t *passed, int32_t lo, int32_t hi)
{
    size_t count = batch->count;
    if (count == 0)
        return;
    if (batch->board_of_move)
        run_many_boards(batch->boards, batch->board_of_move, batch->moves, count, batch->config, values,
                        passed, lo, hi);
    else
        run_one_board(batch->boards, batch->moves, count, batch->config, values, passed, lo, hi);
}

static void avx2_values(const see_batch *batch, int32_t *values)
{
    run_batch(batch, values, NULL, INT32_MIN, INT32_MAX);
}

static void avx2_values_at_least(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    if (threshold == INT32_MIN) {
        /* Every answer is at least INT32_MIN, and the window needs t - 1. */
        if (batch->count > 0)
            memset(passed, 1, batch->count);
        return;
    }
    run_batch(batch, NULL, passed, threshold - 1, threshold);
}

const see_kernel avx2_kernel = {"avx2", cpu_has_avx2, avx2_values, avx2_values_at_least};
