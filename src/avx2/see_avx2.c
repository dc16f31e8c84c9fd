/*
 * The AVX2 SEE kernel: one capture per 64-bit lane, four captures at a time.
 *
 * Work is split where each kind of code is cheapest:
 *
 * - Per lane, in scalar code (magic lookups are loads, and BMI makes square
 *   loops cheap): the occupancy after the forced first move, the pieces that
 *   attack `to` then, and the x-ray candidates: sliders on a line through
 *   `to` that could join later, each with its gate (the squares between it
 *   and `to` still occupied). See lane_setup.
 * - Per group of four lanes, in vectors: the move fields, the values, the
 *   special moves, the window, and the whole exchange. See start_lanes and
 *   exchange.
 *
 * The exchange is played in square space: `attackers` holds the pieces of
 * both sides that attack `to` now. A step (the same side to move in every
 * lane: the sides alternate from the same start) takes the side's attackers,
 * finds the cheapest type through cumulative type masks (pawns, pawns or
 * knights, ...), and takes its lowest square, so rule 2 needs no extra work.
 * A candidate joins the attackers once every piece in its gate has left;
 * since only attackers leave, that is the whole of rule 3.
 *
 * The negamax of the swap list is carried forward as a window [lo, hi]
 * (DESIGN.md section 2), narrowed as the scalar reference does, so a lane
 * stops at the same capture and gives the same value. Values are 32-bit and
 * written twice in each 64-bit lane, so 32-bit min, max and compare give
 * whole-lane masks.
 */
#include <immintrin.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "attacks.h"
#include "cpu_features.h"
#include "kernel.h"
#include "pins.h"

enum { LANES = 4 };

/* At most this many x-ray candidates per lane: one per square of the eight
 * rays through `to` (seven squares each at most, 27 at most in fact). */
enum { MAX_CANDIDATES = 28 };

typedef __m256i lanes;

/* A 32-bit number in both halves of each lane. */
static inline lanes pair(int32_t value) { return _mm256_set1_epi32(value); }

static inline lanes zero(void) { return _mm256_setzero_si256(); }

/* All ones in the lanes where x is zero. */
static inline lanes is_zero(lanes x) { return _mm256_cmpeq_epi64(x, zero()); }

/* ------------------------------------------------------------------------ */
/* The configuration and the window, as the lanes use them                  */
/* ------------------------------------------------------------------------ */

typedef struct rules {
    lanes value_table;  /* value of type i in 32-bit element i; the king's is 0 */
    lanes pawn, knight, bishop, rook, queen;
    lanes promotion;    /* what a pawn gains by becoming a queen: queen - pawn */
    uint32_t flags;
} rules;

static rules rules_of(const seebatch_config *config)
{
    const int32_t *v = config->values;
    rules r;
    r.value_table = _mm256_setr_epi32(v[0], v[1], v[2], v[3], v[4], 0, 0, 0);
    r.pawn = pair(v[SEEBATCH_PAWN]);
    r.knight = pair(v[SEEBATCH_KNIGHT]);
    r.bishop = pair(v[SEEBATCH_BISHOP]);
    r.rook = pair(v[SEEBATCH_ROOK]);
    r.queen = pair(v[SEEBATCH_QUEEN]);
    r.promotion = pair(v[SEEBATCH_QUEEN] - v[SEEBATCH_PAWN]);
    r.flags = config->flags;
    return r;
}

/* ------------------------------------------------------------------------ */
/* Boards, as the lanes see them                                            */
/* ------------------------------------------------------------------------ */

/* What the exchange needs of each lane's board. For a batch on one board
 * every lane holds the same bitboards. */
typedef struct board_lanes {
    lanes white, black, occupied;
    lanes pawns;                           /* cumulative type masks: */
    lanes up_to_knight, up_to_bishop, up_to_rook, up_to_queen;
    lanes odd_type, type_twos, type_fours; /* the bits of each piece's type */
    lanes pinned[2];  /* pinned[X]: X's own pieces that are blockers of X */
    lanes pinners[2]; /* pinners[X]: the enemy sliders pinning them */
} board_lanes;

