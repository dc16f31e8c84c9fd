/*
 * The board layouts the exchange walk (walk.h) is compiled for, and how a
 * walk on an engine's view finds the view's rules and reads a bitboard at
 * an engine's offset.
 *
 * A layout is kept as the engine gave it, in the engine's colours and
 * square numbers. Read as they are, the bitboards of an engine counting
 * from a8 spell its board mirrored top to bottom: its white pawns then move
 * down the numbers, so the walk takes their attacks from the other
 * colour's table, and nothing else changes but the tie-break among
 * attackers of one type (the lowest square first), which then counts in the
 * engine's numbers, as its own scans do.
 */
#ifndef SEEBATCH_EXCHANGE_SHAPES_H
#define SEEBATCH_EXCHANGE_SHAPES_H

#include <stddef.h>
#include <string.h>

#include "board/bitboard.h"
#include "seebatch_view.h"

/* The layouts a walk is compiled for. Stockfish's (which is seebatch_board's)
 * and the two common orders of twelve bitboards have their offsets built
 * in, so their walks read each bitboard with one instruction; the others
 * read the offsets from the view's rules. */
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

/* The view rules that hold `rules`: every view's walk is handed the inner
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

#endif
