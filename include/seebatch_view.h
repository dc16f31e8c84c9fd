/*
 * seebatch views: SEE on an engine's own position, read in place.
 *
 * An engine that keeps bitboards and a mailbox need fill no seebatch_board: a
 * view points at its arrays where they lie, and the two early exits (the
 * values of the captured piece and of the mover decide about a third of a
 * search's calls) read the engine's mailbox with its own piece codes, inline
 * in the caller, so the library is called only when captures must be played
 * out. Include this header where an engine wires seebatch into its search;
 * seebatch.h does not include it.
 */
#ifndef SEEBATCH_VIEW_H
#define SEEBATCH_VIEW_H

#include "seebatch.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * In Stockfish (W_PAWN = 1 .. W_KING = 6, B_PAWN = 9 .. B_KING = 14):
 *
 *     // once, at start-up: what each of the engine's piece codes is
 *     int8_t types[16] = {-1, 0, 1, 2, 3, 4, 5, -1, -1, 0, 1, 2, 3, 4, 5, -1};
 *     seebatch_view_rules_init(&rules, &config, types, 16, NULL);
 *     // Position::see_ge, for a normal move (its Move is a seebatch_move as it is)
 *     seebatch_view view = {&byTypeBB[PAWN], byColorBB};
 *     return seebatch_view_see_ge(&rules, &view, st->blockersForKing, m, board[from],
 *                                 board[to], threshold);
 *
 * Layouts. seebatch_view_rules_init expects Stockfish's layout: six piece
 * bitboards (both colours), pawn to king, consecutive, two colour bitboards,
 * white's first, and pins as StateInfo holds them (seebatch_pins). Any
 * other layout is described once by a seebatch_layout
 * (seebatch_view_rules_set_layout): bitboards by piece type or by coloured
 * piece (twelve), in any order and at any stride, colour bitboards or none,
 * squares counted from a1 or from a8. The view still reads the engine's
 * memory in place: nothing is copied per call.
 *
 * Squares are the engine's own numbers. seebatch counts a1 = 0, b1 = 1 ..
 * h1 = 7, a2 = 8 .. h8 = 63 (rank 1 first); an engine counting a8 = 0 ..
 * h1 = 63 says SEEBATCH_RANK_8_FIRST in its layout and passes its own
 * numbers; files may run either way (h1 = 0 as well as a1 = 0). The one
 * rule that depends on numbering, rule 2's "lowest square first" among
 * attackers of one type, then counts in the engine's numbers, as the
 * engine's own lowest-bit scans do: a view answers for the board its bits
 * spell in seebatch's numbering, mirrored with its colours swapped when
 * rank 8 comes first (seebatch_view_check returns that board).
 *
 * seebatch_view_see_ge and seebatch_view_see_value answer normal moves, as
 * seebatch_value_ge and seebatch_value do, under every rule
 * of the configuration. Promotions, en passant and castling go through
 * seebatch_view_see_ge_move and seebatch_view_see_value_move, which take a
 * seebatch_move and are slower (they gather the board), or the engine
 * answers them itself (under SEEBATCH_NORMAL_MOVES_ONLY their SEE is 0).
 * A promotion the rules do not count (neither SEEBATCH_PROMOTIONS nor
 * SEEBATCH_MOVE_PROMOTION_ONLY) is a normal move of a pawn and may be passed
 * as one. Thread-safe; nothing is allocated.
 */

/* Codes an engine may give its pieces: 0 .. SEEBATCH_PIECE_CODES - 1. */
#define SEEBATCH_PIECE_CODES 32

