/*
 * The engine pair's attack tables (lib/attacks.h), filled at run time from
 * the computation the build-time generator runs (attack_tables_compute.h),
 * so that the pair carries no megabytes of data as source: the first
 * seebatch_rules_init or seebatch_view_rules_init fills them (about a
 * megabyte of static arrays). Not thread-safe: an engine makes its rules
 * once, before its threads start, as it calls Fathom's tb_init.
 */
#include "attack_tables_compute.h"
#include "attacks.h"

static void seebatch_attack_tables_fill(void)
{
    static bool filled = false;
    static uint64_t slider_attacks[SLIDER_ENTRIES];
    static search_space space; /* far too large for an engine thread's stack */
    magic_result bishop[64], rook[64];
    if (filled)
        return;
    space.random_state = MAGIC_SEED;
    /* The search is the generator's, whose build checks it fills the array. */
    (void)find_all_magics(bishop, rook, slider_attacks, &space);
    for (int square = 0; square < 64; square++) {
        const magic_result *b = &bishop[square], *r = &rook[square];
        seebatch_bishop_magics[square] =
            (magic_entry){b->mask, b->magic, slider_attacks + b->offset, b->shift};
        seebatch_rook_magics[square] =
            (magic_entry){r->mask, r->magic, slider_attacks + r->offset, r->shift};
    }
    fill_leapers(seebatch_knight_attack_table, seebatch_king_attack_table,
                 seebatch_pawn_attack_table);
    fill_between(seebatch_between_table);
    fill_lines(seebatch_line_table);
    filled = true;
}
