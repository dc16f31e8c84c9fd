/*
 * seebatch views: SEE on an engine's own position, read in place.
 *
 * A view points at the engine's bitboards where they lie, and the two early
 * exits (victim's and mover's values: about a third of a search's calls)
 * read its mailbox inline in the caller, so the library is called only when
 * captures must be played out. In Stockfish (W_PAWN = 1 .. B_KING = 14):
 *
 *     // once, at start-up: what each of the engine's piece codes is
 *     int8_t types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};
 *     seebatch_view_rules_init(&rules, &config, types, 16, NULL);
 *     // Position::see_ge, for a normal move (its Move is a seebatch_move as it is)
 *     seebatch_view view = {&byTypeBB[PAWN], byColorBB};
 *     return seebatch_view_see_ge(&rules, &view, st->blockersForKing, m, board[from],
 *                                 board[to], threshold);
 *
 * Another layout is described once (seebatch_layout). Squares are the
 * engine's, from a1 or a8, and rule 2's "lowest square first" counts in
 * them (seebatch_view_check returns the board a view answers for).
 * seebatch_view_see_ge and _value answer normal moves (and promotions the
 * rules do not count); other kinds go through the _move calls.
 * Thread-safe; nothing is allocated.
 */

#ifndef SEEBATCH_VIEW_H
#define SEEBATCH_VIEW_H

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Codes an engine may give its pieces: 0 .. SEEBATCH_PIECE_CODES - 1. */
#define SEEBATCH_PIECE_CODES 32

/* The engine's position, {pieces, colors}: the base addresses its layout's
 * offsets count from (in Stockfish's, its six piece bitboards, pawn to king,
 * and white's and black's). The board they describe is consistent; a view
 * stays valid while the engine's arrays do. */
typedef struct seebatch_view {
    const uint64_t *pieces;
    const uint64_t *colors;
} seebatch_view;

/* seebatch_layout.kind */
enum {
    SEEBATCH_LAYOUT_BY_TYPE = 0, /* a bitboard per piece type (both colours), one per colour */
    SEEBATCH_LAYOUT_BY_PIECE = 1 /* a bitboard per coloured piece (twelve), colour ones optional */
};

/* seebatch_layout.squares */
enum {
    SEEBATCH_RANK_1_FIRST = 0, /* a1 = 0 .. h8 = 63, as seebatch counts */
    SEEBATCH_RANK_8_FIRST = 1  /* a8 = 0 .. h1 = 63 */
};

/*
 * Where an engine keeps what a view reads, as byte offsets from the view's
 * base pointers (any order, any stride, even negative); colour 0 is white,
 * type 0 the pawn .. 5 the king, whatever the engine's numbering.
 * - BY_TYPE: pieces[0][t] from view.pieces, type t's bitboard (pieces[1] not
 *   read); colors[c] from view.colors; has_colors must be 1.
 * - BY_PIECE: pieces[c][t] from view.pieces, colour c's pieces of type t;
 *   colors[c] from view.colors with has_colors 1; with 0 the colours are
 *   formed from the twelve (six ORs a colour and call).
 * - blockers[X], pinners[X]: offsets from the views' pins pointer of
 *   seebatch_pins' two fields (read only under SEEBATCH_PINS; an engine that
 *   keeps no pins leaves them 0 and its rules without SEEBATCH_PINS).
 * docs/engine.md, "Layouts", has examples.
 */
typedef struct seebatch_layout {
    uint32_t kind;    /* SEEBATCH_LAYOUT_BY_TYPE or SEEBATCH_LAYOUT_BY_PIECE */
    uint32_t squares; /* SEEBATCH_RANK_1_FIRST or SEEBATCH_RANK_8_FIRST */
    int32_t pieces[2][6];
    uint32_t has_colors;
    int32_t colors[2];
    int32_t blockers[2];
    int32_t pinners[2];
} seebatch_layout;

/* Stockfish's layout, the default: BY_TYPE, rank 1 first, pieces at 0, 8 ..
 * 40, colours at 0 and 8, pins as seebatch_pins. Thread-safe. */
SEEBATCH_API seebatch_layout seebatch_layout_stockfish(void);

