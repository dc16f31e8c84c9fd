/*
 * The AVX2 SEE kernel: one capture per 64-bit lane, four captures at a time,
 * and for batches of five moves or more two groups of four stepped together.
 *
 * A group of four moves goes through three stages.
 *
 * 1. Vectors, all lanes at once (attackers.h): the pieces of both sides
 *    that attack `to` once the first move has left its square. Sliders are
 *    found with arithmetic on the lines through `to` rather than with magic
 *    lookups: those are loads whose address depends on the lane, and done
 *    lane by lane in scalar code they cost about as much as the whole rest
 *    of the kernel.
 * 2. Vectors (start_group): the move fields, the gain of the first move,
 *    the value of the piece it leaves on `to`, the moves that end at once
 *    (castling, a king's first move, special moves under
 *    SEEBATCH_NORMAL_MOVES_ONLY), and the first window.
 * 3. Vectors: the exchange (exchange.h). Every lane starts with the
 *    opponent's reply, so the same side is to move in all lanes and a step
 *    needs no per-lane colour choice. The board is held as three planes, the
 *    pieces whose type code (pawn 0 .. king 5) has each bit, and the cheapest
 *    attacker is found bit by bit of that code (rule 2, lowest square first);
 *    the rest of a step is a handful of logic and min/max operations.
 *
 * Rule 3. The attackers are found after the first move, so what that move
 * uncovers is already among them. A piece leaving later can only uncover a
 * slider on a line through `to`, which joins once every piece between it and
 * `to` has left; those pieces must all be able to leave, that is attack `to`
 * sooner or later. Each lane finds such sliders (candidates) by looking
 * again from `to` with those pieces lifted, always: skipping the look in
 * groups with no slider on a line of `to` (one in five) saved nothing on
 * positions the branch predictor had not learned. About 4% of lanes have
 * one; their group then carries the candidate with its gate (the squares
 * between it and `to`), and a candidate joins once its gate is empty
 * (play_with_slot). A lane with two candidates, a pinned piece among the
 * pieces that may capture (rule 5) or promotions (rule 6) sends its group
 * down the general path (play_in_general), which carries any number of
 * candidates, the pins of each side and the promotion gains. Pins are worked out once per board,
 * and only for a board with a lane that has an attacker.
 *
 * Rule 7. The negamax of the swap list is carried forward as a window
 * [lo, hi] (docs/design.md, section 2), narrowed exactly as the scalar reference
 * narrows it, so a lane stops where it stops: when its side to move cannot
 * capture or when the window closes. Its answer is clamp(balance, lo, hi).
 * After a king's capture the other side has nothing left (rule 4), so that
 * lane stops at the next step. Values are 32-bit numbers written in both
 * halves of their lane, so 32-bit operations give whole-lane masks.
 *
 * What the speed depends on (measured with perf and callgrind):
 * - No branch on data that is hard to predict: the first two steps run
 *   without a test, and the candidate search runs for every group. Measure
 *   such choices on a data set the predictor cannot learn (bench/, multi):
 *   a loop over the same few thousand positions rewards branches it has
 *   memorised.
 * - No vector read of bytes just written by scalar stores (moves, the
 *   caller's batch, lane results): such a read waits for the stores to reach
 *   the cache. Vectors are put together from registers instead.
 * - Boards of a many-board batch are prefetched a few groups ahead.
 */
#include <immintrin.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "attackers.h"
#include "attacks.h"
#include "cpu_features.h"
#include "exchange.h"
#include "kernel.h"
#include "pins.h"

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

/* A group's move fields, each lane's own. The rare paths decode them again
 * rather than keep them alive in registers on the common one. */
typedef struct decoded_moves {
    lanes to, to_bit, from_bit, kind, white_moves;
    lanes occupied; /* after the first move, without `to` */
} decoded_moves;

/* The occupancy after the first move, without `to`. */
INLINE lanes occupied_after(const board_lanes *b, lanes from_bit, lanes to_bit, lanes kind, lanes white_moves)
{
    lanes behind = choose(white_moves, _mm256_srli_epi64(to_bit, 8), _mm256_slli_epi64(to_bit, 8));
    lanes en_passant = _mm256_cmpeq_epi64(kind, broadcast(SEEBATCH_MOVE_EN_PASSANT));
    lanes left = either(either(from_bit, to_bit), both(en_passant, behind));
    return but_not(either(b->white, b->black), left);
}

