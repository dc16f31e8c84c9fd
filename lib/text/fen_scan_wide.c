/*
 * The FEN placement read 32 bytes at a time with AVX2 (fen_scan.h),
 * as simdjson finds structure, with no loop over characters:
 *
 * 1. The slashes and the first space of the text's first 64 bytes, by two
 *    compares, give where the placement ends and where each rank starts.
 * 2. Each rank's first 8 bytes go to a slot of 8 bytes (ranks 8-5 in one
 *    vector, 4-1 in the other); the bytes from a slot's first '/' or ' ' on
 *    are cut off, so a slot holds its rank's characters in text order.
 * 3. A character's width (1 for a piece, d for a digit) summed along its
 *    slot gives the square its run of squares starts on: the bit of that
 *    square, summed over the slot (psadbw), is the rank's byte of "first
 *    squares", F, the squares where the characters of the text begin.
 * 4. A square's character is the one whose run starts last at or before
 *    it: its place in the slot is the count of F's bits up to the square,
 *    less one (bits counted by nibble lookups). One pshufb by those places
 *    puts each character's piece code (from a pshufb table) on its squares,
 *    and a movemask per bit of the code gives the pieces' bitboards: no
 *    pext or pdep, which AMD before Zen 3 runs in microcode.
 *
 * The rules of the field are checked at once on the masks (8 ranks of width
 * 8, no two digits side by side, nothing but pieces, digits and slashes, one
 * king a colour at most). Anything unusual (a placement longer than 63 bytes,
 * a text shorter than 32, any broken rule) returns 0 and leaves the text to
 * the one-pass reader, which is exact about every case; so this reader needs
 * to be right only about what it accepts. It reads no byte at or past
 * `length`: the windows are moved back to end at the text's end.
 */
#include "fen_scan_wide.h"

#if defined(__AVX2__) && defined(__BMI2__)

#include <immintrin.h>
#include <string.h>

#include "board/bitboard.h"
#include "board/position_status.h"

/* A byte's piece code from its low nibble, for letters whose bit 4 is clear
 * (B K N, b k n) and set (P Q R, p q r): the piece type + 1, so 0 is no
 * piece. Any other byte of 0x40-0x7f reads 0: no piece. */
#define CODE(t) ((t) + 1)
#define NIBBLE_TABLE(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)         \
    _mm256_setr_epi8(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a0, a1, \
                     a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)

/* The masks of 4 slots (a bit a byte): of the text's bytes, in slot order,
 * and of the squares, a byte a square in the same place (slot q's file f). */
typedef struct slot_masks {
    uint32_t chars;      /* the bytes that are their rank's characters */
    uint32_t digits;     /* those that are digits */
    uint32_t letters;    /* those that are pieces */
    uint32_t full_ranks; /* the last byte of each slot whose rank is 8 wide */
    uint32_t code[3];    /* by square: bit k of its piece's code (type + 1) */
    uint32_t black;      /* by square: its letter's bit 5 (lower case) */
} slot_masks;

/* The bytes the slots are compared with, each in every byte of a vector.
 * Read through a pointer the compiler cannot see into (below), they are
 * memory operands; as immediates GCC builds each one again on every call
 * (mov, vmovd, vpbroadcastb): 33 of the reader's 350 instructions a FEN. */
typedef struct byte_constants {
    __m256i slash, space, nibble, above_digits, one_char, seven, one, eight;
} byte_constants;
#define EVERY_BYTE(b) (long long)(0x0101010101010101ull * (b))
#define VECTOR_OF(b)                                                                               \
    {                                                                                              \
        EVERY_BYTE(b), EVERY_BYTE(b), EVERY_BYTE(b), EVERY_BYTE(b)                                 \
    }
static const byte_constants every_byte = {VECTOR_OF('/'),  VECTOR_OF(' '), VECTOR_OF(0x0f),
                                          VECTOR_OF(0x3f), VECTOR_OF('1'), VECTOR_OF(7),
                                          VECTOR_OF(1),    VECTOR_OF(8)};

/* Where each character of 4 slots stands: for every square, the place in
 * its slot of the character on it, given the characters' widths and their
 * runs' ends (a slot's running sum of widths), cut bytes flagged in stop. */
