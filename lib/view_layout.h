/*
 * Reading an engine's bitboards where they lie, through a seebatch_layout:
 * the shapes a view exchange is built for, the loads, and the gathering of
 * a whole board for the rare moves that need one (view_layout.c).
 *
 * Layouts are kept with white as the colour whose pawns move up the square
 * numbers: for an engine counting a8 = 0 the colours are swapped once, when
 * the layout is set, and its squares and bits are used as they are. Its
 * board is then read mirrored top to bottom with the colours swapped, which
 * changes no rule but the tie-break among attackers of one type (the lowest
 * square first): that counts in the engine's numbers, as its own scans do.
 * Nothing per call depends on the numbering.
 */
#ifndef SEEBATCH_VIEW_LAYOUT_H
#define SEEBATCH_VIEW_LAYOUT_H

#include <stddef.h>
#include <string.h>

#include "bitboard.h"

/* The layouts a view exchange is compiled for. Stockfish's has its offsets
 * built in, so its exchange reads each bitboard with one instruction; the
 * others read the offsets from the rules. As numbers first, which the
 * preprocessor can compare (view_access.h); it cannot see enum constants. */
#define SHAPE_STOCKFISH 0          /* BY_TYPE at Stockfish's offsets, pins as seebatch_view_pins */
#define SHAPE_BY_TYPE 1            /* BY_TYPE, any offsets */
#define SHAPE_BY_PIECE 2           /* BY_PIECE with colour bitboards */
#define SHAPE_BY_PIECE_NO_COLORS 3 /* BY_PIECE, colours formed from the twelve */
typedef enum view_shape {
    VIEW_STOCKFISH = SHAPE_STOCKFISH,
    VIEW_BY_TYPE = SHAPE_BY_TYPE,
    VIEW_BY_PIECE = SHAPE_BY_PIECE,
    VIEW_BY_PIECE_NO_COLORS = SHAPE_BY_PIECE_NO_COLORS,
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

/* The shape of a checked layout (already in white-moves-up colours). */
view_shape seebatch_view_shape_of(const seebatch_layout *layout);

/* The board and pins a view describes, in seebatch's numbering (rank 1
 * first after the colour swap, so the engine's squares stay valid). *pins is
 * filled only when `engine_pins` is not NULL. */
void seebatch_view_gather(const seebatch_view_rules *rules, const seebatch_view *view,
                          const void *engine_pins, seebatch_board *board, seebatch_pins *pins);

/* The same from an exchange's arguments. */
void seebatch_view_gather_from(const seebatch_rules *rules, const uint64_t *pieces,
                               const uint64_t *colors, const void *engine_pins,
                               seebatch_board *board, seebatch_pins *pins);

#endif