static void derive_board_lanes(board_lanes *b, lanes p[SEEBATCH_PIECE_TYPES])
{
    b->occupied = _mm256_or_si256(b->white, b->black);
    b->pawns = p[SEEBATCH_PAWN];
    b->up_to_knight = _mm256_or_si256(b->pawns, p[SEEBATCH_KNIGHT]);
    b->up_to_bishop = _mm256_or_si256(b->up_to_knight, p[SEEBATCH_BISHOP]);
    b->up_to_rook = _mm256_or_si256(b->up_to_bishop, p[SEEBATCH_ROOK]);
    b->up_to_queen = _mm256_or_si256(b->up_to_rook, p[SEEBATCH_QUEEN]);
    b->odd_type = _mm256_or_si256(_mm256_or_si256(p[SEEBATCH_KNIGHT], p[SEEBATCH_ROOK]), p[SEEBATCH_KING]);
    b->type_twos = _mm256_or_si256(p[SEEBATCH_BISHOP], p[SEEBATCH_ROOK]);
    b->type_fours = _mm256_or_si256(p[SEEBATCH_QUEEN], p[SEEBATCH_KING]);
}

static void pin_lanes(lanes *pinned, lanes *pinners, const pin_state pins[LANES],
                      const seebatch_board *const boards[LANES])
{
    for (unsigned color = 0; color < 2; color++) {
        pinned[color] = _mm256_setr_epi64x(
            (long long)(pins[0].blockers[color] & boards[0]->colors[color]),
            (long long)(pins[1].blockers[color] & boards[1]->colors[color]),
            (long long)(pins[2].blockers[color] & boards[2]->colors[color]),
            (long long)(pins[3].blockers[color] & boards[3]->colors[color]));
        pinners[color] = _mm256_setr_epi64x((long long)pins[0].pinners[color], (long long)pins[1].pinners[color],
                                            (long long)pins[2].pinners[color], (long long)pins[3].pinners[color]);
    }
}

static void one_board_lanes(board_lanes *b, const seebatch_board *board, const pin_state *pins)
{
    lanes p[SEEBATCH_PIECE_TYPES];
    for (int type = 0; type < SEEBATCH_PIECE_TYPES; type++)
        p[type] = _mm256_set1_epi64x((long long)board->pieces[type]);
    b->white = _mm256_set1_epi64x((long long)board->colors[SEEBATCH_WHITE]);
    b->black = _mm256_set1_epi64x((long long)board->colors[SEEBATCH_BLACK]);
    derive_board_lanes(b, p);
    for (unsigned color = 0; color < 2; color++) {
        b->pinned[color] = _mm256_set1_epi64x(pins ? (long long)(pins->blockers[color] & board->colors[color]) : 0);
        b->pinners[color] = _mm256_set1_epi64x(pins ? (long long)pins->pinners[color] : 0);
    }
}

/* Four boards, one per lane. */
static void many_board_lanes(board_lanes *b, const seebatch_board *const boards[LANES], const pin_state *pins)
{
#define GATHER(field) _mm256_setr_epi64x((long long)boards[0]->field, (long long)boards[1]->field, \
                                         (long long)boards[2]->field, (long long)boards[3]->field)
    lanes p[SEEBATCH_PIECE_TYPES];
    p[0] = GATHER(pieces[0]);
    p[1] = GATHER(pieces[1]);
    p[2] = GATHER(pieces[2]);
    p[3] = GATHER(pieces[3]);
    p[4] = GATHER(pieces[4]);
    p[5] = GATHER(pieces[5]);
    b->white = GATHER(colors[SEEBATCH_WHITE]);
    b->black = GATHER(colors[SEEBATCH_BLACK]);
#undef GATHER
    derive_board_lanes(b, p);
    if (pins) {
        pin_lanes(b->pinned, b->pinners, pins, boards);
    } else {
        b->pinned[0] = b->pinned[1] = b->pinners[0] = b->pinners[1] = zero();
    }
}

/* ------------------------------------------------------------------------ */
/* Per lane, in scalar code: what the first move leaves behind              */
/* ------------------------------------------------------------------------ */

typedef struct candidates {
    /* Slot k of lane i: the candidate's square bit, and its gate with the
     * candidate's own bit added (the candidate joins when gate & occupied is
     * exactly its bit). Unused slots hold 0 and never join anything. */
    bitboard piece[MAX_CANDIDATES][LANES];
    bitboard gate[MAX_CANDIDATES][LANES];
    unsigned count; /* slots in use, the most of any lane */
} candidates;

