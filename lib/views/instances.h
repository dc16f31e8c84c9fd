/*
 * Every walk of one table, written out: the threshold test and the exact
 * value of the exchange walk (lib/exchange/walk.h) for each layout shape, with the pins (rule 5)
 * honoured and without, so no call tests a shape or a flag; then the table listing them
 * by shape and pins. Included once by each file that defines a way of
 * looking up attacks (exchanges_portable.c, exchanges_pext.c), which names
 * the table VIEW_TABLE; the functions are that file's own.
 */
#include "exchange/walk.h"
#include "views.h"

#define SEE_GE_PARAMETERS                                                                          \
    const seebatch_rules *rules, const bitboard *pieces, const bitboard *colors, const void *pins, \
        unsigned move, int32_t shortfall
#define SEE_GE_ARGUMENTS rules, pieces, colors, pins, move, shortfall
#define VALUE_PARAMETERS                                                                           \
    const seebatch_rules *rules, const bitboard *pieces, const bitboard *colors, const void *pins, \
        unsigned move, unsigned mover_code, unsigned victim_code
#define VALUE_ARGUMENTS rules, pieces, colors, pins, move, mover_code, victim_code

/* The walk of one shape, with or without pins. Locals, not compound
 * literals: the engine pair holds these and compiles as C++, where a
 * compound literal's address cannot be taken. */
EXCHANGE_INLINE bool see_ge_of(view_shape shape, bool pinned, SEE_GE_PARAMETERS)
{
    const exchange_kind kind = {shape, pinned};
    const exchange_position at = {rules, pieces, colors, pins, NULL, NULL};
    return see_ge_on(kind, &at, move, shortfall);
}
EXCHANGE_INLINE int32_t value_of(view_shape shape, bool pinned, VALUE_PARAMETERS)
{
    const exchange_kind kind = {shape, pinned};
    const exchange_position at = {rules, pieces, colors, pins, NULL, NULL};
    return value_on(kind, &at, move, mover_code, victim_code);
}

