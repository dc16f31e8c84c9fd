/*
 * The views' own declarations: the tables of walks for engines' layouts
 * (one per way of looking up attacks; the walk and the layout shapes it is
 * compiled for are lib/exchange/'s), and the gathered board for the moves
 * the walks do not play. The gathered board swaps the colours of an engine
 * counting from a8, so that it is a seebatch_board like any other.
 */
#ifndef SEEBATCH_VIEWS_H
#define SEEBATCH_VIEWS_H

#include "exchange/shapes.h"

/* A node's threshold tests on a view, the exchange inlined in the loop
 * (seebatch_view_rules.each). */
typedef void view_each_fn(const seebatch_view_rules *rules, const seebatch_view *view,
                          const void *pins, const seebatch_view_move *moves, size_t count,
                          uint8_t *passed);

/* Every exchange for one way of looking up attacks: [shape][pins]. */
typedef struct view_exchange_set {
    seebatch_view_exchange_fn *see_ge[VIEW_SHAPES][2];
    seebatch_view_value_fn *value[VIEW_SHAPES][2];
    view_each_fn *see_ge_each[VIEW_SHAPES][2];
} view_exchange_set;

/* The tables (exchanges_portable.c, exchanges_pext.c). */
extern const view_exchange_set seebatch_view_portable;
#if SEEBATCH_HAVE_AVX2
extern const view_exchange_set seebatch_view_pext;
#endif

/* The shape of a checked layout (layout.c). */
view_shape seebatch_view_shape_of(const seebatch_layout *layout);

/* Checks a layout as seebatch_view_rules_set_layout does (layout.c). */
seebatch_status seebatch_view_layout_check(const seebatch_layout *layout, seebatch_error *error);

/* Sets rules->exchange, rules->value and rules->each for the rules' flags and layout
 * from `set`, and keeps the set for later layouts (rules.c). */
void seebatch_view_choose_exchanges(seebatch_view_rules *rules, const view_exchange_set *set);

/* The board and pins a view describes, as its bits spell them in
 * seebatch's numbering (its colours swapped when the engine counts from a8,
 * so the engine's square numbers stay valid). *pins is filled only when
 * `engine_pins` is not NULL (gather.c). */
void seebatch_view_gather_from(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *engine_pins,
                               seebatch_board *board, seebatch_pins *pins);

/* The exchanges for moves the tables' bodies do not play: the move on the
 * board gathered from the view (gather.c). */
seebatch_view_exchange_fn seebatch_view_see_ge_gathered;
seebatch_view_value_fn seebatch_view_value_gathered;

#endif
