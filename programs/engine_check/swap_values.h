/*
 * What an engine's SEE takes each piece to be worth once it stands on the
 * destination (what a capture there risks), read from its answers alone:
 * six made-up positions, a rook taking an undefended pawn and each piece
 * taking a pawn that a pawn defends. The second is worth the first less
 * what the piece risks, whatever the engine's other rules (none of them is
 * at play there) and even when its see_ge is off by one (the two shift
 * alike). An engine with one table for victims and another for its swap
 * shows here (explanations.h: "the rook valued 1300 in the swap").
 */
#ifndef SEEBATCH_SWAP_VALUES_H
#define SEEBATCH_SWAP_VALUES_H

#include <stdbool.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"

/* Reads values[0..4], pawn to queen; *read false when one could not be read
 * (answers out of reach, not monotone, a value out of 0..SEEBATCH_VALUE_MAX).
 * CHECK_ENGINE_FAILED: why says how. */
check_status swap_values_read(const engine_see *engine, int32_t values[5], bool *read,
                              see_failure *why);

#endif
