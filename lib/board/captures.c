/*
 * seebatch_generate_captures: the copy of captures_body.h this CPU runs
 * best, with pext where it runs pext fast, else the kindergarten lookups.
 * Both give the same moves in the same order (tests/test_perft.c holds
 * each to the legal moves).
 */
#include "machine/cpu_features.h"
#include "movegen.h"

size_t seebatch_generate_captures(const seebatch_board *board, seebatch_move *moves)
{
#if SEEBATCH_HAVE_AVX2
    if (seebatch_cpu_has_avx2_and_fast_pext())
        return seebatch_generate_captures_pext(board, moves);
#endif
    return seebatch_generate_captures_kindergarten(board, moves);
}
