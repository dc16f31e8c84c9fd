/*
 * Build-time generator of the attack tables declared in attacks.h.
 *
 * Run as `generate_attack_tables OUTPUT.c`. It computes every table with slow,
 * obviously-correct ray walking, finds "fancy" magic multipliers for the
 * sliders (one shared attack array, a per-square shift of 64 - popcount(mask))
 * and writes them out as constant data, so the library itself needs no
 * initialisation and holds no mutable state.
 *
 * The magic search uses a fixed-seed generator, so every build writes the
 * same file. Plain C11 with no intrinsics: this runs on the build host.
 */
#include <inttypes.h>
#include <stdio.h>

#include "magic_search.h"

typedef uint64_t bitboard;

/* A square's slice of the tables indexed by pext(occupancy, mask). */
typedef struct pext_result {
    bitboard mask;
    unsigned offset;
} pext_result;

typedef struct tables {
    bitboard slider_attacks[SLIDER_ENTRIES];
    magic_result bishop[64];
    magic_result rook[64];
    bitboard pext_attacks[SLIDER_ENTRIES];
    pext_result bishop_pext[64];
    pext_result rook_pext[64];
    bitboard knight[64];
    bitboard king[64];
    bitboard pawn[2][64];
    bitboard between[64][64];
    bitboard lines[2][64];
} tables;

/* The occupancy whose bits under `mask`, lowest first, are the bits of
 * `index`: the inverse of pext, so entry `index` of a square's slice is the
 * attack set for that occupancy. */
static bitboard deposit(unsigned index, bitboard mask)
{
    bitboard occupancy = 0;
    for (unsigned bit = 0; mask; bit++, mask &= mask - 1)
        if (index >> bit & 1)
            occupancy |= mask & (0 - mask);
    return occupancy;
}

static void fill_pext_slices(bitboard *attacks, pext_result *slices, const direction *directions,
                             unsigned *offset)
{
    for (int square = 0; square < 64; square++) {
        bitboard mask = relevant_mask(square, directions);
        slices[square] = (pext_result){mask, *offset};
        for (unsigned index = 0; index < 1u << count_bits(mask); index++)
            attacks[(*offset)++] = slider_reference(square, directions, deposit(index, mask));
    }
}

static void fill_pext(tables *t)
{
    unsigned offset = 0;
    fill_pext_slices(t->pext_attacks, t->bishop_pext, bishop_directions, &offset);
    fill_pext_slices(t->pext_attacks, t->rook_pext, rook_directions, &offset);
}

/* ------------------------------------------------------------------------ */
/* Output                                                                   */
/* ------------------------------------------------------------------------ */

/* Writes count bitboards, four to a line, as the body of an initialiser. */
static void write_bitboards(FILE *out, const bitboard *values, size_t count, const char *indent)
{
    for (size_t i = 0; i < count; i++) {
        const char *before = i % 4 == 0 ? indent : " ";
        const char *after = (i % 4 == 3 || i + 1 == count) ? ",\n" : ",";
        fprintf(out, "%s0x%016" PRIX64 "ull%s", before, values[i], after);
    }
}

static void write_table(FILE *out, const char *declaration, const bitboard *values, size_t count)
{
    fprintf(out, "%s = {\n", declaration);
    write_bitboards(out, values, count, "    ");
    fprintf(out, "};\n\n");
}

/* A [rows][64] table, with the nested braces -Wmissing-braces wants. */
static void write_table_2d(FILE *out, const char *declaration, const bitboard (*rows)[64],
                           size_t row_count)
{
    fprintf(out, "%s = {\n", declaration);
    for (size_t row = 0; row < row_count; row++) {
        fprintf(out, "    {\n");
        write_bitboards(out, rows[row], 64, "        ");
        fprintf(out, "    },\n");
    }
    fprintf(out, "};\n\n");
}

