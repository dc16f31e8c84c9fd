/*
 * How a view exchange body reads the engine's position, for the shape
 * SHAPE (a SHAPE_ number of view_layout.h) of the file including it. The
 * body's arguments are `rules`, `pieces`, `colors` and `pins`; VIEW_SET_UP
 * declares what the accessors below need and is the body's first statement,
 * VIEW_SLIDERS_SET_UP what DIAGONAL_SLIDERS and STRAIGHT_SLIDERS need.
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
 *   ATTACKERS_OF(c, d, s)  colour c's pieces that attack `to`, given the
 *                        squares d and s a bishop and a rook reach from it
 *   BLOCKERS(c)          seebatch_pins.blockers[c]
 *   PINNERS(c)           seebatch_pins.pinners[c]: the sliders pinning c's pieces
 */
#ifndef SHAPE
#error "view_access.h: define SHAPE as one of the SHAPE_ numbers of view_layout.h"
#endif

#if SHAPE == SHAPE_STOCKFISH
/* The offsets are Stockfish's, built in: every read is one load. */
#define VIEW_SET_UP (void)rules
#define VIEW_SLIDERS_SET_UP (void)0
#define TYPE_BB(t) pieces[t]
#define SIDE_BB(side, t) pieces[t]
#define COLOR_BB(c) colors[c]
#define PAWNS_OF(c) (pieces[SEEBATCH_PAWN] & colors[c])
#define PAWN_TABLE(c) ((c) ^ 1)
#define OWN_PIECES(c) COLOR_BB(c)
#define DIAGONAL_SLIDERS (pieces[SEEBATCH_BISHOP] | pieces[SEEBATCH_QUEEN])
#define STRAIGHT_SLIDERS (pieces[SEEBATCH_ROOK] | pieces[SEEBATCH_QUEEN])
#define BLOCKERS(c) (((const seebatch_view_pins *)pins)->blockers[c])
#define PINNERS(c) (((const seebatch_view_pins *)pins)->pinners[(c) ^ 1])
#else

/* How each piece is found. */
#if SHAPE == SHAPE_TWELVE_BY_TYPE || SHAPE == SHAPE_TWELVE_BY_TYPE_A8
#define PIECE_AT(c, t) pieces[2 * (t) + (c)]
#define TWELVE 1
#elif SHAPE == SHAPE_TWELVE_BY_COLOR || SHAPE == SHAPE_TWELVE_BY_COLOR_A8
#define PIECE_AT(c, t) pieces[6 * (c) + (t)]
#define TWELVE 1
#else
#define PIECE_AT(c, t) load_at(pieces, layout->pieces[c][t])
#endif
#if SHAPE == SHAPE_BY_TYPE
#define TYPE_BB(t) load_at(pieces, layout->pieces[0][t])
#define SIDE_BB(side, t) TYPE_BB(t)
#define PAWNS_OF(c) (TYPE_BB(SEEBATCH_PAWN) & COLOR_BB(c))
#define OWN_PIECES(c) COLOR_BB(c)
#else
#define TYPE_BB(t) (PIECE_AT(0, t) | PIECE_AT(1, t))
#define SIDE_BB(side, t) PIECE_AT(side, t)
#define PAWNS_OF(c) PIECE_AT(c, SEEBATCH_PAWN)
#define OWN_PIECES(c) ~(bitboard)0 /* SIDE_BB is of one colour already */
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
#elif defined(TWELVE)
#define COLOR_BB(c) colors[c]
#define VIEW_SET_UP_COLORS (void)0
#else
#define COLOR_BB(c) load_at(colors, layout->colors[c])
#define VIEW_SET_UP_COLORS (void)0
#endif

/* Whether the engine counts from a8, so that its white pawns move down the
 * numbers: built in for the twelve shapes. */
#if SHAPE == SHAPE_TWELVE_BY_TYPE || SHAPE == SHAPE_TWELVE_BY_COLOR
#define PAWNS_MOVE_DOWN 0
#elif SHAPE == SHAPE_TWELVE_BY_TYPE_A8 || SHAPE == SHAPE_TWELVE_BY_COLOR_A8
#define PAWNS_MOVE_DOWN 1
#else
#define PAWNS_MOVE_DOWN layout->squares /* SEEBATCH_RANK_8_FIRST is 1 */
#endif
#define VIEW_SET_UP                                                                                \
    const seebatch_layout *layout = &view_rules_of(rules)->layout;                                 \
    (void)layout;                                                                                  \
    VIEW_SET_UP_COLORS
/* The slider sets are read once per call, where the exchange goes on past
 * the opponent's first answer (read before it, they would be kept across
 * the early exit and spilled); the exchange masks them with the occupancy,
 * so they never change. */
#define VIEW_SLIDERS_SET_UP                                                                        \
    const bitboard diagonal_sliders = TYPE_BB(SEEBATCH_BISHOP) | TYPE_BB(SEEBATCH_QUEEN);          \
    const bitboard straight_sliders = TYPE_BB(SEEBATCH_ROOK) | TYPE_BB(SEEBATCH_QUEEN)
#define PAWN_TABLE(c) ((c) ^ 1 ^ PAWNS_MOVE_DOWN)
#define DIAGONAL_SLIDERS diagonal_sliders
#define STRAIGHT_SLIDERS straight_sliders
#define BLOCKERS(c) load_at(pins, layout->blockers[c])
#define PINNERS(c) load_at(pins, layout->pinners[c])
#endif

/* The same for every shape: one colour's attackers, its pawns included. */
#define ATTACKERS_OF(c, diagonal, straight)                                                        \
    ((PAWN_ATTACKS(PAWN_TABLE(c)) & PAWNS_OF(c)) |                                                 \
     (((KNIGHT_ATTACKS & SIDE_BB(c, SEEBATCH_KNIGHT)) |                                            \
       ((diagonal) & (SIDE_BB(c, SEEBATCH_BISHOP) | SIDE_BB(c, SEEBATCH_QUEEN))) |                 \
       ((straight) & (SIDE_BB(c, SEEBATCH_ROOK) | SIDE_BB(c, SEEBATCH_QUEEN))) |                   \
       (KING_ATTACKS & SIDE_BB(c, SEEBATCH_KING))) &                                               \
      OWN_PIECES(c)))