INLINE decoded_moves decode_moves(lanes packed, const board_lanes *b)
{
    decoded_moves d;
    lanes one = broadcast(1), six_bits = broadcast(63);
    d.to = both(_mm256_srli_epi64(packed, 6), six_bits);
    d.kind = _mm256_srli_epi64(packed, 12);
    d.from_bit = _mm256_sllv_epi64(one, both(packed, six_bits));
    d.to_bit = _mm256_sllv_epi64(one, d.to);
    d.white_moves = _mm256_cmpeq_epi64(both(b->white, d.from_bit), d.from_bit);
    d.occupied = occupied_after(b, d.from_bit, d.to_bit, d.kind, d.white_moves);
    return d;
}

/* Stage 2: every lane after its first move, all but the attackers. */
INLINE void start_group(exchange *x, const board_lanes *b, lanes table, uint32_t flags, const decoded_moves *d,
                        lanes valid, lanes lo, lanes hi)
{
    lanes kind = d->kind, from_bit = d->from_bit, to_bit = d->to_bit;
    x->mine = choose(d->white_moves, b->white, b->black);

    /* Rule 1: the gain is the piece on `to`, a pawn for en passant. */
    lanes en_passant = _mm256_cmpeq_epi64(kind, broadcast(SEEBATCH_MOVE_EN_PASSANT));
    lanes taken = _mm256_cmpeq_epi64(both(either(b->white, b->black), to_bit), to_bit);
    lanes gain = both(value_of(table, negated_code_on(b, to_bit)), either(taken, en_passant));
    lanes mover = negated_code_on(b, from_bit);
    lanes standing = value_of(table, mover);
    lanes reach = standing;
    if (flags & SEEBATCH_PROMOTIONS) {
        /* Rule 6: a promotion names its piece (kinds 1 to 4 are its type),
         * and a pawn reaching a last rank later becomes a queen. */
        lanes promotes = both(_mm256_cmpgt_epi64(kind, none_set()),
                              _mm256_cmpgt_epi64(broadcast(SEEBATCH_MOVE_EN_PASSANT), kind));
        lanes named = value_of(table, minus(none_set(), _mm256_shuffle_epi32(kind, 0xA0)));
        lanes pawn = value_of(table, none_set());
        gain = plus(gain, both(promotes, minus(named, pawn)));
        standing = choose(promotes, named, standing);
        lanes last_rank = is_zero(is_zero(both(to_bit, broadcast(0xFF000000000000FFull))));
        lanes queen = value_of(table, pair(-SEEBATCH_QUEEN));
        reach = plus(standing, both(last_rank, max32(minus(queen, pawn), none_set())));
    }

    /* Castling, and under SEEBATCH_NORMAL_MOVES_ONLY every special move, is
     * worth 0 and ends there; so does a king's first move (rule 4). */
    lanes zero_move = (flags & SEEBATCH_NORMAL_MOVES_ONLY)
                    ? _mm256_cmpgt_epi64(kind, none_set())
                    : _mm256_cmpeq_epi64(kind, broadcast(SEEBATCH_MOVE_CASTLING));
    lanes ended = either(zero_move, _mm256_cmpeq_epi64(mover, pair(-SEEBATCH_KING)));

    x->balance = but_not(gain, zero_move);
    x->standing = standing;
    x->lo = lo;
    x->hi = hi;
    /* Narrowing keeps clamp(balance, lo, hi), so the lanes that end here
     * may be narrowed with the rest. */
    narrow_opponent_next(x, reach);
    x->live = but_not(but_not(valid, ended), _mm256_cmpeq_epi32(x->lo, x->hi));
}

/* The pins of the boards seen last: the moves of one board come together,
 * and a group of a many-board batch spans a few boards. Slot i remembers a
 * board whose index (its address over the board size) is i modulo 8. */
enum { PIN_SLOTS = 8 };

typedef struct pin_memory {
    const seebatch_board *board[PIN_SLOTS];
    pin_state pins[PIN_SLOTS];
} pin_memory;

static void forget_pins(pin_memory *memory)
{
    for (unsigned i = 0; i < PIN_SLOTS; i++)
        memory->board[i] = NULL;
}

