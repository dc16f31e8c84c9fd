/*
 * The baseline with Stockfish's x86-64-bmi2 slider lookups, built with that
 * build's instruction sets (bench/CMakeLists.txt), so that lowest-bit removal
 * is blsi here too:
 * - pext (Stockfish 15.1, USE_PEXT): one pext and a load per slider type;
 * - dual hyperbola quintessence (current master, where USE_AVX2 comes with
 *   the bmi2 build): both slider types at once in one 256-bit vector, the
 *   file and both diagonals by subtraction forward and on the byte-reversed
 *   board, the rank from a small table. Written here from the technique
 *   (chessprogramming.org, Hyperbola Quintessence), lane layout as master's.
 */
#include "baseline_see.h"

#include <stdlib.h>
#include <string.h>

#include "board/attacks.h"

#if SEEBATCH_PEXT_TABLES && defined(__BMI2__) && defined(__AVX2__)
#include <immintrin.h>

static inline bitboard bishop_attacks_pext(unsigned square, bitboard occupied)
{
    const pext_entry *e = &seebatch_target_pext[square].bishop;
    return e->attacks[_pext_u64(occupied, e->mask)];
}

static inline bitboard rook_attacks_pext(unsigned square, bitboard occupied)
{
    const pext_entry *e = &seebatch_target_pext[square].rook;
    return e->attacks[_pext_u64(occupied, e->mask)];
}

#define BASELINE_SEE_GE baseline_see_ge_pext
#define BASELINE_EXCHANGE baseline_exchange_pext
#define BASELINE_ATTACKERS_TO baseline_attackers_to_pext
#define BASELINE_SPECIAL baseline_special_pext
#define BISHOP_ATTACKS bishop_attacks_pext
#define ROOK_ATTACKS rook_attacks_pext
#include "baseline_see_body.h"
#undef BASELINE_SEE_GE
#undef BASELINE_EXCHANGE
#undef BASELINE_ATTACKERS_TO
#undef BASELINE_SPECIAL
#undef BISHOP_ATTACKS
#undef ROOK_ATTACKS

/* A square's lines, in the lanes of one vector: file, diagonal, nothing,
 * antidiagonal (so that OR-ing the two 128-bit halves gives the file in lane 0
 * and both diagonals in lane 1), without the square itself. */
typedef struct hq_entry {
    bitboard lines[4];
    bitboard twice_square, twice_mirror; /* 2 * bit(s), 2 * bit(63 - s) */
    const uint8_t *rank_table;           /* attacks on a rank, by the slider's file */
    unsigned shift;                      /* 8 * the square's rank */
} __attribute__((aligned(32))) hq_entry;

static hq_entry hq_entries[64];
/* Attacks along a rank from a file, by the six inner squares' occupancy. */
static uint8_t hq_rank_attacks[8][64];

/* Bishop and rook attacks from `square` at once, as master's both_attacks_bb. */
static inline __attribute__((always_inline)) void hq_both(unsigned square, bitboard occupied,
                                                          bitboard *bishop, bitboard *rook)
{
    const hq_entry *e = &hq_entries[square];
    /* Reverses the bytes of each 128-bit half: applied twice, each lane is its
     * own byte-reversed board (the lanes trade places in between). */
    const __m256i reverse = _mm256_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0,
                                            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m256i lines = _mm256_load_si256((const __m256i *)e->lines);
    __m256i o = _mm256_and_si256(lines, _mm256_set1_epi64x((long long)occupied));
    __m256i forward = _mm256_sub_epi64(o, _mm256_set1_epi64x((long long)e->twice_square));
    __m256i backward =
        _mm256_shuffle_epi8(_mm256_sub_epi64(_mm256_shuffle_epi8(o, reverse),
                                             _mm256_set1_epi64x((long long)e->twice_mirror)),
                            reverse);
    __m256i attacks = _mm256_and_si256(_mm256_xor_si256(forward, backward), lines);
    __m128i halves =
        _mm_or_si128(_mm256_extracti128_si256(attacks, 1), _mm256_castsi256_si128(attacks));
    bitboard rank = (bitboard)e->rank_table[(occupied >> (e->shift + 1)) & 0x3f] << e->shift;
    *bishop = (bitboard)_mm_extract_epi64(halves, 1);
    *rook = (bitboard)_mm_cvtsi128_si64(halves) + rank;
}

