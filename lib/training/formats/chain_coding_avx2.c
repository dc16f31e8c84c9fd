/* The coding's copy for SEEBATCH_AVX2_OPTIONS (AVX2, BMI1, BMI2, POPCNT),
 * with pdep where the CPU runs it fast (chain_coding.h). */
#define CHAIN_CODING seebatch_chain_coding_avx2
#define CHAIN_CODING_SET "avx2"
#define CHAIN_CODING_NEEDS INSTRUCTIONS_AVX2
#include "chain_coding_body.h"
