/* The view exchanges with magic slider lookups, for any CPU; the wrappers
 * for the rules the bodies do not play; and the choice among them
 * (SEEBATCH_VIEW_EXCHANGE, else the CPU). */
#include "view_exchange.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attacks.h"
#include "dispatch.h"
#include "errors.h"

/* The bodies' default lookups: the portable tables and magics. */
#define VIEW_SET seebatch_view_portable
#include "view_instances.h"

const char *const seebatch_view_lookup_names[2] = {"portable", "pext"};

/* Whether this build has the pext exchange and the CPU runs its file. */
static bool pext_runs(const seebatch_cpu *cpu)
{
#if SEEBATCH_HAVE_AVX2
    return seebatch_cpu_runs_avx2(cpu);
#else
    (void)cpu;
    return false;
#endif
}

enum { SHOWN_MAX = 40 }; /* bytes of a bad value a message repeats */

seebatch_status seebatch_view_lookup_choose(const seebatch_cpu *cpu, const char *backend,
                                            const char *requested, seebatch_view_lookup *lookup,
                                            seebatch_error *error)
{
    char shown[SHOWN_MAX + 4];
    if (!requested || !*requested || strcmp(requested, "auto") == 0) {
        bool pext = pext_runs(cpu) && seebatch_cpu_fast_pext(cpu) && strcmp(backend, "scalar") != 0;
        *lookup = pext ? SEEBATCH_LOOKUP_PEXT : SEEBATCH_LOOKUP_PORTABLE;
    } else if (strcmp(requested, "portable") == 0) {
        *lookup = SEEBATCH_LOOKUP_PORTABLE;
    } else if (strcmp(requested, "pext") == 0) {
        if (!pext_runs(cpu))
            return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                                 "SEEBATCH_VIEW_EXCHANGE is \"pext\", which this CPU or build "
                                 "cannot run (it needs what the avx2 backend needs)");
        *lookup = SEEBATCH_LOOKUP_PEXT;
    } else {
        seebatch_printable(requested, SIZE_MAX, SHOWN_MAX, shown);
        return seebatch_fail(error, SEEBATCH_ERROR_BACKEND,
                             "unknown SEEBATCH_VIEW_EXCHANGE \"%s\" (known: auto, pext, portable)",
                             shown);
    }
    return seebatch_succeed(error);
}

seebatch_status seebatch_view_lookup_here(seebatch_view_lookup *lookup, seebatch_error *error)
{
    seebatch_cpu cpu = seebatch_cpu_read();
    return seebatch_view_lookup_choose(&cpu, seebatch_current_backend()->name,
                                       getenv("SEEBATCH_VIEW_EXCHANGE"), lookup, error);
}

const view_exchange_set *seebatch_view_set_of(seebatch_view_lookup lookup)
{
#if SEEBATCH_HAVE_AVX2
    if (lookup == SEEBATCH_LOOKUP_PEXT)
        return &seebatch_view_pext;
#else
    (void)lookup; /* never pext: seebatch_view_lookup_choose does not give it */
#endif
    return &seebatch_view_portable;
}

seebatch_status seebatch_view_set_here(const view_exchange_set **set, seebatch_error *error)
{
    seebatch_view_lookup lookup = SEEBATCH_LOOKUP_PORTABLE;
    seebatch_status status = seebatch_view_lookup_here(&lookup, error);
    if (status == SEEBATCH_OK)
        *set = seebatch_view_set_of(lookup);
    return status;
}

size_t seebatch_view_sets(const view_exchange_set **out)
{
    size_t count = 0;
    out[count++] = seebatch_view_set_of(SEEBATCH_LOOKUP_PORTABLE);
    seebatch_cpu cpu = seebatch_cpu_read();
    if (pext_runs(&cpu))
        out[count++] = seebatch_view_set_of(SEEBATCH_LOOKUP_PEXT);
    return count;
}

static const bitboard last_ranks = 0xFF000000000000FFull;

/* Under SEEBATCH_PROMOTIONS a pawn capturing on a last rank promotes, which
 * the bodies do not play: such moves are played on the gathered board. The
 * others take the body, with the shortfall the inline exit worked out from
 * the mover's risk (its value and a promotion) brought back to its value. */
static bool walk_promoting(const seebatch_rules *rules, const uint64_t *pieces,
                           const uint64_t *colors, const void *pins, unsigned squares,
                           int32_t shortfall)
{
    const seebatch_view_rules *view_rules = view_rules_of(rules);
    if ((last_ranks >> (squares & 63)) & 1)
        return seebatch_view_walk_gathered(rules, pieces, colors, pins, squares, shortfall);
    int32_t promotion = rules->value[SEEBATCH_QUEEN] - rules->value[SEEBATCH_PAWN];
    shortfall -= promotion > 0 ? promotion : 0;
    return shortfall <= 0 ||
           view_rules->plain_exchange(rules, pieces, colors, pins, squares, shortfall);
}

static int32_t value_promoting(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *pins, uint32_t move)
{
    if ((last_ranks >> (move & 63)) & 1)
        return seebatch_view_value_gathered(rules, pieces, colors, pins, move);
    return view_rules_of(rules)->plain_value(rules, pieces, colors, pins, move);
}

void seebatch_view_choose_exchanges(seebatch_view_rules *rules, const view_exchange_set *set)
{
    view_shape shape = seebatch_view_shape_of(&rules->layout);
    int pins = (rules->rules.flags & SEEBATCH_PINS) != 0;
    rules->exchange_set = set;
    rules->plain_exchange = set->see_ge[shape][pins];
    rules->plain_value = set->value[shape][pins];
    rules->exchange = rules->plain_exchange;
    rules->value = rules->plain_value;
    if (rules->rules.flags & SEEBATCH_PROMOTIONS) {
        rules->exchange = walk_promoting;
        rules->value = value_promoting;
    }
    /* The walk keeps no balance to stop on: rule 8 is played on the board. */
    if (rules->rules.flags & SEEBATCH_STOP_WHEN_AHEAD)
        rules->exchange = seebatch_view_walk_gathered;
}