static const pin_state *pins_of(pin_memory *memory, const seebatch_board *board)
{
    unsigned slot = (unsigned)(((uintptr_t)board / sizeof *board) % PIN_SLOTS);
    if (memory->board[slot] != board) {
        seebatch_compute_pins(board, &memory->pins[slot]);
        memory->board[slot] = board;
    }
    return &memory->pins[slot];
}

/* The flags for moves all on one board: without SEEBATCH_PINS when neither
 * side has a pinned piece, as on most boards, so that no group looks. */
static uint32_t flags_for_board(uint32_t flags, const seebatch_board *board, pin_memory *memory)
{
    if (!(flags & SEEBATCH_PINS))
        return flags;
    const pin_state *pins = pins_of(memory, board);
    bitboard pinned = (pins->blockers[SEEBATCH_WHITE] & board->colors[SEEBATCH_WHITE])
                    | (pins->blockers[SEEBATCH_BLACK] & board->colors[SEEBATCH_BLACK]);
    return pinned ? flags : flags & ~(uint32_t)SEEBATCH_PINS;
}

/* Whether rule 5 can matter in a group: only a pinned piece that attacks
 * `to`, now or once uncovered (`reach`: attackers and x-ray candidates), is
 * ever held back by its pin. Most groups have none, even on boards with
 * pins, and then play as if the flag were off, which gives the same
 * answers. */
static int pins_matter(pin_memory *memory, const seebatch_board *const boards[LANES], const bitboard reach[LANES],
                       size_t count)
{
    for (unsigned lane = 0; lane < count && lane < LANES; lane++) {
        /* A lane without an attacker ends at once: its board's pins are
         * not worked out for it (a capture of a loose piece, a common case). */
        if (!reach[lane])
            continue;
        const seebatch_board *board = boards[lane];
        const pin_state *pins = pins_of(memory, board);
        bitboard pinned = (pins->blockers[SEEBATCH_WHITE] & board->colors[SEEBATCH_WHITE])
                        | (pins->blockers[SEEBATCH_BLACK] & board->colors[SEEBATCH_BLACK]);
        if (pinned & reach[lane])
            return 1;
    }
    return 0;
}

/* Rule 3 for one lane: each candidate in a slot, with its gate. */
static void lane_candidates(general *g, unsigned lane, unsigned to, bitboard occupied, bitboard later)
{
    lanes this_lane = _mm256_cmpeq_epi64(_mm256_setr_epi64x(0, 1, 2, 3), broadcast(lane));
    unsigned k = 0;
    for (; later; later &= later - 1, k++) {
        unsigned square = lowest_square(later);
        if (k == g->candidates) {
            g->piece[k] = g->gate[k] = none_set();
            g->candidates++;
        }
        bitboard gate = (between(to, square) & occupied) | square_bit(square);
        g->piece[k] = choose(this_lane, broadcast(square_bit(square)), g->piece[k]);
        g->gate[k] = choose(this_lane, broadcast(gate), g->gate[k]);
    }
}

/* The common x-ray case: one candidate per lane at most, no pins and no
 * promotions. Out of line: it is rare. */
static __attribute__((noinline)) void play_with_slot(exchange *x, const seebatch_move *moves, size_t count,
                                                      const board_lanes *b, lanes table, const bitboard later[LANES])
{
    decoded_moves d = decode_moves(load_moves(moves, count), b);
    candidate_slot slot;
    slot.occupied = d.occupied;
    uint64_t to_of[LANES], occupied_of[LANES], piece[LANES], gate[LANES];
    _mm256_storeu_si256((__m256i *)to_of, d.to);
    _mm256_storeu_si256((__m256i *)occupied_of, slot.occupied);
    for (unsigned lane = 0; lane < LANES; lane++) {
        piece[lane] = later[lane];
        gate[lane] = later[lane] ? (between((unsigned)to_of[lane], lowest_square(later[lane])) & occupied_of[lane])
                                       | later[lane]
                                 : 0;
    }
    slot.piece = _mm256_setr_epi64x((long long)piece[0], (long long)piece[1], (long long)piece[2], (long long)piece[3]);
    slot.gate = _mm256_setr_epi64x((long long)gate[0], (long long)gate[1], (long long)gate[2], (long long)gate[3]);
    play(x, b, table, NULL, &slot);
}

/*
 * The exchange when pins, promotions or x-ray candidates may play a part:
 * sets up what they need (the move fields again, rather than keep them alive
 * on the common path) and plays it out, or plays the common way when none
 * does after all. Out of line: it is rare, and its state is large.
 */
