/* The coding's copies this build holds and the one this machine runs
 * (chain_coding_choice.h). */
#include "chain_coding_choice.h"

extern const chain_coding seebatch_chain_coding_plain;
#if SEEBATCH_HAVE_POPCNT
extern const chain_coding seebatch_chain_coding_popcnt;
#endif
#if SEEBATCH_HAVE_AVX2
extern const chain_coding seebatch_chain_coding_avx2;
#endif

const chain_coding *const seebatch_chain_codings[] = {
#if SEEBATCH_HAVE_AVX2
    &seebatch_chain_coding_avx2,
#endif
#if SEEBATCH_HAVE_POPCNT
    &seebatch_chain_coding_popcnt,
#endif
    &seebatch_chain_coding_plain,
};
const size_t seebatch_chain_coding_count =
    sizeof seebatch_chain_codings / sizeof seebatch_chain_codings[0];

const chain_coding *seebatch_chain_coding_here(void)
{
    size_t i = 0;
    while (i + 1 < seebatch_chain_coding_count &&
           !seebatch_cpu_runs_here(seebatch_chain_codings[i]->needs))
        i++;
    return seebatch_chain_codings[i];
}

bool seebatch_chain_coding_pdep(const chain_coding *coding)
{
    return coding->has_pdep && seebatch_cpu_has_fast_pext();
}
