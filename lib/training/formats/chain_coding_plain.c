/* The coding's copy for any CPU (chain_coding.h). */
#define CHAIN_CODING seebatch_chain_coding_plain
#define CHAIN_CODING_SET "plain"
#define CHAIN_CODING_NEEDS INSTRUCTIONS_PLAIN
#include "chain_coding_body.h"
