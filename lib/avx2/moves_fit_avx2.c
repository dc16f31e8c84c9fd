/*
 * Whether a many-board batch's moves fit their boards, four moves at a
 * time: validity.h's move_fits_board in lanes, the checked calls' yes-or-no
 * test (kernel.h, moves_fit). One move a lane; the five bitboards a move's
 * fit depends on are loaded from its board and turned into lanes by
 * shuffles (gathers were slower on Zen 3). En passant, rare, is asked of the
 * scalar test lane by lane, as is a batch's last partial group.
 * tests/test_moves_fit.c holds this to the scalar test.
 */
#include <immintrin.h>
#include <stddef.h>

#include "kernel.h"
#include "validity.h"

/* The facts of four moves that decide their fit, as lane masks. */
typedef struct move_facts {
    __m256i from_empty, onto_own; /* either fails any move */
    __m256i pawn, last_rank, king, empty_to;
} move_facts;

static inline __m256i is_clear(__m256i bits, __m256i bit)
{
    return _mm256_cmpeq_epi64(_mm256_and_si256(bits, bit), _mm256_setzero_si256());
}

static inline __m256i is_set(__m256i bits, __m256i bit)
{
    return _mm256_xor_si256(is_clear(bits, bit), _mm256_set1_epi64x(-1));
}

/* Four qwords of each of four rows, turned into four rows of lanes. */
static inline void transpose(__m256i r0, __m256i r1, __m256i r2, __m256i r3, __m256i out[4])
{
    __m256i t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
    __m256i t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
    out[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
    out[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
    out[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
    out[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
}

/* A board's last four words (kings, white, black, the rest) from one load. */
static inline __m256i last_words(const seebatch_board *board)
{
    _Static_assert(offsetof(seebatch_board, colors) == 6 * sizeof(uint64_t) &&
                       sizeof(seebatch_board) == 9 * sizeof(uint64_t),
                   "a board ends with its kings, its colors and one word");
    return _mm256_loadu_si256((const __m256i *)&board->pieces[SEEBATCH_KING]);
}

static inline move_facts facts_of(const seebatch_board *const board[4], __m256i move)
{
    __m256i rows[4];
    transpose(last_words(board[0]), last_words(board[1]), last_words(board[2]),
              last_words(board[3]), rows);
    __m256i kings = rows[0], white = rows[1], black = rows[2];
    __m256i pawns = _mm256_setr_epi64x(
        (long long)board[0]->pieces[SEEBATCH_PAWN], (long long)board[1]->pieces[SEEBATCH_PAWN],
        (long long)board[2]->pieces[SEEBATCH_PAWN], (long long)board[3]->pieces[SEEBATCH_PAWN]);
    __m256i six_bits = _mm256_set1_epi64x(63), one = _mm256_set1_epi64x(1);
    __m256i from_bit =
        _mm256_sllv_epi64(one, _mm256_and_si256(_mm256_srli_epi64(move, 6), six_bits));
    __m256i to_bit = _mm256_sllv_epi64(one, _mm256_and_si256(move, six_bits));
    __m256i occupied = _mm256_or_si256(white, black);
    __m256i black_moves = is_set(black, from_bit);
    move_facts f;
    f.from_empty = is_clear(occupied, from_bit);
    f.onto_own = is_set(_mm256_blendv_epi8(white, black, black_moves), to_bit);
    f.pawn = is_set(pawns, from_bit);
    f.last_rank = is_set(_mm256_blendv_epi8(_mm256_set1_epi64x((long long)0xFF00000000000000ull),
                                            _mm256_set1_epi64x(0xFF), black_moves),
                         to_bit);
    f.king = is_set(kings, from_bit);
    f.empty_to = is_clear(occupied, to_bit);
    return f;
}

/* Lanes whose move does not fit, as fitting_facts says by kind (validity.h);
 * en passant lanes are left to the caller. */
static inline __m256i misfits(const move_facts *f, __m256i kind)
{
    __m256i promoting = _mm256_and_si256(f->pawn, f->last_rank);
    __m256i normal = _mm256_cmpeq_epi64(kind, _mm256_setzero_si256());
    __m256i promotion =
        _mm256_and_si256(_mm256_cmpgt_epi64(kind, _mm256_setzero_si256()),
                         _mm256_cmpgt_epi64(_mm256_set1_epi64x(SEEBATCH_MOVE_EN_PASSANT), kind));
    __m256i castling = _mm256_cmpeq_epi64(kind, _mm256_set1_epi64x(SEEBATCH_MOVE_CASTLING));
    __m256i fits =
        _mm256_or_si256(_mm256_or_si256(_mm256_andnot_si256(promoting, normal),
                                        _mm256_and_si256(promoting, promotion)),
                        _mm256_and_si256(castling, _mm256_and_si256(f->king, f->empty_to)));
    __m256i fails = _mm256_or_si256(f->from_empty, f->onto_own);
    return _mm256_or_si256(fails, _mm256_xor_si256(fits, _mm256_set1_epi64x(-1)));
}

/* The moves first .. first + 3, their en passant lanes by the scalar test. */
static inline bool group_fits(const see_batch *batch, size_t first, size_t board_count)
{
    const seebatch_board *board[4];
    bool inside = true;
    for (unsigned lane = 0; lane < 4; lane++) {
        size_t b = batch->board_of_move[first + lane];
        inside &= b < board_count;
        board[lane] = &batch->boards[b < board_count ? b : 0]; /* nothing outside is read */
    }
    __m256i move = _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i *)&batch->moves[first]));
    move_facts f = facts_of(board, move);
    __m256i kind = _mm256_srli_epi64(move, 12);
    __m256i en_passant = _mm256_cmpeq_epi64(kind, _mm256_set1_epi64x(SEEBATCH_MOVE_EN_PASSANT));
    __m256i bad = _mm256_andnot_si256(en_passant, misfits(&f, kind));
    if (!inside || !_mm256_testz_si256(bad, bad))
        return false;
    if (__builtin_expect(_mm256_testz_si256(en_passant, en_passant), 1))
        return true;
    return seebatch_moves_fit_portable(&(see_batch){.boards = batch->boards,
                                                    .board_of_move = batch->board_of_move + first,
                                                    .moves = batch->moves + first,
                                                    .count = 4},
                                       board_count);
}

bool seebatch_moves_fit_avx2(const see_batch *batch, size_t board_count)
{
    size_t i = 0;
    for (; i + 4 <= batch->count; i += 4)
        if (!group_fits(batch, i, board_count))
            return false;
    return seebatch_moves_fit_portable(&(see_batch){.boards = batch->boards,
                                                    .board_of_move = batch->board_of_move + i,
                                                    .moves = batch->moves + i,
                                                    .count = batch->count - i},
                                       board_count);
}