/* The exchange a view runs after the early exits (chosen for this CPU and
 * layout): whether the mover of the normal move `move`, `shortfall` > 0 short
 * of the threshold if it is taken back and nothing more happens, ends at or
 * above it; `pieces` and `colors` are the view's (six arguments: no stack). */
typedef bool seebatch_view_exchange_fn(const seebatch_rules *rules, const uint64_t *pieces,
                                       const uint64_t *colors, const void *pins, unsigned move,
                                       int32_t shortfall);

/* The exact SEE of the normal move `move` on a view, whose mailbox holds
 * mover_code on its from-square and victim_code on its to-square. */
typedef int32_t seebatch_view_value_fn(const seebatch_rules *rules, const uint64_t *pieces,
                                       const uint64_t *colors, const void *pins, unsigned move,
                                       unsigned mover_code, unsigned victim_code);

struct seebatch_view_move; /* below: a move of seebatch_view_see_ge_each */

/* Rules for views: the values by the engine's piece codes (the early exits)
 * beside the rules, the exchanges for this CPU and layout, and the layout.
 * Made by seebatch_view_rules_init (and _set_layout); the fields are the
 * library's. */
typedef struct seebatch_view_rules {
    seebatch_rules rules;
    seebatch_view_exchange_fn *exchange;
    seebatch_view_value_fn *value;
    int32_t code_value[SEEBATCH_PIECE_CODES];  /* what a victim of each code is worth */
    int32_t code_risk[SEEBATCH_PIECE_CODES];   /* what a mover of each code may lose at most */
    uint32_t king_codes;                       /* bit c: code c is a king's */
    seebatch_layout layout;                    /* with white as the colour moving up the numbers */
    seebatch_view_exchange_fn *plain_exchange; /* the layout's own, behind any rule's wrapper */
    seebatch_view_value_fn *plain_value;
    const void *exchange_set; /* the lookups chosen at init, for later layouts */
    /* seebatch_view_see_ge_each's loop with the layout's exchange inlined,
     * or NULL where a rule's wrapper stands before it. */
    void (*each)(const struct seebatch_view_rules *rules, const seebatch_view *view,
                 const void *pins, const struct seebatch_view_move *moves, size_t count,
                 uint8_t *passed);
} seebatch_view_rules;

/* Prepares `config` (validated first) for an engine whose piece code c is of
 * type type_of_code[c] (SEEBATCH_PAWN..SEEBATCH_KING, or -1 for no piece)
 * for c < code_count, later codes no piece; Stockfish's layout. The
 * exchange is chosen here by SEEBATCH_VIEW_EXCHANGE: "auto" (or unset)
 * takes pext lookups where the avx2 backend runs, pext is fast (Intel; AMD
 * and Hygon from Zen 3) and the backend in use is no forced scalar, else
 * the portable magic lookups; "pext" and "portable" force one. Errors, *rules
 * then unchanged: SEEBATCH_ERROR_ARGUMENT for NULL (with code_count > 0),
 * code_count over SEEBATCH_PIECE_CODES or a type out of range, naming the
 * code; SEEBATCH_ERROR_CONFIG as seebatch_rules_init;
 * SEEBATCH_ERROR_BACKEND naming the variable and a value not in that list,
 * or pext where it cannot run. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_rules_init(seebatch_view_rules *rules,
                                                      const seebatch_config *config,
                                                      const int8_t *type_of_code, size_t code_count,
                                                      seebatch_error *error);

/* Checks SEEBATCH_VIEW_EXCHANGE now (SEEBATCH_ERROR_BACKEND naming it and
 * its value, as seebatch_view_rules_init would): called at start-up beside
 * seebatch_backend_init, a bad setting stops a program before any work. */
SEEBATCH_API seebatch_status seebatch_view_init(seebatch_error *error);

/* Makes views under `rules` read `layout` (checked first), choosing the
 * exchanges for it. Errors: SEEBATCH_ERROR_ARGUMENT for NULL, an unknown kind
 * or squares value, has_colors other than 0 or 1 (or 0 with BY_TYPE), or two
 * pieces (types, colours, pin sets) at the same offset, naming the fields.
 * On error *rules is unchanged. Thread-safe for distinct rules. */