typedef struct lane_start {
    bitboard attackers; /* of both sides, among `occupied` */
    bitboard occupied;  /* after the first move, without `to` */
} lane_start;

/* Plays the first move on the occupancy and finds the attackers of `to` and
 * the x-ray candidates of the lane. Castling lanes get harmless nonsense:
 * their value does not depend on it. */
static inline lane_start lane_setup(const seebatch_board *board, seebatch_move move, unsigned lane,
                                    candidates *c)
{
    unsigned from = seebatch_move_from(move), to = seebatch_move_to(move);
    const bitboard *p = board->pieces;
    bitboard occupied = occupied_squares(board) & ~square_bit(from) & ~square_bit(to);
    if (seebatch_move_kind(move) == SEEBATCH_MOVE_EN_PASSANT)
        occupied &= ~square_bit(color_on(board, from) == SEEBATCH_WHITE ? to - 8 : to + 8);
    lane_start s;
    s.occupied = occupied;
    s.attackers = attackers_to(board, to, occupied) & occupied;

    /* Sliders on a line through `to` that do not attack it yet. A candidate
     * whose gate holds a piece that can never leave (a piece that does not
     * attack `to`, or a king, whose capture ends the exchange) is dropped. */
    bitboard diagonal = p[SEEBATCH_BISHOP] | p[SEEBATCH_QUEEN];
    bitboard straight = p[SEEBATCH_ROOK] | p[SEEBATCH_QUEEN];
    bitboard waiting = ((bishop_attacks(to, 0) & diagonal) | (rook_attacks(to, 0) & straight))
                     & occupied & ~s.attackers;
    if (waiting) {
        bitboard can_leave = (s.attackers | waiting) & ~p[SEEBATCH_KING];
        unsigned k = 0;
        for (; waiting; waiting &= waiting - 1) {
            unsigned square = lowest_square(waiting);
            bitboard gate = between(to, square) & occupied;
            if (gate & ~can_leave)
                continue;
            c->piece[k][lane] = square_bit(square);
            c->gate[k][lane] = gate | square_bit(square);
            k++;
        }
        for (unsigned j = k; j < c->count; j++)
            c->piece[j][lane] = c->gate[j][lane] = 0;
        if (k > c->count) {
            /* New slots: the lanes set up before this one have nothing there. */
            for (unsigned j = c->count; j < k; j++)
                for (unsigned other = 0; other < lane; other++)
                    c->piece[j][other] = c->gate[j][other] = 0;
            c->count = k;
        }
    } else {
        for (unsigned j = 0; j < c->count; j++)
            c->piece[j][lane] = c->gate[j][lane] = 0;
    }
    return s;
}

/* ------------------------------------------------------------------------ */
/* Per group of four lanes, in vectors                                      */
/* ------------------------------------------------------------------------ */

/* Everything the exchange carries from one capture to the next. */
typedef struct exchange_state {
    lanes attackers, occupied;
    lanes mine, theirs;               /* colour bitboards of the first mover and the other side */
    lanes pinned_mine, pinned_theirs; /* only with SEEBATCH_PINS */
    lanes pinners_mine, pinners_theirs;
    lanes balance;   /* material for the first mover so far */
    lanes standing;  /* value of the piece on `to` */
    lanes promotion; /* what a pawn capturing on `to` gains by promoting, or 0 */
    lanes lo, hi;    /* the answer is clamp(rest of the exchange, lo, hi) */
    lanes live;      /* lanes whose exchange goes on */
} exchange_state;

/* The type (pawn 0 .. king 5) of the piece on each lane's square, as a
 * 32-bit pair; an empty square reads as a pawn. */
static inline lanes type_on_squares(const board_lanes *b, lanes bit)
{
    lanes one = pair(1), two = pair(2), four = pair(4);
    lanes t = _mm256_andnot_si256(is_zero(_mm256_and_si256(b->odd_type, bit)), one);
    t = _mm256_or_si256(t, _mm256_andnot_si256(is_zero(_mm256_and_si256(b->type_twos, bit)), two));
    return _mm256_or_si256(t, _mm256_andnot_si256(is_zero(_mm256_and_si256(b->type_fours, bit)), four));
}

static inline lanes value_of_type(const rules *r, lanes type)
{
    return _mm256_permutevar8x32_epi32(r->value_table, type);
}