static inline __attribute__((always_inline)) __m256i
character_on_square(__m256i width, __m256i end, __m256i stop, const byte_constants *k)
{
    /* The bit of each character's first square in its rank (none once cut:
     * an index with bit 7 set reads 0; 8-15 read 0 too, a rank too wide),
     * summed over the slot: its rank's first squares, F, in its low byte. */
    const __m256i bits = NIBBLE_TABLE(1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0);
    __m256i first = _mm256_shuffle_epi8(bits, _mm256_or_si256(_mm256_sub_epi8(end, width), stop));
    __m256i first_squares = _mm256_sad_epu8(first, _mm256_setzero_si256());
    /* The character on square f of a rank is the one whose run of squares
     * starts last at or before f: the count of F's bits up to f, less one
     * (a byte's bits counted by nibbles), in its slot (the qword's first
     * byte, 0 or 8 in its lane: pshufb reads within a lane). */
    const __m256i slot_start = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8, 0,
                                                0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8);
    const __m256i up_to = _mm256_setr_epi8(1, 3, 7, 15, 31, 63, 127, -1, 1, 3, 7, 15, 31, 63, 127,
                                           -1, 1, 3, 7, 15, 31, 63, 127, -1, 1, 3, 7, 15, 31, 63,
                                           127, -1); /* bits a to f, in byte f */
    __m256i before = _mm256_and_si256(_mm256_shuffle_epi8(first_squares, slot_start), up_to);
    const __m256i nibble_bits = NIBBLE_TABLE(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    __m256i count = _mm256_add_epi8(
        _mm256_shuffle_epi8(nibble_bits, _mm256_and_si256(before, k->nibble)),
        _mm256_shuffle_epi8(nibble_bits,
                            _mm256_and_si256(_mm256_srli_epi16(before, 4), k->nibble)));
    const __m256i slot_last =
        _mm256_setr_epi8(-1, -1, -1, -1, -1, -1, -1, -1, 7, 7, 7, 7, 7, 7, 7, 7, -1, -1, -1, -1, -1,
                         -1, -1, -1, 7, 7, 7, 7, 7, 7, 7, 7); /* slot_start less one */
    return _mm256_add_epi8(count, slot_last);
}

/* Reads 4 slots (a rank's first 8 bytes each, its first byte lowest). */
static inline __attribute__((always_inline)) slot_masks read_slots(__m256i v,
                                                                   const byte_constants *k)
{
    slot_masks m;
    /* Cut each slot at its first '/' or ' ': the bits spread to the higher
     * bytes of the qword. */
    __m256i stop = _mm256_or_si256(_mm256_cmpeq_epi8(v, k->slash), _mm256_cmpeq_epi8(v, k->space));
    stop = _mm256_or_si256(stop, _mm256_slli_epi64(stop, 8));
    stop = _mm256_or_si256(stop, _mm256_slli_epi64(stop, 16));
    stop = _mm256_or_si256(stop, _mm256_slli_epi64(stop, 32));

    const __m256i table_bit4_clear =
        NIBBLE_TABLE(0, 0, CODE(SEEBATCH_BISHOP), 0, 0, 0, 0, 0, 0, 0, 0, CODE(SEEBATCH_KING), 0, 0,
                     CODE(SEEBATCH_KNIGHT), 0);
    const __m256i table_bit4_set =
        NIBBLE_TABLE(CODE(SEEBATCH_PAWN), CODE(SEEBATCH_QUEEN), CODE(SEEBATCH_ROOK), 0, 0, 0, 0, 0,
                     0, 0, 0, 0, 0, 0, 0, 0);
    __m256i low = _mm256_and_si256(v, k->nibble);
    __m256i code = _mm256_blendv_epi8(_mm256_shuffle_epi8(table_bit4_clear, low),
                                      _mm256_shuffle_epi8(table_bit4_set, low),
                                      _mm256_slli_epi16(v, 3)); /* bit 4 to bit 7 */
    /* Letters are 0x40-0x7f (signed: bytes of 0x80 up are negative). */
    code = _mm256_and_si256(code, _mm256_cmpgt_epi8(v, k->above_digits));
    code = _mm256_andnot_si256(stop, code);

    __m256i from_one = _mm256_sub_epi8(v, k->one_char);
    __m256i digit =
        _mm256_andnot_si256(stop, _mm256_cmpeq_epi8(_mm256_min_epu8(from_one, k->seven), from_one));
    /* The width: d for a digit, 1 for anything else of the rank (a byte that
     * is neither piece nor digit fails the checks anyway), 0 once cut. */
    __m256i width = _mm256_andnot_si256(
        stop, _mm256_blendv_epi8(k->one, _mm256_add_epi8(from_one, k->one), digit));
    __m256i end = _mm256_add_epi8(width, _mm256_slli_epi64(width, 8));
    end = _mm256_add_epi8(end, _mm256_slli_epi64(end, 16));
    end = _mm256_add_epi8(end, _mm256_slli_epi64(end, 32));
    m.full_ranks = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(end, k->eight)) & 0x80808080u;
    __m256i at = character_on_square(width, end, stop, k);
    __m256i square_code = _mm256_shuffle_epi8(code, at);

    m.chars = ~(uint32_t)_mm256_movemask_epi8(stop);
    m.digits = (uint32_t)_mm256_movemask_epi8(digit);
    m.letters = ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(code, _mm256_setzero_si256()));
    m.code[0] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(square_code, 7));
    m.code[1] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(square_code, 6));
    m.code[2] = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(square_code, 5));
    m.black = (uint32_t)_mm256_movemask_epi8(_mm256_slli_epi16(_mm256_shuffle_epi8(v, at), 2));
    return m;
}

static uint64_t seebatch_load8(const char *p)
{
    uint64_t value;
    memcpy(&value, p, sizeof value);
    return value;
}

