/*
 * The checked calls' yes-or-no test of a many-board batch (kernel.h,
 * batch_sound), four moves at a time: validity.h's board_is_consistent and
 * move_fits_board in lanes, one move a lane, each lane's board checked
 * whole (a board's moves come together, so it is read once from memory, by
 * the first of them, however many lanes check it). The nine words of a
 * board are loaded as two rows of four and one word and turned into lanes
 * by shuffles (gathers were slower on Zen 3). En passant and Chess960's
 * castling files, rare, are asked of the scalar test lane by lane, as is a
 * batch's last partial group; only
 * the boards the moves name are looked at. tests/test_sound_batches.c
 * holds this to the scalar tests.
 */
#include <immintrin.h>
#include <stddef.h>

#include "avx2/lanes.h" /* transpose */
#include "kernel.h"
#include "board/validity.h"

/* The facts of four moves that decide their fit, as lane masks. */
typedef struct move_facts {
    __m256i from_empty, onto_own; /* either fails any move */
    __m256i pawn, last_rank, king, own_rook_to;
} move_facts;

static inline __m256i is_clear(__m256i bits, __m256i bit)
{
    return _mm256_cmpeq_epi64(_mm256_and_si256(bits, bit), _mm256_setzero_si256());
}

static inline __m256i is_set(__m256i bits, __m256i bit)
{
    return _mm256_xor_si256(is_clear(bits, bit), _mm256_set1_epi64x(-1));
}

/* Each lane's board as lanes: rows[k] holds word k of every board. */
typedef struct whole_boards {
    __m256i pieces[SEEBATCH_PIECE_TYPES], colors[2], rest; /* rest: side, en passant, ... */
} whole_boards;

static inline whole_boards whole_boards_of(const seebatch_board *const board[4])
{
    _Static_assert(offsetof(seebatch_board, colors) == 6 * sizeof(uint64_t) &&
                       sizeof(seebatch_board) == 9 * sizeof(uint64_t),
                   "a board is its six piece sets, its two colours and one word");
    __m256i first[4], last[4];
    for (unsigned lane = 0; lane < 4; lane++) {
        first[lane] = _mm256_loadu_si256((const __m256i *)&board[lane]->pieces[SEEBATCH_KNIGHT]);
        last[lane] = _mm256_loadu_si256((const __m256i *)&board[lane]->pieces[SEEBATCH_KING]);
    }
    whole_boards r;
    transpose(first[0], first[1], first[2], first[3], &r.pieces[SEEBATCH_KNIGHT]);
    __m256i out[4];
    transpose(last[0], last[1], last[2], last[3], out);
    r.pieces[SEEBATCH_KING] = out[0];
    r.colors[SEEBATCH_WHITE] = out[1];
    r.colors[SEEBATCH_BLACK] = out[2];
    r.rest = out[3];
    r.pieces[SEEBATCH_PAWN] = _mm256_setr_epi64x(
        (long long)board[0]->pieces[SEEBATCH_PAWN], (long long)board[1]->pieces[SEEBATCH_PAWN],
        (long long)board[2]->pieces[SEEBATCH_PAWN], (long long)board[3]->pieces[SEEBATCH_PAWN]);
    return r;
}

/* Lanes whose board is not consistent (board_is_consistent). The word
 * after the colours holds side_to_move, en_passant, castling and reserved
 * in its low four bytes. */