static __attribute__((noinline)) void play_in_general(exchange *x, const seebatch_move *moves, size_t count,
                                                       const seebatch_board *const boards[LANES],
                                                       const board_lanes *b, lanes table, uint32_t flags,
                                                       const bitboard later[LANES], pin_memory *memory)
{
    general g;
    decoded_moves d = decode_moves(load_moves(moves, count), b);
    lanes to = d.to, to_bit = d.to_bit, white_moves = d.white_moves;
    g.occupied = d.occupied;

    g.features = 0;
    g.pinned[0] = g.pinned[1] = g.pinners[0] = g.pinners[1] = none_set();
    if (flags & SEEBATCH_PINS) {
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
        g.pinned[0] = choose(white_moves, pinned[SEEBATCH_WHITE], pinned[SEEBATCH_BLACK]);
        g.pinned[1] = choose(white_moves, pinned[SEEBATCH_BLACK], pinned[SEEBATCH_WHITE]);
        g.pinners[0] = choose(white_moves, pinners[SEEBATCH_WHITE], pinners[SEEBATCH_BLACK]);
        g.pinners[1] = choose(white_moves, pinners[SEEBATCH_BLACK], pinners[SEEBATCH_WHITE]);
        if (any(either(g.pinned[0], g.pinned[1])))
            g.features |= WITH_PINS;
    }

    g.queen = value_of(table, pair(-SEEBATCH_QUEEN));
    g.last_rank = g.promotion = none_set();
    if (flags & SEEBATCH_PROMOTIONS) {
        g.last_rank = is_zero(is_zero(both(to_bit, broadcast(0xFF000000000000FFull))));
        g.promotion = both(g.last_rank, minus(g.queen, value_of(table, none_set())));
        if (any(g.last_rank))
            g.features |= WITH_PROMOTION;
    }

    g.candidates = 0;
    if (later[0] | later[1] | later[2] | later[3]) {
        uint64_t to_of[LANES], occupied_of[LANES];
        _mm256_storeu_si256((__m256i *)to_of, to);
        _mm256_storeu_si256((__m256i *)occupied_of, g.occupied);
        for (unsigned lane = 0; lane < LANES; lane++)
            if (later[lane])
                lane_candidates(&g, lane, (unsigned)to_of[lane], occupied_of[lane], later[lane]);
    }
    if (g.features || g.candidates)
        play(x, b, table, &g, NULL);
    else
        play(x, b, table, NULL, NULL);
}

/* How a group's exchange is played (see the top of the file). */
enum path { COMMON, ONE_CANDIDATE, GENERAL };

/* Stages 1 and 2 for moves[0 .. min(count, 4)), each on boards[lane], which
 * `b` holds as lanes. Returns the path the group takes; off the common path
 * `later` gets each lane's x-ray candidates. *group_flags loses
 * SEEBATCH_PINS when no pin can matter in the group (pins_matter). */
INLINE enum path prepare_group(exchange *x, bitboard later[LANES], const seebatch_move *moves, size_t count,
                               const seebatch_board *const boards[LANES], const board_lanes *b, lanes table,
                               uint32_t *group_flags, lanes lo, lanes hi, pin_memory *memory)
{
    uint32_t flags = *group_flags;
    decoded_moves d = decode_moves(load_moves(moves, count), b);
    lanes valid = _mm256_cmpgt_epi64(broadcast(count), _mm256_setr_epi64x(0, 1, 2, 3));
    start_group(x, b, table, flags, &d, valid, lo, hi);
    lanes waiting;
    x->attackers = attackers_of(b, d.to, d.to_bit, d.occupied, &waiting);
    waiting = both(waiting, valid); /* lanes past `count` have no move */
    if (flags & SEEBATCH_PINS) {
        bitboard reach[LANES];
        _mm256_storeu_si256((__m256i *)reach, either(x->attackers, waiting));
        if (!pins_matter(memory, boards, reach, count))
            *group_flags = flags &= ~(uint32_t)SEEBATCH_PINS;
    }
    if (!(flags & (SEEBATCH_PINS | SEEBATCH_PROMOTIONS)) && !any(waiting))
        return COMMON;
    _mm256_storeu_si256((__m256i *)later, waiting);
    lanes several = both(waiting, _mm256_add_epi64(waiting, _mm256_cmpeq_epi64(waiting, waiting)));
    return (flags & (SEEBATCH_PINS | SEEBATCH_PROMOTIONS)) || any(several) ? GENERAL : ONE_CANDIDATE;
}