/*
 * The engine's position: the base addresses its layout's offsets count from.
 * In Stockfish's layout (the default) `pieces` points at its six piece
 * bitboards, pawn to king, and `colors` at white's and black's. The board
 * they describe is consistent (see seebatch_board). Its pointers stay valid
 * while the engine's arrays do, so an engine can make a view once per
 * position object. Filled in this order: {pieces, colors}.
 */
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
 * base pointers (any order, any stride, even negative). Colour 0 is white,
 * type 0 the pawn .. 5 the king, whatever the engine's own numbering.
 *
 * - BY_TYPE: pieces[0][t] is the offset from view.pieces of the bitboard of
 *   every piece of type t (pieces[1] is not read); colors[c] from view.colors
 *   of colour c's pieces; has_colors must be 1.
 * - BY_PIECE: pieces[c][t] is the offset from view.pieces of colour c's
 *   pieces of type t. With has_colors 1, colors[c] is the offset from
 *   view.colors of colour c's pieces; with 0 they are formed from the twelve
 *   (six ORs per colour and call) and view.colors is not read.
 * - Pins (read only under SEEBATCH_PINS), offsets from the views' pins
 *   pointer: blockers[X] of the pieces of either colour standing alone
 *   between X's king and an enemy slider (seebatch_pins.blockers[X],
 *   Stockfish's blockersForKing[X]); pinners[X] of X's own sliders that pin
 *   an enemy piece (seebatch_pins.pinners[X], Stockfish's pinners[X]). An
 *   engine that keeps no pins leaves the four 0; its rules cannot have
 *   SEEBATCH_PINS then, as the views' pins must be given under that flag.
 *
 * A twelve-bitboard engine in the style of many C engines:
 *
 *     struct board { uint64_t pieces[12]; uint64_t occupancies[3]; ... };
 *     // pieces[2 * type + colour], squares a8 = 0 .. h1 = 63
 *     seebatch_layout layout = {0};
 *     layout.kind = SEEBATCH_LAYOUT_BY_PIECE;
 *     layout.squares = SEEBATCH_RANK_8_FIRST;
 *     for (int c = 0; c < 2; c++) {
 *         for (int t = 0; t < 6; t++)
 *             layout.pieces[c][t] = (int32_t)((2 * t + c) * sizeof(uint64_t));
 *         layout.colors[c] = (int32_t)(c * sizeof(uint64_t));
 *     }
 *     layout.has_colors = 1;
 *     seebatch_view_rules_set_layout(&rules, &layout, &error);
 *     ...
 *     seebatch_view view = {b->pieces, b->occupancies};
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

/* The exchange a view runs after the early exits (the library's choice for
 * this CPU and layout): whether the mover of the normal move `move` (a
 * seebatch_move of kind SEEBATCH_MOVE_NORMAL), which falls `shortfall` > 0
 * short of the threshold if it is taken back and nothing more happens, ends
 * at or above it. `pieces` and `colors` are the view's. Six arguments, all
 * in registers: the call needs no stack frame. */
typedef bool seebatch_view_exchange_fn(const seebatch_rules *rules, const uint64_t *pieces,
                                       const uint64_t *colors, const void *pins, unsigned move,
                                       int32_t shortfall);

/* The exact SEE of the normal move `move` on a view, whose mailbox holds
 * mover_code on its from-square and victim_code on its to-square. */
typedef int32_t seebatch_view_value_fn(const seebatch_rules *rules, const uint64_t *pieces,
                                       const uint64_t *colors, const void *pins, unsigned move,
                                       unsigned mover_code, unsigned victim_code);

/* Rules for views: the values by the engine's piece codes (for the early
 * exits) beside the rules the exchange reads, the exchanges for this CPU and
 * layout, and the layout. Fill with seebatch_view_rules_init (and
 * seebatch_view_rules_set_layout); the fields are the library's. */
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
} seebatch_view_rules;

