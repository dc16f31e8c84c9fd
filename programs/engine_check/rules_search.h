/*
 * An engine's SEE rules found from its answers alone (never from its
 * name): piece values read on hand-made positions (an undefended victim of
 * each type, kings out of the way: its value is the piece's under any
 * rules), whether see_ge answers SEE > threshold (a quiet move to a safe
 * square is worth 0 under any rules), then every combination of the flags
 * (pins, promotions none/move/all, stop when ahead, normal moves only)
 * (but promoting the move alone under normal moves only, the same as
 * promoting nothing there) scored on moves of real positions on which they
 * disagree
 * (each asked at every value a combination gives it and one above, or its
 * value when the engine answers values) and on built-in probes that tell
 * each flag apart. The best is the one with the fewest moves answered
 * otherwise; ties go to the fewest flags.
 */
#ifndef SEEBATCH_RULES_SEARCH_H
#define SEEBATCH_RULES_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check_status.h"
#include "engine_see.h"
#include "engine_values.h"
#include "seebatch.h"

typedef struct rules_search_settings {
    const engine_see *engine;
    const seebatch_board *boards; /* real positions to draw moves from */
    size_t board_count;
    size_t move_limit; /* moves asked besides the probes; 0: 20,000 */
} rules_search_settings;

typedef struct rules_found {
    seebatch_config config; /* the best */
    value_probe pieces[5];  /* how each piece value was read, pawn to queen */
    bool values_read;       /* all five read, each in 0..SEEBATCH_VALUE_MAX */
    bool off_by_one;        /* see_ge answers SEE > threshold */
    /* A move whose answers are not monotone in the threshold ("" when none):
     * "FEN;move: 0 at T, 1 at U". */
    char not_monotone[SEEBATCH_FEN_MAX + 80];
    uint64_t moves;         /* moves scored, probes included */
    uint64_t questions;     /* asked to score them (the piece values aside) */
    uint64_t differing;     /* moves the best answers otherwise */
    uint64_t runner_up;     /* the same for the second best */
    seebatch_config second; /* the second best */
} rules_found;

/* Finds the rules. CHECK_ENGINE_FAILED: why says how. */
check_status rules_search(const rules_search_settings *settings, rules_found *found,
                          see_failure *why);

#endif