static bool seebatch_see_ge_stockfish(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_STOCKFISH, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_stockfish_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_STOCKFISH, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_type(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_BY_TYPE, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_type_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_BY_TYPE, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_BY_PIECE, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_BY_PIECE, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece_no_colors(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_BY_PIECE_NO_COLORS, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece_no_colors_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_BY_PIECE_NO_COLORS, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_TYPE, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_TYPE, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type_a8(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_TYPE_A8, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type_a8_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_TYPE_A8, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_COLOR, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_COLOR, true, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color_a8(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_COLOR_A8, false, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color_a8_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_of(VIEW_TWELVE_BY_COLOR_A8, true, SEE_GE_ARGUMENTS);
}

static int32_t seebatch_value_stockfish(VALUE_PARAMETERS)
{
    return value_of(VIEW_STOCKFISH, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_stockfish_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_STOCKFISH, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_type(VALUE_PARAMETERS)
{
    return value_of(VIEW_BY_TYPE, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_type_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_BY_TYPE, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece(VALUE_PARAMETERS)
{
    return value_of(VIEW_BY_PIECE, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_BY_PIECE, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece_no_colors(VALUE_PARAMETERS)
{
    return value_of(VIEW_BY_PIECE_NO_COLORS, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece_no_colors_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_BY_PIECE_NO_COLORS, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_TYPE, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_TYPE, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type_a8(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_TYPE_A8, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type_a8_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_TYPE_A8, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_COLOR, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_COLOR, true, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color_a8(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_COLOR_A8, false, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color_a8_pinned(VALUE_PARAMETERS)
{
    return value_of(VIEW_TWELVE_BY_COLOR_A8, true, VALUE_ARGUMENTS);
}

#define EACH_PARAMETERS                                                                            \
    const seebatch_view_rules *rules, const seebatch_view *view, const void *pins,                 \
        const seebatch_view_move *moves, size_t count, uint8_t *passed
#define EACH_ARGUMENTS rules, view, pins, moves, count, passed

/* seebatch_view_see_ge_each on one shape: the inline test of
 * seebatch_view_see_ge (its two early exits on the codes' values) with the
 * exchange inlined, no call a move. */
EXCHANGE_INLINE void see_ge_each_of(view_shape shape, bool pinned, EACH_PARAMETERS)
{
    const exchange_kind kind = {shape, pinned};
    const exchange_position at = {&rules->rules, view->pieces, view->colors, pins, NULL, NULL};
    for (size_t i = 0; i < count; i++) {
        const seebatch_view_move m = moves[i];
        /* 64 bits: any int32 threshold, no overflow. */
        int64_t surplus = (int64_t)rules->code_value[m.victim_code] - m.threshold;
        int64_t shortfall = rules->code_risk[m.mover_code] - surplus;
        bool answer;
        if (surplus < 0)
            answer = false; /* not even if nothing is taken back */
        else if (shortfall <= 0)
            answer = true; /* even if the mover is taken back */
        else
            answer = see_ge_on(kind, &at, m.move, (int32_t)shortfall);
        passed[i] = answer;
    }
}

static void seebatch_see_ge_each_stockfish(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_STOCKFISH, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_stockfish_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_STOCKFISH, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_type(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_BY_TYPE, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_type_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_BY_TYPE, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_BY_PIECE, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_BY_PIECE, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece_no_colors(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_BY_PIECE_NO_COLORS, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece_no_colors_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_BY_PIECE_NO_COLORS, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_TYPE, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_TYPE, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type_a8(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_TYPE_A8, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type_a8_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_TYPE_A8, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_COLOR, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_COLOR, true, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color_a8(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_COLOR_A8, false, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color_a8_pinned(EACH_PARAMETERS)
{
    see_ge_each_of(VIEW_TWELVE_BY_COLOR_A8, true, EACH_ARGUMENTS);
}

/* By shape in view_shape's order, unpinned then pinned; no designators: the
 * engine pair holds this and compiles as C++ too. */
const view_exchange_set VIEW_TABLE = {
    {
        {seebatch_see_ge_stockfish, seebatch_see_ge_stockfish_pinned},
        {seebatch_see_ge_by_type, seebatch_see_ge_by_type_pinned},
        {seebatch_see_ge_by_piece, seebatch_see_ge_by_piece_pinned},
        {seebatch_see_ge_by_piece_no_colors, seebatch_see_ge_by_piece_no_colors_pinned},
        {seebatch_see_ge_twelve_by_type, seebatch_see_ge_twelve_by_type_pinned},
        {seebatch_see_ge_twelve_by_type_a8, seebatch_see_ge_twelve_by_type_a8_pinned},
        {seebatch_see_ge_twelve_by_color, seebatch_see_ge_twelve_by_color_pinned},
        {seebatch_see_ge_twelve_by_color_a8, seebatch_see_ge_twelve_by_color_a8_pinned},
    },
    {
        {seebatch_value_stockfish, seebatch_value_stockfish_pinned},
        {seebatch_value_by_type, seebatch_value_by_type_pinned},
        {seebatch_value_by_piece, seebatch_value_by_piece_pinned},
        {seebatch_value_by_piece_no_colors, seebatch_value_by_piece_no_colors_pinned},
        {seebatch_value_twelve_by_type, seebatch_value_twelve_by_type_pinned},
        {seebatch_value_twelve_by_type_a8, seebatch_value_twelve_by_type_a8_pinned},
        {seebatch_value_twelve_by_color, seebatch_value_twelve_by_color_pinned},
        {seebatch_value_twelve_by_color_a8, seebatch_value_twelve_by_color_a8_pinned},
    },
    {
        {seebatch_see_ge_each_stockfish, seebatch_see_ge_each_stockfish_pinned},
        {seebatch_see_ge_each_by_type, seebatch_see_ge_each_by_type_pinned},
        {seebatch_see_ge_each_by_piece, seebatch_see_ge_each_by_piece_pinned},
        {seebatch_see_ge_each_by_piece_no_colors, seebatch_see_ge_each_by_piece_no_colors_pinned},
        {seebatch_see_ge_each_twelve_by_type, seebatch_see_ge_each_twelve_by_type_pinned},
        {seebatch_see_ge_each_twelve_by_type_a8, seebatch_see_ge_each_twelve_by_type_a8_pinned},
        {seebatch_see_ge_each_twelve_by_color, seebatch_see_ge_each_twelve_by_color_pinned},
        {seebatch_see_ge_each_twelve_by_color_a8, seebatch_see_ge_each_twelve_by_color_a8_pinned},
    },
};

#undef SEE_GE_PARAMETERS
#undef SEE_GE_ARGUMENTS
#undef VALUE_PARAMETERS
#undef VALUE_ARGUMENTS
#undef EACH_PARAMETERS
#undef EACH_ARGUMENTS
