/*
 * Reading an engine's bitboards where they lie, through a seebatch_layout:
 * the shapes a view exchange is built for, the loads, and the gathering of
 * a whole board for the rare moves that need one (view_layout.c).
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
#ifndef SEEBATCH_VIEW_LAYOUT_H
#define SEEBATCH_VIEW_LAYOUT_H

#include <stddef.h>
#include <string.h>

#include "bitboard.h"

/* The layouts a view exchange is compiled for. Stockfish's and the two
 * common orders of twelve bitboards have their offsets built in, so their
 * exchanges read each bitboard with one instruction; the others read the
 * offsets from the rules. As numbers first, which the preprocessor can
 * compare (view_access.h); it cannot see enum constants. */
#define SHAPE_STOCKFISH 0          /* BY_TYPE at Stockfish's offsets, pins as seebatch_view_pins */
#define SHAPE_BY_TYPE 1            /* BY_TYPE, any offsets */
#define SHAPE_BY_PIECE 2           /* BY_PIECE with colour bitboards */
#define SHAPE_BY_PIECE_NO_COLORS 3 /* BY_PIECE, colours formed from the twelve */
#define SHAPE_TWELVE_BY_TYPE 4     /* pieces[2 * type + colour], colours[colour], from a1 */
#define SHAPE_TWELVE_BY_TYPE_A8 5  /* the same, from a8 */
#define SHAPE_TWELVE_BY_COLOR 6    /* pieces[6 * colour + type], colours[colour], from a1 */
#define SHAPE_TWELVE_BY_COLOR_A8 7 /* the same, from a8 */
typedef enum view_shape {
    VIEW_STOCKFISH = SHAPE_STOCKFISH,
    VIEW_BY_TYPE = SHAPE_BY_TYPE,
    VIEW_BY_PIECE = SHAPE_BY_PIECE,
    VIEW_BY_PIECE_NO_COLORS = SHAPE_BY_PIECE_NO_COLORS,
    VIEW_TWELVE_BY_TYPE = SHAPE_TWELVE_BY_TYPE,
    VIEW_TWELVE_BY_TYPE_A8 = SHAPE_TWELVE_BY_TYPE_A8,
    VIEW_TWELVE_BY_COLOR = SHAPE_TWELVE_BY_COLOR,
    VIEW_TWELVE_BY_COLOR_A8 = SHAPE_TWELVE_BY_COLOR_A8,
    VIEW_SHAPES
} view_shape;

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

/* The shape of a checked layout. */
view_shape seebatch_view_shape_of(const seebatch_layout *layout);

/* The board and pins a view describes, as its bits spell them in
 * seebatch's numbering (its colours swapped when the engine counts from a8,
 * so the engine's square numbers stay valid). *pins is filled only when
 * `engine_pins` is not NULL. */
void seebatch_view_gather(const seebatch_view_rules *rules, const seebatch_view *view,
                          const void *engine_pins, seebatch_board *board, seebatch_pins *pins);

/* The same from an exchange's arguments. */
void seebatch_view_gather_from(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *engine_pins,
                               seebatch_board *board, seebatch_pins *pins);

#endif