static inline lanes max32(lanes a, lanes b) { return _mm256_max_epi32(a, b); }
static inline lanes min32(lanes a, lanes b) { return _mm256_min_epi32(a, b); }

/* The window after a capture (or the first move) that leaves the other side
 * to move, as the scalar reference narrows it: that side may stop (bounding
 * the answer on its side) or capture, winning at most `reach`. */
static inline void narrow_opponent_next(exchange_state *s, lanes reach)
{
    s->hi = min32(s->hi, max32(s->balance, s->lo));
    s->lo = max32(s->lo, min32(_mm256_sub_epi32(s->balance, reach), s->hi));
}

static inline void narrow_first_mover_next(exchange_state *s, lanes reach)
{
    s->lo = max32(s->lo, min32(s->balance, s->hi));
    s->hi = min32(s->hi, max32(_mm256_add_epi32(s->balance, reach), s->lo));
}

static inline lanes reach_of(const exchange_state *s)
{
    return _mm256_add_epi32(s->standing, max32(s->promotion, zero()));
}

/* The four moves, widened to one per lane; lanes past `count` get move 0. */
static inline lanes load_moves(const seebatch_move *moves, size_t count)
{
    uint64_t packed = 0;
    memcpy(&packed, moves, (count < LANES ? count : LANES) * sizeof *moves);
    return _mm256_cvtepu16_epi64(_mm_cvtsi64_si128((long long)packed));
}

/* Sets up the exchange of every lane after its first move. `valid` marks the
 * lanes that hold a move; `lo0`, `hi0` the window the caller asks for. */
static inline void start_lanes(exchange_state *s, const board_lanes *b, const rules *r, lanes moves,
                               lanes valid, const lane_start start[LANES], int32_t lo0, int32_t hi0)
{
    lanes one = _mm256_set1_epi64x(1);
    lanes from = _mm256_and_si256(moves, _mm256_set1_epi64x(63));
    lanes to = _mm256_and_si256(_mm256_srli_epi64(moves, 6), _mm256_set1_epi64x(63));
    lanes kind = _mm256_srli_epi64(moves, 12);
    lanes kind_pair = _mm256_shuffle_epi32(kind, 0xA0);
    lanes from_bit = _mm256_sllv_epi64(one, from);
    lanes to_bit = _mm256_sllv_epi64(one, to);

    lanes white_moves = _mm256_andnot_si256(is_zero(_mm256_and_si256(b->white, from_bit)), _mm256_set1_epi64x(-1));
    s->mine = _mm256_blendv_epi8(b->black, b->white, white_moves);
    s->theirs = _mm256_blendv_epi8(b->white, b->black, white_moves);
    s->pinned_mine = _mm256_blendv_epi8(b->pinned[1], b->pinned[0], white_moves);
    s->pinned_theirs = _mm256_blendv_epi8(b->pinned[0], b->pinned[1], white_moves);
    s->pinners_mine = _mm256_blendv_epi8(b->pinners[1], b->pinners[0], white_moves);
    s->pinners_theirs = _mm256_blendv_epi8(b->pinners[0], b->pinners[1], white_moves);

    s->attackers = _mm256_setr_epi64x((long long)start[0].attackers, (long long)start[1].attackers,
                                      (long long)start[2].attackers, (long long)start[3].attackers);
    s->occupied = _mm256_setr_epi64x((long long)start[0].occupied, (long long)start[1].occupied,
                                     (long long)start[2].occupied, (long long)start[3].occupied);

    /* Rule 1: the gain of the first move. */
    lanes victim_on_to = _mm256_andnot_si256(is_zero(_mm256_and_si256(b->occupied, to_bit)),
                                             value_of_type(r, type_on_squares(b, to_bit)));
    lanes en_passant = _mm256_cmpeq_epi64(kind, _mm256_set1_epi64x(SEEBATCH_MOVE_EN_PASSANT));
    lanes gain = _mm256_blendv_epi8(victim_on_to, r->pawn, en_passant);
    lanes mover_type = type_on_squares(b, from_bit);
    lanes standing = value_of_type(r, mover_type);

    /* Rule 6: a promotion names its piece; later pawn captures on the last
     * rank promote to a queen. */
    lanes promotion = zero();
    if (r->flags & SEEBATCH_PROMOTIONS) {
        lanes is_promotion = _mm256_and_si256(_mm256_cmpgt_epi64(kind, zero()),
                                              _mm256_cmpgt_epi64(_mm256_set1_epi64x(SEEBATCH_MOVE_EN_PASSANT), kind));
        lanes named = value_of_type(r, kind_pair);
        gain = _mm256_add_epi32(gain, _mm256_and_si256(is_promotion, _mm256_sub_epi32(named, r->pawn)));
        standing = _mm256_blendv_epi8(standing, named, is_promotion);
        lanes rank = _mm256_srli_epi64(to, 3);
        lanes back_rank = _mm256_or_si256(is_zero(rank), _mm256_cmpeq_epi64(rank, _mm256_set1_epi64x(7)));
        promotion = _mm256_and_si256(back_rank, r->promotion);
    }

    /* Castling, and with SEEBATCH_NORMAL_MOVES_ONLY every special move, is
     * worth 0 and ends there; so does a king's first move (rule 4). */
    lanes zero_move = _mm256_cmpeq_epi64(kind, _mm256_set1_epi64x(SEEBATCH_MOVE_CASTLING));
    if (r->flags & SEEBATCH_NORMAL_MOVES_ONLY)
        zero_move = _mm256_cmpgt_epi64(kind, zero());
    gain = _mm256_andnot_si256(zero_move, gain);
    lanes king_moves = _mm256_cmpeq_epi64(mover_type, pair(SEEBATCH_KING));
    lanes ended = _mm256_or_si256(zero_move, king_moves);

    s->balance = gain;
    s->standing = standing;
    s->promotion = promotion;
    s->lo = pair(lo0);
    s->hi = pair(hi0);
    lanes going = _mm256_andnot_si256(ended, valid);
    /* Lanes that end here keep the caller's window, so their answer is
     * clamp(gain, lo0, hi0). */
    exchange_state narrowed = *s;
    narrow_opponent_next(&narrowed, reach_of(s));
    s->lo = _mm256_blendv_epi8(s->lo, narrowed.lo, going);
    s->hi = _mm256_blendv_epi8(s->hi, narrowed.hi, going);
    s->live = _mm256_andnot_si256(_mm256_cmpeq_epi32(s->lo, s->hi), going);
}