/* Plays one group's exchange on its path. */
INLINE void play_group(exchange *x, enum path path, const bitboard later[LANES], const seebatch_move *moves,
                       size_t count, const seebatch_board *const boards[LANES], const board_lanes *b, lanes table,
                       uint32_t flags, pin_memory *memory)
{
    if (path == COMMON)
        play(x, b, table, NULL, NULL);
    else if (path == ONE_CANDIDATE)
        play_with_slot(x, moves, count, b, table, later);
    else
        play_in_general(x, moves, count, boards, b, table, flags, later, memory);
}

INLINE lanes answer(const exchange *x) { return max32(x->lo, min32(x->balance, x->hi)); }

/* The answers, clamped to [lo, hi], of one group (see prepare_group). */
INLINE lanes evaluate_group(const seebatch_move *moves, size_t count, const seebatch_board *const boards[LANES],
                            const board_lanes *b, lanes table, uint32_t flags, lanes lo, lanes hi,
                            pin_memory *memory)
{
    exchange x;
    bitboard later[LANES];
    enum path path = prepare_group(&x, later, moves, count, boards, b, table, &flags, lo, hi, memory);
    play_group(&x, path, later, moves, count, boards, b, table, flags, memory);
    return answer(&x);
}

/* Two groups at once, the first full and the second holding the rest of
 * `count` (5 to 8) moves: their exchanges are independent chains of
 * dependent steps, so stepping them together lets one fill the other's
 * waits. Each board_lanes pointer may be the same. */
