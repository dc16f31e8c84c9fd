/*
 * Every view exchange for one way of looking up attacks, and their table:
 * included by a file that has defined the lookups (TARGET and the rest, see
 * view_exchange_body.h; the portable defaults otherwise) and VIEW_SET, the
 * name of the table. Each shape and pin setting is a function of its own,
 * so no call tests either.
 */
#define SHAPE SHAPE_STOCKFISH
#define NAME stockfish
#include "view_shape_instances.h"
#define SHAPE SHAPE_BY_TYPE
#define NAME by_type
#include "view_shape_instances.h"
#define SHAPE SHAPE_BY_PIECE
#define NAME by_piece
#include "view_shape_instances.h"
#define SHAPE SHAPE_BY_PIECE_NO_COLORS
#define NAME by_piece_no_colors
#include "view_shape_instances.h"
#define SHAPE SHAPE_TWELVE_BY_TYPE
#define NAME twelve_by_type
#include "view_shape_instances.h"
#define SHAPE SHAPE_TWELVE_BY_TYPE_A8
#define NAME twelve_by_type_a8
#include "view_shape_instances.h"
#define SHAPE SHAPE_TWELVE_BY_COLOR
#define NAME twelve_by_color
#include "view_shape_instances.h"
#define SHAPE SHAPE_TWELVE_BY_COLOR_A8
#define NAME twelve_by_color_a8
#include "view_shape_instances.h"

#define VIEW_ENTRY(shape, kind, name) [shape] = {kind##_##name, kind##_##name##_pinned}
#define VIEW_ENTRIES(kind)                                                                         \
    {                                                                                              \
        VIEW_ENTRY(VIEW_STOCKFISH, kind, stockfish), VIEW_ENTRY(VIEW_BY_TYPE, kind, by_type),      \
            VIEW_ENTRY(VIEW_BY_PIECE, kind, by_piece),                                             \
            VIEW_ENTRY(VIEW_BY_PIECE_NO_COLORS, kind, by_piece_no_colors),                         \
            VIEW_ENTRY(VIEW_TWELVE_BY_TYPE, kind, twelve_by_type),                                 \
            VIEW_ENTRY(VIEW_TWELVE_BY_TYPE_A8, kind, twelve_by_type_a8),                           \
            VIEW_ENTRY(VIEW_TWELVE_BY_COLOR, kind, twelve_by_color),                               \
            VIEW_ENTRY(VIEW_TWELVE_BY_COLOR_A8, kind, twelve_by_color_a8)                          \
    }

const view_exchange_set VIEW_SET = {VIEW_ENTRIES(walk), VIEW_ENTRIES(value)};

#undef VIEW_ENTRY
#undef VIEW_ENTRIES
#undef VIEW_SET