/* Candidates whose gate has emptied join the attackers. */
static inline void open_lines(exchange_state *s, const candidates *c, const lanes *piece, const lanes *gate)
{
    for (unsigned k = 0; k < c->count; k++) {
        lanes open = _mm256_cmpeq_epi64(_mm256_and_si256(gate[k], s->occupied), piece[k]);
        s->attackers = _mm256_or_si256(s->attackers, _mm256_and_si256(open, piece[k]));
    }
}

/* One capture, by the first mover's opponent (`theirs_turn`) or by the first
 * mover, in every live lane. Returns whether any lane goes on. */
static inline int step(exchange_state *s, const board_lanes *b, const rules *r, const candidates *c,
                       const lanes *piece, const lanes *gate, int theirs_turn, int with_pins)
{
    lanes own = theirs_turn ? s->theirs : s->mine;
    lanes other = theirs_turn ? s->mine : s->theirs;
    lanes candidates_now = _mm256_and_si256(s->attackers, own);
    if (with_pins) {
        /* Rule 5: while one of the side's pinners is on the board, its
         * blockers stay. */
        lanes pinners = theirs_turn ? s->pinners_theirs : s->pinners_mine;
        lanes pinned = theirs_turn ? s->pinned_theirs : s->pinned_mine;
        lanes no_pinner = is_zero(_mm256_and_si256(pinners, s->occupied));
        candidates_now = _mm256_andnot_si256(_mm256_andnot_si256(no_pinner, pinned), candidates_now);
    }
    /* Rule 2: the cheapest type, then the lowest square. */
    lanes up_to_pawn = _mm256_and_si256(candidates_now, b->pawns);
    lanes up_to_knight = _mm256_and_si256(candidates_now, b->up_to_knight);
    lanes up_to_bishop = _mm256_and_si256(candidates_now, b->up_to_bishop);
    lanes up_to_rook = _mm256_and_si256(candidates_now, b->up_to_rook);
    lanes up_to_queen = _mm256_and_si256(candidates_now, b->up_to_queen);
    lanes no_pawn = is_zero(up_to_pawn), no_knight = is_zero(up_to_knight);
    lanes no_bishop = is_zero(up_to_bishop), no_rook = is_zero(up_to_rook);
    lanes only_king = is_zero(up_to_queen), none = is_zero(candidates_now);
    lanes set = _mm256_blendv_epi8(up_to_queen, candidates_now, only_king);
    set = _mm256_blendv_epi8(up_to_rook, set, no_rook);
    set = _mm256_blendv_epi8(up_to_bishop, set, no_bishop);
    set = _mm256_blendv_epi8(up_to_knight, set, no_knight);
    set = _mm256_blendv_epi8(up_to_pawn, set, no_pawn);
    lanes value = _mm256_blendv_epi8(r->rook, r->queen, no_rook);
    value = _mm256_blendv_epi8(r->bishop, value, no_bishop);
    value = _mm256_blendv_epi8(r->knight, value, no_knight);
    value = _mm256_blendv_epi8(r->pawn, value, no_pawn);
    lanes from = _mm256_and_si256(set, _mm256_sub_epi64(zero(), set));

    /* Rule 4: a king captures only when the other side has no attacker. */
    lanes other_has_none = is_zero(_mm256_and_si256(s->attackers, other));
    lanes stop = _mm256_or_si256(none, _mm256_andnot_si256(other_has_none, only_king));
    lanes captures = _mm256_andnot_si256(stop, s->live);

    lanes gain = s->standing;
    if (r->flags & SEEBATCH_PROMOTIONS) {
        /* A pawn capturing on a last rank wins the promotion and stands
         * there as a queen (where promotion is 0 a queen is worth a pawn,
         * so the lanes without one may take the queen's value too). */
        lanes pawn_captures = _mm256_andnot_si256(no_pawn, _mm256_set1_epi64x(-1));
        lanes promotes = _mm256_andnot_si256(is_zero(s->promotion), pawn_captures);
        gain = _mm256_add_epi32(gain, _mm256_and_si256(pawn_captures, s->promotion));
        value = _mm256_blendv_epi8(value, r->queen, promotes);
    }
    gain = _mm256_and_si256(gain, captures);
    s->balance = theirs_turn ? _mm256_sub_epi32(s->balance, gain) : _mm256_add_epi32(s->balance, gain);
    s->standing = value;
    s->attackers = _mm256_xor_si256(s->attackers, from);
    s->occupied = _mm256_xor_si256(s->occupied, from);
    open_lines(s, c, piece, gate);

    lanes reach = reach_of(s);
    if (theirs_turn)
        narrow_first_mover_next(s, reach);
    else
        narrow_opponent_next(s, reach);
    /* A king's capture ends the exchange (nothing can answer it). */
    lanes going = _mm256_andnot_si256(only_king, captures);
    s->live = _mm256_andnot_si256(_mm256_cmpeq_epi32(s->lo, s->hi), going);
    return !_mm256_testz_si256(s->live, s->live);
}