static inline __m256i inconsistent(const whole_boards *r)
{
    _Static_assert(offsetof(seebatch_board, side_to_move) == 64 &&
                       offsetof(seebatch_board, en_passant) == 65 &&
                       offsetof(seebatch_board, castling) == 66 &&
                       offsetof(seebatch_board, reserved) == 67,
                   "the bytes after the colours");
    __m256i seen = r->pieces[0], overlap = _mm256_setzero_si256();
    for (int type = 1; type < SEEBATCH_PIECE_TYPES; type++) {
        overlap = _mm256_or_si256(overlap, _mm256_and_si256(seen, r->pieces[type]));
        seen = _mm256_or_si256(seen, r->pieces[type]);
    }
    __m256i white = r->colors[SEEBATCH_WHITE], black = r->colors[SEEBATCH_BLACK];
    overlap = _mm256_or_si256(overlap, _mm256_and_si256(white, black));
    overlap = _mm256_or_si256(overlap, _mm256_xor_si256(seen, _mm256_or_si256(white, black)));
    /* A side past black. Castling's rook files (bits 4-7 of castling and
     * reserved) are looked at by the scalar test (chess960_files). */
    overlap = _mm256_or_si256(overlap, _mm256_and_si256(r->rest, _mm256_set1_epi64x(0xFE)));
    /* En passant: none, or a square on rank 6 with white to move, rank 3
     * with black (a square past 63 has no such rank). */
    __m256i square = _mm256_and_si256(_mm256_srli_epi64(r->rest, 8), _mm256_set1_epi64x(0xFF));
    __m256i side = _mm256_and_si256(r->rest, _mm256_set1_epi64x(1));
    __m256i rank = _mm256_sub_epi64(_mm256_set1_epi64x(5),
                                    _mm256_add_epi64(side, _mm256_add_epi64(side, side)));
    __m256i en_passant_ok =
        _mm256_or_si256(_mm256_cmpeq_epi64(square, _mm256_set1_epi64x(SEEBATCH_NO_SQUARE)),
                        _mm256_cmpeq_epi64(_mm256_srli_epi64(square, 3), rank));
    return _mm256_or_si256(is_set(overlap, overlap),
                           _mm256_xor_si256(en_passant_ok, _mm256_set1_epi64x(-1)));
}

/* Lanes whose board keeps Chess960 rook files (castling.h). */
static inline __m256i chess960_files(const whole_boards *r)
{
    return is_set(r->rest, _mm256_set1_epi64x(0xFFF00000));
}

static inline move_facts facts_of(const whole_boards *r, __m256i move)
{
    __m256i kings = r->pieces[SEEBATCH_KING], pawns = r->pieces[SEEBATCH_PAWN];
    __m256i rooks = r->pieces[SEEBATCH_ROOK];
    __m256i white = r->colors[SEEBATCH_WHITE], black = r->colors[SEEBATCH_BLACK];
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
    f.own_rook_to = _mm256_and_si256(f.onto_own, is_set(rooks, to_bit));
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
                        _mm256_and_si256(castling, _mm256_and_si256(f->king, f->own_rook_to)));
    /* Castling is the king taking its own rook: onto its own colour. */
    __m256i fails = _mm256_or_si256(f->from_empty, _mm256_andnot_si256(castling, f->onto_own));
    return _mm256_or_si256(fails, _mm256_xor_si256(fits, _mm256_set1_epi64x(-1)));
}

/* The moves first .. first + 3 and their boards; en passant lanes by the
 * scalar test. */
static inline bool seebatch_group_fits(const see_batch *batch, size_t first, size_t board_count)
{
    const seebatch_board *board[4];
    bool inside = true;
    for (unsigned lane = 0; lane < 4; lane++) {
        size_t b = batch->board_of_move[first + lane];
        inside &= b < board_count;
        board[lane] = &batch->boards[b < board_count ? b : 0]; /* nothing outside is read */
    }
    __m256i move = _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i *)&batch->moves[first]));
    whole_boards rows = whole_boards_of(board);
    move_facts f = facts_of(&rows, move);
    __m256i kind = _mm256_srli_epi64(move, 12);
    __m256i en_passant = _mm256_cmpeq_epi64(kind, _mm256_set1_epi64x(SEEBATCH_MOVE_EN_PASSANT));
    __m256i bad =
        _mm256_or_si256(_mm256_andnot_si256(en_passant, misfits(&f, kind)), inconsistent(&rows));
    if (!inside || !_mm256_testz_si256(bad, bad))
        return false;
    __m256i rare = _mm256_or_si256(en_passant, chess960_files(&rows));
    if (__builtin_expect(_mm256_testz_si256(rare, rare), 1))
        return true;
    return seebatch_named_boards_sound(&(see_batch){.boards = batch->boards,
                                                    .board_of_move = batch->board_of_move + first,
                                                    .moves = batch->moves + first,
                                                    .count = 4},
                                       board_count);
}

bool seebatch_batch_sound_avx2(const see_batch *batch, size_t board_count)
{
    size_t i = 0;
    for (; i + 4 <= batch->count; i += 4)
        if (!seebatch_group_fits(batch, i, board_count))
            return false;
    return seebatch_named_boards_sound(&(see_batch){.boards = batch->boards,
                                                    .board_of_move = batch->board_of_move + i,
                                                    .moves = batch->moves + i,
                                                    .count = batch->count - i},
                                       board_count);
}
