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
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef uint64_t bitboard;

typedef struct direction {
    int file_step;
    int rank_step;
} direction;

static const direction bishop_directions[4] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const direction rook_directions[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

enum {
    BISHOP_ENTRIES = 5248, /* sum over squares of 2^popcount(bishop mask) */
    ROOK_ENTRIES = 102400, /* the same for rooks */
    SLIDER_ENTRIES = BISHOP_ENTRIES + ROOK_ENTRIES,
    MAX_SUBSETS = 4096 /* 2^12: the largest rook mask */
};

typedef struct magic_result {
    bitboard mask;
    bitboard magic;
    unsigned offset; /* index of the square's first entry in the shared array */
    unsigned shift;
} magic_result;

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

/* Scratch space of the magic search, kept apart from the output. */
typedef struct search_space {
    bitboard occupancies[MAX_SUBSETS];
    bitboard references[MAX_SUBSETS];
    bitboard candidate[MAX_SUBSETS];
    unsigned stamp[MAX_SUBSETS]; /* which attempt wrote candidate[i]: no clearing */
    unsigned attempt;
    uint64_t random_state;
} search_space;

static bitboard bit_at(int file, int rank) { return (bitboard)1 << (rank * 8 + file); }

static bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

static int count_bits(bitboard b)
{
    int count = 0;
    for (; b; b &= b - 1)
        count++;
    return count;
}

/* xorshift64*: small, fast, and good enough to find magics quickly. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545F4914F6CDD1Dull;
}

/* Magics with few bits set are found far faster than uniform random ones. */
static uint64_t sparse_random(uint64_t *state)
{
    return next_random(state) & next_random(state) & next_random(state);
}

/* The squares a slider reaches along one direction; the first occupied
 * square is included (it may be captured), nothing beyond it. */
static bitboard ray(int square, direction d, bitboard occupied)
{
    bitboard attacks = 0;
    int file = square % 8 + d.file_step, rank = square / 8 + d.rank_step;
    for (; on_board(file, rank); file += d.file_step, rank += d.rank_step) {
        attacks |= bit_at(file, rank);
        if (occupied & bit_at(file, rank))
            break;
    }
    return attacks;
}

static bitboard slider_reference(int square, const direction *directions, bitboard occupied)
{
    bitboard attacks = 0;
    for (int i = 0; i < 4; i++)
        attacks |= ray(square, directions[i], occupied);
    return attacks;
}

/* The occupancy that matters: every ray without its last square, since a
 * piece on the edge blocks nothing further. */
static bitboard relevant_mask(int square, const direction *directions)
{
    bitboard mask = 0;
    for (int i = 0; i < 4; i++) {
        direction d = directions[i];
        int file = square % 8 + d.file_step, rank = square / 8 + d.rank_step;
        for (; on_board(file + d.file_step, rank + d.rank_step);
             file += d.file_step, rank += d.rank_step)
            mask |= bit_at(file, rank);
    }
    return mask;
}

/* Fills the search space with every subset of mask (carry-rippler) and its
 * attack set; returns the number of subsets. */
static unsigned enumerate_subsets(search_space *space, int square, const direction *directions,
                                  bitboard mask)
{
    unsigned count = 0;
    bitboard subset = 0;
    do {
        space->occupancies[count] = subset;
        space->references[count] = slider_reference(square, directions, subset);
        count++;
        subset = (subset - mask) & mask;
    } while (subset);
    return count;
}

/* A magic is good when no two occupancies with different attack sets share
 * an index (sharing one with equal sets is a harmless, constructive collision). */
static bool magic_works(search_space *space, unsigned count, bitboard magic, unsigned shift)
{
    unsigned attempt = ++space->attempt;
    for (unsigned i = 0; i < count; i++) {
        unsigned index = (unsigned)((space->occupancies[i] * magic) >> shift);
        if (space->stamp[index] != attempt) {
            space->stamp[index] = attempt;
            space->candidate[index] = space->references[i];
        } else if (space->candidate[index] != space->references[i]) {
            return false;
        }
    }
    return true;
}

/* Finds the magic of one square and copies its attack sets into the shared
 * array at *offset, which it advances. */
static magic_result find_magic(search_space *space, int square, const direction *directions,
                               bitboard *slider_attacks, unsigned *offset)
{
    magic_result result;
    result.mask = relevant_mask(square, directions);
    result.shift = (unsigned)(64 - count_bits(result.mask));
    result.offset = *offset;
    unsigned count = enumerate_subsets(space, square, directions, result.mask);
    for (;;) {
        bitboard magic = sparse_random(&space->random_state);
        /* Cheap rejection: the index bits must be spread by the product. */
        if (count_bits((result.mask * magic) >> 56) < 6)
            continue;
        if (magic_works(space, count, magic, result.shift)) {
            result.magic = magic;
            break;
        }
    }
    for (unsigned i = 0; i < count; i++) {
        unsigned index = (unsigned)((space->occupancies[i] * result.magic) >> result.shift);
        slider_attacks[result.offset + index] = space->references[i];
    }
    *offset += count; /* count == 2^popcount(mask): every index is in range */
    return result;
}

static void find_all_magics(tables *t, search_space *space)
{
    unsigned offset = 0;
    bitboard *attacks = t->slider_attacks;
    for (int square = 0; square < 64; square++)
        t->bishop[square] = find_magic(space, square, bishop_directions, attacks, &offset);
    for (int square = 0; square < 64; square++)
        t->rook[square] = find_magic(space, square, rook_directions, attacks, &offset);
    if (offset != SLIDER_ENTRIES) {
        fprintf(stderr, "generate_attack_tables: %u slider entries, expected %d\n", offset,
                SLIDER_ENTRIES);
        exit(EXIT_FAILURE);
    }
}

/* The squares reached by single steps of the given offsets. */
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

static bitboard leaper(int square, const direction *steps, int step_count)
{
    bitboard attacks = 0;
    for (int i = 0; i < step_count; i++) {
        int file = square % 8 + steps[i].file_step, rank = square / 8 + steps[i].rank_step;
        if (on_board(file, rank))
            attacks |= bit_at(file, rank);
    }
    return attacks;
}

static void fill_leapers(tables *t)
{
    static const direction knight_steps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                              {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const direction king_steps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                            {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const direction white_pawn_steps[2] = {{-1, 1}, {1, 1}};
    static const direction black_pawn_steps[2] = {{-1, -1}, {1, -1}};
    for (int square = 0; square < 64; square++) {
        t->knight[square] = leaper(square, knight_steps, 8);
        t->king[square] = leaper(square, king_steps, 8);
        t->pawn[0][square] = leaper(square, white_pawn_steps, 2);
        t->pawn[1][square] = leaper(square, black_pawn_steps, 2);
    }
}

static int sign(int x) { return (x > 0) - (x < 0); }

/* Fills between for one pair of distinct squares; pairs not on a common
 * rank, file or diagonal keep their zeros. */
static void fill_pair(tables *t, int a, int b)
{
    int file_delta = b % 8 - a % 8, rank_delta = b / 8 - a / 8;
    bool aligned = file_delta == 0 || rank_delta == 0 || abs(file_delta) == abs(rank_delta);
    if (!aligned)
        return;
    direction toward = {sign(file_delta), sign(rank_delta)};
    bitboard b_bit = (bitboard)1 << b;
    /* From a toward b, stopping at b, then without b itself. */
    t->between[a][b] = ray(a, toward, b_bit) & ~b_bit;
}

/* The lines through each square on an empty board, without it: [0] its
 * rank and file, [1] its diagonals. */
static void fill_lines(tables *t)
{
    for (int square = 0; square < 64; square++) {
        t->lines[0][square] = slider_reference(square, rook_directions, 0);
        t->lines[1][square] = slider_reference(square, bishop_directions, 0);
    }
}

static void fill_between(tables *t)
{
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++)
            if (a != b)
                fill_pair(t, a, b);
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
                 "#include \"attacks.h\"\n\n");
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
    space.random_state = 0x9E3779B97F4A7C15ull; /* any fixed nonzero seed */
    find_all_magics(&t, &space);
    fill_leapers(&t);
    fill_between(&t);
    fill_lines(&t);
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
