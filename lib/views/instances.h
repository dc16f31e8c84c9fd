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
};

#undef SEE_GE_PARAMETERS
#undef SEE_GE_ARGUMENTS
#undef VALUE_PARAMETERS
#undef VALUE_ARGUMENTS