static void write_magics(FILE *out, const char *name, const magic_result *magics)
{
    fprintf(out, "const magic_entry %s[64] = {\n", name);
    for (int square = 0; square < 64; square++) {
        const magic_result *m = &magics[square];
        fprintf(out, "    {0x%016" PRIX64 "ull, 0x%016" PRIX64 "ull, slider_attacks + %u, %u},\n",
                m->mask, m->magic, m->offset, m->shift);
    }
    fprintf(out, "};\n\n");
}

/* Everything the view exchange looks up about its target square, in one
 * 64-byte line: the leapers' attack sets, then the sliders' pext slices. */
static void write_targets(FILE *out, const tables *t)
{
    fprintf(out, "const target_entry seebatch_target_pext[64] = {\n");
    for (int square = 0; square < 64; square++) {
        fprintf(out,
                "    {{0x%016" PRIX64 "ull, 0x%016" PRIX64 "ull}, 0x%016" PRIX64
                "ull, 0x%016" PRIX64 "ull,\n",
                t->pawn[0][square], t->pawn[1][square], t->knight[square], t->king[square]);
        fprintf(out,
                "     {0x%016" PRIX64 "ull, pext_slider_attacks + %u}, {0x%016" PRIX64
                "ull, pext_slider_attacks + %u}},\n",
                t->bishop_pext[square].mask, t->bishop_pext[square].offset,
                t->rook_pext[square].mask, t->rook_pext[square].offset);
    }
    fprintf(out, "};\n\n");
}

static void write_file(FILE *out, const tables *t)
{
    fprintf(out, "/* Generated by tools/generate_attack_tables.c at build time. Do not edit. */\n"
                 "#include \"board/attacks.h\"\n\n");
    fprintf(out, "/* Attack sets of every slider square, indexed through the magics. */\n");
    char declaration[64];
    snprintf(declaration, sizeof declaration, "static const bitboard slider_attacks[%d]",
             SLIDER_ENTRIES);
    write_table(out, declaration, t->slider_attacks, SLIDER_ENTRIES);
    write_magics(out, "seebatch_bishop_magics", t->bishop);
    write_magics(out, "seebatch_rook_magics", t->rook);
    write_table(out, "const bitboard seebatch_knight_attack_table[64]", t->knight, 64);
    write_table(out, "const bitboard seebatch_king_attack_table[64]", t->king, 64);
    write_table_2d(out, "const bitboard seebatch_pawn_attack_table[2][64]", t->pawn, 2);
    write_table_2d(out, "const bitboard seebatch_between_table[64][64]", t->between, 64);
    write_table_2d(out, "const bitboard seebatch_line_table[2][64]", t->lines, 2);
    fprintf(out, "#if SEEBATCH_PEXT_TABLES\n"
                 "/* The same attack sets indexed by pext (BMI2), for x86-64. */\n");
    snprintf(declaration, sizeof declaration, "static const bitboard pext_slider_attacks[%d]",
             SLIDER_ENTRIES);
    write_table(out, declaration, t->pext_attacks, SLIDER_ENTRIES);
    write_targets(out, t);
    fprintf(out, "#endif\n");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: generate_attack_tables OUTPUT.c\n");
        return EXIT_FAILURE;
    }
    /* Static: both are far too large for a comfortable stack. */
    static tables t;
    static search_space space;
    space.random_state = MAGIC_SEED;
    if (!find_all_magics(t.bishop, t.rook, t.slider_attacks, &space)) {
        fprintf(stderr, "generate_attack_tables: the slider attack sets do not fill %d entries\n",
                SLIDER_ENTRIES);
        return EXIT_FAILURE;
    }
    fill_leapers(t.knight, t.king, t.pawn);
    fill_between(t.between);
    fill_lines(t.lines);
    fill_pext(&t);

    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return EXIT_FAILURE;
    }
    write_file(out, &t);
    bool failed = ferror(out) != 0;
    failed |= fclose(out) != 0;
    if (failed) {
        fprintf(stderr, "generate_attack_tables: could not write %s\n", argv[1]);
        remove(argv[1]);
        return EXIT_FAILURE;
    }
    return EXIT_SUCCESS;
}
