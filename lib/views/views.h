/*
 * The views' own declarations: the layout shapes an exchange is compiled
 * for, how a view's rules are found from the rules an exchange is handed,
 * the tables of exchanges (one per way of looking up attacks), and the
 * gathered board for the moves the exchanges do not play.
 *
 * A layout is kept as the engine gave it, in the engine's colours and
 * square numbers. Read as they are, the bitboards of an engine counting
 * from a8 spell its board mirrored top to bottom: its white pawns then move
 * down the numbers, so the exchange takes their attacks from the other
 * colour's table, and nothing else changes but the tie-break among
 * attackers of one type (the lowest square first), which then counts in the
 * engine's numbers, as its own scans do. The gathered board swaps the
 * colours instead, so that it is a seebatch_board like any other.
 */
#ifndef SEEBATCH_VIEWS_H
#define SEEBATCH_VIEWS_H

#include <stddef.h>
#include <string.h>

#include "bitboard.h"

/* The layouts an exchange is compiled for. Stockfish's and the two common
 * orders of twelve bitboards have their offsets built in, so their
 * exchanges read each bitboard with one instruction; the others read the
 * offsets from the rules. */
typedef enum view_shape {
    VIEW_STOCKFISH,          /* BY_TYPE at Stockfish's offsets, pins as seebatch_pins */
    VIEW_BY_TYPE,            /* BY_TYPE, any offsets */
    VIEW_BY_PIECE,           /* BY_PIECE with colour bitboards */
    VIEW_BY_PIECE_NO_COLORS, /* BY_PIECE, colours formed from the twelve */
    VIEW_TWELVE_BY_TYPE,     /* pieces[2 * type + colour], colours[colour], from a1 */
    VIEW_TWELVE_BY_TYPE_A8,  /* the same, from a8 */
    VIEW_TWELVE_BY_COLOR,    /* pieces[6 * colour + type], colours[colour], from a1 */
    VIEW_TWELVE_BY_COLOR_A8, /* the same, from a8 */
    VIEW_SHAPES
} view_shape;

/* Every exchange for one way of looking up attacks: [shape][pins]. */
typedef struct view_exchange_set {
    seebatch_view_exchange_fn *see_ge[VIEW_SHAPES][2];
    seebatch_view_value_fn *value[VIEW_SHAPES][2];
} view_exchange_set;

/* The tables (exchanges_portable.c, exchanges_pext.c). */
extern const view_exchange_set seebatch_view_portable;
#if SEEBATCH_HAVE_AVX2
extern const view_exchange_set seebatch_view_pext;
#endif

/* The view rules that hold `rules`: every exchange is handed the inner
 * rules (one argument register), and the layout sits beside them. */
static inline const seebatch_view_rules *view_rules_of(const seebatch_rules *rules)
{
    return (const seebatch_view_rules *)(const void *)((const char *)rules -
                                                       offsetof(seebatch_view_rules, rules));
}

/* The bitboard `offset` bytes from `base`. Through memcpy, so an engine's
 * offsets need no alignment; on x86-64 it is one load. */
static inline bitboard load_at(const void *base, int32_t offset)
{
    bitboard value;
    memcpy(&value, (const char *)base + offset, sizeof value);
    return value;
}

/* The shape of a checked layout (layout.c). */
view_shape seebatch_view_shape_of(const seebatch_layout *layout);

/* Checks a layout as seebatch_view_rules_set_layout does (layout.c). */
seebatch_status seebatch_view_layout_check(const seebatch_layout *layout, seebatch_error *error);

/* Sets rules->exchange and rules->value for the rules' flags and layout
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