INLINE void evaluate_two_groups(const seebatch_move *moves, size_t count,
                                const seebatch_board *const boards[2 * LANES], const board_lanes *b0,
                                const board_lanes *b1, lanes table, uint32_t flags, lanes lo, lanes hi,
                                pin_memory *memory, lanes answers[2])
{
    exchange x0, x1;
    bitboard later0[LANES], later1[LANES];
    uint32_t flags0 = flags, flags1 = flags;
    size_t rest = count - LANES;
    enum path path0 = prepare_group(&x0, later0, moves, LANES, boards, b0, table, &flags0, lo, hi, memory);
    enum path path1 = prepare_group(&x1, later1, moves + LANES, rest, boards + LANES, b1, table, &flags1, lo, hi,
                                    memory);
    if (path0 != COMMON || path1 != COMMON) {
        play_group(&x0, path0, later0, moves, LANES, boards, b0, table, flags0, memory);
        play_group(&x1, path1, later1, moves + LANES, rest, boards + LANES, b1, table, flags1, memory);
    } else {
        /* As play, for both; a group whose lanes have all ended is stepped
         * along harmlessly (nothing changes its answer). */
        step(&x0, b0, table, NULL, NULL, 1);
        step(&x1, b1, table, NULL, NULL, 1);
        step(&x0, b0, table, NULL, NULL, 0);
        step(&x1, b1, table, NULL, NULL, 0);
        while (any(either(x0.live, x1.live))) {
            step(&x0, b0, table, NULL, NULL, 1);
            step(&x1, b1, table, NULL, NULL, 1);
            step(&x0, b0, table, NULL, NULL, 0);
            step(&x1, b1, table, NULL, NULL, 0);
        }
    }
    answers[0] = answer(&x0);
    answers[1] = answer(&x1);
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

/* Writes the answers of two groups holding `count` (5 to 8) moves. */
INLINE void emit_two_groups(int32_t *values, uint8_t *passed, const lanes answers[2], size_t count, lanes threshold)
{
    emit(values, passed, answers[0], LANES, threshold);
    emit(values ? values + LANES : NULL, passed ? passed + LANES : NULL, answers[1], count - LANES, threshold);
}

/* At most four moves on one board, the usual call of an engine (one move,
 * or the few captures of a node): one group, straight through, so that
 * nothing is prepared for groups that will not come. */
static __attribute__((noinline)) void run_one_group(const seebatch_board *board, const seebatch_move *moves,
                                                     size_t count, const seebatch_config *config, int32_t *values,
                                                     uint8_t *passed, int32_t lo, int32_t hi)
{
    lanes table = value_table(config);
    lanes hi_lanes = pair(hi);
    pin_memory memory;
    forget_pins(&memory);
    const seebatch_board *const boards[LANES] = {board, board, board, board};
    uint32_t flags = flags_for_board(config->flags, board, &memory);
    board_lanes b;
    one_board_lanes(&b, board);
    lanes answers = evaluate_group(moves, count, boards, &b, table, flags, pair(lo), hi_lanes, &memory);
    emit(values, passed, answers, count, hi_lanes);
}

/* All moves on one board. `passed` NULL asks for values. */
static void run_one_board(const seebatch_board *board, const seebatch_move *moves, size_t count,
                          const seebatch_config *config, int32_t *values, uint8_t *passed, int32_t lo,
                          int32_t hi)
{
    lanes table = value_table(config);
    lanes lo_lanes = pair(lo), hi_lanes = pair(hi);
    pin_memory memory;
    forget_pins(&memory);
    const seebatch_board *const boards[2 * LANES] = {board, board, board, board, board, board, board, board};
    uint32_t flags = flags_for_board(config->flags, board, &memory);
    board_lanes b;
    one_board_lanes(&b, board);
    size_t i = 0;
    lanes answers[2];
    for (; i + 2 * LANES <= count; i += 2 * LANES) {
        evaluate_two_groups(moves + i, 2 * LANES, boards, &b, &b, table, flags, lo_lanes, hi_lanes, &memory,
                            answers);
        emit_two_groups(values ? values + i : NULL, passed ? passed + i : NULL, answers, 2 * LANES, hi_lanes);
    }
    if (count - i > LANES) {
        /* Five to seven moves left: two groups, the second partly full, are
         * stepped together too (12% faster than one after the other). */
        evaluate_two_groups(moves + i, count - i, boards, &b, &b, table, flags, lo_lanes, hi_lanes, &memory,
                            answers);
        emit_two_groups(values ? values + i : NULL, passed ? passed + i : NULL, answers, count - i, hi_lanes);
    } else if (i < count) {
        answers[0] = evaluate_group(moves + i, count - i, boards, &b, table, flags, lo_lanes, hi_lanes, &memory);
        emit(values ? values + i : NULL, passed ? passed + i : NULL, answers[0], count - i, hi_lanes);
    }
}

/* Asks for the boards of the moves a few groups past `i`, so that they are
 * on their way from memory when their turn comes. */
INLINE void prefetch_boards(const seebatch_board *all_boards, const uint32_t *board_of_move, size_t i, size_t count)
{
    for (size_t ahead = i + 4 * LANES; ahead < i + 6 * LANES && ahead < count; ahead++) {
        const char *next = (const char *)&all_boards[board_of_move[ahead]];
        _mm_prefetch(next, _MM_HINT_T0);
        _mm_prefetch(next + sizeof(seebatch_board) - 1, _MM_HINT_T0);
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
    pin_memory memory;
    forget_pins(&memory);
    size_t i = 0;
    for (; i + 2 * LANES <= count; i += 2 * LANES) {
        const seebatch_board *boards[2 * LANES];
        for (unsigned lane = 0; lane < 2 * LANES; lane++)
            boards[lane] = &all_boards[board_of_move[i + lane]];
        prefetch_boards(all_boards, board_of_move, i, count);
        board_lanes b[2];
        four_board_lanes(&b[0], boards);
        four_board_lanes(&b[1], boards + LANES);
        lanes answers[2];
        evaluate_two_groups(moves + i, 2 * LANES, boards, &b[0], &b[1], table, flags, lo_lanes, hi_lanes, &memory,
                            answers);
        emit_two_groups(values ? values + i : NULL, passed ? passed + i : NULL, answers, 2 * LANES, hi_lanes);
    }
    for (; i < count; i += LANES) {
        size_t n = count - i;
        const seebatch_board *boards[LANES];
        for (unsigned lane = 0; lane < LANES; lane++)
            boards[lane] = &all_boards[board_of_move[i + (lane < n ? lane : 0)]];
        prefetch_boards(all_boards, board_of_move, i, count);
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
    else if (count <= LANES)
        run_one_group(batch->boards, batch->moves, count, batch->config, values, passed, lo, hi);
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

/* One or two moves are faster one by one than in a group of four lanes
 * (bench/, batch_length; the README's "Measured" has the figures). */
const see_kernel seebatch_avx2_kernel = {"avx2", seebatch_cpu_has_avx2, avx2_values, avx2_values_at_least, 3};
