/*
 * The copies of the coding (chain_coding.h) this build holds, and the one
 * this machine runs: the widest whose instruction set the CPU runs
 * (cpu_features.h), as the SEE kernels are chosen.
 */
#ifndef SEEBATCH_FORMATS_CHAIN_CODING_CHOICE_H
#define SEEBATCH_FORMATS_CHAIN_CODING_CHOICE_H

#include <stdbool.h>
#include <stddef.h>

#include "chain_coding.h"

/* Every copy this build holds, widest first; the last is plain and runs
 * anywhere. */
extern const chain_coding *const seebatch_chain_codings[];
extern const size_t seebatch_chain_coding_count;

/* The widest copy this machine runs. */
const chain_coding *seebatch_chain_coding_here(void);

/* Whether pdep is to be taken with that copy here: it has the paths and the
 * CPU runs pdep fast (seebatch_cpu_has_fast_pext). */
bool seebatch_chain_coding_pdep(const chain_coding *coding);

#endif