static inline lanes answer(const exchange_state *s)
{
    return max32(s->lo, min32(s->balance, s->hi));
}

static inline void play_out(exchange_state *s, const board_lanes *b, const rules *r, const candidates *c,
                            int with_pins)
{
    lanes piece[MAX_CANDIDATES], gate[MAX_CANDIDATES];
    for (unsigned k = 0; k < c->count; k++) {
        piece[k] = _mm256_loadu_si256((const __m256i *)c->piece[k]);
        gate[k] = _mm256_loadu_si256((const __m256i *)c->gate[k]);
    }
    while (!_mm256_testz_si256(s->live, s->live)) {
        if (!step(s, b, r, c, piece, gate, 1, with_pins))
            break;
        if (!step(s, b, r, c, piece, gate, 0, with_pins))
            break;
    }
}

/* ------------------------------------------------------------------------ */
/* Batches                                                                  */
/* ------------------------------------------------------------------------ */

typedef struct window_request {
    int32_t lo, hi;
} window_request;

/* Remembers the pins of the last board seen, as moves of one board usually
 * come together. */
typedef struct pin_memory {
    const seebatch_board *board;
    pin_state pins;
} pin_memory;

static const pin_state *pins_for(pin_memory *memory, const seebatch_board *board)
{
    if (memory->board != board) {
        compute_pins(board, &memory->pins);
        memory->board = board;
    }
    return &memory->pins;
}

