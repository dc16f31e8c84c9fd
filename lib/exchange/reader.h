/*
 * How the exchange walk (walk.h) reads a position, for each layout shape
 * (shapes.h): the bitboards by type, by side and by colour, the pins, and
 * the attackers of one colour. Every function takes the shape as a constant
 * of the function it is inlined into (lib/views/instances.h, the scalar
 * walks), so each walk keeps only its own shape's reads: one load for a
 * bitboard at a built-in offset, a load through the layout's offset
 * otherwise. Colours are the engine's.
 *
 * The includer has defined the attack lookups around a target square
 * (view_target, target_of and the *_attacks_at functions:
 * board/lookups_portable.h or board/lookups_pext.h).
 */
#ifndef SEEBATCH_EXCHANGE_READER_H
#define SEEBATCH_EXCHANGE_READER_H

#include "shapes.h"

#define EXCHANGE_INLINE static inline __attribute__((always_inline))

typedef struct view_reader {
    const seebatch_rules *rules;
    view_target target; /* the square the walk captures on */
    const bitboard *pieces, *colors;
    const void *pins;
    const seebatch_layout *layout; /* read by the shapes without built-in offsets */
    bitboard own[2];               /* VIEW_BY_PIECE_NO_COLORS: each colour, formed from its six */
    /* Bishops and queens, rooks and queens: read once per call by the shapes
     * without built-in offsets, where the exchange goes on past the
     * opponent's first answer (read before it, they would be kept across
     * the early exit and spilled); masked with the occupancy, they never
     * change. */
    bitboard diagonal_sliders, straight_sliders;
} view_reader;

EXCHANGE_INLINE bool twelve_by_type(view_shape shape)
{
    return shape == VIEW_TWELVE_BY_TYPE || shape == VIEW_TWELVE_BY_TYPE_A8;
}

EXCHANGE_INLINE bool twelve_by_color(view_shape shape)
{
    return shape == VIEW_TWELVE_BY_COLOR || shape == VIEW_TWELVE_BY_COLOR_A8;
}

/* Shapes whose pieces come one colour at a time (twelve bitboards). */
EXCHANGE_INLINE bool by_piece(view_shape shape)
{
    return shape != VIEW_STOCKFISH && shape != VIEW_BY_TYPE;
}

/* Colour c's pieces of type t, in a shape that keeps them apart. */
EXCHANGE_INLINE bitboard piece_at(const view_reader *r, view_shape shape, unsigned c, unsigned t)
{
    if (twelve_by_type(shape))
        return r->pieces[2 * t + c];
    if (twelve_by_color(shape))
        return r->pieces[6 * c + t];
    return load_at(r->pieces, r->layout->pieces[c][t]);
}

/* Every piece of type t. */
EXCHANGE_INLINE bitboard type_bits(const view_reader *r, view_shape shape, unsigned t)
{
    if (shape == VIEW_STOCKFISH)
        return r->pieces[t];
    if (shape == VIEW_BY_TYPE)
        return load_at(r->pieces, r->layout->pieces[0][t]);
    return piece_at(r, shape, 0, t) | piece_at(r, shape, 1, t);
}

/* The pieces of type t that may belong to `side`: used only on sets
 * already of that side, so a shape by type gives both colours'. */
EXCHANGE_INLINE bitboard side_bits(const view_reader *r, view_shape shape, unsigned side,
                                   unsigned t)
{
    return by_piece(shape) ? piece_at(r, shape, side, t) : type_bits(r, shape, t);
}

/* Colour c's pieces. */
EXCHANGE_INLINE bitboard color_bits(const view_reader *r, view_shape shape, unsigned c)
{
    if (shape == VIEW_BY_PIECE_NO_COLORS)
        return r->own[c];
    if (shape == VIEW_STOCKFISH || twelve_by_type(shape) || twelve_by_color(shape))
        return r->colors[c];
    return load_at(r->colors, r->layout->colors[c]);
}

EXCHANGE_INLINE bitboard pawns_of(const view_reader *r, view_shape shape, unsigned c)
{
    return by_piece(shape) ? piece_at(r, shape, c, SEEBATCH_PAWN)
                           : type_bits(r, shape, SEEBATCH_PAWN) & color_bits(r, shape, c);
}

/* Whether the engine counts from a8, so that its white pawns move down the
 * numbers: built in for the twelve shapes. */
EXCHANGE_INLINE unsigned pawns_move_down(const view_reader *r, view_shape shape)
{
    if (shape == VIEW_STOCKFISH || shape == VIEW_TWELVE_BY_TYPE || shape == VIEW_TWELVE_BY_COLOR)
        return 0;
    if (shape == VIEW_TWELVE_BY_TYPE_A8 || shape == VIEW_TWELVE_BY_COLOR_A8)
        return 1;
    return r->layout->squares; /* SEEBATCH_RANK_8_FIRST is 1 */
}

