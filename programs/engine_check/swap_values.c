/*
 * An engine's values of pieces on the destination, from its answers
 * (swap_values.h).
 */
#include "swap_values.h"

#include <stdio.h>

#include "engine_values.h"
#include "seebatch.h"

/* A rook takes the undefended pawn d5; then each piece, pawn to queen,
 * takes the pawn d5 that the pawn e6 defends, kings out of the way. */
static const char *const probes[6][2] = {
    {"6k1/8/8/3p4/8/8/8/3R2K1 w - - 0 1", "d1d5"},
    {"6k1/8/4p3/3p4/2P5/8/8/6K1 w - - 0 1", "c4d5"},
    {"6k1/8/4p3/3p4/8/2N5/8/6K1 w - - 0 1", "c3d5"},
    {"6k1/8/4p3/3p4/8/1B6/8/6K1 w - - 0 1", "b3d5"},
    {"6k1/8/4p3/3p4/8/8/8/3R2K1 w - - 0 1", "d1d5"},
    {"6k1/8/4p3/3p4/8/8/8/3Q2K1 w - - 0 1", "d1d5"},
};

check_status swap_values_read(const engine_see *engine, int32_t values[5], bool *read,
                              see_failure *why)
{
    value_probe read_values[6];
    for (int i = 0; i < 6; i++) {
        read_values[i] = (value_probe){probes[i][0], "", VALUE_FOUND, 0, 0, 0};
        snprintf(read_values[i].move, sizeof read_values[i].move, "%s", probes[i][1]);
    }
    check_status status = engine_values_read(engine, read_values, 6, why);
    *read = status == CHECK_DONE;
    for (int i = 0; *read && i < 6; i++)
        *read = read_values[i].outcome == VALUE_FOUND;
    for (int i = 0; *read && i < 5; i++) {
        int64_t value = (int64_t)read_values[0].value - read_values[i + 1].value;
        *read = value >= 0 && value <= SEEBATCH_VALUE_MAX;
        values[i] = (int32_t)value;
    }
    return status;
}
