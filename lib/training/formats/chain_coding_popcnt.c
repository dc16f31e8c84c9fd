/* The coding's copy for SEEBATCH_POPCNT_OPTIONS (POPCNT) (chain_coding.h). */
#define CHAIN_CODING seebatch_chain_coding_popcnt
#define CHAIN_CODING_SET "popcnt"
#define CHAIN_CODING_NEEDS INSTRUCTIONS_POPCNT
#include "chain_coding_body.h"