/* The pawn attack table whose squares around the target hold the pawns of
 * colour c that attack it: the other colour's, unless the engine counts
 * from a8. */
EXCHANGE_INLINE unsigned pawn_table(const view_reader *r, view_shape shape, unsigned c)
{
    return c ^ 1 ^ pawns_move_down(r, shape);
}

EXCHANGE_INLINE bitboard diagonal_sliders(const view_reader *r, view_shape shape)
{
    if (shape == VIEW_STOCKFISH)
        return r->pieces[SEEBATCH_BISHOP] | r->pieces[SEEBATCH_QUEEN];
    return r->diagonal_sliders;
}

EXCHANGE_INLINE bitboard straight_sliders(const view_reader *r, view_shape shape)
{
    if (shape == VIEW_STOCKFISH)
        return r->pieces[SEEBATCH_ROOK] | r->pieces[SEEBATCH_QUEEN];
    return r->straight_sliders;
}

/* The sliders read once (see view_reader), where the exchange goes on. */
EXCHANGE_INLINE void read_sliders(view_reader *r, view_shape shape)
{
    if (shape == VIEW_STOCKFISH)
        return;
    r->diagonal_sliders =
        type_bits(r, shape, SEEBATCH_BISHOP) | type_bits(r, shape, SEEBATCH_QUEEN);
    r->straight_sliders = type_bits(r, shape, SEEBATCH_ROOK) | type_bits(r, shape, SEEBATCH_QUEEN);
}

/* Colour c's blockers (seebatch_pins.blockers[c]). */
EXCHANGE_INLINE bitboard blockers_of(const view_reader *r, view_shape shape, unsigned c)
{
    if (shape == VIEW_STOCKFISH)
        return ((const seebatch_pins *)r->pins)->blockers[c];
    return load_at(r->pins, r->layout->blockers[c]);
}

/* The sliders pinning colour c's pieces: the other colour's pinners. */
EXCHANGE_INLINE bitboard pinners_of_color(const view_reader *r, view_shape shape, unsigned c)
{
    if (shape == VIEW_STOCKFISH)
        return ((const seebatch_pins *)r->pins)->pinners[c ^ 1];
    return load_at(r->pins, r->layout->pinners[c ^ 1]);
}

/* A reader of a walk's position, its target not yet set; colours formed
 * where the shape has none. */
EXCHANGE_INLINE view_reader reader_of(const seebatch_rules *rules, const bitboard *pieces,
                                      const bitboard *colors, const void *pins, view_shape shape)
{
    /* Every field in order, no designators: the engine pair holds this and
     * compiles as C++ too, where a partial initializer warns. */
    view_reader r = {rules, 0, pieces, colors, pins, NULL, {0, 0}, 0, 0};
    if (shape != VIEW_STOCKFISH)
        r.layout = &view_rules_of(rules)->layout;
    if (shape == VIEW_BY_PIECE_NO_COLORS)
        for (unsigned c = 0; c < 2; c++)
            r.own[c] = piece_at(&r, shape, c, 0) | piece_at(&r, shape, c, 1) |
                       piece_at(&r, shape, c, 2) | piece_at(&r, shape, c, 3) |
                       piece_at(&r, shape, c, 4) | piece_at(&r, shape, c, 5);
    return r;
}

/* Colour c's pieces that attack the reader's target, pawns included,
 * given the squares a bishop (`diagonal`) and a rook (`straight`) reach
 * from it. */
EXCHANGE_INLINE bitboard attackers_of(const view_reader *r, view_shape shape, unsigned c,
                                      bitboard diagonal, bitboard straight)
{
    view_target target = r->target;
    bitboard pieces = (knight_attacks_at(target) & side_bits(r, shape, c, SEEBATCH_KNIGHT)) |
                      (diagonal & (side_bits(r, shape, c, SEEBATCH_BISHOP) |
                                   side_bits(r, shape, c, SEEBATCH_QUEEN))) |
                      (straight & (side_bits(r, shape, c, SEEBATCH_ROOK) |
                                   side_bits(r, shape, c, SEEBATCH_QUEEN))) |
                      (king_attacks_at(target) & side_bits(r, shape, c, SEEBATCH_KING));
    /* A shape by type reads both colours' pieces: keep colour c's. */
    if (!by_piece(shape))
        pieces &= color_bits(r, shape, c);
    return (pawn_attacks_at(target, pawn_table(r, shape, c)) & pawns_of(r, shape, c)) | pieces;
}

#endif
