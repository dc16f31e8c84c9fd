/*
 * One copy of the coding's hot functions (chain_coding.h), compiled for the
 * instruction set of the file that includes this after defining
 * CHAIN_CODING (the copy's name), CHAIN_CODING_SET (its name as text) and
 * CHAIN_CODING_NEEDS (its instruction_set).
 */
#include "binpack_decoding_body.h"
#include "binpack_encoding_body.h"

const chain_coding CHAIN_CODING = {
    CHAIN_CODING_SET,
    CHAIN_CODING_NEEDS,
#if defined(__BMI2__)
    true,
#else
    false,
#endif
    {seebatch_coding_next_entries, seebatch_coding_next_briefs, seebatch_coding_next_nothing},
    seebatch_coding_unpack_stem,
    seebatch_coding_pack_stem,
    seebatch_coding_number_move,
    seebatch_coding_material,
};