static inline bitboard bishop_attacks_hq(unsigned square, bitboard occupied)
{
    bitboard bishop, rook;
    hq_both(square, occupied, &bishop, &rook);
    return bishop;
}

static inline bitboard rook_attacks_hq(unsigned square, bitboard occupied)
{
    bitboard bishop, rook;
    hq_both(square, occupied, &bishop, &rook);
    return rook;
}

#define BASELINE_SEE_GE baseline_see_ge_hq
#define BASELINE_EXCHANGE baseline_exchange_hq
#define BASELINE_ATTACKERS_TO baseline_attackers_to_hq
#define BASELINE_SPECIAL baseline_special_hq
#define BISHOP_ATTACKS bishop_attacks_hq
#define ROOK_ATTACKS rook_attacks_hq
#define BOTH_ATTACKS hq_both
#include "baseline_see_body.h"

/* The squares of the line through s in direction (df, dr), both ways. */
static bitboard line_through(int s, int df, int dr)
{
    bitboard line = 0;
    for (int sign = -1; sign <= 1; sign += 2)
        for (int f = s % 8 + sign * df, r = s / 8 + sign * dr; f >= 0 && f < 8 && r >= 0 && r < 8;
             f += sign * df, r += sign * dr)
            line |= seebatch_square_bit((unsigned)(8 * r + f));
    return line;
}

static void hq_init(void)
{
    for (int file = 0; file < 8; file++)
        for (int inner = 0; inner < 64; inner++) {
            unsigned occupied = (unsigned)inner << 1, attacks = 0;
            for (int f = file + 1; f < 8; f++) {
                attacks |= 1u << f;
                if (occupied & (1u << f))
                    break;
            }
            for (int f = file - 1; f >= 0; f--) {
                attacks |= 1u << f;
                if (occupied & (1u << f))
                    break;
            }
            hq_rank_attacks[file][inner] = (uint8_t)attacks;
        }
    for (int s = 0; s < 64; s++) {
        hq_entry *e = &hq_entries[s];
        e->lines[0] = line_through(s, 0, 1);
        e->lines[1] = line_through(s, 1, 1);
        e->lines[2] = 0;
        e->lines[3] = line_through(s, 1, -1);
        e->twice_square = seebatch_square_bit((unsigned)s) * 2;
        e->twice_mirror = seebatch_square_bit((unsigned)(63 - s)) * 2;
        e->rank_table = hq_rank_attacks[s % 8];
        e->shift = 8u * (unsigned)(s / 8);
    }
}

static bool fast_lookups_run(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
}

#else
/* Neither lookup here: the magic baseline answers, and nobody picks these. */
static void hq_init(void) {}
static bool fast_lookups_run(void) { return false; }

bool baseline_see_ge_pext(const baseline_position *position, seebatch_move move, int32_t threshold,
                          const baseline_values *values)
{
    return baseline_see_ge(position, move, threshold, values);
}

bool baseline_see_ge_hq(const baseline_position *position, seebatch_move move, int32_t threshold,
                        const baseline_values *values)
{
    return baseline_see_ge(position, move, threshold, values);
}
#endif

baseline_kind baseline_choose(void)
{
    static const char *const names[] = {"magic", "pext", "hq"};
    baseline_kind kind = fast_lookups_run() ? BASELINE_HQ : BASELINE_MAGIC;
    const char *wanted = getenv("SEEBATCH_BASELINE");
    for (int k = 0; wanted && k < 3; k++)
        if (strcmp(wanted, names[k]) == 0 && (k == BASELINE_MAGIC || fast_lookups_run()))
            kind = (baseline_kind)k;
    if (kind == BASELINE_HQ)
        hq_init();
    return kind;
}

const char *baseline_kind_name(baseline_kind kind)
{
    return kind == BASELINE_HQ
               ? "Stockfish master's x86-64-bmi2 lookups (dual hyperbola quintessence, AVX2)"
           : kind == BASELINE_PEXT ? "Stockfish 15.1's x86-64-bmi2 lookups (pext)"
                                   : "magic multiplication";
}
