/*
 * The engine pair's attack tables (lib/board/attacks.h), filled at run time so
 * that the pair carries no megabytes of data as source: the first
 * seebatch_rules_init, seebatch_view_rules_init or seebatch_pins_compute
 * fills them (about a megabyte of static arrays) from the magic
 * multipliers the generator found at build time and wrote into the pair
 * (seebatch_pair_magics, from magic_search.h), with
 * attack_tables_compute.h's ray walking; no search at run time. Where the
 * compiler targets BMI2 (target.h) the pext tables follow, from those. Not thread-safe: an engine
 * makes its rules once, before its threads start, as it calls Fathom's
 * tb_init.
 */
#include "tables.h"

#include "attack_tables_compute.h"
#if SEEBATCH_PEXT_TABLES
#include <immintrin.h>
#endif

/* Defined by tools/generate_engine_pair.c in the pair it writes: [0] the
 * bishops' multipliers, [1] the rooks', by square. */
extern const uint64_t seebatch_pair_magics[2][64];

/* The subsets of one ray's mask and the attack along the ray under each
 * (at most 2^6: six squares before the edge). */
typedef struct ray_subsets {
    uint64_t occupied[64];
    uint64_t attacks[64];
    unsigned count;
} ray_subsets;

static void ray_subsets_of(int square, direction d, ray_subsets *out)
{
    uint64_t mask = ray_mask(square, d), subset = 0;
    out->count = 0;
    do {
        out->occupied[out->count] = subset;
        out->attacks[out->count++] = ray(square, d, subset);
        subset = (subset - mask) & mask;
    } while (subset);
}

/* One square's entry and its slice of the shared array, from `at`: an
 * occupancy's attack set is its four rays' sets, so each of the slice's
 * 2^bits entries costs a multiply and an OR of four, not a ray walk.
 * Returns the slice's size. */
static unsigned fill_square(magic_entry *entry, int square, const direction directions[4],
                            uint64_t magic, uint64_t *at)
{
    ray_subsets rays[4];
    for (int d = 0; d < 4; d++)
        ray_subsets_of(square, directions[d], &rays[d]);
    entry->mask = relevant_mask(square, directions);
    entry->magic = magic;
    entry->attacks = at;
    entry->shift = (unsigned)(64 - count_bits(entry->mask));
    for (unsigned a = 0; a < rays[0].count; a++)
        for (unsigned b = 0; b < rays[1].count; b++)
            for (unsigned c = 0; c < rays[2].count; c++) {
                uint64_t occupied = rays[0].occupied[a] | rays[1].occupied[b] | rays[2].occupied[c];
                uint64_t attacks = rays[0].attacks[a] | rays[1].attacks[b] | rays[2].attacks[c];
                for (unsigned d = 0; d < rays[3].count; d++)
                    at[((occupied | rays[3].occupied[d]) * magic) >> entry->shift] =
                        attacks | rays[3].attacks[d];
            }
    return rays[0].count * rays[1].count * rays[2].count * rays[3].count;
}

#if SEEBATCH_PEXT_TABLES
/* One slider's pext slice of a square (lib/board/lookups_pext.h): entry
 * i is the attack set under the occupancy whose bits under the mask are i's
 * (pdep), looked up in the magic tables already filled. Returns its size. */
static unsigned fill_pext_slice(pext_entry *entry, const magic_entry *magic, int bishop,
                                unsigned square, bitboard *at)
{
    unsigned size = 1u << count_bits(magic->mask);
    entry->mask = magic->mask;
    entry->attacks = at;
    for (unsigned i = 0; i < size; i++) {
        bitboard occupied = _pdep_u64(i, magic->mask);
        at[i] = bishop ? bishop_attacks(square, occupied) : rook_attacks(square, occupied);
    }
    return size;
}

/* What a capture on each square looks up, as the library's generator
 * writes it (tools/generate_attack_tables.c). */
static void fill_targets(void)
{
    static bitboard pext_attacks[SLIDER_ENTRIES];
    unsigned offset = 0;
    for (unsigned square = 0; square < 64; square++) {
        target_entry *t = &seebatch_target_pext[square];
        t->pawn[0] = seebatch_pawn_attack_table[0][square];
        t->pawn[1] = seebatch_pawn_attack_table[1][square];
        t->knight = seebatch_knight_attack_table[square];
        t->king = seebatch_king_attack_table[square];
        offset += fill_pext_slice(&t->bishop, &seebatch_bishop_magics[square], 1, square,
                                  pext_attacks + offset);
        offset += fill_pext_slice(&t->rook, &seebatch_rook_magics[square], 0, square,
                                  pext_attacks + offset);
    }
}
#endif

static void seebatch_attack_tables_fill(void)
{
    static bool filled = false;
    static uint64_t slider_attacks[SLIDER_ENTRIES];
    if (filled)
        return;
    unsigned offset = 0;
    for (int square = 0; square < 64; square++)
        offset += fill_square(&seebatch_bishop_magics[square], square, bishop_directions,
                              seebatch_pair_magics[0][square], slider_attacks + offset);
    for (int square = 0; square < 64; square++)
        offset += fill_square(&seebatch_rook_magics[square], square, rook_directions,
                              seebatch_pair_magics[1][square], slider_attacks + offset);
    fill_leapers(seebatch_knight_attack_table, seebatch_king_attack_table,
                 seebatch_pawn_attack_table);
    fill_between(seebatch_between_table);
    fill_lines(seebatch_line_table);
#if SEEBATCH_PEXT_TABLES
    fill_targets();
#endif
    filled = true;
}
