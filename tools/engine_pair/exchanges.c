/*
 * The engine pair's view exchanges and attack lookups, the library's own
 * files chosen when the engine compiles the pair (target.h): its pext
 * exchanges where the compiler targets BMI2 on x86-64, its portable ones
 * everywhere else. The generator expands each branch in place; after them
 * the lookups are the pair's for the rest of its one translation unit, so
 * the engine path's (lib/scalar/normal_moves.c, which comes later and
 * includes lookups_portable.h) are the same: pext in a BMI2 build.
 * lib/views/choice.c takes the set there is.
 */
#include "target.h"

#if SEEBATCH_PAIR_PEXT
#include "views/exchanges_pext.c"
#else
#include "views/exchanges_portable.c"
#endif
