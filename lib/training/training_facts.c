/* What an entry is beside its fields (seebatch_training_entry_facts): the
 * tests the filter's rules and the binpack writer make, for a caller that
 * counts them (`seebatch stats`) rather than judging or writing. */
#include "training/formats/binpack_writer.h" /* seebatch_binpack_continues, BINPACK_CHAIN_MAX */
#include "training/formats/chain_moves.h"    /* move_captures, seebatch_side_in_check */
#include "training_internal.h"

_Static_assert((int)SEEBATCH_BINPACK_CHAIN_MAX == (int)BINPACK_CHAIN_MAX,
               "the public chain limit is the writer's");

/* The loop, the tests asked fixed where it inlines with a constant `asked`
 * (decided once a call, not once an entry). */
static inline __attribute__((always_inline)) void
seebatch_entry_facts_asked(size_t count, const training_entry *entries,
                           const training_entry *previous, unsigned asked, uint8_t *facts)
{
    for (size_t i = 0; i < count; i++) {
        const training_entry *entry = &entries[i];
        const training_entry *before = i ? &entries[i - 1] : previous;
        unsigned bits = 0;
        if ((asked & SEEBATCH_ENTRY_CAPTURES) && move_captures(&entry->board, entry->move))
            bits |= SEEBATCH_ENTRY_CAPTURES;
        if ((asked & SEEBATCH_ENTRY_IN_CHECK) && seebatch_side_in_check(&entry->board))
            bits |= SEEBATCH_ENTRY_IN_CHECK;
        if ((asked & SEEBATCH_ENTRY_CONTINUES) && before && seebatch_binpack_continues(before, entry))
            bits |= SEEBATCH_ENTRY_CONTINUES;
        facts[i] = (uint8_t)bits;
    }
}

void seebatch_training_entry_facts(size_t count, const seebatch_training_entry *entries,
                                   const seebatch_training_entry *previous, unsigned asked,
                                   uint8_t *facts)
{
    enum { BOARD_FACTS = SEEBATCH_ENTRY_CAPTURES | SEEBATCH_ENTRY_IN_CHECK };
    if (asked == BOARD_FACTS) /* binpack's stats */
        seebatch_entry_facts_asked(count, entries, previous, BOARD_FACTS, facts);
    else if (asked == (BOARD_FACTS | SEEBATCH_ENTRY_CONTINUES)) /* plain's */
        seebatch_entry_facts_asked(count, entries, previous, BOARD_FACTS | SEEBATCH_ENTRY_CONTINUES,
                                   facts);
    else
        seebatch_entry_facts_asked(count, entries, previous, asked, facts);
}