SEEBATCH_API seebatch_status seebatch_view_rules_set_layout(seebatch_view_rules *rules,
                                                            const seebatch_layout *layout,
                                                            seebatch_error *error);

/* seebatch_value_ge for the normal move `move` (squares in the engine's
 * numbering) on the view, whose mailbox holds mover_code on its from-square
 * and victim_code (perhaps an empty square's) on its to-square, codes below
 * SEEBATCH_PIECE_CODES. `pins` points at the engine's pins as the layout
 * places them (by default a seebatch_pins, or Stockfish's
 * StateInfo::blockersForKing). Inline: the early exits cost no call. */
static inline bool seebatch_view_see_ge(const seebatch_view_rules *rules, const seebatch_view *view,
                                        const void *pins, seebatch_move move, unsigned mover_code,
                                        unsigned victim_code, int32_t threshold)
{
    /* 64 bits: any int32 threshold, no overflow. */
    int64_t surplus = (int64_t)rules->code_value[victim_code] - threshold;
    if (surplus < 0)
        return false; /* not even if nothing is taken back */
    int64_t shortfall = rules->code_risk[mover_code] - surplus;
    if (shortfall <= 0)
        return true; /* even if the mover is taken back */
    return rules->exchange(&rules->rules, view->pieces, view->colors, pins, move,
                           (int32_t)shortfall);
}

/* seebatch_value for the normal move `move` on the view, as
 * seebatch_view_see_ge takes it. */
static inline int32_t seebatch_view_see_value(const seebatch_view_rules *rules,
                                              const seebatch_view *view, const void *pins,
                                              seebatch_move move, unsigned mover_code,
                                              unsigned victim_code)
{
    return rules->value(&rules->rules, view->pieces, view->colors, pins, move, mover_code,
                        victim_code);
}

/* One move of seebatch_view_see_ge_each: a normal move as seebatch_view_see_ge
 * takes it, and its threshold. A move the rules score 0 (special, under
 * SEEBATCH_NORMAL_MOVES_ONLY) may have both codes an empty square's. */
typedef struct seebatch_view_move {
    seebatch_move move;
    uint8_t mover_code, victim_code;
    int32_t threshold;
} seebatch_view_move;

/* passed[i] = seebatch_view_see_ge for moves[i] as 0 or 1, every move on one
 * view: a move picker answering a node's threshold tests in one call. */
SEEBATCH_API void seebatch_view_see_ge_each(const seebatch_view_rules *rules,
                                            const seebatch_view *view, const void *pins,
                                            const seebatch_view_move *moves, size_t count,
                                            uint8_t *passed);

/* seebatch_value_ge for any move, special kinds too, on the view: it
 * gathers the view's board first, for the rare kinds. Preconditions: the
 * board consistent, the move satisfying seebatch_move_check on it. */
SEEBATCH_API bool seebatch_view_see_ge_move(const seebatch_view_rules *rules,
                                            const seebatch_view *view, const void *pins,
                                            seebatch_move move, int32_t threshold);

/* seebatch_value for any move, as seebatch_view_see_ge_move. */
SEEBATCH_API int32_t seebatch_view_see_value_move(const seebatch_view_rules *rules,
                                                  const seebatch_view *view, const void *pins,
                                                  seebatch_move move);

/* Checks a view against its rules' layout, for an engine wiring one up: its
 * board is consistent and, under SEEBATCH_PINS with pins given, the pins are
 * seebatch_pins_compute's. Fills *board (may be NULL) with that board in
 * seebatch's numbering (with SEEBATCH_RANK_8_FIRST mirrored, colours swapped:
 * every SEE value the same). Errors: SEEBATCH_ERROR_ARGUMENT (NULL, or pins
 * that differ, naming the field, colour and a square), SEEBATCH_ERROR_BOARD
 * as seebatch_board_validate. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_check(const seebatch_view_rules *rules,
                                                 const seebatch_view *view, const void *pins,
                                                 seebatch_board *board, seebatch_error *error);

#ifdef __cplusplus
}
#endif

#endif /* SEEBATCH_VIEW_H */