/* The slashes and spaces of text[0..min(length, 64)), length >= 32. */
static void seebatch_find_structure(const char *text, size_t length, const byte_constants *k,
                                    uint64_t *slashes, uint64_t *spaces)
{
    __m256i first = _mm256_loadu_si256((const __m256i *)(const void *)text);
    size_t second_at = length >= 64 ? 32 : length - 32; /* moved back to end at the end */
    __m256i second = _mm256_loadu_si256((const __m256i *)(const void *)(text + second_at));
    const __m256i slash = k->slash, space = k->space;
    *slashes = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(first, slash)) |
               (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(second, slash))
                   << second_at;
    *spaces = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(first, space)) |
              (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(second, space))
                  << second_at;
}

/* A mask of both vectors' squares (ranks 8-5, then 4-1, a byte each, file a
 * lowest) as seebatch numbers squares (a1 = bit 0). */
static inline bitboard on_squares(uint32_t high, uint32_t low)
{
    return __builtin_bswap64(high | (uint64_t)low << 32);
}

/* Writes the pieces and colours into the board; false when a colour has
 * two kings. */
static bool seebatch_place_pieces(const slot_masks *high, const slot_masks *low,
                                  seebatch_board *board)
{
    bitboard b0 = on_squares(high->code[0], low->code[0]);
    bitboard b1 = on_squares(high->code[1], low->code[1]);
    bitboard b2 = on_squares(high->code[2], low->code[2]);
    bitboard occupied = b0 | b1 | b2;
    bitboard *p = board->pieces;
    p[SEEBATCH_PAWN] = b0 & ~b1 & ~b2;   /* 1 */
    p[SEEBATCH_KNIGHT] = b1 & ~b0 & ~b2; /* 2 */
    p[SEEBATCH_BISHOP] = b0 & b1;        /* 3 */
    p[SEEBATCH_ROOK] = b2 & ~b0 & ~b1;   /* 4 */
    p[SEEBATCH_QUEEN] = b2 & b0;         /* 5 */
    p[SEEBATCH_KING] = b2 & b1;          /* 6 */
    bitboard black = on_squares(high->black, low->black) & occupied;
    board->colors[SEEBATCH_BLACK] = black;
    board->colors[SEEBATCH_WHITE] = occupied & ~black;
    bitboard kings = p[SEEBATCH_KING];
    return !more_than_one(kings & black) && !more_than_one(kings & ~black);
}

size_t seebatch_fen_placement_wide(const char *text, size_t length, seebatch_board *board,
                                   bool *material_possible)
{
    if (length < 32)
        return 0;
    const byte_constants *k = &every_byte;
    __asm__("" : "+r"(k)); /* what it points to unknown here: read, not rebuilt */
    uint64_t slashes, spaces;
    seebatch_find_structure(text, length, k, &slashes, &spaces);
    if (!spaces)
        return 0; /* longer than 64 bytes, or no other field */
    unsigned end = (unsigned)__builtin_ctzll(spaces);
    slashes = _bzhi_u64(slashes, end);
    if (__builtin_popcountll(slashes) != 7)
        return 0;
    size_t start[8];
    start[0] = 0;
    for (int r = 1; r < 8; r++, slashes &= slashes - 1)
        start[r] = (size_t)__builtin_ctzll(slashes) + 1;
    if (start[7] + 8 > length)
        return 0;
    slot_masks high = read_slots(_mm256_setr_epi64x((long long)seebatch_load8(text + start[0]),
                                                    (long long)seebatch_load8(text + start[1]),
                                                    (long long)seebatch_load8(text + start[2]),
                                                    (long long)seebatch_load8(text + start[3])),
                                 k);
    slot_masks low = read_slots(_mm256_setr_epi64x((long long)seebatch_load8(text + start[4]),
                                                   (long long)seebatch_load8(text + start[5]),
                                                   (long long)seebatch_load8(text + start[6]),
                                                   (long long)seebatch_load8(text + start[7])),
                                k);
    uint64_t chars = high.chars | (uint64_t)low.chars << 32;
    uint64_t digits = high.digits | (uint64_t)low.digits << 32;
    uint64_t letters = high.letters | (uint64_t)low.letters << 32;
    /* Every rank 8 wide and wholly in its slot (no rank longer than 8
     * characters: the slots then hold all end - 7 of them), nothing but
     * pieces and digits, no two digits side by side. */
    if ((high.full_ranks & low.full_ranks) != 0x80808080u ||
        (unsigned)__builtin_popcountll(chars) != end - 7 || (chars & ~(letters | digits)) != 0 ||
        (digits & (digits >> 1) & 0x7f7f7f7f7f7f7f7full) != 0)
        return 0;
    if (!seebatch_place_pieces(&high, &low, board))
        return 0;
    if (material_possible) /* here, where POPCNT counts */
        *material_possible = seebatch_material_possible(board);
    return end;
}

#else

size_t seebatch_fen_placement_wide(const char *text, size_t length, seebatch_board *board,
                                   bool *material_possible)
{
    (void)text;
    (void)length;
    (void)board;
    (void)material_possible;
    return 0;
}

#endif
