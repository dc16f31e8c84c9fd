/*
 * How a view exchange body reads the engine's position, for the shape
 * SHAPE (a SHAPE_ number of view_layout.h) of the file including it. The
 * body's arguments are `rules`, `pieces`, `colors` and `pins`; VIEW_SET_UP
 * declares what the accessors below need and is the body's first statement.
 * Included once per body instance; view_access_end.h undefines everything
 * again. Colours are the engine's.
 *
 *   TYPE_BB(t)           every piece of type t
 *   SIDE_BB(side, t)     the pieces of `side` of type t, or every piece of
 *                        type t: used only on sets already of one side
 *   COLOR_BB(c)          colour c's pieces
 *   PAWNS_OF(c)          colour c's pawns
 *   PAWN_TABLE(c)        the pawn attack table whose squares around `to`
 *                        hold the pawns of colour c that attack it: the
 *                        other colour's, unless the engine counts from a8
 *   DIAGONAL_SLIDERS     bishops and queens, STRAIGHT_SLIDERS rooks and queens
 *   BLOCKERS(c)          seebatch_pins.blockers[c]
 *   PINNERS(c)           seebatch_pins.pinners[c]: the sliders pinning c's pieces
 */
#ifndef SHAPE
#error "view_access.h: define SHAPE as one of the SHAPE_ numbers of view_layout.h"
#endif

#if SHAPE == SHAPE_STOCKFISH
/* The offsets are Stockfish's, built in: every read is one load. */
#define VIEW_SET_UP (void)rules
#define TYPE_BB(t) pieces[t]
#define SIDE_BB(side, t) pieces[t]
#define COLOR_BB(c) colors[c]
#define PAWNS_OF(c) (pieces[SEEBATCH_PAWN] & colors[c])
#define PAWN_TABLE(c) ((c) ^ 1)
#define DIAGONAL_SLIDERS (pieces[SEEBATCH_BISHOP] | pieces[SEEBATCH_QUEEN])
#define STRAIGHT_SLIDERS (pieces[SEEBATCH_ROOK] | pieces[SEEBATCH_QUEEN])
#define BLOCKERS(c) (((const seebatch_view_pins *)pins)->blockers[c])
#define PINNERS(c) (((const seebatch_view_pins *)pins)->pinners[(c) ^ 1])
#else

/* How each piece is found. */
#if SHAPE == SHAPE_TWELVE_BY_TYPE
#define PIECE_AT(c, t) pieces[2 * (t) + (c)]
#elif SHAPE == SHAPE_TWELVE_BY_COLOR
#define PIECE_AT(c, t) pieces[6 * (c) + (t)]
#else
#define PIECE_AT(c, t) load_at(pieces, layout->pieces[c][t])
#endif
#if SHAPE == SHAPE_BY_TYPE
#define TYPE_BB(t) load_at(pieces, layout->pieces[0][t])
#define SIDE_BB(side, t) TYPE_BB(t)
#define PAWNS_OF(c) (TYPE_BB(SEEBATCH_PAWN) & COLOR_BB(c))
#else
#define TYPE_BB(t) (PIECE_AT(0, t) | PIECE_AT(1, t))
#define SIDE_BB(side, t) PIECE_AT(side, t)
#define PAWNS_OF(c) PIECE_AT(c, SEEBATCH_PAWN)
#endif

/* How each colour is found. */
#if SHAPE == SHAPE_BY_PIECE_NO_COLORS
#define COLOR_BB(c) own[c]
#define VIEW_SET_UP_COLORS                                                                         \
    bitboard own[2];                                                                               \
    for (unsigned c = 0; c < 2; c++)                                                               \
        own[c] = PIECE_AT(c, 0) | PIECE_AT(c, 1) | PIECE_AT(c, 2) | PIECE_AT(c, 3) |               \
                 PIECE_AT(c, 4) | PIECE_AT(c, 5);                                                  \
    (void)colors
#elif SHAPE == SHAPE_TWELVE_BY_TYPE || SHAPE == SHAPE_TWELVE_BY_COLOR
#define COLOR_BB(c) colors[c]
#define VIEW_SET_UP_COLORS (void)0
#else
#define COLOR_BB(c) load_at(colors, layout->colors[c])
#define VIEW_SET_UP_COLORS (void)0
#endif

/* The slider sets (and colours formed from the twelve) are read once per
 * call: the exchange masks them with the occupancy, so they never change. */
#define VIEW_SET_UP                                                                                \
    const seebatch_layout *layout = &view_rules_of(rules)->layout;                                 \
    VIEW_SET_UP_COLORS;                                                                            \
    const unsigned pawns_move_down = layout->squares == SEEBATCH_RANK_8_FIRST;                     \
    const bitboard diagonal_sliders = TYPE_BB(SEEBATCH_BISHOP) | TYPE_BB(SEEBATCH_QUEEN);          \
    const bitboard straight_sliders = TYPE_BB(SEEBATCH_ROOK) | TYPE_BB(SEEBATCH_QUEEN)
#define PAWN_TABLE(c) ((c) ^ 1 ^ pawns_move_down)
#define DIAGONAL_SLIDERS diagonal_sliders
#define STRAIGHT_SLIDERS straight_sliders
#define BLOCKERS(c) load_at(pins, layout->blockers[c])
#define PINNERS(c) load_at(pins, layout->pinners[c])
#endif
