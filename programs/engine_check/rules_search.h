/*
 * An engine's SEE rules found from its answers alone (never from its
 * name): on the piece values read before (piece_values_read, with whether
 * see_ge answers SEE > threshold), every combination of the flags
 * (pins, promotions none/move/all, stop when ahead, normal moves only)
 * (but promoting the move alone under normal moves only, the same as
 * promoting nothing there) scored on moves of real positions on which they
 * disagree
 * (each asked at every value a combination gives it and one above, or its
 * value when the engine answers values) and on built-in probes that tell
 * each flag apart. The best is the one with the fewest moves answered
 * otherwise; ties go to the fewest flags. The moves that decided it are
 * those that one of the best two answers as the engine did and the other
 * not; the two are close when the second answers at most a tenth more
 * moves otherwise than the best, plus 2 (a tie among them).
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
    const piece_values *pieces;   /* read before (piece_values_read) */
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
    uint64_t deciding;      /* moves one of the two answers as the engine did, the other not */
    bool close;             /* runner_up - differing <= differing / 10 + 2 */
    /* Up to two deciding moves, the first siding with the second (when
     * any), then the first siding with the best: "FEN;move;threshold;the
     * engine's answer;the best's;the second's", asked values
     * "FEN;move;the engine's value;the best's;the second's". */
    char telling[2][SEEBATCH_FEN_MAX + 64];
    int telling_count;
} rules_found;

/* Whether text quotes one of the positions made up to read the rules (the
 * piece values' and the probes'), not one of the input's. */
bool rules_search_made_up(const char *text);

/* Finds the rules. CHECK_ENGINE_FAILED: why says how. */
check_status rules_search(const rules_search_settings *settings, rules_found *found,
                          see_failure *why);

#endif