/* The answers (clamped to the window) of moves first .. first + n - 1, n <= 4. */
static inline lanes evaluate_group(const see_batch *batch, size_t first, size_t n, const rules *r,
                                   const board_lanes *shared, pin_memory *memory, window_request w)
{
    const seebatch_board *boards[LANES];
    for (unsigned i = 0; i < LANES; i++)
        boards[i] = board_of(batch, first + (i < n ? i : 0));
    candidates c;
    c.count = 0;
    lane_start start[LANES];
    for (unsigned i = 0; i < LANES; i++) {
        if (i < n) {
            start[i] = lane_setup(boards[i], batch->moves[first + i], i, &c);
        } else {
            start[i].attackers = start[i].occupied = 0;
            for (unsigned k = 0; k < c.count; k++)
                c.piece[k][i] = c.gate[k][i] = 0;
        }
    }
    board_lanes own;
    const board_lanes *b = shared;
    int with_pins = (r->flags & SEEBATCH_PINS) != 0;
    if (!b) {
        pin_state pins[LANES];
        if (with_pins)
            for (unsigned i = 0; i < LANES; i++)
                pins[i] = *pins_for(memory, boards[i]);
        many_board_lanes(&own, boards, with_pins ? pins : NULL);
        b = &own;
    }
    lanes index = _mm256_setr_epi64x(0, 1, 2, 3);
    lanes valid = _mm256_cmpgt_epi64(_mm256_set1_epi64x((long long)n), index);
    exchange_state s;
    start_lanes(&s, b, r, load_moves(batch->moves + first, n), valid, start, w.lo, w.hi);
    if (with_pins)
        play_out(&s, b, r, &c, 1);
    else
        play_out(&s, b, r, &c, 0);
    return answer(&s);
}

/* Runs every group of the batch; `emit` writes a group's answers. */
#define FOR_EACH_GROUP(batch, r, w, answers, n, i, body)                                      \
    do {                                                                                      \
        pin_memory memory_ = {NULL, {{0, 0}, {0, 0}}};                                        \
        board_lanes shared_;                                                                  \
        const board_lanes *shared_ptr_ = NULL;                                                \
        if (!(batch)->board_of_move && (batch)->count > 0) {                                  \
            const pin_state *pins_ = ((r).flags & SEEBATCH_PINS)                              \
                                         ? pins_for(&memory_, (batch)->boards) : NULL;        \
            one_board_lanes(&shared_, (batch)->boards, pins_);                                \
            shared_ptr_ = &shared_;                                                           \
        }                                                                                     \
        for (size_t i = 0; i < (batch)->count; i += LANES) {                                  \
            size_t n = (batch)->count - i < LANES ? (batch)->count - i : LANES;               \
            lanes answers = evaluate_group((batch), i, n, &(r), shared_ptr_, &memory_, (w));  \
            body                                                                              \
        }                                                                                     \
    } while (0)

static void avx2_values(const see_batch *batch, int32_t *values)
{
    rules r = rules_of(batch->config);
    window_request w = {INT32_MIN, INT32_MAX};
    FOR_EACH_GROUP(batch, r, w, answers, n, i, {
        __m128i low = _mm256_castsi256_si128(
            _mm256_permutevar8x32_epi32(answers, _mm256_setr_epi32(0, 2, 4, 6, 0, 0, 0, 0)));
        if (n == LANES) {
            _mm_storeu_si128((__m128i *)(values + i), low);
        } else {
            __m128i keep = _mm_cmpgt_epi32(_mm_set1_epi32((int)n), _mm_setr_epi32(0, 1, 2, 3));
            _mm_maskstore_epi32(values + i, keep, low);
        }
    });
}

static void avx2_values_at_least(const see_batch *batch, int32_t threshold, uint8_t *passed)
{
    if (threshold == INT32_MIN) {
        /* Every answer is at least INT32_MIN, and the window needs t - 1. */
        memset(passed, 1, batch->count);
        return;
    }
    rules r = rules_of(batch->config);
    window_request w = {threshold - 1, threshold};
    FOR_EACH_GROUP(batch, r, w, answers, n, i, {
        /* The answer is t exactly when SEE >= t. */
        int mask = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi32(answers, pair(threshold))));
        for (size_t lane = 0; lane < n; lane++)
            passed[i + lane] = (uint8_t)((mask >> lane) & 1);
    });
}

const see_kernel avx2_kernel = {"avx2", cpu_has_avx2, avx2_values, avx2_values_at_least};
