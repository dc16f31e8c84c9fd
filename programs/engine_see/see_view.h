/*
 * seebatch's own view (include/seebatch_view.h) in a plug-in's shape, for
 * `seebatch time`: timed through the same call as a plug-in's
 * seebatch_plugin_see_ge, on the same questions, so that the two times
 * carry the same call overhead. Its positions are laid out as Stockfish's
 * Position and StateInfo (a mailbox of Stockfish's piece codes, bitboards
 * by type and colour, the pins where StateInfo keeps them) and are as large,
 * so that many of them fill the caches as the plug-in's engine positions do:
 * streamed, the bytes a position decide much of the time. A move is a
 * seebatch_move. Special moves
 * go through seebatch_view_see_ge_move, or score 0 under
 * SEEBATCH_NORMAL_MOVES_ONLY, as an engine using the view would do.
 */
#ifndef SEEBATCH_SEE_VIEW_H
#define SEEBATCH_SEE_VIEW_H

#include <stdbool.h>
#include <stdint.h>

#include "see_timing.h"
#include "seebatch.h"
#include "seebatch_view.h"

typedef struct see_view {
    seebatch_view_rules rules; /* by Stockfish's piece codes */
    bool pins;                 /* the rules read pins: positions hold theirs */
} see_view;

/* The view under config; false with error naming the fault. */
bool see_view_start(see_view *view, const seebatch_config *config, seebatch_error *error);

/* A position of the view (its rules kept with it) from fen; NULL, with error, for a FEN
 * seebatch does not read or out of memory. */
void *see_view_position(const see_view *view, const char *fen, seebatch_error *error);

/* The legal move uci of position as a seebatch_move: 0, or non-zero (with
 * error) when it is not one. */
int see_view_move(const void *position, const char *uci, uint32_t *move, seebatch_error *error);

/* The view's SEE of move >= threshold, 0 or 1: the plug-in's see_ge. */
int see_view_see_ge(void *position, uint32_t move, int32_t threshold);

void see_view_position_free(void *position);

/* The view as seebatch time calls an SEE (see_timing.h): the calls above in
 * a plug-in's shape, named "seebatch's view", unguarded (NULL guard). */
timed_see see_view_timed(see_view *view);

#endif