/* Prepares `config` (validated first) for an engine whose piece code c is of
 * type type_of_code[c] (SEEBATCH_PAWN..SEEBATCH_KING, or -1 for a code that is
 * no piece, such as an empty square's), for c < code_count; codes from
 * code_count on are no piece. The layout is Stockfish's (to read another,
 * seebatch_view_rules_set_layout). Errors: SEEBATCH_ERROR_ARGUMENT for NULL
 * (with code_count > 0), code_count over SEEBATCH_PIECE_CODES or a type out
 * of range, naming the code; SEEBATCH_ERROR_CONFIG as
 * seebatch_config_validate.
 * The exchange is chosen here, once, by the environment variable
 * SEEBATCH_VIEW_EXCHANGE:
 *   auto (or unset, or empty): pext slider lookups where the CPU has BMI2
 *     and AVX2 (what the avx2 backend runs), runs pext fast (Intel; AMD and
 *     Hygon from family 19h, Zen 3, on) and the backend in use runs those
 *     instructions too (one registry chooses both, and a view never takes
 *     instructions the backend in use does not: a forced
 *     SEEBATCH_BACKEND=scalar gives the portable one); else the
 *     portable magic lookups. AMD before Zen 3 microcodes pext at tens to
 *     hundreds of cycles: there a view keeps the magics, never slower;
 *   pext: the pext lookups, whatever the backend and however slow;
 *   portable: the magic lookups.
 * SEEBATCH_ERROR_BACKEND, naming the variable and its value: a value not in
 * that list, or pext on a CPU or build that cannot run it. On error *rules
 * is unchanged. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_rules_init(seebatch_view_rules *rules,
                                                      const seebatch_config *config,
                                                      const int8_t *type_of_code, size_t code_count,
                                                      seebatch_error *error);

/* Checks SEEBATCH_VIEW_EXCHANGE now, as seebatch_view_rules_init reads it:
 * SEEBATCH_ERROR_BACKEND, naming the variable and its value, for a value
 * seebatch_view_rules_init would refuse; SEEBATCH_OK otherwise. A program
 * calls it at start-up beside seebatch_backend_init, as the tool and the
 * Python package do, so that a bad setting stops it before any work
 * (docs/tool.md, "Settings"). Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_init(seebatch_error *error);

/* Makes views under `rules` read `layout` (checked first), choosing the
 * exchanges for it. Errors: SEEBATCH_ERROR_ARGUMENT for NULL, an unknown kind
 * or squares value, has_colors other than 0 or 1 (or 0 with BY_TYPE), or two
 * pieces (types, colours, pin sets) at the same offset, naming the fields.
 * On error *rules is unchanged. Thread-safe for distinct rules. */
SEEBATCH_API seebatch_status seebatch_view_rules_set_layout(seebatch_view_rules *rules,
                                                            const seebatch_layout *layout,
                                                            seebatch_error *error);

/* seebatch_value_ge for the normal move `move` (kind
 * SEEBATCH_MOVE_NORMAL, squares in the engine's numbering) on the view with
 * these pins, whose mailbox holds mover_code on its from-square and
 * victim_code on its to-square (codes below SEEBATCH_PIECE_CODES; the
 * victim's may be an empty square's). `pins` points at the engine's pins as
 * the layout places them: under the default layout, a seebatch_pins (or
 * Stockfish's StateInfo::blockersForKing, which is laid out as one). Inline,
 * so the early exits cost no call. */
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

/* One move of seebatch_view_see_ge_each: the normal move as
 * seebatch_view_see_ge takes it, with its threshold. A move the rules score
 * 0 (a special move under SEEBATCH_NORMAL_MOVES_ONLY) may be given with both
 * codes an empty square's: its answer is then 0 >= threshold, as the rule's. */
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

/* seebatch_value_ge for any move, special kinds included, on the view
 * (squares in the engine's numbering). It gathers the view's board first:
 * for the rare kinds, not the hot path. Preconditions: the view's board is
 * consistent and the move satisfies seebatch_move_check on it. */
SEEBATCH_API bool seebatch_view_see_ge_move(const seebatch_view_rules *rules,
                                            const seebatch_view *view, const void *pins,
                                            seebatch_move move, int32_t threshold);

/* seebatch_value for any move, as seebatch_view_see_ge_move. */
SEEBATCH_API int32_t seebatch_view_see_value_move(const seebatch_view_rules *rules,
                                                  const seebatch_view *view, const void *pins,
                                                  seebatch_move move);

/* Checks a view against its rules' layout, for an engine wiring one up: the
 * board it describes is consistent and, under SEEBATCH_PINS with pins given,
 * the pins equal seebatch_pins_compute's. Fills *board (may be NULL) with
 * that board in seebatch's numbering (rank 1 first; with SEEBATCH_RANK_8_FIRST
 * the ranks are mirrored and the colours swapped, which leaves every SEE
 * value unchanged). Errors: SEEBATCH_ERROR_ARGUMENT (NULL, or pins that
 * differ, naming the field, colour and a square), SEEBATCH_ERROR_BOARD as
 * seebatch_board_validate. Thread-safe. */
SEEBATCH_API seebatch_status seebatch_view_check(const seebatch_view_rules *rules,
                                                 const seebatch_view *view, const void *pins,
                                                 seebatch_board *board, seebatch_error *error);

#ifdef __cplusplus
}
#endif

#endif /* SEEBATCH_VIEW_H */
