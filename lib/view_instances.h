/*
 * Every view exchange for one way of looking up attacks, and their table:
 * included by a file that has defined the lookups (TARGET and the rest, see
 * view_exchange_body.h; the portable defaults otherwise) and VIEW_SET, the
 * name of the table. Each shape and pin setting is a function of its own,
 * so no call tests either.
 */
#define SHAPE SHAPE_STOCKFISH
#define PINS 0
#define VIEW_EXCHANGE walk_stockfish
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE value_stockfish
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE walk_stockfish_pinned
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE value_stockfish_pinned
#include "view_value_body.h"
#undef SHAPE

#define SHAPE SHAPE_BY_TYPE
#define PINS 0
#define VIEW_EXCHANGE walk_by_type
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE value_by_type
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE walk_by_type_pinned
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE value_by_type_pinned
#include "view_value_body.h"
#undef SHAPE

#define SHAPE SHAPE_BY_PIECE
#define PINS 0
#define VIEW_EXCHANGE walk_by_piece
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE value_by_piece
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE walk_by_piece_pinned
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE value_by_piece_pinned
#include "view_value_body.h"
#undef SHAPE

#define SHAPE SHAPE_BY_PIECE_NO_COLORS
#define PINS 0
#define VIEW_EXCHANGE walk_by_piece_no_colors
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE value_by_piece_no_colors
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE walk_by_piece_no_colors_pinned
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE value_by_piece_no_colors_pinned
#include "view_value_body.h"
#undef SHAPE

#define SHAPE SHAPE_TWELVE_BY_TYPE
#define PINS 0
#define VIEW_EXCHANGE walk_twelve_by_type
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE value_twelve_by_type
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE walk_twelve_by_type_pinned
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE value_twelve_by_type_pinned
#include "view_value_body.h"
#undef SHAPE

#define SHAPE SHAPE_TWELVE_BY_COLOR
#define PINS 0
#define VIEW_EXCHANGE walk_twelve_by_color
#include "view_exchange_body.h"
#define PINS 0
#define VIEW_VALUE value_twelve_by_color
#include "view_value_body.h"
#define PINS 1
#define VIEW_EXCHANGE walk_twelve_by_color_pinned
#include "view_exchange_body.h"
#define PINS 1
#define VIEW_VALUE value_twelve_by_color_pinned
#include "view_value_body.h"
#undef SHAPE

const view_exchange_set VIEW_SET = {
    {[VIEW_STOCKFISH] = {walk_stockfish, walk_stockfish_pinned},
     [VIEW_BY_TYPE] = {walk_by_type, walk_by_type_pinned},
     [VIEW_BY_PIECE] = {walk_by_piece, walk_by_piece_pinned},
     [VIEW_BY_PIECE_NO_COLORS] = {walk_by_piece_no_colors, walk_by_piece_no_colors_pinned},
     [VIEW_TWELVE_BY_TYPE] = {walk_twelve_by_type, walk_twelve_by_type_pinned},
     [VIEW_TWELVE_BY_COLOR] = {walk_twelve_by_color, walk_twelve_by_color_pinned}},
    {[VIEW_STOCKFISH] = {value_stockfish, value_stockfish_pinned},
     [VIEW_BY_TYPE] = {value_by_type, value_by_type_pinned},
     [VIEW_BY_PIECE] = {value_by_piece, value_by_piece_pinned},
     [VIEW_BY_PIECE_NO_COLORS] = {value_by_piece_no_colors, value_by_piece_no_colors_pinned},
     [VIEW_TWELVE_BY_TYPE] = {value_twelve_by_type, value_twelve_by_type_pinned},
     [VIEW_TWELVE_BY_COLOR] = {value_twelve_by_color, value_twelve_by_color_pinned}},
};
#undef VIEW_SET
