/*
 * Every walk of one table, written out: the threshold test and the exact
 * value of the exchange walk (lib/exchange/walk.h) for each layout shape, with the pins (rule 5) honoured and
 * without, so no call tests a shape or a flag; then the table listing them
 * by shape and pins. Included once by each file that defines a way of
 * looking up attacks (exchanges_portable.c, exchanges_pext.c), which names
 * the table VIEW_TABLE; the functions are that file's own.
 */
#include "exchange/walk.h"
#include "views.h"

#define SEE_GE_PARAMETERS                                                                          \
    const seebatch_rules *rules, const bitboard *pieces, const bitboard *colors, const void *pins, \
        unsigned move, int32_t shortfall
#define SEE_GE_ARGUMENTS                                                                           \
    &(exchange_position){rules, pieces, colors, pins, NULL, NULL}, move, shortfall
#define VALUE_PARAMETERS                                                                           \
    const seebatch_rules *rules, const bitboard *pieces, const bitboard *colors, const void *pins, \
        unsigned move, unsigned mover_code, unsigned victim_code
#define VALUE_ARGUMENTS                                                                            \
    &(exchange_position){rules, pieces, colors, pins, NULL, NULL}, move, mover_code, victim_code

static bool seebatch_see_ge_stockfish(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_STOCKFISH, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_stockfish_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_STOCKFISH, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_type(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_BY_TYPE, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_type_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_BY_TYPE, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_BY_PIECE, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_BY_PIECE, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece_no_colors(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_BY_PIECE_NO_COLORS, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_by_piece_no_colors_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_BY_PIECE_NO_COLORS, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_TYPE, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_TYPE, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type_a8(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_TYPE_A8, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_type_a8_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_TYPE_A8, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_COLOR, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_COLOR, true}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color_a8(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_COLOR_A8, false}, SEE_GE_ARGUMENTS);
}
static bool seebatch_see_ge_twelve_by_color_a8_pinned(SEE_GE_PARAMETERS)
{
    return see_ge_on((exchange_kind){VIEW_TWELVE_BY_COLOR_A8, true}, SEE_GE_ARGUMENTS);
}

static int32_t seebatch_value_stockfish(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_STOCKFISH, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_stockfish_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_STOCKFISH, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_type(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_BY_TYPE, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_type_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_BY_TYPE, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_BY_PIECE, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_BY_PIECE, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece_no_colors(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_BY_PIECE_NO_COLORS, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_by_piece_no_colors_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_BY_PIECE_NO_COLORS, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_TYPE, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_TYPE, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type_a8(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_TYPE_A8, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_type_a8_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_TYPE_A8, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_COLOR, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_COLOR, true}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color_a8(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_COLOR_A8, false}, VALUE_ARGUMENTS);
}
static int32_t seebatch_value_twelve_by_color_a8_pinned(VALUE_PARAMETERS)
{
    return value_on((exchange_kind){VIEW_TWELVE_BY_COLOR_A8, true}, VALUE_ARGUMENTS);
}

/* seebatch_view_see_ge_each on one shape: the inline test of
 * seebatch_view_see_ge (its two early exits on the codes' values) with the
 * exchange inlined, no call a move. */
EXCHANGE_INLINE void see_ge_each_on(exchange_kind kind, const exchange_position at,
                                    const seebatch_view_move *moves, size_t count, uint8_t *passed)
{
    const seebatch_view_rules *rules = view_rules_of(at.rules);
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

#define EACH_PARAMETERS                                                                            \
    const seebatch_view_rules *rules, const seebatch_view *view, const void *pins,                 \
        const seebatch_view_move *moves, size_t count, uint8_t *passed
#define EACH_ARGUMENTS                                                                             \
    (exchange_position){&rules->rules, view->pieces, view->colors, pins, NULL, NULL}, moves,       \
        count, passed
static void seebatch_see_ge_each_stockfish(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_STOCKFISH, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_stockfish_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_STOCKFISH, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_type(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_BY_TYPE, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_type_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_BY_TYPE, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_BY_PIECE, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_BY_PIECE, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece_no_colors(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_BY_PIECE_NO_COLORS, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_by_piece_no_colors_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_BY_PIECE_NO_COLORS, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_TYPE, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_TYPE, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type_a8(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_TYPE_A8, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_type_a8_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_TYPE_A8, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_COLOR, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_COLOR, true}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color_a8(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_COLOR_A8, false}, EACH_ARGUMENTS);
}
static void seebatch_see_ge_each_twelve_by_color_a8_pinned(EACH_PARAMETERS)
{
    see_ge_each_on((exchange_kind){VIEW_TWELVE_BY_COLOR_A8, true}, EACH_ARGUMENTS);
}

const view_exchange_set VIEW_TABLE = {
    .see_ge =
        {
            [VIEW_STOCKFISH] = {seebatch_see_ge_stockfish, seebatch_see_ge_stockfish_pinned},
            [VIEW_BY_TYPE] = {seebatch_see_ge_by_type, seebatch_see_ge_by_type_pinned},
            [VIEW_BY_PIECE] = {seebatch_see_ge_by_piece, seebatch_see_ge_by_piece_pinned},
            [VIEW_BY_PIECE_NO_COLORS] = {seebatch_see_ge_by_piece_no_colors,
                                         seebatch_see_ge_by_piece_no_colors_pinned},
            [VIEW_TWELVE_BY_TYPE] = {seebatch_see_ge_twelve_by_type,
                                     seebatch_see_ge_twelve_by_type_pinned},
            [VIEW_TWELVE_BY_TYPE_A8] = {seebatch_see_ge_twelve_by_type_a8,
                                        seebatch_see_ge_twelve_by_type_a8_pinned},
            [VIEW_TWELVE_BY_COLOR] = {seebatch_see_ge_twelve_by_color,
                                      seebatch_see_ge_twelve_by_color_pinned},
            [VIEW_TWELVE_BY_COLOR_A8] = {seebatch_see_ge_twelve_by_color_a8,
                                         seebatch_see_ge_twelve_by_color_a8_pinned},
        },
    .value =
        {
            [VIEW_STOCKFISH] = {seebatch_value_stockfish, seebatch_value_stockfish_pinned},
            [VIEW_BY_TYPE] = {seebatch_value_by_type, seebatch_value_by_type_pinned},
            [VIEW_BY_PIECE] = {seebatch_value_by_piece, seebatch_value_by_piece_pinned},
            [VIEW_BY_PIECE_NO_COLORS] = {seebatch_value_by_piece_no_colors,
                                         seebatch_value_by_piece_no_colors_pinned},
            [VIEW_TWELVE_BY_TYPE] = {seebatch_value_twelve_by_type,
                                     seebatch_value_twelve_by_type_pinned},
            [VIEW_TWELVE_BY_TYPE_A8] = {seebatch_value_twelve_by_type_a8,
                                        seebatch_value_twelve_by_type_a8_pinned},
            [VIEW_TWELVE_BY_COLOR] = {seebatch_value_twelve_by_color,
                                      seebatch_value_twelve_by_color_pinned},
            [VIEW_TWELVE_BY_COLOR_A8] = {seebatch_value_twelve_by_color_a8,
                                         seebatch_value_twelve_by_color_a8_pinned},
        },
    .see_ge_each =
        {
            [VIEW_STOCKFISH] = {seebatch_see_ge_each_stockfish,
                                seebatch_see_ge_each_stockfish_pinned},
            [VIEW_BY_TYPE] = {seebatch_see_ge_each_by_type, seebatch_see_ge_each_by_type_pinned},
            [VIEW_BY_PIECE] = {seebatch_see_ge_each_by_piece, seebatch_see_ge_each_by_piece_pinned},
            [VIEW_BY_PIECE_NO_COLORS] = {seebatch_see_ge_each_by_piece_no_colors,
                                         seebatch_see_ge_each_by_piece_no_colors_pinned},
            [VIEW_TWELVE_BY_TYPE] = {seebatch_see_ge_each_twelve_by_type,
                                     seebatch_see_ge_each_twelve_by_type_pinned},
            [VIEW_TWELVE_BY_TYPE_A8] = {seebatch_see_ge_each_twelve_by_type_a8,
                                        seebatch_see_ge_each_twelve_by_type_a8_pinned},
            [VIEW_TWELVE_BY_COLOR] = {seebatch_see_ge_each_twelve_by_color,
                                      seebatch_see_ge_each_twelve_by_color_pinned},
            [VIEW_TWELVE_BY_COLOR_A8] = {seebatch_see_ge_each_twelve_by_color_a8,
                                         seebatch_see_ge_each_twelve_by_color_a8_pinned},
        },
};

#undef SEE_GE_PARAMETERS
#undef SEE_GE_ARGUMENTS
#undef VALUE_PARAMETERS
#undef VALUE_ARGUMENTS
#undef EACH_PARAMETERS
#undef EACH_ARGUMENTS
